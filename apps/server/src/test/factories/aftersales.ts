import { eq } from 'drizzle-orm';
import { OrderStatus, Side, StockReason } from '@aquamall/shared';
import type { OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { orderHistory, orderLines, orders, shipmentLines, shipments } from '../../db/schema/index.ts';
import { cancelJobs } from '../../modules/jobs/schedule.ts';
import { ORDER_JOBS, type CreatedOrder, type NewOrderLine } from '../../modules/orders/create.ts';
import { moveStock } from '../../modules/products/stock-ledger.ts';
import { makeOrder } from './orders.ts';

/**
 * Moves an order to 已完成 as a full shipment and its receipt would: one shipment of every line (stock
 * 发货出库 through the ledger, shippedQty), history rows, status 5 and completedAt. buy-orders writes the real
 * ship and receive use cases; switch to them once merged.
 */
export async function completeOrder(db: Db, orderId: number, completedAt = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [order] = await t.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new Error(`order ${orderId} not found`);
    const lines = await t.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
    const moves = lines.flatMap((l) => (l.skuId !== null ? [{ skuId: l.skuId, reason: StockReason.SHIP, quantity: l.quantity - l.shippedQty }] : [])).filter((m) => m.quantity > 0);
    await moveStock(t, moves, { docType: 'order', docId: order.id, docNo: order.orderNo, companyId: order.sellerCompanyId });
    const [shipment] = await t.insert(shipments).values({ orderId, carrier: '顺丰速运', trackingNo: `SF${orderId}${Date.now() % 100000}` }).returning({ id: shipments.id });
    const toShip = lines.filter((l) => l.quantity > l.shippedQty);
    if (toShip.length) await t.insert(shipmentLines).values(toShip.map((l) => ({ shipmentId: shipment!.id, orderLineId: l.id, quantity: l.quantity - l.shippedQty })));
    for (const l of toShip) await t.update(orderLines).set({ shippedQty: l.quantity }).where(eq(orderLines.id, l.id));
    await t
      .update(orders)
      .set({ status: OrderStatus.COMPLETED, confirmedAt: completedAt, paidAt: completedAt, paidAmount: order.totalAmount, firstShippedAt: completedAt, lastShippedAt: completedAt, completedAt, updatedAt: completedAt })
      .where(eq(orders.id, orderId));
    await t.insert(orderHistory).values([
      { orderId, action: 'ship', fromStatus: order.status, toStatus: OrderStatus.TO_RECEIVE, side: Side.SELLER, createdAt: completedAt },
      { orderId, action: 'receive', fromStatus: OrderStatus.TO_RECEIVE, toStatus: OrderStatus.COMPLETED, side: Side.BUYER, createdAt: completedAt },
    ]);
    await cancelJobs(t, Object.values(ORDER_JOBS), orderId);
  });
}

/** An order from the buyer to the supplier, shipped in full and received (已完成 at `completedAt`). */
export async function makeCompletedOrder(
  db: Db,
  buyer: { companyId: number; id: number; realName?: string },
  sellerCompanyId: number,
  lines: NewOrderLine[],
  opts: { rules?: OrderRules; completedAt?: Date; freight?: number } = {},
): Promise<CreatedOrder> {
  const created = await makeOrder(db, buyer, sellerCompanyId, lines, { rules: opts.rules, freight: opts.freight, now: opts.completedAt });
  await completeOrder(db, created.id, opts.completedAt);
  return created;
}
