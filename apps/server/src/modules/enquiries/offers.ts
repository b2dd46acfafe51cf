import type ExcelJS from 'exceljs';
import { loadExcel } from '../../lib/lazy.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CertStatus, enquiryMachine, QuotationStatus, quotationMachine, type OfferComparison, type OfferDetail, type OfferLine, type OfferRow, formatChinaDateTime } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { companies, productDiscussions } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import { offerEnquiryId, offersSealed, purchaserOffer, purchaserOffers, type QuotationLineRecord, type QuotationRecord } from '../quotations/index.ts';
import { waitingEnquiryAward } from '../approvals/index.ts';
import { assertPurchaser, iso, ownEnquiry, shownStatus, type EnquiryRecord } from './common.ts';
import { enquiryLines, toRow } from './queries.ts';
import { fail } from './messages.ts';

/** An offer past its validity (or marked 已失效) cannot be awarded. */
export const offerExpired = (q: Pick<QuotationRecord, 'status' | 'validUntil'>, now: Date) =>
  q.status === QuotationStatus.EXPIRED || q.validUntil.getTime() <= now.getTime();

const lineOf = (l: QuotationLineRecord): OfferLine => ({
  enquiryItemId: l.enquiryItemId,
  unitPrice: l.unitPrice,
  taxRate: l.taxRate,
  amount: l.amount,
  remark: l.remark,
});

/** Certification, member level and review rating of suppliers. */
async function supplierFacts(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { certified: boolean; memberLevel: number; rating: number | null; reviewCount: number }>();
  const [comps, ratings] = await Promise.all([
    db.select({ id: companies.id, certStatus: companies.certStatus, memberLevel: companies.memberLevel }).from(companies).where(inArray(companies.id, ids)),
    db
      .select({
        id: productDiscussions.sellerCompanyId,
        avg: sql<string | null>`avg(${productDiscussions.rating})`,
        n: sql<number>`count(*)::int`,
      })
      .from(productDiscussions)
      .where(and(inArray(productDiscussions.sellerCompanyId, ids), eq(productDiscussions.kind, 1), eq(productDiscussions.hidden, false)))
      .groupBy(productDiscussions.sellerCompanyId),
  ]);
  const r = new Map(ratings.map((x) => [x.id, x]));
  return new Map(
    comps.map((c) => {
      const rt = r.get(c.id);
      return [
        c.id,
        {
          certified: c.certStatus === CertStatus.CERTIFIED,
          memberLevel: c.memberLevel,
          rating: rt?.avg ? Math.round(Number(rt.avg) * 10) / 10 : null,
          reviewCount: rt?.n ?? 0,
        },
      ];
    }),
  );
}

function offerRow(q: QuotationRecord, lines: OfferLine[], facts: Awaited<ReturnType<typeof supplierFacts>>, awardOpen: boolean, now: Date): OfferRow {
  const f = facts.get(q.supplierCompanyId);
  const expired = offerExpired(q, now);
  return {
    quotationId: q.id,
    supplierCompanyId: q.supplierCompanyId,
    supplierName: q.supplierCompanyName,
    status: q.status,
    statusName: quotationMachine.label(q.status),
    version: q.version,
    goodsAmount: q.goodsAmount,
    freight: q.freight,
    totalAmount: q.totalAmount,
    leadDays: q.leadDays,
    validUntil: q.validUntil.toISOString(),
    remark: q.remark,
    expired,
    awardable: awardOpen && quotationMachine.can('award', q.status, { expired }),
    certified: f?.certified ?? false,
    memberLevel: f?.memberLevel ?? 0,
    rating: f?.rating ?? null,
    reviewCount: f?.reviewCount ?? 0,
    quotedLines: lines.length,
    updatedAt: q.updatedAt.toISOString(),
    lines,
  };
}

/** Whether the enquiry may be awarded now (its table admits 授标: open or closed, not sealed before its deadline). */
export const awardOpen = (e: EnquiryRecord, now: Date) =>
  !e.awardedAt && enquiryMachine.can('award', shownStatus(e.status, e.deadline, now), { sealed: offersSealed(e, now) });

/**
 * The comparison of every live offer (current version) against every line. A sealed enquiry before its
 * deadline answers with the count only: the offers are never read.
 */
export async function compareOffers(db: Db, caller: Caller, enquiryId: number, now = new Date()): Promise<OfferComparison> {
  assertPurchaser(caller);
  const e = await ownEnquiry(db, caller, enquiryId);
  const refusal = enquiryMachine.refusal('compare', e.status);
  if (refusal) throw conflict(refusal);
  const items = await enquiryLines(db, e.id);
  const row = { ...toRow(e, items, now), awardedAt: iso(e.awardedAt) };
  const [read, waiting] = await Promise.all([purchaserOffers(db, caller.companyId, e, now), waitingEnquiryAward(db, caller.companyId, e.id)]);
  if (read.sealed) return { enquiry: row, items, sealedHidden: true, offerCount: e.offerCount, offers: [], lowestByItem: {}, lowestTotal: [], canAward: false, purchaseRequest: waiting };
  const qs = read.offers;
  const facts = await supplierFacts(db, qs.map((q) => q.supplierCompanyId));
  const lines = read.lines.map((l) => ({ l }));
  const byQuotation = new Map<number, OfferLine[]>();
  for (const { l } of lines) {
    const list = byQuotation.get(l.quotationId) ?? [];
    list.push(lineOf(l));
    byQuotation.set(l.quotationId, list);
  }
  const order = new Map(items.map((i, n) => [i.id, n]));
  const open = awardOpen(e, now);
  const offers = qs.map((q) =>
    offerRow(q, (byQuotation.get(q.id) ?? []).sort((a, b) => order.get(a.enquiryItemId)! - order.get(b.enquiryItemId)!), facts, open, now),
  );
  // Lowest marks among offers that are not expired (an expired price is no offer).
  const valid = offers.filter((o) => !o.expired && o.status !== QuotationStatus.EXPIRED);
  const lowestByItem: Record<string, number[]> = {};
  for (const it of items) {
    let best = Infinity;
    let ids: number[] = [];
    for (const o of valid) {
      const l = o.lines.find((x) => x.enquiryItemId === it.id);
      if (!l) continue;
      const p = Number(l.unitPrice);
      if (p < best) [best, ids] = [p, [o.quotationId]];
      else if (p === best) ids.push(o.quotationId);
    }
    lowestByItem[String(it.id)] = ids;
  }
  const complete = valid.filter((o) => o.quotedLines === items.length);
  const minTotal = Math.min(...complete.map((o) => Number(o.totalAmount)));
  const lowestTotal = complete.filter((o) => Number(o.totalAmount) === minTotal).map((o) => o.quotationId);
  return { enquiry: row, items, sealedHidden: false, offerCount: e.offerCount, offers, lowestByItem, lowestTotal, canAward: open && !waiting && offers.some((o) => o.awardable), purchaseRequest: waiting };
}

