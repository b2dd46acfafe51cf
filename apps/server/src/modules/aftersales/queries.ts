import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { rmaMachine, RmaViewer, type Paged, type RmaCounts, type RmaDetail, type RmaRow, chinaDayEnd, chinaDayStart } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { invoices, orderLines, orders, rmaLines, rmas } from '../../db/schema/index.ts';
import { historyOf } from '../../lib/transition.ts';
import { escapeLike } from '../../lib/sql.ts';
import { viewerOrderType } from '../orders/index.ts';
import type { Caller } from '../auth/index.ts';
import { RMA_DOC } from './common.ts';
import { disputeOf } from './escalation.ts';
import { fail } from './messages.ts';

/** Line count, units and the first line's product (name, image) of each request. */
const summary = {
  lineCount: sql<number>`(select count(*)::int from ${rmaLines} l where l.rma_id = ${rmas.id})`,
  totalQuantity: sql<number>`(select coalesce(sum(l.quantity), 0)::int from ${rmaLines} l where l.rma_id = ${rmas.id})`,
  productName: sql<string>`coalesce((select ol.product_name from ${rmaLines} l join ${orderLines} ol on ol.id = l.order_line_id where l.rma_id = ${rmas.id} order by l.id limit 1), '')`,
  image: sql<string>`coalesce((select ol.image from ${rmaLines} l join ${orderLines} ol on ol.id = l.order_line_id where l.rma_id = ${rmas.id} order by l.id limit 1), '')`,
  /** The lines' one unit, or '' when they have several (a sum of 吨 and 袋 has no unit). */
  unit: sql<string>`coalesce((select case when count(distinct ol.unit) = 1 then min(ol.unit) else '' end from ${rmaLines} l join ${orderLines} ol on ol.id = l.order_line_id where l.rma_id = ${rmas.id}), '')`,
};

type Summary = { lineCount: number; totalQuantity: number; productName: string; image: string; unit: string };

function toRow(r: typeof rmas.$inferSelect, o: { orderNo: string; buyerCompanyName: string; sellerCompanyName: string }, s: Summary, viewer: number): RmaRow {
  return {
    id: r.id,
    rmaNo: r.rmaNo,
    orderId: r.orderId,
    orderNo: o.orderNo,
    type: r.type,
    status: r.status,
    reason: r.reason,
    refundAmount: r.refundAmount,
    counterpartName: viewer === RmaViewer.BUYER ? o.sellerCompanyName : o.buyerCompanyName,
    productName: s.productName,
    image: s.image,
    lineCount: Number(s.lineCount),
    totalQuantity: Number(s.totalQuantity),
    unit: s.unit,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}


export async function listRmas(
  db: Db,
  caller: Caller,
  q: { type: number; status?: number | undefined; rmaType?: number | undefined; keyword?: string | undefined; dateFrom?: string | undefined; dateTo?: string | undefined; pageIndex: number; pageSize: number },
): Promise<Paged<RmaRow>> {
  const conds: SQL[] = [q.type === RmaViewer.BUYER ? eq(rmas.buyerCompanyId, caller.companyId) : eq(rmas.sellerCompanyId, caller.companyId)];
  if (q.status !== undefined) conds.push(eq(rmas.status, q.status));
  if (q.rmaType !== undefined) conds.push(eq(rmas.type, q.rmaType));
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    conds.push(or(ilike(rmas.rmaNo, like), ilike(orders.orderNo, like))!);
  }
  if (q.dateFrom) conds.push(gte(rmas.createdAt, chinaDayStart(q.dateFrom)));
  if (q.dateTo) conds.push(lt(rmas.createdAt, chinaDayEnd(q.dateTo)));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({ r: rmas, orderNo: orders.orderNo, buyerCompanyName: orders.buyerCompanyName, sellerCompanyName: orders.sellerCompanyName, ...summary })
      .from(rmas)
      .innerJoin(orders, eq(orders.id, rmas.orderId))
      .where(where)
      .orderBy(desc(rmas.createdAt), desc(rmas.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: count() }).from(rmas).innerJoin(orders, eq(orders.id, rmas.orderId)).where(where),
  ]);
  return { total: total?.n ?? 0, list: rows.map((x) => toRow(x.r, x, x, q.type)) };
}

