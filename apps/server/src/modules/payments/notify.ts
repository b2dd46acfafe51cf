import { toFen } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/executor.ts';
import { eq } from 'drizzle-orm';
import { payCallbacks, payOrders } from '../../db/schema/index.ts';
import type { NotifyReading, PaymentPartner, TradeState } from '../../lib/partners/pay/types.ts';
import { lockPayOrder, markPaid, endPayOrder, type PayOrderRow } from './pay-orders.ts';
import { lockRefund, refundFailed, refundSucceeded } from './refunds.ts';

/** What a notification came to (pay_callbacks.outcome). */
export type NotifyOutcome =
  | 'paid'
  | 'paid_refunding'
  | 'duplicate'
  | 'not_paid'
  | 'refund_done'
  | 'refund_failed'
  | 'unknown_order'
  | 'bad_amount'
  | 'bad_merchant'
  | 'bad_app'
  | 'bad_sub_merchant'
  | string;

/** Headers worth keeping with a raw notification. */
const KEPT = /^(wechatpay-|content-type|user-agent|request-id)/;

/**
 * Checks the ids and the amount a verified payment reading names against the payment order: the platform's app and
 * service-provider ids, and the payee — the sub-merchant of the order's supplier the payment order was opened for
 * (decision 0216); a payment to any other merchant is not this order's money.
 */
function refusal(partner: PaymentPartner, p: PayOrderRow, r: { appId?: string; merchantId?: string; subMchId?: string; amountFen?: number }): string | null {
  if (r.appId !== partner.appId) return 'bad_app';
  if (r.merchantId !== partner.merchantId) return 'bad_merchant';
  if (!p.subMchId || r.subMchId !== p.subMchId) return 'bad_sub_merchant';
  if (r.amountFen !== toFen(p.amount) || p.channel !== partner.channel) return 'bad_amount';
  return null;
}

/**
 * A partner's notification (decision 0207): recorded raw with its verdict in every case; a bad signature or resource
 * changes nothing else; a verified payment is checked against the payment order (app id, merchant id, amount, all
 * refusals recorded) and applied once under the payment order's row lock — a repeated or concurrent notification
 * finds it paid and is acknowledged as a duplicate. Answers whether the partner should be told success.
 */
export async function acceptNotification(
  db: Db,
  partner: PaymentPartner,
  headers: Record<string, string | undefined>,
  body: string | Record<string, string>,
  now = new Date(),
): Promise<{ ok: boolean; outcome: NotifyOutcome }> {
  const reading: NotifyReading = partner.readNotify(headers, body, now);
  const kept = Object.fromEntries(Object.entries(headers).filter(([k, v]) => KEPT.test(k) && typeof v === 'string')) as Record<string, string>;
  const raw = typeof body === 'string' ? body : new URLSearchParams(body).toString();
  const record = (tx: Db, outcome: string, verified: boolean, payOrderId: number | null, kind: string) =>
    tx.insert(payCallbacks).values({ channel: partner.channel, kind, headers: kept, body: raw.slice(0, 20_000), verified, outcome, payOrderId, receivedAt: now });
  if (!reading.verified) {
    await record(db, reading.reason, false, null, 'unknown');
    return { ok: false, outcome: reading.reason };
  }
  return inTransaction(db, async (tx) => {
    if (reading.kind === 'refund') {
      const r = await lockRefund(tx, { refundNo: reading.refundNo });
      const [payee] = r ? await tx.select({ subMchId: payOrders.subMchId }).from(payOrders).where(eq(payOrders.id, r.payOrderId)) : [];
      let outcome: NotifyOutcome;
      if (!r) outcome = 'unknown_order';
      else if (reading.merchantId !== partner.merchantId) outcome = 'bad_merchant';
      else if (!payee?.subMchId || reading.subMchId !== payee.subMchId) outcome = 'bad_sub_merchant';
      else if (reading.amountFen !== toFen(r.amount)) outcome = 'bad_amount';
      else if (!reading.ok) {
        await refundFailed(tx, r, '支付渠道退款失败');
        outcome = 'refund_failed';
      } else outcome = (await refundSucceeded(tx, r, reading.partnerRefundNo, now)) === 'duplicate' ? 'duplicate' : 'refund_done';
      await record(tx, outcome, true, r?.payOrderId ?? null, 'refund');
      return { ok: true, outcome };
    }
    const p = await lockPayOrder(tx, { payNo: reading.payNo });
    let outcome: NotifyOutcome;
    if (!p) outcome = 'unknown_order';
    else outcome = refusal(partner, p, reading) ?? (reading.paid ? await markPaid(tx, p, { partnerTradeNo: reading.partnerTradeNo, payerRef: reading.payerRef, paidAt: reading.paidAt, how: '支付渠道通知' }, now) : 'not_paid');
    if (p && outcome === 'not_paid') await endPayOrder(tx, p.id, 'close', '支付渠道通知交易关闭', now);
    await record(tx, outcome, true, p?.id ?? null, 'pay');
    // A verified notification is acknowledged even when refused: it is recorded for reconciliation, and the partner's
    // retries could not change the verdict.
    return { ok: true, outcome };
  });
}

/**
 * The active query's answer (its signature checked by the adapter) applied to the payment order like a notification:
 * recorded, checked, paid once; a failed or closed trade ends the payment order.
 */
export async function applyQuery(db: Db, partner: PaymentPartner, payOrderId: number, t: TradeState, now = new Date()): Promise<NotifyOutcome> {
  return inTransaction(db, async (tx) => {
    const p = await lockPayOrder(tx, { id: payOrderId });
    if (!p) return 'unknown_order';
    let outcome: NotifyOutcome;
    if (t.state === 'paid') {
      outcome =
        refusal(partner, p, t) ??
        (await markPaid(tx, p, { partnerTradeNo: t.partnerTradeNo ?? '', payerRef: t.payerRef ?? null, paidAt: t.paidAt ?? null, how: '主动查询支付结果' }, now));
    } else if (t.state === 'failed') {
      await endPayOrder(tx, p.id, 'fail', '支付渠道返回支付失败', now);
      outcome = 'failed';
    } else outcome = t.state;
    await tx.insert(payCallbacks).values({ channel: partner.channel, kind: 'query', body: t.raw.slice(0, 20_000), verified: true, outcome, payOrderId: p.id, receivedAt: now });
    return outcome;
  });
}
