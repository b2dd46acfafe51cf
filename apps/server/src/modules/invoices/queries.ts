import { loadExcel } from '../../lib/lazy.ts';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { enumLabel, invoiceHistoryLabel, invoiceMachine, InvoiceViewer, type InvoiceCounts, type InvoiceDetail, type invoiceListQuery, type InvoiceRow, type Paged, chinaDayEnd, chinaDayStart, formatChinaDate, formatChinaDateTime } from '@aquamall/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { invoiceOrders, invoices, orders, rmas } from '../../db/schema/index.ts';
import { historyOf } from '../../lib/transition.ts';
import { pagedRows, preparedFor, totalOf } from '../../lib/paged.ts';
import { escapeLike } from '../../lib/sql.ts';
import { viewerOrderType } from '../orders/index.ts';
import type { Caller } from '../auth/index.ts';
import { HISTORY_TARGET, invoiceCtx, type InvoiceRecord } from './common.ts';
import { cutAt, EXPORT_LIMITS, type ExportFile } from '../../lib/download.ts';
import { fail } from './messages.ts';

type ListIn = z.output<typeof invoiceListQuery>;


const orderCount = sql<number>`(select count(*)::int from ${invoiceOrders} io where io.invoice_id = "invoices"."id")`;

type PendingReversal = InvoiceRow['pendingReversal'];
/** Refunds on the invoice's orders still to be reversed on it (待红冲; partial index rmas_pending_reversal). */
const pendingOn = sql`from ${rmas} pr where pr.reverse_invoice_id = "invoices"."id" and pr.reversal_invoice_id is null`;
const pendingReversal = sql<PendingReversal | string>`(select case when count(*) = 0 then null else json_build_object(
  'rmaId', (array_agg(pr.id order by pr.id))[1], 'rmaNo', (array_agg(pr.rma_no order by pr.id))[1],
  'amount', (array_agg(pr.invoice_reverse_amount order by pr.id))[1]::text, 'total', sum(pr.invoice_reverse_amount)::text,
  'count', count(*)::int) end ${pendingOn})`;
/** json may come back as text (driver-dependent): parse it once here. */
const asPending = (v: PendingReversal | string | null): PendingReversal => (typeof v === 'string' ? (JSON.parse(v) as PendingReversal) : (v ?? null));
const sideOf = (caller: Caller, type: number) =>
  type === InvoiceViewer.BUYER
    ? eq(invoices.buyerCompanyId, caller.companyId)
    : eq(invoices.sellerCompanyId, caller.companyId);

/** What a list row shows of an invoice (a whole record has it all). */
type RowFields = Pick<
  InvoiceRecord,
  | 'id' | 'code' | 'kind' | 'status' | 'sellerCompanyName' | 'buyerCompanyName' | 'requestedAmount' | 'invoiceNo'
  | 'invoiceDate' | 'totalAmount' | 'reversalOfId' | 'createdAt'
> & { title: { title: string } };

function toRow(r: RowFields, n: number, viewer: number, pending: PendingReversal = null): InvoiceRow {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind,
    status: r.status,
    counterpartName: viewer === InvoiceViewer.BUYER ? r.sellerCompanyName : r.buyerCompanyName,
    titleName: r.title.title,
    requestedAmount: r.requestedAmount,
    invoiceNo: r.invoiceNo,
    invoiceDate: r.invoiceDate?.toISOString() ?? null,
    totalAmount: r.totalAmount,
    reversalOfId: r.reversalOfId,
    orderCount: Number(n),
    createdAt: r.createdAt.toISOString(),
    pendingReversal: pending,
  };
}

function filters(caller: Caller, q: ListIn): SQL | undefined {
  const conds: SQL[] = [sideOf(caller, q.type)];
  if (q.status !== undefined) conds.push(eq(invoices.status, q.status));
  if (q.kind !== undefined) conds.push(eq(invoices.kind, q.kind));
  if (q.number) {
    const like = `%${escapeLike(q.number)}%`;
    conds.push(or(ilike(invoices.code, like), ilike(invoices.invoiceNo, like))!);
  }
  if (q.counterparty) {
    const like = `%${escapeLike(q.counterparty)}%`;
    conds.push(
      ilike(q.type === InvoiceViewer.BUYER ? invoices.sellerCompanyName : invoices.buyerCompanyName, like),
    );
  }
  if (q.dateFrom) conds.push(gte(invoices.createdAt, chinaDayStart(q.dateFrom)));
  if (q.dateTo) conds.push(lt(invoices.createdAt, chinaDayEnd(q.dateTo)));
  if (q.pendingReversal === 1) conds.push(sql`exists (select 1 ${pendingOn})`);
  return and(...conds);
}

