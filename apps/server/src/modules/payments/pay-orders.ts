import { and, asc, eq, sql } from 'drizzle-orm';
import {
  OrderStatus,
  PAY_CLOCKS,
  PayChannel,
  PaymentMethod,
  PaymentStatus,
  PayOrderStatus,
  Side,
  enumLabel,
  payOrderMachine,
  toFen,
  toYuan,
  type PayChannelsAnswer,
  type PayCreateInput,
  type PayOfOrderAnswer,
  type PayOrderView,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/executor.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { orderPayments, orders, payLedger, payOrders, payRefunds, type OrderRow } from '../../db/schema/index.ts';
import { documentNumberSql, ORDER_NO_SEQUENCE } from '../../lib/doc-numbers.ts';
import { notFound } from '../../lib/errors.ts';
import { transition, type TransitionActor } from '../../lib/transition.ts';
import type { PayPartners } from '../../lib/partners/pay/index.ts';
import type { Payee, PaymentPartner } from '../../lib/partners/pay/types.ts';
import type { Caller } from '../auth/index.ts';
import { jobClocks } from '../jobs/index.ts';
import { guardOrder, lockOrder, lockOrderFor, refusePartPaid, runOrderTransition, sideOf } from '../orders/index.ts';
import { fail, paymentsErrors } from './messages.ts';
import { requestRefund } from './refunds.ts';
import { payeeOfPayOrder, verifiedPayee } from './sub-merchants.ts';
import { payOrderView, payRefundView } from './views.ts';

export type PayOrderRow = typeof payOrders.$inferSelect;

/** How long a payment order (and its QR) stays open. */
export const PAY_ORDER_TTL_MS = 30 * 60_000;
/** When the active query asks the partner about a payment order no notification has paid yet. */
export const PAY_QUERY_AFTER_MS = 60_000;

export const PAY_DOC = 'pay_order';
export const SYSTEM: TransitionActor = { side: Side.SYSTEM, userId: null, userName: '系统' };

const channelName = (channel: number) => enumLabel('PayChannel', channel) ?? '在线支付';

export function partnerOf(partners: PayPartners, channel: number): PaymentPartner | null {
  return channel === PayChannel.WECHAT ? partners.wechat : channel === PayChannel.ALIPAY ? partners.alipay : null;
}

/**
 * What the pay dialog offers: each channel, or why it is not offered — a deployment without its configuration, or
 * (for an order of the purchaser's company) a supplier without a verified sub-merchant on it (decision 0216).
 */
export async function payChannels(db: Db, partners: PayPartners, companyId: number, orderId?: number): Promise<PayChannelsAnswer> {
  let sellerCompanyId: number | null = null;
  if (orderId !== undefined) {
    const [order] = await db.select({ buyerCompanyId: orders.buyerCompanyId, sellerCompanyId: orders.sellerCompanyId }).from(orders).where(eq(orders.id, orderId));
    if (!order || order.buyerCompanyId !== companyId) throw notFound();
    sellerCompanyId = order.sellerCompanyId;
  }
  const channels = [];
  for (const channel of [PayChannel.WECHAT, PayChannel.ALIPAY]) {
    const p = partnerOf(partners, channel);
    let reason = p ? null : `本平台尚未开通${channelName(channel)}，请使用银行转账或账期支付`;
    if (p && sellerCompanyId !== null && !(await verifiedPayee(db, sellerCompanyId, channel))) reason = payeeMissing(channel);
    channels.push({ channel, label: channelName(channel), available: reason === null, sandbox: p?.sandbox ?? false, reason });
  }
  return { channels };
}

/** Why a supplier cannot be paid online on a channel (the message of PAY_PAYEE_UNVERIFIED). */
const payeeMissing = (channel: number) => paymentsErrors.PAY_PAYEE_UNVERIFIED.message({ channel: channelName(channel) });

async function pendingTransfer(tx: Db, orderId: number) {
  const [p] = await tx
    .select({ id: orderPayments.id })
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, PaymentStatus.SUBMITTED)));
  return p !== undefined;
}

/**
 * Opens the payment order of the purchaser's order for a channel, or answers the open one (one open per order and
 * channel, database-enforced; a lost race reads the winner). The amount is the order's payable amount, never the
 * caller's. The partner is asked for the QR / cashier URL outside any transaction (a repeated identical request
 * answers the same code at the partner).
 */
