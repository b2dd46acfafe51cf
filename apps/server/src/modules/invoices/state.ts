import { orderInvoiceState, toYuan } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { coveredFen } from './common.ts';
import { refundedFen } from '../aftersales/index.ts';

/**
 * The invoice state of orders (未开票 / 部分开票 / 已开票) from the issued amounts on invoice_orders (requests
 * not yet issued do not count; a reversal subtracts). For the order lists and detail.
 */
export async function orderInvoiceStates(
  db: Db,
  list: { id: number; totalAmount: string }[],
): Promise<Map<number, number>> {
  const issued = await coveredFen(
    db,
    list.map((o) => o.id),
    { issued: true },
  );
  const out = new Map<number, number>();
  for (const o of list) out.set(o.id, orderInvoiceState(issued.get(o.id) ?? 0, o.totalAmount));
  return out;
}

/** One order's invoice state with its net invoiced amount and its refunds (the order detail). */
export async function orderInvoiceNet(
  db: Db,
  order: { id: number; totalAmount: string },
): Promise<{ invoiceState: number; invoicedAmount: string; refundedAmount: string }> {
  const [issued, refunded] = await Promise.all([coveredFen(db, [order.id], { issued: true }), refundedFen(db, order.id)]);
  const fen = issued.get(order.id) ?? 0;
  return {
    invoiceState: orderInvoiceState(fen, order.totalAmount, refunded),
    invoicedAmount: toYuan(fen),
    refundedAmount: toYuan(refunded),
  };
}
