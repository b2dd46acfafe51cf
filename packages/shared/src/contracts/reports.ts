import { z } from 'zod';

/**
 * The seven reports of docs/product/reports.md#the-reports report/* (issue 14, decision 0132). Every report takes a date range (China
 * calendar days, both ends included) and a granularity; money is yuan with 2 decimals as strings.
 * Which orders count: paid and not cancelled (`paidAt` set, status ≠ 已取消), dated by `paidAt`.
 * 应收/应付账款 date their "delivered" figures by the first shipment and age credit as of now.
 */

export const REPORT_GRANULARITIES = ['day', 'month', 'quarter'] as const;
export type ReportGranularity = (typeof REPORT_GRANULARITIES)[number];
/** Longest range of one report: 3 years; by day at most 366 days (one point a day). */
export const REPORT_MAX_DAYS = 1096;
export const REPORT_MAX_DAYS_BY_DAY = 366;

const day = (label: string) =>
  z
    .string(`请选择${label}`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式不正确`)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, `${label}格式不正确`);

const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000) + 1;

export const reportQuery = z
  .object({
    dateFrom: day('开始日期'),
    dateTo: day('结束日期'),
    granularity: z.enum(REPORT_GRANULARITIES, '统计粒度只能是日、月或季度').default('day'),
  })
  .superRefine((q, ctx) => {
    const n = daysBetween(q.dateFrom, q.dateTo);
    if (n < 1) ctx.addIssue({ code: 'custom', path: ['dateTo'], message: '结束日期不能早于开始日期' });
    else if (n > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['dateTo'], message: '统计区间最长3年，请缩短日期范围' });
    else if (q.granularity === 'day' && n > REPORT_MAX_DAYS_BY_DAY)
      ctx.addIssue({
        code: 'custom',
        path: ['granularity'],
        message: '按日统计时区间最长366天，请按月或季度统计',
      });
  });
export type ReportQuery = z.input<typeof reportQuery>;
export type ReportFilter = z.infer<typeof reportQuery>;

const money = z.string();

/** One period of a time series: 2026-03-05, 2026-03 or 2026-Q1 (China calendar). Empty periods are listed with 0. */
export const reportPeriod = z.object({
  period: z.string(),
  orderCount: z.number().int(),
  amount: money,
  /** Units (goods reports) or 0. */
  quantity: z.number().int(),
});
export type ReportPeriod = z.infer<typeof reportPeriod>;

export const reportCounterpart = z.object({
  companyId: z.number().int(),
  name: z.string(),
  orderCount: z.number().int(),
  amount: money,
});
export type ReportCounterpart = z.infer<typeof reportCounterpart>;

export const reportCategory = z.object({
  /** null: lines without a catalogue product (enquiry lines) → 其他. */
  categoryId: z.number().int().nullable(),
  name: z.string(),
  orderCount: z.number().int(),
  quantity: z.number().int(),
  amount: money,
  /** Share of the amount in percent, 2 decimals. */
  share: z.string(),
});
export type ReportCategory = z.infer<typeof reportCategory>;

export const reportProduct = z.object({
  /** null for enquiry lines without a product (grouped by name and unit). */
  productId: z.number().int().nullable(),
  name: z.string(),
  unit: z.string(),
  categoryName: z.string(),
  orderCount: z.number().int(),
  quantity: z.number().int(),
  amount: money,
});
export type ReportProduct = z.infer<typeof reportProduct>;

const totals = z.object({ orderCount: z.number().int(), quantity: z.number().int(), amount: money });

/** 采购统计 (purchaser) and 订单销售统计 (supplier): orders over time, by counterpart, by category. */
export const orderReport = z.object({
  periods: z.array(reportPeriod),
  /** Suppliers (purchaser) or customers (supplier), by amount. */
  counterparts: z.array(reportCounterpart),
  categories: z.array(reportCategory),
  total: totals,
});
export type OrderReport = z.infer<typeof orderReport>;

/** 商品销售统计 (supplier) and 采购商品统计 (purchaser): goods over time and ranked. */
export const goodsReport = z.object({
  periods: z.array(reportPeriod),
  /** Every product in range by amount (the table); the top 10 by quantity for the second ranking. */
  products: z.array(reportProduct),
  topByQuantity: z.array(reportProduct),
  total: totals,
});
export type GoodsReport = z.infer<typeof goodsReport>;

/** 品类销售统计 (supplier): categories' shares and their totals over time. */
export const categoryReport = z.object({
  periods: z.array(reportPeriod),
  categories: z.array(reportCategory),
  total: totals,
});
export type CategoryReport = z.infer<typeof categoryReport>;

export const balanceRow = z.object({
  companyId: z.number().int(),
  name: z.string(),
  /** Orders first shipped in the range, not cancelled, with something still unpaid. */
  unpaidOrderCount: z.number().int(),
  /** Their unpaid part: total − paid, plus the outstanding credit of orders paid on credit. */
  deliveredUnpaid: money,
  /** The credit account with this company, if any (as of now). */
  hasAccount: z.boolean(),
  creditLimit: money,
  balance: money,
  creditUsed: money,
  notDue: money,
  d0to30: money,
  d31to60: money,
  d61to90: money,
  d90plus: money,
  overdue: money,
});
export type BalanceRow = z.infer<typeof balanceRow>;

/** 应收账款 (supplier, per customer) and 应付账款 (purchaser, per supplier). */
export const balanceReport = z.object({
  /** Per period of first shipment: orders delivered and their amount; quantity 0. */
  periods: z.array(reportPeriod),
  rows: z.array(balanceRow),
  total: balanceRow.omit({ companyId: true, name: true, hasAccount: true }),
});
export type BalanceReport = z.infer<typeof balanceReport>;

/** Report names (report/*: docs/product/reports.md#the-reports), with their title and the company type that sees them. */
export const REPORTS = {
  procurement: { title: '采购统计', type: 4 },
  orderSale: { title: '订单销售统计', type: 2 },
  goodsSale: { title: '商品销售统计', type: 2 },
  goodsCategory: { title: '品类销售统计', type: 2 },
  procurementGoods: { title: '采购商品统计', type: 4 },
  saleAmount: { title: '应收账款', type: 2 },
  payAmount: { title: '应付账款', type: 4 },
} as const;
export type ReportName = keyof typeof REPORTS;