export async function createPayOrder(
  db: Db,
  partners: PayPartners,
  caller: Caller,
  input: PayCreateInput,
  now = new Date(),
): Promise<PayOrderView> {
  const partner = partnerOf(partners, input.channel);
  if (!partner) throw fail('PAY_CHANNEL_OFF', { channel: channelName(input.channel) });
  const open = async (): Promise<PayOrderRow> =>
    inTransaction(db, async (tx) => {
      const { order, actor } = await lockOrderFor(tx, caller, input.orderId, 'buyer', 'ORDER_BUYER_ONLY');
      const [paid] = await tx
        .select({ id: payOrders.id })
        .from(payOrders)
        .where(and(eq(payOrders.orderId, order.id), eq(payOrders.status, PayOrderStatus.PAID)));
      if (paid) throw fail('PAY_ALREADY_PAID');
      guardOrder(order, 'pay', actor, { paymentWaiting: await pendingTransfer(tx, order.id) });
      refusePartPaid(order);
      // The money goes to the supplier's own verified sub-merchant, never to the platform (decision 0216).
      const payee = await verifiedPayee(tx, order.sellerCompanyId, input.channel);
      if (!payee) throw fail('PAY_PAYEE_UNVERIFIED', { channel: channelName(input.channel) });
      const [existing] = await tx
        .select()
        .from(payOrders)
        .where(and(eq(payOrders.orderId, order.id), eq(payOrders.channel, input.channel), eq(payOrders.status, PayOrderStatus.OPEN)))
        .for('update');
      // Still valid for a few minutes and for the same amount: the same QR again.
      if (existing && existing.amount === order.totalAmount && existing.subMchId === payee.subMchId && existing.expiresAt.getTime() - now.getTime() > 5 * 60_000)
        return existing;
      if (existing) await closeLocked(tx, existing, '重新发起支付', now);
      const expiresAt = new Date(now.getTime() + PAY_ORDER_TTL_MS);
      const [row] = await tx
        .insert(payOrders)
        .values({
          payNo: documentNumberSql('ZF', ORDER_NO_SEQUENCE, 8),
          orderId: order.id,
          buyerCompanyId: order.buyerCompanyId,
          sellerCompanyId: order.sellerCompanyId,
          channel: input.channel,
          subMchId: payee.subMchId,
          amount: order.totalAmount,
          expiresAt,
          createdBy: caller.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await jobClocks.schedule(tx, PAY_CLOCKS.EXPIRE, row!.id, expiresAt);
      await jobClocks.schedule(tx, PAY_CLOCKS.QUERY, row!.id, new Date(now.getTime() + PAY_QUERY_AFTER_MS));
      return row!;
    });
  let row: PayOrderRow;
  try {
    row = await open();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    row = await open(); // another request opened it first: answer that one
  }
  if (!row.codeUrl && !row.payUrl) {
    const [order] = await db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, row.orderId));
    const payee: Payee = await payeeOfPayOrder(db, row);
    const made = await partner
      .create({ payNo: row.payNo, amountFen: toFen(row.amount), description: `水务商城订单 ${order?.orderNo ?? ''}`, expiresAt: row.expiresAt, payee })
      .catch(() => {
        throw fail('PAY_PARTNER_FAILED');
      });
    const [updated] = await db
      .update(payOrders)
      .set({ codeUrl: made.codeUrl, payUrl: made.payUrl, updatedAt: new Date() })
      .where(eq(payOrders.id, row.id))
      .returning();
    row = updated!;
  }
  return payOrderView(row, partners.sandbox);
}

/** One of the purchaser company's payment orders (the dialog polls it). */
export async function payStatus(db: Db, partners: PayPartners, companyId: number, payOrderId: number): Promise<PayOrderView> {
  const [row] = await db.select().from(payOrders).where(eq(payOrders.id, payOrderId));
  if (!row || row.buyerCompanyId !== companyId) throw notFound();
  return payOrderView(row, partners.sandbox);
}

/** The online payments and refunds of an order, for either side of it. */
export async function paymentsOfOrder(db: Db, partners: PayPartners, companyId: number, orderId: number): Promise<PayOfOrderAnswer> {
  const [order] = await db.select({ buyerCompanyId: orders.buyerCompanyId, sellerCompanyId: orders.sellerCompanyId }).from(orders).where(eq(orders.id, orderId));
  if (!order || !sideOf(order, companyId)) throw notFound();
  const rows = await db.select().from(payOrders).where(eq(payOrders.orderId, orderId)).orderBy(asc(payOrders.id));
  const refunds = await db.select().from(payRefunds).where(eq(payRefunds.orderId, orderId)).orderBy(asc(payRefunds.id));
  // The seller sees only what was paid (an abandoned QR of the purchaser is not its business).
  const mine = sideOf(order, companyId) === 'buyer' ? rows : rows.filter((r) => r.status === PayOrderStatus.PAID);
  return { payments: mine.map((r) => payOrderView(r, sideOf(order, companyId) === 'buyer' ? partners.sandbox : null)), refunds: refunds.map(payRefundView) };
}

/** Locks a payment order by id or number. */
export async function lockPayOrder(tx: Db, by: { id: number } | { payNo: string }): Promise<PayOrderRow | null> {
  const [row] = await tx
    .select()
    .from(payOrders)
    .where('id' in by ? eq(payOrders.id, by.id) : eq(payOrders.payNo, by.payNo))
    .for('update');
  return row ?? null;
}

