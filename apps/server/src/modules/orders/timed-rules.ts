import { and, eq } from 'drizzle-orm';
import { OrderStatus, PaymentStatus, Side } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { orderPayments } from '../../db/schema/index.ts';
import { defineJob, recordId } from '../jobs/define.ts';
import { ORDER_JOBS } from './create.ts';
import { completeLockedOrder } from './lifecycle.ts';
import { cancelLockedOrder, lockOrder, type Actor } from './order-tx.ts';

const SYSTEM: Actor = { side: Side.SYSTEM, userId: null, userName: '系统' };

/**
 * The orders' timed rules (docs/product/timed-rules.md#how-timed-rules-run): each handler locks its order and re-checks the status, so an order
 * that moved on meanwhile (confirmed, paid, received) is left alone.
 */
export const orderJobHandlers = {
  /** Not confirmed by the supplier in time: cancelled by the system, reserved stock released. */
  async [ORDER_JOBS.CONFIRM_TIMEOUT](tx: Db, orderId: number, now: Date) {
    const order = await lockOrder(tx, orderId);
    if (order?.status !== OrderStatus.TO_CONFIRM) return;
    await cancelLockedOrder(tx, order, SYSTEM, '供应商超时未确认，系统自动取消', now);
  },
  /** Not paid in time (and no transfer proof waiting): cancelled by the system. */
  async [ORDER_JOBS.PAY_TIMEOUT](tx: Db, orderId: number, now: Date) {
    const order = await lockOrder(tx, orderId);
    if (order?.status !== OrderStatus.TO_PAY) return;
    const [waiting] = await tx
      .select({ id: orderPayments.id })
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, PaymentStatus.SUBMITTED)));
    if (waiting) return;
    await cancelLockedOrder(tx, order, SYSTEM, '超时未付款，系统自动取消', now);
  },
  /** Fully shipped and not received by the purchaser: received automatically after the last shipment. */
  async [ORDER_JOBS.AUTO_RECEIVE](tx: Db, orderId: number, now: Date) {
    const order = await lockOrder(tx, orderId);
    if (order?.status !== OrderStatus.TO_RECEIVE) return;
    await completeLockedOrder(tx, order, SYSTEM, now, '超时自动确认收货');
  },
};

/** Registers the orders' timed rules with the job runner (idempotent). */
export function registerOrderJobs(): void {
  for (const [kind, handler] of Object.entries(orderJobHandlers))
    defineJob({ kind, payload: recordId, handler: (tx, orderId, { now }) => handler(tx, orderId, now) });
}
