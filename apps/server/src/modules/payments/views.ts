import type { PayOrderView, PayRefundView } from '@aquamall/shared';
import type { payOrders, payRefunds } from '../../db/schema/index.ts';
import type { PaySandbox } from '../../lib/partners/pay/sandbox.ts';

type PayOrderRow = typeof payOrders.$inferSelect;
type PayRefundRow = typeof payRefunds.$inferSelect;

/** A payment order as the pages see it (the sandbox page link only while the sandbox speaks for the partner). */
export function payOrderView(p: PayOrderRow, sandbox: PaySandbox | null): PayOrderView {
  return {
    id: p.id,
    payNo: p.payNo,
    orderId: p.orderId,
    channel: p.channel,
    amount: p.amount,
    refundedAmount: p.refundedAmount,
    status: p.status,
    codeUrl: p.codeUrl,
    payUrl: p.payUrl,
    sandboxUrl: sandbox ? (p.channel === 1 ? sandbox.pageUrl(p.payNo) : p.payUrl) : null,
    partnerTradeNo: p.partnerTradeNo,
    expiresAt: p.expiresAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
  };
}

export function payRefundView(r: PayRefundRow): PayRefundView {
  return {
    id: r.id,
    refundNo: r.refundNo,
    payOrderId: r.payOrderId,
    channel: r.channel,
    amount: r.amount,
    reason: r.reason,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    doneAt: r.doneAt?.toISOString() ?? null,
  };
}
