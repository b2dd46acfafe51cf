/**
 * Enum definitions served by GET /api/enums (docs/product/api-envelope.md#static-data: `{name, items[{id,name,description,display}], isFlag}`).
 * Statuses follow docs/product/README.md#document-map.
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
/**
 * Why stock moved (docs/product/catalogue.md#stock-ledger-reasons): adjustments write 1–3, orders 4–6, after-sales receipts 7–9 (7 back to
 * sellable stock, 8 held as defective — not sellable, 9 written off: a ledger row that changes no quantity).
 */
export const StockReason = { IN: 1, OUT: 2, COUNT: 3, RESERVE: 4, RELEASE: 5, SHIP: 6, RETURN: 7, HELD: 8, SCRAP: 9 } as const;
export type StockReasonValue = (typeof StockReason)[keyof typeof StockReason];
export const AdjustmentType = { IN: 1, OUT: 2, COUNT: 3 } as const;
export const AdjustmentStatus = { DRAFT: 0, CONFIRMED: 1 } as const;
export const AttributeType = { TEXT: 1, NUMBER: 2, SELECT: 3 } as const;
export const EnquiryStatus = { DRAFT: 0, QUOTING: 1, CLOSED: 2, DEAL: 3, REVOKED: 4 } as const;
/** Who may quote on an enquiry: any certified supplier, or only those invited. */
export const EnquiryVisibility = { PUBLIC: 1, INVITED: 2 } as const;
/** A supplier's quotation: 已报价 → 已修改 (revised) → 已中标 / 未中标; 已失效 past validity; 已撤回. */
export const QuotationStatus = { QUOTED: 1, REVISED: 2, WON: 3, LOST: 4, EXPIRED: 5, WITHDRAWN: 6 } as const;
export type QuotationStatusValue = (typeof QuotationStatus)[keyof typeof QuotationStatus];
/** Order lifecycle (docs/product/orders.md#lifecycle): 已取消 only before anything ships. */
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
export const PaymentMethod = { TRANSFER: 1, CREDIT: 2, WECHAT: 3, ALIPAY: 4 } as const;
/** An online payment partner (docs/decisions/0207-online-payments.md). */
export const PayChannel = { WECHAT: 1, ALIPAY: 2 } as const;
/** A payment order (支付单): 待支付 → 已支付 / 已关闭; 支付失败. */
export const PayOrderStatus = { OPEN: 0, PAID: 1, CLOSED: 2, FAILED: 3 } as const;
/** A refund through the payment partner: 退款中 → 退款成功 / 退款失败. */
export const PayRefundStatus = { PROCESSING: 0, SUCCESS: 1, FAILED: 2 } as const;
/** A supplier's sub-merchant with a payment partner (收款设置): 待平台核验 → 已核验 / 未通过. */
export const SubMerchantStatus = { SUBMITTED: 0, VERIFIED: 1, REFUSED: 2 } as const;
/** A VAT invoice: 待开票 → 已开票 → 已收票 / 有异议; 已红冲 once reversed; 已撤销; 已拒绝. */
export const InvoiceStatus = {
  REQUESTED: 0,
  ISSUED: 1,
  RECEIVED: 2,
  DISPUTED: 3,
  REVERSED: 4,
  WITHDRAWN: 5,
  REFUSED: 6,
} as const;
export const VAT_RATES = [13, 9, 6, 3, 1, 0] as const;
/** A framework agreement (框架协议, docs/product/agreements.md#lifecycle). */
/** 6: made by an RFQ award (生成框架协议), waiting for the supplier's confirmation. */
export const AgreementStatus = { PENDING: 1, ACTIVE: 2, EXPIRED: 3, TERMINATED: 4, REJECTED: 5, AWARDED: 6 } as const;
/** An order contract (采购合同, docs/decisions/0208-order-contracts.md): 待签署 → 甲方已签 / 乙方已签 → 已签署, or 已作废. */
export const ContractStatus = { PENDING: 1, BUYER_SIGNED: 2, SELLER_SIGNED: 3, SIGNED: 4, VOIDED: 5 } as const;
export const CreditAccountStatus = { PENDING: 0, ACTIVE: 1, FROZEN: 2, REJECTED: 3 } as const;
/** Why a credit account moved (one append-only ledger row each). */
export const CreditMovement = { RECHARGE: 1, REFUND: 2, ORDER_PAYMENT: 3, RMA_REFUND: 4, ADJUSTMENT: 5, REPAYMENT: 6 } as const;
export const CreditRequestKind = { RECHARGE: 1, REFUND: 2 } as const;
export const CreditRequestStatus = { PENDING: 0, CONFIRMED: 1, REJECTED: 2 } as const;
export const StatementStatus = { PENDING: 0, CONFIRMED: 1, DISPUTED: 2 } as const;
/** A purchase request (采购申请, docs/product/approvals.md): 待审批 → 已通过 / 已驳回 / 已撤回 / 已过期 / 已退回. */
export const PurchaseRequestStatus = { PENDING: 0, APPROVED: 1, REJECTED: 2, WITHDRAWN: 3, EXPIRED: 4, RETURNED: 5 } as const;
/** What a purchase request performs on its last approval: a checkout's orders, an RFQ award, a tender award, a call-off. */
export const PurchaseRequestKind = { CHECKOUT: 0, ENQUIRY_AWARD: 1, TENDER_AWARD: 2, CALL_OFF: 3 } as const;
export type PurchaseRequestKindValue = (typeof PurchaseRequestKind)[keyof typeof PurchaseRequestKind];
/** A payment of an order: the purchaser's transfer proof waits for the supplier to confirm or reject it. */
export const PaymentStatus = { SUBMITTED: 0, CONFIRMED: 1, REJECTED: 2 } as const;
/** What the supplier did with a transfer's excess over the amount due (decision 0215): refunded, or kept as balance. */
export const ExcessHandling = { REFUND: 1, BALANCE: 2 } as const;
export const RmaType = { RETURN: 1, REFUND: 2, EXCHANGE: 3 } as const;
/** What a company keeps an address for: purchasers' delivery addresses, suppliers' shipping-from and return ones. */
export const AddressKind = { DELIVERY: 1, SHIP_FROM: 2, RETURN: 3 } as const;
export type AddressKindValue = (typeof AddressKind)[keyof typeof AddressKind];
/** Where a returned line goes on receipt: 良品入库 (sellable), 不良品 (held, not sellable), 报废 (written off). */
export const ReturnDisposition = { GOOD: 1, DEFECT: 2, SCRAP: 3 } as const;
export type ReturnDispositionValue = (typeof ReturnDisposition)[keyof typeof ReturnDisposition];
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
/**
 * Tender lifecycle (decision 0140): 草稿 → 招标中 → 已截止 → 已开标 → 评标中 → 已定标, or 流标 when no lot had
 * 3 valid bids. Results (type 2) use 已定标. The original 1–3 keep their meaning for the public pages.
 */
