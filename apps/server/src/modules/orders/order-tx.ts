import { eq } from 'drizzle-orm';
import { enumLabel, OrderStatus, Side, StockReason, type SideValue } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { orderHistory, orderLines, orders, type OrderRow } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { notify } from '../notifications/notify.ts';
import { callerName, type Caller } from '../products/caller.ts';
import { moveStock } from '../products/stock-ledger.ts';
import { cancelJobs } from '../jobs/schedule.ts';
import { ORDER_JOBS, viewerOrderType } from './create.ts';

/** Who acts on an order: a user of one side, or the system (a timed rule). */
export interface Actor {
  side: SideValue;
  userId: number | null;
  userName: string;
}

export type ViewerSide = 'buyer' | 'seller';

/** The side a company takes in an order, or null for a third company. */
export function sideOf(order: Pick<OrderRow, 'buyerCompanyId' | 'sellerCompanyId'>, companyId: number): ViewerSide | null {
  if (order.buyerCompanyId === companyId) return 'buyer';
  if (order.sellerCompanyId === companyId) return 'seller';
  return null;
}

/**
 * Locks the order (`SELECT … FOR UPDATE`) for a change by the caller's company on side `side`: 记录不存在 for
 * another company's order (the same answer as a missing one), and a Chinese refusal for the wrong side.
 */
export async function lockOrderFor(tx: Db, caller: Caller, orderId: number, side: ViewerSide, wrongSide: string): Promise<{ order: OrderRow; actor: Actor }> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  const mine = order ? sideOf(order, caller.companyId) : null;
  if (!order || !mine) throw notFound();
  if (mine !== side) throw conflict(wrongSide);
  return { order, actor: { side: side === 'buyer' ? Side.BUYER : Side.SELLER, userId: caller.userId, userName: await callerName(tx, caller.userId) } };
}

/** Locks an order by id for a timed rule (null when it no longer exists). */
export async function lockOrder(tx: Db, orderId: number): Promise<OrderRow | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order ?? null;
}

/** The status guard of a transition: refuses with 「订单当前状态为X，不能Y」. */
export function guardStatus(order: OrderRow, allowed: readonly number[], doing: string): void {
  if (!allowed.includes(order.status)) throw conflict(`订单当前状态为${enumLabel('OrderStatus', order.status) ?? order.status}，不能${doing}`);
}

/** The detail page of the order for one side (notification links). */
export const orderLink = (order: Pick<OrderRow, 'id' | 'kind'>, side: ViewerSide) =>
  `/customer/order/detail?type=${viewerOrderType(order.kind, side)}&id=${order.id}`;

/**
 * Writes the transition: the history row (who, when, from, to, note) and a message to the other company's
 * inbox (to both for a system change). Call inside the transition's transaction after the update.
 */
export async function recordTransition(
  tx: Db,
  order: OrderRow,
  t: { action: string; to: number; actor: Actor; note?: string; now?: Date; title: string; content?: string },
): Promise<void> {
  await tx.insert(orderHistory).values({
    orderId: order.id,
    action: t.action,
    fromStatus: order.status,
    toStatus: t.to,
    side: t.actor.side,
    userId: t.actor.userId,
    userName: t.actor.userName.slice(0, 60),
    note: (t.note ?? '').slice(0, 300),
    createdAt: t.now ?? new Date(),
  });
  const notice = (side: ViewerSide) => ({ type: 'order', title: `${t.title} ${order.orderNo}`, content: t.content ?? t.note ?? '', linkPath: orderLink(order, side) });
  if (t.actor.side !== Side.BUYER) await notify(tx, order.buyerCompanyId, notice('buyer'));
  if (t.actor.side !== Side.SELLER) await notify(tx, order.sellerCompanyId, notice('seller'));
}

/**
 * Cancels a locked order: releases the reserved (unshipped) stock through the ledger, stops its timed rules,
 * records who cancelled and why. The caller has checked status and side.
 */
export async function cancelLockedOrder(tx: Db, order: OrderRow, actor: Actor, reason: string, now = new Date()): Promise<void> {
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const moves = lines.flatMap((l) => (l.skuId !== null && l.quantity > l.shippedQty ? [{ skuId: l.skuId, reason: StockReason.RELEASE, quantity: l.quantity - l.shippedQty }] : []));
  await moveStock(tx, moves, { docType: 'order', docId: order.id, docNo: order.orderNo, userId: actor.userId, userName: actor.userName });
  await tx
    .update(orders)
    .set({ status: OrderStatus.CANCELLED, cancelReason: reason.slice(0, 200) || null, cancelledBy: actor.side, cancelledAt: now, updatedAt: now })
    .where(eq(orders.id, order.id));
  await cancelJobs(tx, Object.values(ORDER_JOBS), order.id);
  const who = actor.side === Side.SYSTEM ? '系统' : actor.side === Side.BUYER ? '采购商' : '供应商';
  await recordTransition(tx, order, {
    action: 'cancel',
    to: OrderStatus.CANCELLED,
    actor,
    note: reason,
    now,
    title: '订单已取消',
    content: `${who}取消了订单${reason ? `：${reason}` : ''}`,
  });
}
