import { eq } from 'drizzle-orm';
import { chinaDay, Side, type AgreementCtx } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { agreements } from '../../db/schema/index.ts';
import type { TransitionActor } from '../../lib/transition.ts';
import { callerName, type Caller } from '../auth/index.ts';
import { fail } from './messages.ts';

export { inTransaction } from '../../db/executor.ts';

/** The history's document kind of agreements (`document_history.doc_type`). */
export const AGREEMENT_DOC = 'agreement';

export type AgreementRecord = typeof agreements.$inferSelect;
export type AgreementSide = 'buyer' | 'seller';

/** The caller company's side of an agreement, or null for a third company. */
export const sideOf = (a: Pick<AgreementRecord, 'buyerCompanyId' | 'sellerCompanyId'>, companyId: number): AgreementSide | null =>
  a.buyerCompanyId === companyId ? 'buyer' : a.sellerCompanyId === companyId ? 'seller' : null;

/** Where today (China time) stands in the agreement's period: the context of its table's conditions. */
export const agreementCtx = (a: Pick<AgreementRecord, 'validFrom' | 'validTo'>, now = new Date()): AgreementCtx => {
  const today = chinaDay(now);
  return { started: today >= a.validFrom, ended: today > a.validTo };
};

/** The detail page of an agreement (notification links). */
export const agreementLink = (id: number) => `/customer/agreement/detail?id=${id}`;

/**
 * Locks the agreement (`SELECT … FOR UPDATE`) for a change by the caller's company on side `side`: 记录不存在 for
 * another company's agreement (the same answer as a missing one), a Chinese refusal for the wrong side.
 */
export async function lockAgreementFor(
  t: Db,
  caller: Caller,
  id: number,
  side: AgreementSide | null,
): Promise<{ row: AgreementRecord; side: AgreementSide; actor: TransitionActor }> {
  const [row] = await t.select().from(agreements).where(eq(agreements.id, id)).for('update');
  const mine = row ? sideOf(row, caller.companyId) : null;
  if (!row || !mine) throw fail('AGREEMENT_NOT_FOUND');
  if (side && mine !== side) throw fail(side === 'buyer' ? 'AGREEMENT_BUYER_ONLY' : 'AGREEMENT_SELLER_ONLY');
  return {
    row,
    side: mine,
    actor: { side: mine === 'buyer' ? Side.BUYER : Side.SELLER, userId: caller.userId, userName: await callerName(t, caller.userId) },
  };
}