/** What a list row reads: the columns it shows, not the whole invoice (its title snapshot, bank details, …). */
const listColumns = {
  id: invoices.id,
  code: invoices.code,
  kind: invoices.kind,
  status: invoices.status,
  sellerCompanyName: invoices.sellerCompanyName,
  buyerCompanyName: invoices.buyerCompanyName,
  titleName: sql<string>`coalesce(${invoices.title}->>'title', '')`,
  requestedAmount: invoices.requestedAmount,
  invoiceNo: invoices.invoiceNo,
  invoiceDate: invoices.invoiceDate,
  totalAmount: invoices.totalAmount,
  reversalOfId: invoices.reversalOfId,
  createdAt: invoices.createdAt,
  orderCount,
  pendingReversal,
};
type ListRecord = Omit<RowFields, 'title'> & { titleName: string; orderCount: number; pendingReversal: PendingReversal | string | null };

const toListRow = ({ titleName, orderCount, pendingReversal: p, ...r }: ListRecord, viewer: number) =>
  toRow({ ...r, title: { title: titleName } }, orderCount, viewer, asPending(p));

/** The unfiltered first pages of either side (the list as opened): one prepared statement per side. */
const sidePage = (viewer: number) =>
  preparedFor((db: Db) => {
    const company = sql.placeholder('companyId') as unknown as number;
    const where = viewer === InvoiceViewer.BUYER ? eq(invoices.buyerCompanyId, company) : eq(invoices.sellerCompanyId, company);
    return db
      .select({ ...listColumns, total: totalOf(invoices, where) })
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`invoice_page_${viewer}`);
  });
const sidePages = new Map([InvoiceViewer.BUYER, InvoiceViewer.SELLER].map((v) => [v as number, sidePage(v)]));

/** One page of the caller's side, newest first, with its total in the same statement (lib/paged.ts). */
export async function listInvoices(db: Db, caller: Caller, q: ListIn): Promise<Paged<InvoiceRow>> {
  const where = filters(caller, q);
  const unfiltered =
    q.status === undefined && q.kind === undefined && !q.number && !q.counterparty && !q.dateFrom && !q.dateTo && !q.pendingReversal;
  const prepared = unfiltered ? sidePages.get(q.type)?.(db) : undefined;
  const page = await pagedRows(
    prepared
      ? (limit, offset) => prepared.execute({ companyId: caller.companyId, limit, offset })
      : db
          .select({ ...listColumns, total: totalOf(invoices, where) })
          .from(invoices)
          .where(where)
          .orderBy(desc(invoices.createdAt), desc(invoices.id)),
    q,
    () => db.$count(invoices, where),
  );
  return { total: page.total, list: page.list.map((r) => toListRow(r, q.type)) };
}

export async function invoiceCounts(db: Db, caller: Caller, type: number): Promise<InvoiceCounts> {
  const rows = await db
    .select({ status: invoices.status, count: count() })
    .from(invoices)
    .where(sideOf(caller, type))
    .groupBy(invoices.status)
    .orderBy(invoices.status);
  return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
}

/** One invoice for either party (the caller's side is its company's); others get 发票记录不存在. */
export async function invoiceDetail(db: Db, caller: Caller, id: number): Promise<InvoiceDetail> {
  const [row] = await db
    .select({ r: invoices, n: orderCount })
    .from(invoices)
    .where(
      and(
        eq(invoices.id, id),
        or(eq(invoices.buyerCompanyId, caller.companyId), eq(invoices.sellerCompanyId, caller.companyId)),
      ),
    );
  if (!row) throw fail('INVOICE_NOT_FOUND');
  const r = row.r;
  const viewer = r.buyerCompanyId === caller.companyId ? InvoiceViewer.BUYER : InvoiceViewer.SELLER;
  const [covered, original, reversal, trail, pending] = await Promise.all([
    db
      .select({
        orderId: invoiceOrders.orderId,
        amount: invoiceOrders.amount,
        orderNo: orders.orderNo,
        kind: orders.kind,
        total: orders.totalAmount,
      })
      .from(invoiceOrders)
      .innerJoin(orders, eq(orders.id, invoiceOrders.orderId))
      .where(eq(invoiceOrders.invoiceId, r.id))
      .orderBy(asc(invoiceOrders.orderId)),
    r.reversalOfId
      ? db.select({ code: invoices.code }).from(invoices).where(eq(invoices.id, r.reversalOfId))
      : Promise.resolve([]),
    db.select({ id: invoices.id, code: invoices.code }).from(invoices).where(eq(invoices.reversalOfId, r.id)),
    historyOf(db, HISTORY_TARGET, r.id),
    db.select({ p: pendingReversal }).from(invoices).where(eq(invoices.id, r.id)),
  ]);
  const side = viewer === InvoiceViewer.BUYER ? 'buyer' : 'seller';
  return {
    ...toRow(r, row.n, viewer, asPending(pending[0]?.p ?? null)),
    viewer,
    buyerCompanyName: r.buyerCompanyName,
    sellerCompanyName: r.sellerCompanyName,
    title: {
      title: r.title.title,
      taxNo: r.title.taxNo,
      regAddress: r.title.regAddress,
      regPhone: r.title.regPhone,
      bankName: r.title.bankName,
      bankAccount: r.title.bankAccount,
    },
    remark: r.remark,
    amountExTax: r.amountExTax,
    taxRate: r.taxRate,
    taxAmount: r.taxAmount,
    files: r.files,
    rejectReason: r.rejectReason,
    disputeReason: r.disputeReason,
    issuedAt: r.issuedAt?.toISOString() ?? null,
    confirmedAt: r.confirmedAt?.toISOString() ?? null,
    reversalOfCode: original[0]?.code ?? null,
    reversedById: reversal[0]?.id ?? null,
    reversedByCode: reversal[0]?.code ?? null,
    orders: covered.map((c) => ({
      orderId: c.orderId,
      orderNo: c.orderNo,
      orderType: viewerOrderType(c.kind, side),
      orderTotal: c.total,
      amount: c.amount,
    })),
    history: trail.map((h) => ({
      id: h.id,
      action: invoiceHistoryLabel(h.action),
      userName: h.userName,
      note: h.note,
      createdAt: h.createdAt.toISOString(),
    })),
    actions: invoiceMachine.available(r.status, { side }, invoiceCtx(r)),
  };
}


