import { OrderInvoiceState, toFen } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { coveredFen } from './common.ts';

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
  for (const o of list) out.set(o.id, invoiceStateOf(issued.get(o.id) ?? 0, o.totalAmount));
  return out;
}

/** 未开票 / 部分开票 / 已开票 of one order from its issued amount in fen (see orderInvoiceStates). */
export function invoiceStateOf(issuedFen: number, totalAmount: string): number {
  return issuedFen <= 0
    ? OrderInvoiceState.NONE
    : issuedFen >= toFen(totalAmount)
      ? OrderInvoiceState.FULL
      : OrderInvoiceState.PARTIAL;
}
