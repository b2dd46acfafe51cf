/**
 * Enum definitions served by GET /api/enums (SPEC §3: `{name, items[{id,name,description,display}], isFlag}`).
 * Statuses follow DESIGN.md §3.
 */
export interface EnumItem {
  id: number;
  name: string;
  description: string;
  display: boolean;
}
export interface EnumDef {
  name: string;
  items: EnumItem[];
  isFlag: boolean;
}

export const CompanyType = { PURCHASER: 4, SUPPLIER: 2 } as const;
export type CompanyTypeValue = (typeof CompanyType)[keyof typeof CompanyType];
export const Gender = { MALE: 1, FEMALE: 0 } as const;
export const MEMBER_LEVELS = [0, 1, 2, 3] as const;
export const OrderType = { PURCHASE: 0, ENQUIRY: 4, SALE: 6, QUOTATION: 8, RELATED: 10 } as const;

export const ProductStatus = { DRAFT: 0, PENDING: 1, ON_SALE: 2, OFF_SALE: 3, REJECTED: 4 } as const;
/** Why stock moved (DESIGN §3 Stock): adjustments write 1–3, orders 4–6, after-sales 7. */
export const StockReason = { IN: 1, OUT: 2, COUNT: 3, RESERVE: 4, RELEASE: 5, SHIP: 6, RETURN: 7 } as const;
export type StockReasonValue = (typeof StockReason)[keyof typeof StockReason];
export const AdjustmentType = { IN: 1, OUT: 2, COUNT: 3 } as const;
export const AdjustmentStatus = { DRAFT: 0, CONFIRMED: 1 } as const;
export const AttributeType = { TEXT: 1, NUMBER: 2, SELECT: 3 } as const;
export const EnquiryStatus = { DRAFT: 0, QUOTING: 1, CLOSED: 2, DEAL: 3, REVOKED: 4 } as const;
/** Order lifecycle (DESIGN §3 Orders): 已取消 only before anything ships. */
export const OrderStatus = {
  TO_CONFIRM: 0,
  TO_PAY: 1,
  TO_SHIP: 2,
  PART_SHIPPED: 3,
  TO_RECEIVE: 4,
  COMPLETED: 5,
  CANCELLED: 6,
} as const;
export type OrderStatusValue = (typeof OrderStatus)[keyof typeof OrderStatus];
/** How an order came about, stored as the purchaser's order type: from the cart (0) or an enquiry award (4). */
export const OrderKind = { PURCHASE: 0, ENQUIRY: 4 } as const;
export type OrderKindValue = (typeof OrderKind)[keyof typeof OrderKind];
/** Who acted on a document: the system (timed rules), the purchaser, the supplier, the platform. */
export const Side = { SYSTEM: 0, BUYER: 1, SELLER: 2, PLATFORM: 3 } as const;
export type SideValue = (typeof Side)[keyof typeof Side];
/** The invoice a purchaser wants with an order: none, ordinary (普通) or special (专用) VAT invoice. */
export const InvoiceKind = { NONE: 0, ORDINARY: 1, SPECIAL: 2 } as const;
export const PaymentMethod = { TRANSFER: 1, CREDIT: 2 } as const;
/** A payment of an order: the purchaser's transfer proof waits for the supplier to confirm or reject it. */
export const PaymentStatus = { SUBMITTED: 0, CONFIRMED: 1, REJECTED: 2 } as const;
export const RmaType = { RETURN: 1, REFUND: 2, EXCHANGE: 3 } as const;
/** After-sales: 待审核 → 待寄回 (refund-only skips to 待退款) → 已寄回 → 待退款/待换货 → 已完成; 已驳回, 已撤销. */
export const RmaStatus = {
  PENDING: 0,
  TO_RETURN: 1,
  REJECTED: 2,
  RETURNED: 3,
  TO_SETTLE: 4,
  CLOSED: 5,
  CANCELLED: 6,
} as const;
export type RmaStatusValue = (typeof RmaStatus)[keyof typeof RmaStatus];
export const MerchantStatus = { NONE: 0, PENDING: 1, REJECTED: 2, APPROVED: 3 } as const;
export const CertStatus = { NONE: 0, REVIEWING: 1, CERTIFIED: 2, FAILED: 3 } as const;
export const BidType = { TENDER: 1, RESULT: 2 } as const;
export const BidStatus = { OPEN: 1, CLOSED: 2, AWARDED: 3 } as const;
export const ShopType = { MANUFACTURER: 1, DEALER: 2, SERVICE: 3 } as const;
/** Inbox categories (DESIGN §3 Messages): 系统, 订单, 询价, 招标, 财务. */
export const MessageCategory = { SYSTEM: 1, ORDER: 2, ENQUIRY: 3, TENDER: 4, FINANCE: 5 } as const;
export type MessageCategoryValue = (typeof MessageCategory)[keyof typeof MessageCategory];

