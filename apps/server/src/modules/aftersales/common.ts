import { and, eq, or, sql } from 'drizzle-orm';
import { RmaStatus, rmaMachine, Side, type RmaAction, type RmaStatusValue, type SideValue } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { orderLines, rmaLines, rmas } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { actorOf, transition as runTransition } from '../../lib/transition.ts';
import { notify } from '../notifications/index.ts';
import { recordFact } from '../events/index.ts';
import type { Caller } from '../auth/index.ts';
import { fail } from './messages.ts';

export type RmaRecord = typeof rmas.$inferSelect;


/** The document kind of after-sales requests in document_history. */
export const RMA_DOC = 'rma';

/** The workbench page of a request for one side (type picks the highlighted menu). */
export const rmaLink = (id: number, side: 'buyer' | 'seller') => `/customer/rma/rmaEditor?type=${side === 'buyer' ? 0 : 1}&id=${id}`;

/** The one transaction runner (db/executor.ts), re-exported for this module's files. */
export { inTransaction } from '../../db/executor.ts';

/**
 * Locks a request the caller's company is a party to (`FOR UPDATE`, the status guard of every transition)
 * and checks the caller acts for `side`. A company that is neither party gets 记录不存在.
 */
export async function lockRma(t: Db, caller: Caller, id: number, side: 'buyer' | 'seller', wrongSide: 'RMA_BUYER_ONLY' | 'RMA_SELLER_ONLY'): Promise<RmaRecord> {
  const [r] = await t
    .select()
    .from(rmas)
    .where(and(eq(rmas.id, id), or(eq(rmas.buyerCompanyId, caller.companyId), eq(rmas.sellerCompanyId, caller.companyId))))
    .for('update');
  if (!r) throw fail('RMA_NOT_FOUND');
  const mine = side === 'buyer' ? r.buyerCompanyId : r.sellerCompanyId;
  if (mine !== caller.companyId) throw fail(wrongSide);
  return r;
}

/**
 * The after-sales table's guard (packages/shared/src/machines/rma.ts) before a command validates its input: refuses
 * with the table's text and changes nothing. The runner guards again when it records the transition.
 */
export function guardRma(r: RmaRecord, action: RmaAction, side: SideValue): void {
  const refusal = rmaMachine.refusal(action, r.status, { type: r.type }, actorOf(side));
  if (refusal) throw conflict(refusal);
}

/**
 * Runs an action of the after-sales table on a locked request (lib/transition.ts): guard, the status and other
 * column changes, one document_history row — then notifies the other company (all in the caller's transaction).
 */
export async function transition(
  t: Db,
  r: RmaRecord,
  change: {
    action: RmaAction;
    /** The state among the action's `to`/`alsoTo` when the command chooses it. */
    to?: RmaStatusValue;
    side: SideValue;
    userId: number | null;
    userName: string;
    note?: string;
    set?: Partial<typeof rmas.$inferInsert>;
    notice: { title: string; content: string };
  },
  now = new Date(),
): Promise<void> {
  const status = await runTransition(t, {
    machine: rmaMachine,
    action: change.action,
    docType: RMA_DOC,
    docId: r.id,
    from: r.status,
    actor: { side: change.side, userId: change.userId, userName: change.userName },
    ctx: { type: r.type },
    to: change.to,
    note: change.note,
    now,
    apply: async (to) => {
      const closing = to === RmaStatus.CLOSED || to === RmaStatus.REJECTED || to === RmaStatus.CANCELLED;
      await t
        .update(rmas)
        .set({ ...change.set, status: to, updatedAt: now, ...(closing ? { closedAt: now } : {}) })
        .where(eq(rmas.id, r.id));
    },
  });
  const toBuyer = change.side !== Side.BUYER;
  await notify(t, toBuyer ? r.buyerCompanyId : r.sellerCompanyId, {
    type: 'rma',
    title: change.notice.title,
    content: change.notice.content,
    linkPath: rmaLink(r.id, toBuyer ? 'buyer' : 'seller'),
    ...(change.action === 'approve' && toBuyer ? { event: 'rma.approved' as const, vars: { no: r.rmaNo } } : {}),
  });
  await recordFact(t, 'aftersales.updated', rmaFacts(r, change.action, status), [r.buyerCompanyId, r.sellerCompanyId], now);
}

/** The webhook payload of an after-sales step (docs/product/open-platform.md#webhooks). */
export const rmaFacts = (r: Pick<RmaRecord, 'id' | 'rmaNo' | 'orderId' | 'type'>, action: string, status: number) => ({
  rmaId: r.id,
  rmaNo: r.rmaNo,
  orderId: r.orderId,
  type: r.type,
  action,
  status,
});

/** Gives the request's claimed quantities back to its order lines (rejected or withdrawn requests). */
export async function releaseClaims(t: Db, rmaId: number): Promise<void> {
  const lines = await t.select({ orderLineId: rmaLines.orderLineId, quantity: rmaLines.quantity }).from(rmaLines).where(eq(rmaLines.rmaId, rmaId)).orderBy(rmaLines.orderLineId);
  for (const l of lines) {
    await t
      .update(orderLines)
      .set({ claimedQty: sql`${orderLines.claimedQty} - ${l.quantity}` })
      .where(eq(orderLines.id, l.orderLineId));
  }
}