/** The filtered list (same scope and filters as the page) as an .xlsx workbook, one row per invoice and order. */
export async function exportInvoices(db: Db, caller: Caller, q: ListIn): Promise<ExportFile> {
  const limit = EXPORT_LIMITS.invoices;
  const read = await db
    .select()
    .from(invoices)
    .where(filters(caller, q))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(limit + 1);
  const { rows, cut } = cutAt(read, limit);
  const covered = rows.length
    ? await db
        .select({ invoiceId: invoiceOrders.invoiceId, amount: invoiceOrders.amount, orderNo: orders.orderNo })
        .from(invoiceOrders)
        .innerJoin(orders, eq(orders.id, invoiceOrders.orderId))
        .where(
          inArray(
            invoiceOrders.invoiceId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(invoiceOrders.invoiceId), asc(invoiceOrders.orderId))
    : [];
  const buyer = q.type === InvoiceViewer.BUYER;
  const wb = new (await loadExcel()).Workbook();
  const sheet = wb.addWorksheet('发票列表');
  sheet.columns = [
    { header: '申请单号', key: 'code', width: 20 },
    { header: '申请时间', key: 'createdAt', width: 17 },
    { header: '发票类型', key: 'kind', width: 16 },
    { header: '状态', key: 'status', width: 10 },
    { header: buyer ? '供应商' : '采购商', key: 'counterparty', width: 28 },
    { header: '发票抬头', key: 'title', width: 28 },
    { header: '纳税人识别号', key: 'taxNo', width: 22 },
    { header: '订单号', key: 'orderNo', width: 20 },
    { header: '订单开票金额（元）', key: 'orderAmount', width: 16 },
    { header: '申请金额（元）', key: 'requested', width: 14 },
    { header: '发票号码', key: 'invoiceNo', width: 22 },
    { header: '开票日期', key: 'invoiceDate', width: 12 },
    { header: '不含税金额（元）', key: 'ex', width: 14 },
    { header: '税率（%）', key: 'rate', width: 9 },
    { header: '税额（元）', key: 'tax', width: 12 },
    { header: '价税合计（元）', key: 'total', width: 14 },
    { header: '红冲原票', key: 'reversalOf', width: 20 },
  ];
  sheet.getRow(1).font = { bold: true };
  const codes = new Map(rows.map((r) => [r.id, r.code]));
  for (const r of rows) {
    for (const c of covered.filter((x) => x.invoiceId === r.id)) {
      sheet.addRow({
        code: r.code,
        createdAt: formatChinaDateTime(r.createdAt, ''),
        kind: enumLabel('InvoiceKind', r.kind) ?? '',
        status: enumLabel('InvoiceStatus', r.status) ?? '',
        counterparty: buyer ? r.sellerCompanyName : r.buyerCompanyName,
        title: r.title.title,
        taxNo: r.title.taxNo,
        orderNo: c.orderNo,
        orderAmount: Number(c.amount),
        requested: Number(r.requestedAmount),
        invoiceNo: r.invoiceNo ?? '',
        invoiceDate: formatChinaDate(r.invoiceDate, ''),
        ex: r.amountExTax === null ? '' : Number(r.amountExTax),
        rate: r.taxRate === null ? '' : Number(r.taxRate),
        tax: r.taxAmount === null ? '' : Number(r.taxAmount),
        total: r.totalAmount === null ? '' : Number(r.totalAmount),
        reversalOf: r.reversalOfId ? (codes.get(r.reversalOfId) ?? String(r.reversalOfId)) : '',
      });
    }
  }
  return { file: Buffer.from(await wb.xlsx.writeBuffer()), limit: cut };
}
