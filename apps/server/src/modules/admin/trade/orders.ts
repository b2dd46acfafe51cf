import { and, asc, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import { chinaDayEnd, chinaDayStart, type adminOrderDetail, type adminOrderListQuery, type z } from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { orders, rmas } from '../../../db/schema/index.ts';
import { orderParts } from '../../orders/index.ts';
import { fail } from '../messages.ts';
import { pagedRows, totalOf } from '../../../lib/paged.ts';
import { escapeLike } from '../../../lib/sql.ts';

type OrderListFilter = z.infer<typeof adminOrderListQuery>;


const rowColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  kind: orders.kind,
  status: orders.status,
  buyerCompanyId: orders.buyerCompanyId,
  buyerCompanyName: orders.buyerCompanyName,
  sellerCompanyId: orders.sellerCompanyId,
  sellerCompanyName: orders.sellerCompanyName,
  totalAmount: orders.totalAmount,
  paidAmount: orders.paidAmount,
  createdAt: orders.createdAt,
};

/** Every company's orders, newest first; company names match in part, the order number from its start. */
export async function listAllOrders(db: Db, q: OrderListFilter) {
  const conds: SQL[] = [];
  if (q.status !== undefined) conds.push(eq(orders.status, q.status));
  if (q.orderNo) conds.push(ilike(orders.orderNo, `${escapeLike(q.orderNo)}%`));
  if (q.supplier) conds.push(ilike(orders.sellerCompanyName, `%${escapeLike(q.supplier)}%`));
  if (q.purchaser) conds.push(ilike(orders.buyerCompanyName, `%${escapeLike(q.purchaser)}%`));
  if (q.dateFrom) conds.push(gte(orders.createdAt, chinaDayStart(q.dateFrom)));
  if (q.dateTo) conds.push(lt(orders.createdAt, chinaDayEnd(q.dateTo)));
  const where = conds.length ? and(...conds) : undefined;
  return pagedRows(
    db
      .select({ ...rowColumns, total: totalOf(orders, where) })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id)),
    q,
    () => db.$count(orders, where),
  );
}

/** One order as the platform sees it: read only, both parties' view at once. */
export async function orderForConsole(db: Db, id: number): Promise<z.input<typeof adminOrderDetail>> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw fail('ADMIN_ORDER_NOT_FOUND');
  const [parts, requests] = await Promise.all([
    orderParts(db, id),
    db
      .select({ id: rmas.id, rmaNo: rmas.rmaNo, type: rmas.type, status: rmas.status, refundAmount: rmas.refundAmount })
      .from(rmas)
      .where(eq(rmas.orderId, id))
      .orderBy(asc(rmas.id)),
  ]);
  return {
    id: order.id,
    orderNo: order.orderNo,
    kind: order.kind,
    status: order.status,
    buyerCompanyId: order.buyerCompanyId,
    buyerCompanyName: order.buyerCompanyName,
    sellerCompanyId: order.sellerCompanyId,
    sellerCompanyName: order.sellerCompanyName,
    totalAmount: order.totalAmount,
    paidAmount: order.paidAmount,
    createdAt: order.createdAt,
    buyerUserName: order.buyerUserName,
    shopName: order.shopName,
    goodsAmount: order.goodsAmount,
    freight: order.freight,
    buyerRemark: order.buyerRemark,
    sellerRemark: order.sellerRemark,
    cancelReason: order.cancelReason,
    address: {
      receiver: order.address.receiver,
      phone: order.address.phone,
      areaName: order.address.areaName,
      detail: order.address.detail,
    },
    ...parts.view,
    rmas: requests,
  };
}
