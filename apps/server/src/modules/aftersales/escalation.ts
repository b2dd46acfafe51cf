import { and, eq, or } from 'drizzle-orm';
import { rmaMachine, Side, type RmaDisputeView } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { rmaDisputes, rmas } from '../../db/schema/index.ts';
import { transition } from '../../lib/transition.ts';
import { conflict } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { callerName, type Caller } from '../auth/index.ts';
import { inTransaction, RMA_DOC, rmaLink } from './common.ts';
import { fail } from './messages.ts';

/** The dispute of a request as both parties see it, or null (decision 0187). */
export async function disputeOf(db: Db, rmaId: number): Promise<RmaDisputeView | null> {
  const [d] = await db.select().from(rmaDisputes).where(eq(rmaDisputes.rmaId, rmaId));
  if (!d) return null;
  return {
    status: d.status,
    raisedBySide: d.raisedBySide,
    reason: d.reason,
    decisionReason: d.decisionReason,
    createdAt: d.createdAt.toISOString(),
    decidedAt: d.decidedAt?.toISOString() ?? null,
  };
}

/**
 * 申请平台介入: the purchaser or the supplier of a refused request takes it to the platform, with a reason.
 * Once per request (the unique rma_id decides between two parties asking at once); the other party is told.
 */
export async function escalateRma(db: Db, caller: Caller, id: number, reason: string, now = new Date()): Promise<void> {
  const userName = await callerName(db, caller.userId);
  await inTransaction(db, async (t) => {
    const [r] = await t
      .select()
      .from(rmas)
      .where(and(eq(rmas.id, id), or(eq(rmas.buyerCompanyId, caller.companyId), eq(rmas.sellerCompanyId, caller.companyId))))
      .for('update');
    if (!r) throw fail('RMA_NOT_FOUND');
    const side = r.buyerCompanyId === caller.companyId ? Side.BUYER : Side.SELLER;
    const refusal = rmaMachine.refusal('escalate', r.status, { type: r.type });
    if (refusal) throw conflict(refusal);
    const [created] = await t
      .insert(rmaDisputes)
      .values({ rmaId: r.id, raisedBySide: side, raisedByCompanyId: caller.companyId, raisedByUserId: caller.userId, reason, createdAt: now })
      .onConflictDoNothing({ target: rmaDisputes.rmaId })
      .returning({ id: rmaDisputes.id });
    if (!created) throw fail('RMA_ESCALATED_ALREADY');
    await transition(t, {
      machine: rmaMachine,
      action: 'escalate',
      docType: RMA_DOC,
      docId: r.id,
      from: r.status,
      actor: { side, userId: caller.userId, userName },
      ctx: { type: r.type },
      note: reason,
      now,
    });
    await recordAudit(t, { userId: caller.userId, ip: '' }, {
      action: 'rma.escalate',
      targetType: 'rma',
      targetId: r.id,
      after: { disputeId: created.id, side, reason },
    });
    const toBuyer = side === Side.SELLER;
    await notify(t, toBuyer ? r.buyerCompanyId : r.sellerCompanyId, {
      type: 'rma',
      title: `售后申请已申请平台介入 ${r.rmaNo}`,
      content: `${toBuyer ? '供应商' : '采购商'}就被驳回的售后申请 ${r.rmaNo} 申请了平台介入：${reason}`,
      linkPath: rmaLink(r.id, toBuyer ? 'buyer' : 'seller'),
    });
  });
}