/** Requests per status of one side's list. */
export async function rmaCounts(db: Db, caller: Caller, type: number): Promise<RmaCounts> {
  const side = type === RmaViewer.BUYER ? eq(rmas.buyerCompanyId, caller.companyId) : eq(rmas.sellerCompanyId, caller.companyId);
  const rows = await db.select({ status: rmas.status, count: count() }).from(rmas).where(side).groupBy(rmas.status).orderBy(rmas.status);
  return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
}

/** One request for either party (the side is the caller's company's); others get 记录不存在. */
export async function rmaDetail(db: Db, caller: Caller, id: number): Promise<RmaDetail> {
  const [x] = await db
    .select({ r: rmas, order: orders, ...summary })
    .from(rmas)
    .innerJoin(orders, eq(orders.id, rmas.orderId))
    .where(and(eq(rmas.id, id), or(eq(rmas.buyerCompanyId, caller.companyId), eq(rmas.sellerCompanyId, caller.companyId))));
  if (!x) throw fail('RMA_NOT_FOUND');
  const { r, order } = x;
  const viewer = r.buyerCompanyId === caller.companyId ? RmaViewer.BUYER : RmaViewer.SELLER;
  const [lines, history, replacement, dispute, reversal] = await Promise.all([
    db
      .select({ l: rmaLines, ol: orderLines })
      .from(rmaLines)
      .innerJoin(orderLines, eq(orderLines.id, rmaLines.orderLineId))
      .where(eq(rmaLines.rmaId, r.id))
      .orderBy(asc(rmaLines.id)),
    historyOf(db, RMA_DOC, r.id),
    r.replacementOrderId ? db.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, r.replacementOrderId)) : Promise.resolve([]),
    disputeOf(db, r.id),
    r.reversalInvoiceId ? db.select({ code: invoices.code }).from(invoices).where(eq(invoices.id, r.reversalInvoiceId)) : Promise.resolve([]),
  ]);
  const ra = r.returnAddress;
  return {
    ...toRow(r, order, x, viewer),
    viewer,
    orderType: viewerOrderType(order.kind, viewer === RmaViewer.BUYER ? 'buyer' : 'seller'),
    buyerCompanyName: order.buyerCompanyName,
    sellerCompanyName: order.sellerCompanyName,
    description: r.description,
    photos: r.photos,
    rejectReason: r.rejectReason,
    returnAddress: ra ? { receiver: ra.receiver, phone: ra.phone, areaName: ra.areaName, detail: ra.detail } : null,
    invoiceReverseAmount: r.invoiceReverseAmount,
    reverseInvoiceId: r.reverseInvoiceId,
    reversalInvoiceId: r.reversalInvoiceId,
    reversalInvoiceCode: reversal[0]?.code ?? null,
    returnCarrier: r.returnCarrier,
    returnTrackingNo: r.returnTrackingNo,
    refundMethod: r.refundMethod,
    refundedAmount: r.refundedAmount,
    refundNote: r.refundNote,
    refundedAt: r.refundedAt?.toISOString() ?? null,
    replacementOrderId: r.replacementOrderId,
    replacementOrderNo: replacement[0]?.orderNo ?? null,
    closedAt: r.closedAt?.toISOString() ?? null,
    dispute,
    actions: rmaMachine.available(r.status, { side: viewer === RmaViewer.BUYER ? 'buyer' : 'seller' }, { type: r.type }),
    lines: lines.map(({ l, ol }) => ({
      id: l.id,
      orderLineId: ol.id,
      skuId: ol.skuId,
      productName: ol.productName,
      skuCode: ol.skuCode,
      spec: ol.spec,
      unit: ol.unit,
      image: ol.image,
      unitPrice: ol.unitPrice,
      quantity: l.quantity,
      amount: l.amount,
      disposition: l.disposition,
    })),
    history: history.map((h) => ({
      id: h.id,
      action: h.action,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      side: h.side,
      userName: h.userName,
      note: h.note,
      createdAt: h.createdAt.toISOString(),
    })),
  };
}
