import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CompanyType, EnquiryStatus, EnquiryVisibility, MerchantStatus, QuotationStatus } from '@aquamall/shared';
import { DEFAULT_ORDER_RULES } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { companies, enquiries, enquiryInvitations, enquiryItems, quotationLines, quotations, quotationVersions } from '../../db/schema/index.ts';
import { Random, at1700Beijing, DAY_MS } from '../../db/seed/random.ts';
import { scheduleJob } from '../jobs/index.ts';
import { callerByPhone } from '../auth/index.ts';
import { awardEnquiry } from './award.ts';
import { ENQUIRY_JOBS } from './common.ts';
import { documentNumber } from '../../lib/doc-numbers.ts';

interface Line {
  productName: string;
  spec: string;
  quantity: number;
  unit: string;
  /** Typical unit price the offers scatter around. */
  base: number;
}

interface Plan {
  title: string;
  lines: Line[];
  /** Days from now to the deadline (negative: past). */
  deadlineDays: number;
  publishedDaysAgo: number;
  status: number;
  sealed?: boolean;
  invited?: boolean;
  /** Offers: how many suppliers quote, and how many of them revised once. */
  offers: number;
  revised: number;
  invoiceKind: number;
  paymentTerms: string;
}

const PLANS: Plan[] = [
  {
    title: '2027年一季度净水药剂采购',
    lines: [
      { productName: '聚合氯化铝', spec: '含量≥30% 饮用水级', quantity: 60, unit: '吨', base: 1650 },
      { productName: '聚丙烯酰胺', spec: '阳离子 离子度40%', quantity: 8, unit: '吨', base: 14800 },
      { productName: '次氯酸钠', spec: '有效氯≥10%', quantity: 40, unit: '吨', base: 780 },
    ],
    deadlineDays: 6,
    publishedDaysAgo: 3,
    status: EnquiryStatus.QUOTING,
    offers: 4,
    revised: 2,
    invoiceKind: 2,
    paymentTerms: '月结30天',
  },
  {
    title: '再生水厂加药装置及计量泵（密封报价）',
    lines: [
      { productName: '一体化加药装置', spec: 'PAC 2m³ 双泵', quantity: 2, unit: '套', base: 68000 },
      { productName: '隔膜计量泵', spec: '流量500L/h 0.7MPa', quantity: 6, unit: '台', base: 9200 },
    ],
    deadlineDays: 4,
    publishedDaysAgo: 2,
    status: EnquiryStatus.QUOTING,
    sealed: true,
    offers: 3,
    revised: 1,
    invoiceKind: 2,
    paymentTerms: '货到验收后付款',
  },
  {
    title: '污泥脱水药剂年度采购（邀请询价）',
    lines: [{ productName: '聚丙烯酰胺', spec: '阳离子 污泥脱水专用', quantity: 12, unit: '吨', base: 15200 }],
    deadlineDays: 9,
    publishedDaysAgo: 1,
    status: EnquiryStatus.QUOTING,
    invited: true,
    offers: 1,
    revised: 0,
    invoiceKind: 1,
    paymentTerms: '款到发货',
  },
  {
    title: '除磷剂与碳源补充采购',
    lines: [
      { productName: '除磷剂', spec: '聚合硫酸铁 液体', quantity: 30, unit: '吨', base: 980 },
      { productName: '复合碳源', spec: 'COD当量≥50万', quantity: 20, unit: '吨', base: 2600 },
    ],
    deadlineDays: -2,
    publishedDaysAgo: 9,
    status: EnquiryStatus.CLOSED,
    offers: 3,
    revised: 1,
    invoiceKind: 2,
    paymentTerms: '月结60天',
  },
  {
    // Awarded below (split between two suppliers) through the award use case: orders and outcomes.
    title: '二期提标改造药剂采购',
    lines: [
      { productName: '聚合氯化铝', spec: '含量≥28%', quantity: 30, unit: '吨', base: 1600 },
      { productName: '乙酸钠', spec: '含量≥25% 液体', quantity: 25, unit: '吨', base: 1900 },
    ],
    deadlineDays: -5,
    publishedDaysAgo: 14,
    status: EnquiryStatus.CLOSED,
    offers: 3,
    revised: 1,
    invoiceKind: 2,
    paymentTerms: '月结30天',
  },
  {
    title: '化验室耗材询价（草稿）',
    lines: [{ productName: '总磷测定试剂', spec: '钼酸铵分光光度法', quantity: 20, unit: '盒', base: 180 }],
    deadlineDays: 10,
    publishedDaysAgo: 0,
    status: EnquiryStatus.DRAFT,
    offers: 0,
    revised: 0,
    invoiceKind: 1,
    paymentTerms: '',
  },
];

