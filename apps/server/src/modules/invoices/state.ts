import { OrderInvoiceState } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { coveredFen, toFen } from './common.ts';

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
  for (const o of list) {
    const fen = issued.get(o.id) ?? 0;
    out.set(
      o.id,
      fen <= 0
        ? OrderInvoiceState.NONE
        : fen >= toFen(o.totalAmount)
          ? OrderInvoiceState.FULL
          : OrderInvoiceState.PARTIAL,
    );
  }
  return out;
}
