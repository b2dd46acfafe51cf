import { and, asc, desc, eq, gte, ilike, inArray, lt, type SQL } from 'drizzle-orm';
import { chinaDayEnd, chinaDayStart, type adminOrderDetail, type adminOrderListQuery, type z } from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { orderLines, orderPayments, orders, rmas, shipmentLines, shipments } from '../../../db/schema/index.ts';
import { historyOf } from '../../../lib/transition.ts';
import { ORDER_DOC } from '../../orders/create.ts';
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
  const [lines, payments, ships, history, requests] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.sort), asc(orderLines.id)),
    db.select().from(orderPayments).where(eq(orderPayments.orderId, id)).orderBy(asc(orderPayments.id)),
    db.select().from(shipments).where(eq(shipments.orderId, id)).orderBy(asc(shipments.id)),
    historyOf(db, ORDER_DOC, id),
    db
      .select({ id: rmas.id, rmaNo: rmas.rmaNo, type: rmas.type, status: rmas.status, refundAmount: rmas.refundAmount })
      .from(rmas)
      .where(eq(rmas.orderId, id))
      .orderBy(asc(rmas.id)),
  ]);
  const shipLines = ships.length
    ? await db.select().from(shipmentLines).where(inArray(shipmentLines.shipmentId, ships.map((s) => s.id)))
    : [];
  const lineById = new Map(lines.map((l) => [l.id, l]));
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
    lines: lines.map((l) => ({
      id: l.id,
      productId: l.productId,
      skuId: l.skuId,
      productName: l.productName,
      skuCode: l.skuCode,
      spec: l.spec,
      brand: l.brand,
      model: l.model,
      unit: l.unit,
      image: l.image,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      originalUnitPrice: l.originalUnitPrice,
      amount: l.amount,
      shippedQty: l.shippedQty,
      claimedQty: l.claimedQty,
    })),
    payments: payments.map((p) => ({
      id: p.id,
      method: p.method,
      amount: p.amount,
      proofFiles: p.proofFiles,
      payerName: p.payerName,
      remark: p.remark,
      status: p.status,
      rejectReason: p.rejectReason,
      submittedAt: p.submittedAt,
      decidedAt: p.decidedAt,
    })),
    shipments: ships.map((s) => ({
      id: s.id,
      carrier: s.carrier,
      trackingNo: s.trackingNo,
      remark: s.remark,
      shippedByName: s.shippedByName,
      createdAt: s.createdAt,
      lines: shipLines
        .filter((sl) => sl.shipmentId === s.id)
        .map((sl) => {
          const l = lineById.get(sl.orderLineId);
          return { orderLineId: sl.orderLineId, productName: l?.productName ?? '', spec: l?.spec ?? '', unit: l?.unit ?? '', quantity: sl.quantity };
        }),
    })),
    history: history.map((h) => ({
      id: h.id,
      action: h.action,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      side: h.side,
      userName: h.userName,
      note: h.note,
      createdAt: h.createdAt,
    })),
    rmas: requests,
  };
}
