import { eq } from 'drizzle-orm';
import { formatChinaDateTime, ORDER_CLOCKS, OrderStatus } from '@aquamall/shared';
import type { OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { orders, shipments, type TrackedParcelRow } from '../../db/schema/index.ts';
import { addDays, JobStatus, jobsOf, scheduleJob } from '../jobs/index.ts';
import { notify } from '../notifications/index.ts';
import { parcelLabel, shipmentDeliveries } from '../tracking/index.ts';
import { orderLink } from './order-tx.ts';

/**
 * An order's parcel was signed for (docs/product/orders.md#parcel-tracking; registered with tracking by app.ts).
 * The purchaser is told; when every shipment of a 待收货 order is a tracked parcel and all are delivered, the
 * automatic-receipt clock is moved to start from the last delivery instead of the last shipment.
 */
export async function orderParcelDelivered(tx: Db, parcel: TrackedParcelRow, rules: OrderRules): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, parcel.orderId)).for('update');
  if (!order) return;
  const due = order.status === OrderStatus.TO_RECEIVE ? await receiptDueAfterDelivery(tx, order.id, rules) : null;
  if (due) await scheduleJob(tx, ORDER_CLOCKS.AUTO_RECEIVE, order.id, due);
  await notify(tx, order.buyerCompanyId, {
    type: 'shipment_delivered',
    title: `包裹已签收 ${order.orderNo}`,
    content: `订单 ${order.orderNo} 的包裹（${parcelLabel(parcel)}）已于 ${formatChinaDateTime(parcel.deliveredAt)} 签收${due ? `，将于 ${formatChinaDateTime(due)} 自动确认收货` : ''}。`,
    linkPath: orderLink(order, 'buyer'),
  });
}

/**
 * The automatic receipt's new due time when the order's clock is running and every shipment of the order is a
 * tracked parcel that has been delivered: the last delivery + the receipt days; else null (the clock keeps
 * counting from the last shipment).
 */
async function receiptDueAfterDelivery(tx: Db, orderId: number, rules: OrderRules): Promise<Date | null> {
  const clock = (await jobsOf(tx, [ORDER_CLOCKS.AUTO_RECEIVE], orderId)).find((j) => j.status === JobStatus.PENDING);
  if (!clock) return null;
  const shipped = await tx.select({ id: shipments.id }).from(shipments).where(eq(shipments.orderId, orderId));
  const { delivered, last } = await shipmentDeliveries(tx, shipped.map((s) => s.id));
  if (shipped.length === 0 || delivered !== shipped.length || !last) return null;
  return addDays(last, rules.autoReceiveDays);
}