const def = (name: string, items: [number, string, string?][], isFlag = false): EnumDef => ({
  name,
  isFlag,
  items: items.map(([id, n, description]) => ({ id, name: n, description: description ?? n, display: true })),
});

export const ENUMS: EnumDef[] = [
  def('CompanyType', [
    [4, '采购商'],
    [2, '供应商'],
  ]),
  def('MemberLevel', [
    [0, '普通会员'],
    [1, '一级会员'],
    [2, '二级会员'],
    [3, '三级会员'],
  ]),
  def('OrderType', [
    [0, '采购订单'],
    [4, '询价订单'],
    [6, '销售订单'],
    [8, '报价订单'],
    [10, '关联订单'],
  ]),
  def('Gender', [
    [1, '男'],
    [0, '女'],
  ]),
  def('ProductStatus', [
    [0, '草稿'],
    [1, '待审核'],
    [2, '已上架'],
    [3, '已下架'],
    [4, '已驳回'],
  ]),
  def('StockReason', [
    [1, '入库'],
    [2, '出库'],
    [3, '盘点'],
    [4, '下单预占'],
    [5, '取消释放'],
    [6, '发货出库'],
    [7, '退货入库'],
  ]),
  def('AdjustmentType', [
    [1, '入库'],
    [2, '出库'],
    [3, '盘点'],
  ]),
  def('AdjustmentStatus', [
    [0, '草稿'],
    [1, '已确认'],
  ]),
  def('AttributeType', [
    [1, '文本'],
    [2, '数字'],
    [3, '单选'],
  ]),
  def('EnquiryStatus', [
    [0, '草稿'],
    [1, '报价中'],
    [2, '已截止'],
    [3, '已成交'],
    [4, '已撤销'],
  ]),
  def('OrderStatus', [
    [0, '待确认'],
    [1, '待付款'],
    [2, '待发货'],
    [3, '部分发货'],
    [4, '待收货'],
    [5, '已完成'],
    [6, '已取消'],
  ]),
  def('InvoiceKind', [
    [0, '不开发票'],
    [1, '增值税普通发票'],
    [2, '增值税专用发票'],
  ]),
  def('PaymentMethod', [
    [1, '银行转账'],
    [2, '账期支付'],
  ]),
  def('PaymentStatus', [
    [0, '待确认'],
    [1, '已确认'],
    [2, '已驳回'],
  ]),
  def('RmaType', [
    [1, '退货退款'],
    [2, '仅退款'],
    [3, '换货'],
  ]),
  def('RmaStatus', [
    [0, '待审核'],
    [1, '待寄回'],
    [2, '已驳回'],
    [3, '已寄回'],
    [4, '待退款/换货'],
    [5, '已完成'],
    [6, '已撤销'],
  ]),
  def('MerchantStatus', [
    [0, '未申请'],
    [1, '待审核'],
    [2, '已驳回'],
    [3, '已通过'],
  ]),
  def('CertStatus', [
    [0, '未认证'],
    [1, '审核中'],
    [2, '已认证'],
    [3, '未通过'],
  ]),
  def('ShopType', [
    [1, '生产厂家'],
    [2, '经销商'],
    [3, '服务商'],
  ]),
  def('BidType', [
    [1, '招标公告'],
    [2, '中标公告'],
  ]),
  def('MessageCategory', [
    [1, '系统'],
    [2, '订单'],
    [3, '询价'],
    [4, '招标'],
    [5, '财务'],
  ]),
  def('BidStatus', [
    [1, '投标中'],
    [2, '已截止'],
    [3, '已定标'],
  ]),
];

export const enumLabel = (enumName: string, id: number): string | undefined =>
  ENUMS.find((e) => e.name === enumName)?.items.find((i) => i.id === id)?.name;
