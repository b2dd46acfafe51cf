import { and, asc, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { CertStatus, enquiryMachine, EnquiryStatus, MerchantStatus, type EnquiryFromProduct, type MyEnquiryCounts, type MyEnquiryDetail, type MyEnquiryItem, type MyEnquiryRow, type Paged, type SupplierOption, type myEnquiryListQuery, chinaDayEnd, chinaDayStart, isChinaDay } from '@aquamall/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { companies, enquiries, enquiryInvitations, enquiryItems, orders, products, productSkus } from '../../db/schema/index.ts';
import { awardedSupplierNames, offersSealed } from '../quotations/index.ts';
import { publicProduct } from '../search/index.ts';
import { openShop } from '../merchant/index.ts';
import { waitingEnquiryAward } from '../approvals/index.ts';
import type { Caller } from '../auth/index.ts';
import { historyOf, historyViews } from '../../lib/transition.ts';
import { assertPurchaser, ENQUIRY_DOC, iso, ownEnquiry, PURCHASER_VIEWER, shownStatus, shownStatusSql, type EnquiryRecord } from './common.ts';
import { fail } from './messages.ts';

type ListQuery = z.output<typeof myEnquiryListQuery>;

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function toRow(e: EnquiryRecord, items: { productName: string }[], now = new Date()): MyEnquiryRow {
  const status = shownStatus(e.status, e.deadline, now);
  return {
    id: e.id,
    code: e.code,
    title: e.title,
    status,
    statusName: enquiryMachine.label(status),
    visibility: e.visibility,
    sealed: e.sealed,
    deadline: e.deadline.toISOString(),
    publishedAt: iso(e.publishedAt),
    createdAt: e.createdAt.toISOString(),
    itemCount: items.length,
    itemNames: items.slice(0, 3).map((i) => i.productName),
    offerCount: e.offerCount,
    deliveryAreaName: e.deliveryAreaName,
  };
}

/** The purchaser's enquiries of one tab (the shown status), newest first. */
export async function listMyEnquiries(db: Db, caller: Caller, q: ListQuery): Promise<Paged<MyEnquiryRow>> {
  assertPurchaser(caller);
  const conds: (SQL | undefined)[] = [eq(enquiries.companyId, caller.companyId)];
  if (q.status !== undefined) conds.push(sql`${shownStatusSql} = ${q.status}`);
  if (q.keyword) {
    const k = like(q.keyword);
    conds.push(
      or(
        ilike(enquiries.title, k),
        ilike(enquiries.code, k),
        sql`exists (select 1 from enquiry_items i where i.enquiry_id = ${enquiries.id} and i.product_name ilike ${k})`,
      ),
    );
  }
  if (q.dateFrom && isChinaDay(q.dateFrom)) conds.push(gte(enquiries.createdAt, chinaDayStart(q.dateFrom)));
  if (q.dateTo && isChinaDay(q.dateTo)) conds.push(lt(enquiries.createdAt, chinaDayEnd(q.dateTo)));
  const where = and(...conds);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(enquiries)
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(enquiries).where(where),
  ]);
  const items = rows.length
    ? await db
        .select({ enquiryId: enquiryItems.enquiryId, productName: enquiryItems.productName })
        .from(enquiryItems)
        .where(inArray(enquiryItems.enquiryId, rows.map((r) => r.id)))
        .orderBy(asc(enquiryItems.sort), asc(enquiryItems.id))
    : [];
  return { total: count?.n ?? 0, list: rows.map((r) => toRow(r, items.filter((i) => i.enquiryId === r.id))) };
}

/** Count per shown status, for the tabs. */
export async function myEnquiryCounts(db: Db, caller: Caller): Promise<MyEnquiryCounts> {
  assertPurchaser(caller);
  const past = sql<boolean>`(${enquiries.deadline} <= now())`;
  const rows = await db
    .select({ status: enquiries.status, past, n: sql<number>`count(*)::int` })
    .from(enquiries)
    .where(eq(enquiries.companyId, caller.companyId))
    .groupBy(enquiries.status, past);
  const byStatus: Record<string, number> = {};
  for (const s of Object.values(EnquiryStatus)) byStatus[String(s)] = 0;
  let all = 0;
  for (const r of rows) {
    const shown = r.status === EnquiryStatus.QUOTING && r.past ? EnquiryStatus.CLOSED : r.status;
    byStatus[String(shown)] = (byStatus[String(shown)] ?? 0) + r.n;
    all += r.n;
  }
  return { all, byStatus };
}

/** The lines of an enquiry with the supplier each was awarded to. */
export async function enquiryLines(db: Db, enquiryId: number): Promise<MyEnquiryItem[]> {
  const items = await db
    .select()
    .from(enquiryItems)
    .where(eq(enquiryItems.enquiryId, enquiryId))
    .orderBy(asc(enquiryItems.sort), asc(enquiryItems.id));
  const names = await awardedSupplierNames(db, [...new Set(items.flatMap((i) => (i.awardedQuotationId === null ? [] : [i.awardedQuotationId])))]);
  const rows = items.map((item) => ({ item, supplierName: item.awardedQuotationId === null ? null : (names.get(item.awardedQuotationId) ?? null) }));
  return rows.map(({ item: i, supplierName }) => ({
    id: i.id,
    productName: i.productName,
    spec: i.spec,
    quantity: Number(i.quantity),
    unit: i.unit,
    targetPrice: i.targetPrice,
    remark: i.remark,
    productId: i.productId,
    skuId: i.skuId,
    awardedQuotationId: i.awardedQuotationId,
    awardedSupplierName: supplierName,
  }));
}

