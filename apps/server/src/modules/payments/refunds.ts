import { and, asc, eq, sql } from 'drizzle-orm';
import { PaymentMethod, PayOrderStatus, PayRefundStatus, toFen, toYuan } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { payLedger, payOrders, payRefunds } from '../../db/schema/index.ts';
import { documentNumberSql, ORDER_NO_SEQUENCE } from '../../lib/doc-numbers.ts';
import { scheduleJob } from '../jobs/index.ts';
import { fail } from './messages.ts';
import type { OrderHooks } from '../orders/index.ts';

/** The detached job that sends a refund to the partner (payload: the refund's id). */
export const REFUND_JOB = 'pay.refund';

export type PayRefundRow = typeof payRefunds.$inferSelect;

export interface RefundRequest {
  orderId: number;
  /** The payment order to refund (else the order's paid one). */
  payOrderId?: number;
  amountFen: number;
  reason: string;
  /** 'cancel' (a paid order cancelled), 'rma' (an after-sales refund), 'late' (money the order no longer wanted). */
  source: 'cancel' | 'rma' | 'late';
  sourceId: number | null;
}

/**
 * Books a refund back through the channel that took the money, inside the caller's transaction (the cancellation or
 * the after-sales refund): the paid payment order is locked, and the refunds booked on it (in progress or done) plus
 * this one never exceed what was paid (also a database check); the refund row waits for the job that sends it to
 * the partner after this transaction commits. Throws PAY_NOT_PAID_ONLINE / PAY_REFUND_EXCEEDS and writes nothing.
 */
export async function requestRefund(tx: Db, r: RefundRequest, now = new Date()): Promise<PayRefundRow> {
  const [p] = await tx
    .select()
    .from(payOrders)
    .where(
      and(
        eq(payOrders.orderId, r.orderId),
        eq(payOrders.status, PayOrderStatus.PAID),
        r.payOrderId !== undefined ? eq(payOrders.id, r.payOrderId) : undefined,
      ),
    )
    .orderBy(asc(payOrders.id))
    .limit(1)
    .for('update');
  if (!p) throw fail('PAY_NOT_PAID_ONLINE');
  const left = toFen(p.amount) - toFen(p.refundedAmount);
  if (!(r.amountFen > 0) || r.amountFen > left) throw fail('PAY_REFUND_EXCEEDS', { left: toYuan(left) });
  await tx
    .update(payOrders)
    .set({ refundedAmount: toYuan(toFen(p.refundedAmount) + r.amountFen), updatedAt: now })
    .where(eq(payOrders.id, p.id));
  const [row] = await tx
    .insert(payRefunds)
    .values({
      refundNo: documentNumberSql('TK', ORDER_NO_SEQUENCE, 8),
      payOrderId: p.id,
      orderId: r.orderId,
      channel: p.channel,
      amount: toYuan(r.amountFen),
      reason: r.reason.slice(0, 200),
      source: r.source,
      sourceId: r.sourceId,
      createdAt: now,
    })
    .returning();
  await scheduleJob(tx, REFUND_JOB, row!.id, now);
  return row!;
}

/** Locks a refund by number. */
export async function lockRefund(tx: Db, by: { id: number } | { refundNo: string }): Promise<PayRefundRow | null> {
  const [row] = await tx
    .select()
    .from(payRefunds)
    .where('id' in by ? eq(payRefunds.id, by.id) : eq(payRefunds.refundNo, by.refundNo))
    .for('update');
  return row ?? null;
}

/** The partner refunded (its answer or its verified notification): 退款成功 with the ledger row, once. */
export async function refundSucceeded(tx: Db, r: PayRefundRow, partnerRefundNo: string, now: Date): Promise<'done' | 'duplicate'> {
  if (r.status === PayRefundStatus.SUCCESS) return 'duplicate';
  const [p] = await tx.select().from(payOrders).where(eq(payOrders.id, r.payOrderId));
  await tx
    .update(payRefunds)
    .set({ status: PayRefundStatus.SUCCESS, partnerRefundNo: partnerRefundNo || r.partnerRefundNo, doneAt: now })
    .where(eq(payRefunds.id, r.id));
  // A refund that had failed was released from the payment order; book it again.
  if (r.status === PayRefundStatus.FAILED)
    await tx.update(payOrders).set({ refundedAmount: sql`${payOrders.refundedAmount} + ${r.amount}` }).where(eq(payOrders.id, r.payOrderId));
  await tx.insert(payLedger).values({
    payOrderId: r.payOrderId,
    orderId: r.orderId,
    buyerCompanyId: p!.buyerCompanyId,
    sellerCompanyId: p!.sellerCompanyId,
    channel: r.channel,
    amount: toYuan(-toFen(r.amount)),
    kind: 'refund',
    refundId: r.id,
    createdAt: now,
  });
  return 'done';
}

/** The partner refused the refund: 退款失败, and its amount is refundable again. */
export async function refundFailed(tx: Db, r: PayRefundRow, reason: string): Promise<void> {
  if (r.status !== PayRefundStatus.PROCESSING) return;
  await tx.update(payRefunds).set({ status: PayRefundStatus.FAILED, failReason: reason.slice(0, 200) }).where(eq(payRefunds.id, r.id));
  await tx
    .update(payOrders)
    .set({ refundedAmount: sql`${payOrders.refundedAmount} - ${r.amount}` })
    .where(eq(payOrders.id, r.payOrderId));
}

// A paid order cancelled while it waits for shipment is refunded in full through the channel that took the money
// (decision 0207; orders/hooks.ts).
export const paymentOrderHooks: Partial<OrderHooks> = {
  refundOnline: async (tx, order, reason, now) =>
    order.paymentMethod === PaymentMethod.WECHAT || order.paymentMethod === PaymentMethod.ALIPAY
      ? requestRefund(tx, { orderId: order.id, amountFen: toFen(order.paidAmount), reason, source: 'cancel', sourceId: null }, now)
      : null,
};
