import { eq, sql } from 'drizzle-orm';
import { EnquiryStatus, EnquiryVisibility, QuotationStatus, toFen, toYuan } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { enquiries, enquiryInvitations, enquiryItems, quotationLines, quotations, quotationVersions } from '../../db/schema/index.ts';

let enquirySeq = 0;

export interface EnquiryLineSpec {
  productName: string;
  quantity: number;
  unit?: string;
  spec?: string;
}

/**
 * A published enquiry written directly (tests, demo seed, bench): lines, optional invitations. Returns the id
 * and the line ids in order.
 */
export async function insertEnquiry(
  db: Db,
  companyId: number,
  opts: {
    title?: string;
    lines?: EnquiryLineSpec[];
    status?: number;
    deadline?: Date;
    publishedAt?: Date;
    sealed?: boolean;
    invited?: number[];
    invoiceKind?: number;
    code?: string;
  } = {},
): Promise<{ id: number; code: string; itemIds: number[] }> {
  const n = ++enquirySeq;
  const lines = opts.lines ?? [
    { productName: '聚合氯化铝', quantity: 10, unit: '吨', spec: '含量30%' },
    { productName: '聚丙烯酰胺', quantity: 2, unit: '吨', spec: '阴离子 1200万' },
  ];
  const published = opts.publishedAt ?? new Date(Date.now() - 86_400_000);
  const [e] = await db
    .insert(enquiries)
    .values({
      companyId,
      code: opts.code ?? `XJT${process.pid}${String(n).padStart(6, '0')}${Math.floor(Math.random() * 1e6)}`.slice(0, 32),
      title: opts.title ?? `测试询价${n}`,
      status: opts.status ?? EnquiryStatus.QUOTING,
      deadline: opts.deadline ?? new Date(Date.now() + 3 * 86_400_000),
      deliveryProvinceCode: 440000,
      deliveryCityCode: 440300,
      deliveryDistrictCode: 440305,
      deliveryAreaName: '广东省 深圳市 南山区',
      deliveryAddress: '科技园水厂路1号',
      contactName: '王工',
      contactPhone: '13800000001',
      sealed: opts.sealed ?? false,
      visibility: opts.invited?.length ? EnquiryVisibility.INVITED : EnquiryVisibility.PUBLIC,
      invoiceKind: opts.invoiceKind ?? 0,
      publishedAt: opts.status === EnquiryStatus.DRAFT ? null : published,
      createdAt: published,
    })
    .returning({ id: enquiries.id, code: enquiries.code });
  const items = await db
    .insert(enquiryItems)
    .values(lines.map((l, i) => ({ enquiryId: e!.id, productName: l.productName, spec: l.spec ?? '', quantity: String(l.quantity), unit: l.unit ?? '吨', sort: i })))
    .returning({ id: enquiryItems.id });
  if (opts.invited?.length) await db.insert(enquiryInvitations).values(opts.invited.map((s) => ({ enquiryId: e!.id, supplierCompanyId: s })));
  return { id: e!.id, code: e!.code, itemIds: items.map((i) => i.id) };
}

export interface OfferVersionSpec {
  /** Unit prices per enquiry item id (tax included); items left out are unquoted. */
  prices: Record<number, number>;
  taxRate?: number;
  freight?: number;
  leadDays?: number;
  validUntil?: Date;
  remark?: string;
}

/**
 * A supplier's quotation with its versions (the last is current), written directly as the quoting module
 * would: the row, every version, every version's lines; raises the enquiry's offerCount.
 */
export async function insertOffer(
  db: Db,
  enquiry: { id: number; companyId: number; quantities: Record<number, number> },
  supplier: { id: number; name: string },
  versions: OfferVersionSpec[],
  opts: { status?: number } = {},
): Promise<{ id: number }> {
  const sums = versions.map((v) => {
    const goods = Object.entries(v.prices).reduce((s, [item, p]) => s + toFen(p) * (enquiry.quantities[Number(item)] ?? 0), 0);
    const freight = toFen(v.freight ?? 0);
    return { goods, freight, total: goods + freight };
  });
  const last = versions[versions.length - 1]!;
  const lastSum = sums[sums.length - 1]!;
  const validOf = (v: OfferVersionSpec) => v.validUntil ?? new Date(Date.now() + 30 * 86_400_000);
  const [q] = await db
    .insert(quotations)
    .values({
      enquiryId: enquiry.id,
      buyerCompanyId: enquiry.companyId,
      supplierCompanyId: supplier.id,
      supplierCompanyName: supplier.name,
      status: opts.status ?? (versions.length > 1 ? QuotationStatus.REVISED : QuotationStatus.QUOTED),
      version: versions.length,
      goodsAmount: toYuan(lastSum.goods),
      freight: toYuan(lastSum.freight),
      totalAmount: toYuan(lastSum.total),
      leadDays: last.leadDays ?? 7,
      validUntil: validOf(last),
      remark: last.remark ?? '',
    })
    .returning({ id: quotations.id });
  await db.insert(quotationVersions).values(
    versions.map((v, i) => ({
      quotationId: q!.id,
      version: i + 1,
      goodsAmount: toYuan(sums[i]!.goods),
      freight: toYuan(sums[i]!.freight),
      totalAmount: toYuan(sums[i]!.total),
      leadDays: v.leadDays ?? 7,
      validUntil: validOf(v),
      remark: v.remark ?? '',
    })),
  );
  await db.insert(quotationLines).values(
    versions.flatMap((v, i) =>
      Object.entries(v.prices).map(([item, p]) => ({
        quotationId: q!.id,
        version: i + 1,
        enquiryItemId: Number(item),
        unitPrice: toYuan(toFen(p)),
        taxRate: String(v.taxRate ?? 13),
        amount: toYuan(toFen(p) * (enquiry.quantities[Number(item)] ?? 0)),
      })),
    ),
  );
  if (opts.status !== QuotationStatus.WITHDRAWN)
    await db.update(enquiries).set({ offerCount: sql`${enquiries.offerCount} + 1` }).where(eq(enquiries.id, enquiry.id));
  return { id: q!.id };
}