export const BidStatus = { DRAFT: 0, OPEN: 1, CLOSED: 2, AWARDED: 3, OPENED: 4, EVALUATING: 5, FAILED: 6 } as const;
export const TenderLotStatus = { OPEN: 0, FAILED: 1, AWARDED: 2 } as const;
/** A supplier's bid: registered, submitted, to reconfirm after an amendment, withdrawn. */
export const TenderBidStatus = { REGISTERED: 0, SUBMITTED: 1, TO_CONFIRM: 2, WITHDRAWN: 3 } as const;
export const ShopType = { MANUFACTURER: 1, DEALER: 2, SERVICE: 3 } as const;
/** Inbox categories (docs/product/workbench.md#inbox): 系统, 订单, 询价, 招标, 财务. */
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
    [8, '不良品入库'],
    [9, '退货报废'],
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
    [3, '微信支付'],
    [4, '支付宝'],
  ]),
  def('PayChannel', [
    [1, '微信支付'],
    [2, '支付宝'],
  ]),
  def('PayOrderStatus', [
    [0, '待支付'],
    [1, '已支付'],
    [2, '已关闭'],
    [3, '支付失败'],
  ]),
  def('PayRefundStatus', [
    [0, '退款中'],
    [1, '退款成功'],
    [2, '退款失败'],
  ]),
  def('SubMerchantStatus', [
    [0, '待平台核验'],
    [1, '已核验'],
    [2, '未通过'],
  ]),
  def('PaymentStatus', [
    [0, '待确认'],
    [1, '已确认'],
    [2, '已驳回'],
  ]),
  def('ExcessHandling', [
    [1, '退还'],
    [2, '转为余额'],
  ]),
  def('AddressKind', [
    [1, '收货地址'],
    [2, '发货地址'],
    [3, '退货地址'],
  ]),
  def('ReturnDisposition', [
    [1, '良品入库'],
    [2, '不良品'],
    [3, '报废'],
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
  def('EnquiryVisibility', [
    [1, '公开询价'],
    [2, '邀请询价'],
  ]),
  def('QuotationStatus', [
    [1, '已报价'],
    [2, '已修改'],
    [3, '已中标'],
    [4, '未中标'],
    [5, '已失效'],
    [6, '已撤回'],
  ]),
  def('InvoiceStatus', [
    [0, '待开票'],
    [1, '已开票'],
    [2, '已收票'],
    [3, '有异议'],
    [4, '已红冲'],
    [5, '已撤销'],
    [6, '已拒绝'],
  ]),
  def('CreditAccountStatus', [
    [0, '待审核'],
    [1, '正常'],
    [2, '已冻结'],
    [3, '已拒绝'],
  ]),
  def('CreditMovement', [
    [1, '充值'],
    [2, '退款'],
    [3, '订单支付'],
    [4, '售后退款'],
    [5, '调整'],
    [6, '还款'],
  ]),
  def('CreditRequestStatus', [
    [0, '待确认'],
    [1, '已确认'],
    [2, '已驳回'],
  ]),
  def('PurchaseRequestStatus', [
    [0, '待审批'],
    [1, '已通过'],
    [2, '已驳回'],
    [3, '已撤回'],
    [4, '已过期'],
    [5, '已退回'],
  ]),
  def('StatementStatus', [
    [0, '待确认'],
    [1, '已确认'],
    [2, '有异议'],
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
    [0, '草稿'],
    [1, '投标中'],
    [2, '已截止'],
    [3, '已定标'],
    [4, '已开标'],
    [5, '评标中'],
    [6, '流标'],
  ]),
  def('TenderLotStatus', [
    [0, '招标中'],
    [1, '流标'],
    [2, '已定标'],
  ]),
  def('TenderBidStatus', [
    [0, '已报名'],
    [1, '已投标'],
    [2, '待确认'],
    [3, '已撤回'],
  ]),
  def('AgreementStatus', [
    [1, '待确认'],
    [2, '生效中'],
    [3, '已到期'],
    [4, '已终止'],
    [5, '已拒绝'],
    [6, '待供应商确认'],
  ]),
  def('ContractStatus', [
    [1, '待签署'],
    [2, '甲方已签'],
    [3, '乙方已签'],
    [4, '已签署'],
    [5, '已作废'],
  ]),
];

export const enumLabel = (enumName: string, id: number): string | undefined =>
  ENUMS.find((e) => e.name === enumName)?.items.find((i) => i.id === id)?.name;