/** One enquiry of the purchaser, with what may be done now. */
export async function myEnquiryDetail(db: Db, caller: Caller, id: number, now = new Date()): Promise<MyEnquiryDetail> {
  assertPurchaser(caller);
  const e = await ownEnquiry(db, caller, id);
  const [items, invited, made, history, waiting] = await Promise.all([
    enquiryLines(db, e.id),
    db
      .select({ id: companies.id, name: companies.name })
      .from(enquiryInvitations)
      .innerJoin(companies, eq(companies.id, enquiryInvitations.supplierCompanyId))
      .where(eq(enquiryInvitations.enquiryId, e.id))
      .orderBy(asc(enquiryInvitations.id)),
    db
      .select({ id: orders.id, orderNo: orders.orderNo, sellerCompanyName: orders.sellerCompanyName, totalAmount: orders.totalAmount })
      .from(orders)
      .where(and(eq(orders.enquiryId, e.id), eq(orders.buyerCompanyId, caller.companyId)))
      .orderBy(asc(orders.id)),
    historyOf(db, ENQUIRY_DOC, e.id),
    waitingEnquiryAward(db, caller.companyId, e.id),
  ]);
  const row = toRow(e, items, now);
  const can = new Set(enquiryMachine.available(row.status, PURCHASER_VIEWER, { sealed: offersSealed(e, now) }));
  return {
    ...row,
    items,
    attachments: e.attachments,
    deliveryProvinceCode: e.deliveryProvinceCode,
    deliveryCityCode: e.deliveryCityCode,
    deliveryDistrictCode: e.deliveryDistrictCode,
    deliveryAddress: e.deliveryAddress,
    deliveryDate: iso(e.deliveryDate),
    contactName: e.contactName,
    contactPhone: e.contactPhone,
    invoiceKind: e.invoiceKind,
    paymentTerms: e.paymentTerms,
    remark: e.remark,
    revokeReason: e.revokeReason,
    closedAt: iso(e.closedAt),
    awardedAt: iso(e.awardedAt),
    invited,
    orders: made,
    purchaseRequest: waiting,
    actions: {
      edit: can.has('edit'),
      extend: can.has('extend'),
      withdraw: can.has('withdraw'),
      compare: can.has('compare'),
      // An award waiting for approval refuses another until it is decided (docs/product/approvals.md#awards).
      award: can.has('award') && e.offerCount > 0 && !waiting,
    },
    history: historyViews(history),
  };
}

/** Approved, open supplier shops (not the caller's company) to invite, by name; at most 30. */
/** Who may be invited: an open, approved supplier shop that is not the purchaser's own company. */
const invitable = (caller: Caller) => and(openShop, eq(companies.merchantStatus, MerchantStatus.APPROVED), ne(companies.id, caller.companyId));

const toOption = (r: { id: number; name: string; shopName: string; certStatus: number; memberLevel: number }): SupplierOption => ({
  id: r.id,
  name: r.name,
  shopName: r.shopName,
  certified: r.certStatus === CertStatus.CERTIFIED,
  memberLevel: r.memberLevel,
});
const optionColumns = {
  id: companies.id,
  name: companies.name,
  shopName: sql<string>`coalesce(nullif(${companies.shopName}, ''), ${companies.name})`,
  certStatus: companies.certStatus,
  memberLevel: companies.memberLevel,
};

/**
 * 询价 from a goods page (decision 0185): the public product (on sale in an open shop — what the goods page
 * shows; anything else answers 商品不存在或已下架), line 1 from it — name, model and spec (the SKU's spec values
 * when one was chosen there), unit, the minimum order as a whole quantity — and its supplier to invite when
 * it may be invited (never the purchaser's own company).
 */
export async function enquiryFromProduct(db: Db, caller: Caller, productId: number, skuId?: number): Promise<EnquiryFromProduct> {
  assertPurchaser(caller);
  const [p] = await db
    .select({ id: products.id, name: products.name, model: products.model, spec: products.spec, unit: products.unit, minOrder: products.minOrder, companyId: products.companyId })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(and(publicProduct, openShop, eq(products.id, productId)));
  if (!p) throw fail('ENQUIRY_GOODS_NOT_FOUND');
  let spec = p.spec;
  if (skuId !== undefined) {
    const [sku] = await db
      .select({ specValues: productSkus.specValues })
      .from(productSkus)
      .where(and(eq(productSkus.id, skuId), eq(productSkus.productId, p.id)));
    if (!sku) throw fail('ENQUIRY_SKU_NOT_FOUND');
    spec = sku.specValues.map((v) => v.value).join(' / ') || p.spec;
  }
  const [supplier] = await db
    .select(optionColumns)
    .from(companies)
    .where(and(invitable(caller), eq(companies.id, p.companyId)));
  return {
    title: `${p.name} 询价`.slice(0, 120),
    line: {
      productName: p.name.slice(0, 120),
      spec: [p.model, spec].filter(Boolean).join(' ').slice(0, 200),
      quantity: Math.max(1, Math.ceil(Number(p.minOrder))),
      unit: p.unit.slice(0, 10),
      productId: p.id,
    },
    supplier: supplier ? toOption(supplier) : null,
  };
}

export async function supplierOptions(db: Db, caller: Caller, keyword?: string): Promise<SupplierOption[]> {
  assertPurchaser(caller);
  const rows = await db
    .select(optionColumns)
    .from(companies)
    .where(and(invitable(caller), keyword ? or(ilike(companies.name, like(keyword)), ilike(companies.shopName, like(keyword))) : undefined))
    .orderBy(desc(companies.memberLevel), asc(companies.id))
    .limit(30);
  return rows.map(toOption);
}
