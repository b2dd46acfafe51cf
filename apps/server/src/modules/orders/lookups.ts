import { and, asc, desc, eq, notInArray, or } from 'drizzle-orm';
import { OrderStatus } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { orderLines, orders } from '../../db/schema/index.ts';
import type { PurchasedLines } from '../products/index.ts';

/**
 * Small reads of orders that other modules make through this face instead of reading the orders' table
 * (decision 0232): who the parties of an order are, which orders a quotation became, what a company bought.
 */

/** Is the company the purchaser or the supplier of the order? (false when there is no such order) */
export async function isOrderParty(db: Db, companyId: number, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), or(eq(orders.buyerCompanyId, companyId), eq(orders.sellerCompanyId, companyId))));
  return row !== undefined;
}

/** The orders a quotation was awarded into, of one supplier, oldest first. */
export function ordersOfQuotation(db: Db, quotationId: number, sellerCompanyId: number) {
  return db
    .select({ id: orders.id, orderNo: orders.orderNo, totalAmount: orders.totalAmount })
    .from(orders)
    .where(and(eq(orders.quotationId, quotationId), eq(orders.sellerCompanyId, sellerCompanyId)))
    .orderBy(asc(orders.id));
}

/** What the catalogue's reviews ask of orders (products/purchased-lines.ts), registered by app.ts and the demo seed. */
export const purchasedLines: PurchasedLines = {
  async line(db, orderLineId) {
    const [row] = await db
      .select({
        productId: orderLines.productId,
        spec: orderLines.spec,
        status: orders.status,
        buyerCompanyId: orders.buyerCompanyId,
        sellerCompanyId: orders.sellerCompanyId,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orderLines.id, orderLineId));
    return row ?? null;
  },
  async completed(db, q) {
    const rows = await db
      .select({
        orderLineId: orderLines.id,
        orderNo: orders.orderNo,
        spec: orderLines.spec,
        quantity: orderLines.quantity,
        completedAt: orders.completedAt,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          eq(orderLines.productId, q.productId),
          eq(orders.buyerCompanyId, q.companyId),
          eq(orders.status, OrderStatus.COMPLETED),
          q.except.length ? notInArray(orderLines.id, [...q.except]) : undefined,
        ),
      )
      .orderBy(desc(orders.completedAt), desc(orderLines.id))
      .limit(q.limit);
    return rows.map((r) => ({ ...r, completedAt: r.completedAt?.toISOString() ?? null }));
  },
};
