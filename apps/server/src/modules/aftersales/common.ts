import { and, eq, or, sql } from 'drizzle-orm';
import { RmaStatus, Side, type SideValue } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { orderLines, rmaHistory, rmaLines, rmas } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { notify } from '../notifications/notify.ts';
import type { Caller } from '../products/caller.ts';

export type RmaRecord = typeof rmas.$inferSelect;

export const NOT_FOUND = '售后单不存在';

/** The workbench page of a request for one side (type picks the highlighted menu). */
export const rmaLink = (id: number, side: 'buyer' | 'seller') => `/customer/rma/rmaEditor?type=${side === 'buyer' ? 0 : 1}&id=${id}`;

/** The one transaction runner (db/executor.ts), re-exported for this module's files. */
export { inTransaction } from '../../db/executor.ts';

/**
 * Locks a request the caller's company is a party to (`FOR UPDATE`, the status guard of every transition)
 * and checks the caller acts for `side`. A company that is neither party gets 记录不存在.
 */
export async function lockRma(t: Db, caller: Caller, id: number, side: 'buyer' | 'seller', wrongSide: string): Promise<RmaRecord> {
  const [r] = await t
    .select()
    .from(rmas)
    .where(and(eq(rmas.id, id), or(eq(rmas.buyerCompanyId, caller.companyId), eq(rmas.sellerCompanyId, caller.companyId))))
    .for('update');
  if (!r) throw notFound(NOT_FOUND);
  const mine = side === 'buyer' ? r.buyerCompanyId : r.sellerCompanyId;
  if (mine !== caller.companyId) throw conflict(wrongSide);
  return r;
}

/** Refuses unless the request is in one of `allowed` statuses, naming the status it is in. */
export function guardStatus(r: RmaRecord, allowed: readonly number[], message: string): void {
  if (!allowed.includes(r.status)) throw conflict(message);
}

/**
 * Moves a locked request to `to` with its other column changes, appends the history row and notifies the
 * other company (all in the caller's transaction).
 */
export async function transition(
  t: Db,
  r: RmaRecord,
  change: {
    to: number;
    action: string;
    side: SideValue;
    userId: number | null;
    userName: string;
    note?: string;
    set?: Partial<typeof rmas.$inferInsert>;
    notice: { title: string; content: string };
  },
  now = new Date(),
): Promise<void> {
  const closing = change.to === RmaStatus.CLOSED || change.to === RmaStatus.REJECTED || change.to === RmaStatus.CANCELLED;
  await t
    .update(rmas)
    .set({ ...change.set, status: change.to, updatedAt: now, ...(closing ? { closedAt: now } : {}) })
    .where(eq(rmas.id, r.id));
  await t.insert(rmaHistory).values({
    rmaId: r.id,
    action: change.action,
    fromStatus: r.status,
    toStatus: change.to,
    side: change.side,
    userId: change.userId,
    userName: change.userName.slice(0, 60),
    note: (change.note ?? '').slice(0, 300),
    createdAt: now,
  });
  const toBuyer = change.side !== Side.BUYER;
  await notify(t, toBuyer ? r.buyerCompanyId : r.sellerCompanyId, {
    type: 'rma',
    title: change.notice.title,
    content: change.notice.content,
    linkPath: rmaLink(r.id, toBuyer ? 'buyer' : 'seller'),
  });
}

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
