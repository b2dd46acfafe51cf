import { and, eq } from 'drizzle-orm';
import { formatChina, ORDER_CLOCKS, orderMachine, OrderStatus, PaymentStatus, Side, type OrderAction } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { orderPayments, type OrderRow } from '../../db/schema/index.ts';
import { defineJob, nextPendingRun, recordId } from '../jobs/index.ts';
import { notify } from '../notifications/index.ts';
import { completeLockedOrder, partPaid } from './lifecycle.ts';
import { CANCEL_SOON, cancelLockedOrder, lockOrder, orderLink, type Actor } from './order-tx.ts';

const SYSTEM: Actor = { side: Side.SYSTEM, userId: null, userName: '系统' };

async function paymentWaiting(tx: Db, orderId: number): Promise<boolean> {
  const [waiting] = await tx
    .select({ id: orderPayments.id })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, PaymentStatus.SUBMITTED)));
  return waiting !== undefined;
}

/**
 * The locked order when its clock still applies: the order is in the state the clock runs in (a confirm clock
 * left over after the supplier confirmed must not cancel the now 待付款 order) and the table lets the system take
 * the action (no transfer proof waiting); else null and the order is left alone.
 */
async function dueOrder(
  tx: Db,
  orderId: number,
  runsIn: number,
  action: OrderAction,
): Promise<{ order: OrderRow; waiting: boolean } | null> {
  const order = await lockOrder(tx, orderId);
  if (order?.status !== runsIn) return null;
  const waiting = await paymentWaiting(tx, orderId);
  // A part-paid order (a short transfer confirmed) is never cancelled by a clock: money is in (decision 0215).
  return orderMachine.can(action, order.status, { paymentWaiting: waiting, partPaid: partPaid(order) }, 'system')
    ? { order, waiting }
    : null;
}

/**
 * The orders' timed rules (docs/product/timed-rules.md#how-timed-rules-run): each handler locks its order and re-checks it against the order table, so
 * an order that moved on meanwhile (confirmed, paid, received) is left alone.
 */
export const orderJobHandlers = {
  /** Not confirmed by the supplier in time: cancelled by the system, reserved stock released. */
  async [ORDER_CLOCKS.CONFIRM_TIMEOUT](tx: Db, orderId: number, now: Date) {
    const due = await dueOrder(tx, orderId, OrderStatus.TO_CONFIRM, 'cancel');
    if (!due) return;
    await cancelLockedOrder(tx, due.order, SYSTEM, '供应商超时未确认，系统自动取消', now, {
      paymentWaiting: due.waiting,
    });
  },
  /** Not paid in time (and no transfer proof waiting): cancelled by the system. */
  async [ORDER_CLOCKS.PAY_TIMEOUT](tx: Db, orderId: number, now: Date) {
    const due = await dueOrder(tx, orderId, OrderStatus.TO_PAY, 'cancel');
    if (!due) return;
    await cancelLockedOrder(tx, due.order, SYSTEM, '超时未付款，系统自动取消', now, {
      paymentWaiting: due.waiting,
    });
  },
  /** Fully shipped and not received by the purchaser: received automatically after the last shipment. */
  async [ORDER_CLOCKS.AUTO_RECEIVE](tx: Db, orderId: number, now: Date) {
    const due = await dueOrder(tx, orderId, OrderStatus.TO_RECEIVE, 'receive');
    if (!due) return;
    await completeLockedOrder(tx, due.order, SYSTEM, now, '超时自动确认收货');
  },
};

/**
 * 订单即将自动取消 (the `order.cancelSoon` notice, docs/product/notifications.md): due before the confirm or pay
 * clock runs out (order-tx.ts `reminderAt`), cancelled when the order moves. Tells the side that can still act —
 * the supplier of a 待确认 order, the purchaser of a 待付款 one without a proof waiting — once per clock.
 */
export async function remindCancelSoon(tx: Db, orderId: number, now = new Date()): Promise<boolean> {
  const order = await lockOrder(tx, orderId);
  if (!order) return false;
  const clock =
    order.status === OrderStatus.TO_CONFIRM
      ? ORDER_CLOCKS.CONFIRM_TIMEOUT
      : order.status === OrderStatus.TO_PAY && !(await paymentWaiting(tx, orderId))
        ? ORDER_CLOCKS.PAY_TIMEOUT
        : null;
  if (!clock) return false;
  const due = await nextPendingRun(tx, [clock], orderId);
  // A reminder that wakes only after its deadline (the instances were down) says nothing: the cancellation is due too.
  if (!due || due.getTime() <= now.getTime()) return false;
  const seller = order.status === OrderStatus.TO_CONFIRM;
  const step = seller ? '待确认' : '待付款';
  const deadline = formatChina(due, 'MM-DD HH:mm');
  await notify(tx, seller ? order.sellerCompanyId : order.buyerCompanyId, {
    type: 'order',
    title: `订单即将自动取消 ${order.orderNo}`,
    content: seller
      ? `订单${step}，请在 ${deadline} 前确认，逾期系统将自动取消。`
      : `订单${step}，请在 ${deadline} 前付款，逾期系统将自动取消。`,
    linkPath: orderLink(order, seller ? 'seller' : 'buyer'),
    event: 'order.cancelSoon',
    vars: { no: order.orderNo, step, deadline },
    eventKey: `order.cancelSoon:${orderId}:${clock}:${due.getTime()}`,
  });
  return true;
}

/** Registers the orders' timed rules with the job runner (idempotent). */
export function registerOrderJobs(): void {
  for (const [kind, handler] of Object.entries(orderJobHandlers))
    defineJob({ kind, payload: recordId, handler: (tx, orderId, { now }) => handler(tx, orderId, now) });
  defineJob({ kind: CANCEL_SOON, payload: recordId, handler: async (tx, orderId, { now }) => void (await remindCancelSoon(tx, orderId, now)) });
}