const money = (n: number) => n.toFixed(2);

/**
 * The demo purchaser's (18800000004) enquiries: open ones with several offers and revisions, a sealed one, an
 * invitation-only one, a closed one awaiting award, one awarded split between two suppliers (orders made by
 * the award use case) and a draft. Rows are written with multi-row inserts; deterministic for a given `now`.
 */
export async function seedDemoEnquiries(db: Db, now: Date): Promise<void> {
  const buyer = await callerByPhone(db, '18800000004');
  if (!buyer) return;
  const rnd = new Random(13_013);
  const demo = await Promise.all(['18800000002', '18800000003'].map((p) => callerByPhone(db, p)));
  const demoIds = demo.flatMap((c) => (c ? [c.companyId] : []));
  const others = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.type, CompanyType.SUPPLIER), eq(companies.merchantStatus, MerchantStatus.APPROVED), eq(companies.shopOpen, true), eq(companies.disabled, false)))
    .orderBy(asc(companies.id))
    .limit(8);
  const supplierIds = [...demoIds, ...others.map((o) => o.id).filter((id) => !demoIds.includes(id))].slice(0, 6);
  const names = new Map(
    (await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, supplierIds))).map((c) => [c.id, c.name]),
  );
  if (supplierIds.length < 4) return;

  const inserted = await db
    .insert(enquiries)
    .values(
      PLANS.map((p, i) => {
        const published = new Date(now.getTime() - p.publishedDaysAgo * DAY_MS - 3 * 3_600_000);
        return {
          companyId: buyer.companyId,
          code: documentNumber('XJ', `D${String(i + 1).padStart(3, '0')}`, 0, now),
          title: p.title,
          status: p.status,
          deadline: at1700Beijing(new Date(now.getTime() + p.deadlineDays * DAY_MS)),
          deliveryProvinceCode: 110000,
          deliveryCityCode: 110100,
          deliveryDistrictCode: 110115,
          deliveryAreaName: '北京市 北京市 大兴区',
          deliveryAddress: '黄村镇再生水厂路1号',
          contactName: '张立伟',
          contactPhone: '13900000004',
          sealed: p.sealed ?? false,
          visibility: p.invited ? EnquiryVisibility.INVITED : EnquiryVisibility.PUBLIC,
          invoiceKind: p.invoiceKind,
          paymentTerms: p.paymentTerms,
          deliveryDate: new Date(now.getTime() + (p.deadlineDays + 15) * DAY_MS),
          remark: '供应商需具备相应生产或经营资质，报价含税含运费到厂。',
          createdBy: buyer.userId,
          publishedAt: p.status === EnquiryStatus.DRAFT ? null : published,
          closedAt: p.status === EnquiryStatus.CLOSED ? at1700Beijing(new Date(now.getTime() + p.deadlineDays * DAY_MS)) : null,
          createdAt: published,
          updatedAt: published,
        };
      }),
    )
    .returning({ id: enquiries.id, deadline: enquiries.deadline });
  const items = await db
    .insert(enquiryItems)
    .values(PLANS.flatMap((p, i) => p.lines.map((l, n) => ({ enquiryId: inserted[i]!.id, productName: l.productName, spec: l.spec, quantity: String(l.quantity), unit: l.unit, sort: n }))))
    .returning({ id: enquiryItems.id, enquiryId: enquiryItems.enquiryId });

  // Quotations: one row per supplier, versions and their lines (prices scatter ±12% around the base).
  type Offer = { enquiryIndex: number; supplierId: number; versions: { prices: number[]; freight: number; leadDays: number; validUntil: Date; at: Date }[] };
  const offers: Offer[] = [];
  PLANS.forEach((p, i) => {
    const bidders = p.invited ? [supplierIds[0]!] : rnd.sample(supplierIds, p.offers);
    const published = now.getTime() - p.publishedDaysAgo * DAY_MS;
    bidders.forEach((s, b) => {
      const first = p.lines.map((l) => Math.round(l.base * rnd.float(0.9, 1.12)));
      const at1 = new Date(published + (b + 1) * 3 * 3_600_000);
      const versions = [{ prices: first, freight: rnd.pick([0, 200, 500, 800]), leadDays: rnd.int(3, 15), validUntil: new Date(now.getTime() + rnd.int(10, 30) * DAY_MS), at: at1 }];
      if (b < p.revised) versions.push({ ...versions[0]!, prices: first.map((x) => Math.round(x * 0.96)), at: new Date(at1.getTime() + 20 * 3_600_000) });
      offers.push({ enquiryIndex: i, supplierId: s, versions });
    });
  });
  if (offers.length) {
    const sums = offers.map((o) =>
      o.versions.map((v) => {
        const goods = v.prices.reduce((s, x, n) => s + x * PLANS[o.enquiryIndex]!.lines[n]!.quantity, 0);
        return { goods, total: goods + v.freight };
      }),
    );
    const qRows = await db
      .insert(quotations)
      .values(
        offers.map((o, k) => {
          const v = o.versions[o.versions.length - 1]!;
          const s = sums[k]![o.versions.length - 1]!;
          return {
            enquiryId: inserted[o.enquiryIndex]!.id,
            buyerCompanyId: buyer.companyId,
            supplierCompanyId: o.supplierId,
            supplierCompanyName: names.get(o.supplierId) ?? '',
            status: o.versions.length > 1 ? QuotationStatus.REVISED : QuotationStatus.QUOTED,
            version: o.versions.length,
            goodsAmount: money(s.goods),
            freight: money(v.freight),
            totalAmount: money(s.total),
            leadDays: v.leadDays,
            validUntil: v.validUntil,
            remark: '报价含13%增值税专用发票，送货到厂。',
            contactName: '销售经理',
            contactPhone: '13800000000',
            createdAt: o.versions[0]!.at,
            updatedAt: v.at,
          };
        }),
      )
      .returning({ id: quotations.id });
    await db.insert(quotationVersions).values(
      offers.flatMap((o, k) =>
        o.versions.map((v, n) => ({
          quotationId: qRows[k]!.id,
          version: n + 1,
          goodsAmount: money(sums[k]![n]!.goods),
          freight: money(v.freight),
          totalAmount: money(sums[k]![n]!.total),
          leadDays: v.leadDays,
          validUntil: v.validUntil,
          remark: n === 0 ? '首次报价' : '根据用量调整单价',
          createdAt: v.at,
        })),
      ),
    );
    await db.insert(quotationLines).values(
      offers.flatMap((o, k) => {
        const itemIds = items.filter((it) => it.enquiryId === inserted[o.enquiryIndex]!.id).map((it) => it.id);
        return o.versions.flatMap((v, n) =>
          v.prices.map((price, li) => ({
            quotationId: qRows[k]!.id,
            version: n + 1,
            enquiryItemId: itemIds[li]!,
            unitPrice: money(price),
            taxRate: '13',
            amount: money(price * PLANS[o.enquiryIndex]!.lines[li]!.quantity),
          })),
        );
      }),
    );
    await db.execute(
      sql`update enquiries e set offer_count = (select count(*) from quotations q where q.enquiry_id = e.id and q.status <> ${QuotationStatus.WITHDRAWN}) where e.company_id = ${buyer.companyId}`,
    );
    const invitedIndex = PLANS.findIndex((p) => p.invited);
    if (invitedIndex >= 0) await db.insert(enquiryInvitations).values(supplierIds.slice(0, 2).map((s) => ({ enquiryId: inserted[invitedIndex]!.id, supplierCompanyId: s })));

    // The awarded one: line 1 to the cheapest offer on it, line 2 to the cheapest on that (often another).
    const awardIndex = PLANS.findIndex((p) => p.title === '二期提标改造药剂采购');
    const awardOffers = offers.map((o, k) => ({ o, id: qRows[k]!.id })).filter((x) => x.o.enquiryIndex === awardIndex);
    const awardItems = items.filter((it) => it.enquiryId === inserted[awardIndex]!.id).map((it) => it.id);
    const cheapest = (li: number) => awardOffers.reduce((a, b) => (b.o.versions.at(-1)!.prices[li]! < a.o.versions.at(-1)!.prices[li]! ? b : a));
    await awardEnquiry(
      db,
      buyer,
      { enquiryId: inserted[awardIndex]!.id, lines: awardItems.map((itemId, li) => ({ enquiryItemId: itemId, quotationId: cheapest(li).id })), remark: '', asAgreement: null },
      DEFAULT_ORDER_RULES,
      now,
    );
  }
  // The open ones close by themselves at their deadline.
  for (const [i, p] of PLANS.entries()) if (p.status === EnquiryStatus.QUOTING) await scheduleJob(db, ENQUIRY_JOBS.DEADLINE, inserted[i]!.id, inserted[i]!.deadline);
}