async function closeLocked(tx: Db, p: PayOrderRow, note: string, now: Date, action: 'close' | 'fail' = 'close') {
  await transition(tx, {
    machine: payOrderMachine,
    action,
    docType: PAY_DOC,
    docId: p.id,
    from: p.status,
    actor: SYSTEM,
    apply: async (to) => {
      await tx.update(payOrders).set({ status: to, updatedAt: now }).where(eq(payOrders.id, p.id));
    },
    jobs: jobClocks,
    note,
    now,
  });
}

/** Closes (expiry) or fails an open payment order; nothing for one that moved on. */
export async function endPayOrder(tx: Db, id: number, action: 'close' | 'fail', note: string, now: Date): Promise<void> {
  const p = await lockPayOrder(tx, { id });
  if (p?.status === PayOrderStatus.OPEN) await closeLocked(tx, p, note, now, action);
}

export interface PaidFacts {
  partnerTradeNo: string;
  payerRef: string | null;
  paidAt: Date | null;
  how: string;
}

/**
 * The partner says the locked payment order is paid (a verified notification or the active query; the caller checked
 * amount, app id and merchant id): the payment order is 已支付 with its ledger row, and the order moves 待付款 → 待发货
 * through the order table (`payOnline`: history, clocks, both sides told, the seller's paid event) with a confirmed
 * payment row — all in this transaction. An order that no longer waits for this money (cancelled, paid otherwise, a
 * transfer proof waiting) is refunded in full through the same channel. Answers what happened.
 */
export async function markPaid(tx: Db, p: PayOrderRow, facts: PaidFacts, now: Date): Promise<'paid' | 'duplicate' | 'paid_refunding'> {
  if (p.status === PayOrderStatus.PAID) return 'duplicate';
  const order = (await lockOrder(tx, p.orderId)) as OrderRow;
  const paidAt = facts.paidAt ?? now;
  await transition(tx, {
    machine: payOrderMachine,
    action: 'pay',
    docType: PAY_DOC,
    docId: p.id,
    from: p.status,
    actor: SYSTEM,
    apply: async (to) => {
      await tx
        .update(payOrders)
        .set({ status: to, partnerTradeNo: facts.partnerTradeNo, payerRef: facts.payerRef, paidAt, updatedAt: now })
        .where(eq(payOrders.id, p.id));
    },
    jobs: jobClocks,
    note: facts.how,
    now,
  });
  await tx.insert(payLedger).values({
    payOrderId: p.id,
    orderId: p.orderId,
    buyerCompanyId: p.buyerCompanyId,
    sellerCompanyId: p.sellerCompanyId,
    channel: p.channel,
    amount: p.amount,
    kind: 'pay',
    createdAt: now,
  });
  const wanted =
    order.status === OrderStatus.TO_PAY &&
    toFen(order.totalAmount) === toFen(p.amount) &&
    !(await pendingTransfer(tx, order.id));
  if (!wanted) {
    await requestRefund(tx, { orderId: order.id, payOrderId: p.id, amountFen: toFen(p.amount), reason: '订单已不需要此笔付款，原路退回', source: 'late', sourceId: null }, now);
    return 'paid_refunding';
  }
  const method = p.channel === PayChannel.WECHAT ? PaymentMethod.WECHAT : PaymentMethod.ALIPAY;
  await tx.insert(orderPayments).values({
    orderId: order.id,
    method,
    amount: p.amount,
    status: PaymentStatus.CONFIRMED,
    remark: `${channelName(p.channel)} 支付单 ${p.payNo}，交易号 ${facts.partnerTradeNo}`.slice(0, 300),
    submittedBy: p.createdBy,
    submittedAt: paidAt,
    decidedAt: now,
  });
  await runOrderTransition(tx, order, {
    action: 'payOnline',
    actor: SYSTEM,
    apply: async (to) => {
      await tx
        .update(orders)
        .set({ status: to, paidAmount: p.amount, paidAt, paymentMethod: method, updatedAt: now })
        .where(eq(orders.id, order.id));
    },
    note: `${channelName(p.channel)}支付 ¥${toYuan(toFen(p.amount))}（支付单 ${p.payNo}）`,
    now,
    title: '采购商已在线支付',
    content: `${channelName(p.channel)}支付 ¥${p.amount}，请安排发货。`,
  });
  return 'paid';
}

/** Rows of the money an order received online, less refunds (the sum of its payment ledger). */
export async function onlineBalanceFen(db: Db, orderId: number): Promise<number> {
  const [r] = await db
    .select({ total: sql<string>`coalesce(sum(${payLedger.amount}), 0)` })
    .from(payLedger)
    .where(eq(payLedger.orderId, orderId));
  return toFen(String(r?.total ?? '0'));
}
