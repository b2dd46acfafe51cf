import { z } from 'zod';
import { pageQuery, recordId, wireTimestamp } from '../envelope.ts';
import { optionalDate, orderHistoryView, orderLineView, orderPaymentView, shipmentView } from './orders.ts';

/**
 * The platform console's oversight of the trade (decision 0187): every company's orders, after-sales disputes
 * taken to the platform, tenders and enquiries (take down / restore) and the trade statistics.
 */

const optionalInt = (max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(0).max(max).optional());
const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label}最多${max}个字`).optional();
const dateOrder = (q: { dateFrom?: string; dateTo?: string }) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo;
const DATE_ORDER = { message: '开始日期不能晚于结束日期', path: ['dateTo'] };

// ---- Orders ------------------------------------------------------------------------------------------------

export const adminOrderListQuery = pageQuery
  .extend({
    status: optionalInt(6),
    orderNo: optionalText(32, '订单号'),
    /** Part of the supplier's or the purchaser's company name. */
    supplier: optionalText(60, '供应商名称'),
    purchaser: optionalText(60, '采购商名称'),
    /** Order dates, China days (YYYY-MM-DD). */
    dateFrom: optionalDate,
    dateTo: optionalDate,
  })
  .refine(dateOrder, DATE_ORDER);
export type AdminOrderListQuery = z.input<typeof adminOrderListQuery>;

export const adminOrderRow = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  kind: z.number().int(),
  status: z.number().int(),
  buyerCompanyId: z.number().int(),
  buyerCompanyName: z.string(),
  sellerCompanyId: z.number().int(),
  sellerCompanyName: z.string(),
  totalAmount: z.string(),
  paidAmount: z.string(),
  createdAt: wireTimestamp,
});
export type AdminOrderRow = z.infer<typeof adminOrderRow>;

export const adminOrderDetail = adminOrderRow.extend({
  buyerUserName: z.string(),
  shopName: z.string(),
  goodsAmount: z.string(),
  freight: z.string(),
  buyerRemark: z.string(),
  sellerRemark: z.string(),
  cancelReason: z.string().nullable(),
  address: z.object({ receiver: z.string(), phone: z.string(), areaName: z.string(), detail: z.string() }),
  lines: z.array(orderLineView),
  payments: z.array(orderPaymentView),
  shipments: z.array(shipmentView),
  history: z.array(orderHistoryView),
  rmas: z.array(z.object({ id: z.number().int(), rmaNo: z.string(), type: z.number().int(), status: z.number().int(), refundAmount: z.string() })),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

// ---- After-sales disputes ----------------------------------------------------------------------------------

/** A dispute: 待平台处理, 支持采购商 (the request goes on as approved), 支持供应商 (the request is closed). */
export const RmaDisputeStatus = { OPEN: 0, BUYER_SUPPORTED: 1, SELLER_SUPPORTED: 2 } as const;
export const RMA_DISPUTE_STATUS_NAMES: Record<number, string> = { 0: '待平台处理', 1: '支持采购商', 2: '支持供应商' };

/** 申请平台介入: either party of a refused request, once per request. */
export const rmaEscalateInput = z.object({
  id: recordId,
  reason: z.string('请填写申请介入的理由').trim().min(2, '请填写申请介入的理由').max(300, '理由最多300个字'),
});

export const rmaDisputeView = z.object({
  status: z.number().int(),
  /** Side of the party who escalated: 1 purchaser, 2 supplier. */
  raisedBySide: z.number().int(),
  reason: z.string(),
  decisionReason: z.string().nullable(),
  createdAt: wireTimestamp,
  decidedAt: wireTimestamp.nullable(),
});
export type RmaDisputeView = z.infer<typeof rmaDisputeView>;

export const adminDisputeListQuery = pageQuery.extend({
  status: optionalInt(2),
  /** 售后单号 or 订单号, exactly or its beginning. */
  keyword: optionalText(32, '单号'),
});
export type AdminDisputeListQuery = z.input<typeof adminDisputeListQuery>;

export const adminDisputeRow = rmaDisputeView.extend({
  id: z.number().int(),
  rmaId: z.number().int(),
  rmaNo: z.string(),
  rmaType: z.number().int(),
  rmaStatus: z.number().int(),
  rmaReason: z.string(),
  rmaDescription: z.string(),
  refundAmount: z.string(),
  rejectReason: z.string().nullable(),
  orderId: z.number().int(),
  orderNo: z.string(),
  buyerCompanyName: z.string(),
  sellerCompanyName: z.string(),
});
export type AdminDisputeRow = z.infer<typeof adminDisputeRow>;

export const adminDisputeDecideInput = z.object({
  id: recordId,
  /** buyer: the request goes on as approved (return or refund); seller: the refusal stands and the request closes. */
  support: z.enum(['buyer', 'seller'], '请选择裁决结果'),
  reason: z.string('请填写裁决理由').trim().min(2, '请填写裁决理由').max(300, '裁决理由最多300个字'),
});
export type AdminDisputeDecideInput = z.input<typeof adminDisputeDecideInput>;

// ---- Tenders and enquiries ----------------------------------------------------------------------------------

export const LISTING_KINDS = ['tender', 'enquiry'] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

export const adminListingQuery = pageQuery.extend({
  kind: z.enum(LISTING_KINDS, '类型不正确'),
  keyword: optionalText(60, '关键词'),
  /** 1: only those taken down; 0: only those shown. */
  takenDown: optionalInt(1),
});
export type AdminListingQuery = z.input<typeof adminListingQuery>;

export const adminListingRow = z.object({
  id: z.number().int(),
  kind: z.enum(LISTING_KINDS),
  code: z.string(),
  title: z.string(),
  companyId: z.number().int().nullable(),
  companyName: z.string(),
  /** BidStatus (tenders) or EnquiryStatus (enquiries). */
  status: z.number().int(),
  deadline: wireTimestamp.nullable(),
  publishedAt: wireTimestamp.nullable(),
  takenDownAt: wireTimestamp.nullable(),
  takedownReason: z.string().nullable(),
});
export type AdminListingRow = z.infer<typeof adminListingRow>;

export const adminListingTakedownInput = z.object({
  kind: z.enum(LISTING_KINDS, '类型不正确'),
  id: recordId,
  /** true: take down; false: show again. */
  down: z.boolean('请选择操作'),
  reason: z.string('请填写原因').trim().min(2, '请填写原因').max(200, '原因最多200个字'),
});
export type AdminListingTakedownInput = z.input<typeof adminListingTakedownInput>;

// ---- Trade statistics -------------------------------------------------------------------------------------

const isoDay = z.iso.date('请输入正确的日期');
/** Longest range: 93 days by day, 36 months by month. */
export const TRADE_STATS_LIMITS = { day: 93, month: 36 } as const;
export const adminTradeStatsQuery = z
  .object({
    granularity: z.enum(['day', 'month'], '统计粒度不正确').default('day'),
    dateFrom: isoDay,
    dateTo: isoDay,
  })
  .refine((q) => q.dateFrom <= q.dateTo, DATE_ORDER)
  .refine(
    (q) => {
      const days = (Date.parse(q.dateTo) - Date.parse(q.dateFrom)) / 86_400_000 + 1;
      return q.granularity === 'day' ? days <= TRADE_STATS_LIMITS.day : days <= TRADE_STATS_LIMITS.month * 31;
    },
    { message: '按日统计最多93天，按月统计最多36个月', path: ['dateTo'] },
  );
export type AdminTradeStatsQuery = z.input<typeof adminTradeStatsQuery>;

export const tradeStatsPeriod = z.object({
  /** 2026-03-01 (day) or 2026-03 (month), China time. */
  period: z.string(),
  /** Orders placed and not cancelled: their total in yuan. */
  gmv: z.string(),
  orders: z.number().int(),
  newCompanies: z.number().int(),
  activeSuppliers: z.number().int(),
  activePurchasers: z.number().int(),
});
export const adminTradeStats = z.object({
  periods: z.array(tradeStatsPeriod),
  total: tradeStatsPeriod,
});
export type AdminTradeStats = z.infer<typeof adminTradeStats>;
