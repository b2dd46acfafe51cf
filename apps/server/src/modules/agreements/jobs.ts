import { eq } from 'drizzle-orm';
import { AGREEMENT_CLOCKS, agreementMachine, AgreementStatus, Side } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { agreements } from '../../db/schema/index.ts';
import { transition } from '../../lib/transition.ts';
import { defineJob, recordId } from '../jobs/index.ts';
import { jobClocks } from '../jobs/index.ts';
import { notify } from '../notifications/index.ts';
import { AGREEMENT_DOC, agreementCtx, agreementLink } from './common.ts';

const SYSTEM = { side: Side.SYSTEM, userId: null, userName: '系统' };

/**
 * The expiry (docs/product/agreements.md#timed-rules): at the end of the last China day an agreement still 生效中
 * moves to 已到期 through its table (the system actor), both sides told. An agreement that moved on, or whose
 * period was extended, is left alone.
 */
export async function expireAgreement(tx: Db, id: number, now: Date): Promise<void> {
  const [row] = await tx.select().from(agreements).where(eq(agreements.id, id)).for('update');
  if (!row || !agreementMachine.can('expire', row.status, agreementCtx(row, now), 'system') || !agreementCtx(row, now).ended) return;
  await transition(tx, {
    machine: agreementMachine,
    action: 'expire',
    docType: AGREEMENT_DOC,
    docId: row.id,
    from: row.status,
    actor: SYSTEM,
    ctx: agreementCtx(row, now),
    jobs: jobClocks,
    now,
    apply: async (to) => {
      await tx.update(agreements).set({ status: to, updatedAt: now }).where(eq(agreements.id, row.id));
    },
  });
  for (const companyId of [row.buyerCompanyId, row.sellerCompanyId])
    await notify(tx, companyId, {
      type: 'agreement',
      title: `框架协议已到期 ${row.code}`,
      content: `框架协议「${row.title}」已于 ${row.validTo} 到期，不能再下达订单。`,
      linkPath: agreementLink(row.id),
    });
}

/** The renewal reminder: both sides told the agreement ends soon, when it is still 生效中. */
export async function remindAgreement(tx: Db, id: number, now: Date): Promise<void> {
  const [row] = await tx.select().from(agreements).where(eq(agreements.id, id));
  if (!row || row.status !== AgreementStatus.ACTIVE || agreementCtx(row, now).ended) return;
  for (const companyId of [row.buyerCompanyId, row.sellerCompanyId])
    await notify(tx, companyId, {
      type: 'agreement',
      title: `框架协议即将到期 ${row.code}`,
      content: `框架协议「${row.title}」将于 ${row.validTo} 到期，如需继续合作请及时续签。`,
      linkPath: agreementLink(row.id),
    });
}

/** Registers the agreements' timed rules with the runner (idempotent). */
export function registerAgreementJobs(): void {
  defineJob({ kind: AGREEMENT_CLOCKS.EXPIRE, payload: recordId, handler: (tx, id, { now }) => expireAgreement(tx, id, now) });
  defineJob({ kind: AGREEMENT_CLOCKS.REMIND, payload: recordId, handler: (tx, id, { now }) => remindAgreement(tx, id, now) });
}