/** One offer on the purchaser's enquiry with every version (newest first). Sealed before the deadline: refused. */
export async function offerDetail(db: Db, caller: Caller, quotationId: number, now = new Date()): Promise<OfferDetail> {
  assertPurchaser(caller);
  const e = await ownEnquiry(db, caller, await offerEnquiryId(db, caller.companyId, quotationId));
  const { offer: q, versions, lines } = await purchaserOffer(db, caller.companyId, e, quotationId, now);
  const [items, facts] = await Promise.all([enquiryLines(db, e.id), supplierFacts(db, [q.supplierCompanyId])]);
  const order = new Map(items.map((i, n) => [i.id, n]));
  const linesOf = (v: number) =>
    lines
      .filter((l) => l.version === v)
      .sort((a, b) => order.get(a.enquiryItemId)! - order.get(b.enquiryItemId)!)
      .map(lineOf);
  return {
    enquiry: toRow(e, items, now),
    items,
    offer: { ...offerRow(q, linesOf(q.version), facts, awardOpen(e, now), now), attachments: q.attachments, contactName: q.contactName, contactPhone: q.contactPhone },
    versions: versions.map((v) => ({
      version: v.version,
      goodsAmount: v.goodsAmount,
      freight: v.freight,
      totalAmount: v.totalAmount,
      leadDays: v.leadDays,
      validUntil: v.validUntil.toISOString(),
      remark: v.remark,
      attachments: v.attachments,
      createdAt: v.createdAt.toISOString(),
    changes: v.changes,
      lines: linesOf(v.version),
    })),
  };
}

const shanghai = (s: string) => formatChinaDateTime(s, '');

/** The comparison as a workbook: one row per offer, unit price and amount per line, lowest prices in bold. */
export async function exportOffers(db: Db, caller: Caller, enquiryId: number, now = new Date()): Promise<{ file: Buffer; code: string }> {
  const c = await compareOffers(db, caller, enquiryId, now);
  if (c.sealedHidden) throw fail('ENQUIRY_OFFERS_SEALED');
  const wb = new (await loadExcel()).Workbook();
  const sheet = wb.addWorksheet('比价表');
  const columns: Partial<ExcelJS.Column>[] = [
    { header: '供应商', key: 'supplier', width: 28 },
    { header: '状态', key: 'status', width: 10 },
    { header: '版本', key: 'version', width: 6 },
  ];
  c.items.forEach((it, n) => {
    columns.push({ header: `${n + 1}. ${it.productName} 单价`, key: `p${it.id}`, width: 16 });
    columns.push({ header: `${n + 1}. 税率%`, key: `t${it.id}`, width: 8 });
    columns.push({ header: `${n + 1}. 金额（${it.quantity}${it.unit}）`, key: `a${it.id}`, width: 16 });
  });
  columns.push(
    { header: '货款（元）', key: 'goods', width: 12 },
    { header: '运费（元）', key: 'freight', width: 10 },
    { header: '总价（元）', key: 'total', width: 12 },
    { header: '交货期（天）', key: 'lead', width: 10 },
    { header: '有效期至', key: 'valid', width: 17 },
    { header: '认证', key: 'certified', width: 8 },
    { header: '会员等级', key: 'level', width: 8 },
    { header: '评分', key: 'rating', width: 8 },
  );
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  for (const o of c.offers) {
    const values: Record<string, string | number> = {
      supplier: o.supplierName,
      status: o.expired ? '已失效' : o.statusName,
      version: o.version,
      goods: Number(o.goodsAmount),
      freight: Number(o.freight),
      total: Number(o.totalAmount),
      lead: o.leadDays,
      valid: shanghai(o.validUntil),
      certified: o.certified ? '已认证' : '未认证',
      level: o.memberLevel,
      rating: o.rating ?? '',
    };
    for (const l of o.lines) {
      values[`p${l.enquiryItemId}`] = Number(l.unitPrice);
      values[`t${l.enquiryItemId}`] = Number(l.taxRate);
      values[`a${l.enquiryItemId}`] = Number(l.amount);
    }
    const row = sheet.addRow(values);
    for (const it of c.items)
      if (c.lowestByItem[String(it.id)]?.includes(o.quotationId)) row.getCell(`p${it.id}`).font = { bold: true, color: { argb: 'FFCF1322' } };
    if (c.lowestTotal.includes(o.quotationId)) row.getCell('total').font = { bold: true, color: { argb: 'FFCF1322' } };
  }
  return { file: Buffer.from(await wb.xlsx.writeBuffer()), code: c.enquiry.code };
}
