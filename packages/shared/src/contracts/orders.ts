import { z } from 'zod';
import { moneyInput, moneyQuery } from '../money.ts';
import { pageQuery, recordId, wireTimestamp } from '../envelope.ts';
import { carrierCodeInput, trackingNoFitsCarrier } from './tracking.ts';

/**
 * Orders seen from both sides (issue 12, docs/product/orders.md#lifecycle): lists of the six menus, the detail with its
 * history, payments and shipments, and the lifecycle commands. Money is in yuan with 2 decimals (strings on
 * the wire for exact amounts).
 */

/** The list a page shows: the purchaser's 0/4 (own or, with `all`, the company's), the supplier's 6/8. */
export const ORDER_LIST_TYPES = [0, 4, 6, 8] as const;
export type OrderListType = (typeof ORDER_LIST_TYPES)[number];

const optionalNumber = (max: number, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number(message).min(0, message).max(max, message).optional(),
  );
/** An optional YYYY-MM-DD filter ('' and null count as absent). */
export const optionalDate = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), '日期格式不正确')
    .optional(),
);

export const orderListQuery = pageQuery.extend({
  type: z.union([z.literal(0), z.literal(4), z.literal(6), z.literal(8)], '订单类型不正确'),
  /** 1: the company's orders (allorder / allenorder) instead of the user's own. */
  all: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(0).max(1).optional(),
  ),
  status: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(0).max(6).optional(),
  ),
  orderNo: z.string().trim().max(32, '订单号最多32位').optional(),
  /** The other company's name (supplier for the purchaser, purchaser for the supplier), part of it. */
  counterparty: z.string().trim().max(60, '单位名称最多60个字').optional(),
  /** Part of the purchaser's 采购单号 or 成本中心 (docs/product/orders.md#po-numbers). */
  poRef: z.string().trim().max(40, '采购单号/成本中心最多40个字符').optional(),
  dateFrom: optionalDate,
  dateTo: optionalDate,
  amountMin: optionalNumber(1e12, '金额格式不正确'),
  amountMax: optionalNumber(1e12, '金额格式不正确'),
});
export type OrderListQuery = z.input<typeof orderListQuery>;
/** The list query as parsed (the server's filter). */
export type OrderListFilter = z.infer<typeof orderListQuery>;

export const orderRow = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  /** The viewer's order type (0/4 purchaser, 6/8 supplier). */
  type: z.number().int(),
  status: z.number().int(),
  buyerCompanyName: z.string(),
  buyerUserName: z.string(),
  sellerCompanyName: z.string(),
  shopName: z.string(),
  goodsAmount: z.string(),
  freight: z.string(),
  totalAmount: z.string(),
  paidAmount: z.string(),
  /** The purchaser's 采购单号 and 成本中心 ('' when none). */
  poNumber: z.string(),
  costCentre: z.string(),
  repriced: z.boolean(),
  /** A transfer proof waits for the supplier (已提交付款凭证). */
  paymentSubmitted: z.boolean(),
  /** ContractStatus of the order's live (not voided) contract, null without one (the list's 合同待签/合同已签). */
  contractStatus: z.number().int().nullable(),
  /**
   * The supplier's rule asks for a signed contract on this open order and none exists yet (the list's 待生成合同;
   * the detail's 待生成并签署采购合同).
   */
  contractRequired: z.boolean(),
  /** OrderInvoiceState from the issued invoices: 0 未开票, 1 部分开票, 2 已开票. */
  invoiceState: z.number().int(),
  lineCount: z.number().int(),
  firstLine: z.string(),
  createdAt: wireTimestamp,
});
export type OrderRow = z.infer<typeof orderRow>;

/** The list with the count of each status tab under the same filters (status itself aside). */
export const orderListAnswer = z.object({
  list: z.array(orderRow),
  total: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
  /** With filters the counts stop at ORDER_COUNT_CAP (shown as 1000+). */
  totalCapped: z.boolean(),
});
/** Filtered lists count at most this many orders (the unfiltered tabs are always exact). */
export const ORDER_COUNT_CAP = 1_000;
export type OrderListAnswer = z.infer<typeof orderListAnswer>;

export const orderDetailQuery = z.object({
  id: z.coerce
    .number('编号格式不正确')
    .int('编号格式不正确')
    .positive('编号格式不正确')
    .max(2_147_483_647, '编号格式不正确'),
  type: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(0).max(10).optional(),
  ),
});

/** What the viewer may do with the order now (buttons on the detail and the list). */
export const ORDER_ACTIONS = [
  'reprice',
  'confirm',
  'cancel',
  'pay',
  'payConfirm',
  'payPartial',
  'payReject',
  'payOnline',
  'ship',
  'receive',
  'rma',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export const orderLineView = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  skuId: z.number().int().nullable(),
  productName: z.string(),
  skuCode: z.string(),
  spec: z.string(),
  brand: z.string(),
  model: z.string(),
  unit: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  unitPrice: z.string(),
  originalUnitPrice: z.string().nullable(),
  amount: z.string(),
  /** Where the unit price came from at checkout (contract, tier, …; null: a quotation's price) and its label. */
  priceSource: z.string().nullable(),
  priceLabel: z.string(),
  shippedQty: z.number().int(),
  claimedQty: z.number().int(),
});
export type OrderLineView = z.infer<typeof orderLineView>;

export const orderPaymentView = z.object({
  id: z.number().int(),
  method: z.number().int(),
  amount: z.string(),
  proofFiles: z.array(z.string()),
  payerName: z.string(),
  remark: z.string(),
  status: z.number().int(),
  rejectReason: z.string().nullable(),
  submittedAt: wireTimestamp,
  decidedAt: wireTimestamp.nullable(),
  /** The note (附言) the supplier saw on the transfer and whether it carries the order number (null: not checked). */
  receivedNote: z.string(),
  noteMatched: z.boolean().nullable(),
  /** An excess row (negative amount): the transfer it comes from, ExcessHandling, the refund's bank reference. */
  excessOf: z.number().int().nullable(),
  excessHandling: z.number().int().nullable(),
  refundRef: z.string(),
});

export const shipmentView = z.object({
  id: z.number().int(),
  carrier: z.string(),
  trackingNo: z.string(),
  remark: z.string(),
  shippedByName: z.string(),
  createdAt: wireTimestamp,
  lines: z.array(
    z.object({
      orderLineId: z.number().int(),
      productName: z.string(),
      spec: z.string(),
      unit: z.string(),
      quantity: z.number().int(),
    }),
  ),
});

export const orderHistoryView = z.object({
  id: z.number().int(),
  action: z.string(),
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int(),
  side: z.number().int(),
  userName: z.string(),
  note: z.string(),
  createdAt: wireTimestamp,
});

export const relatedOrderView = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  /** Why it is related: 同批提交, 原订单, 换货补发. */
  relation: z.string(),
  status: z.number().int(),
  counterparty: z.string(),
  totalAmount: z.string(),
  /** The viewer's order type of the related order (to link to its detail). */
  type: z.number().int(),
});

export const orderDetail = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  kind: z.number().int(),
  /** The viewer's order type and side. */
  type: z.number().int(),
  side: z.enum(['buyer', 'seller']),
  status: z.number().int(),
  buyerCompanyName: z.string(),
  buyerUserName: z.string(),
  sellerCompanyName: z.string(),
  shopName: z.string(),
  goodsAmount: z.string(),
  freight: z.string(),
  totalAmount: z.string(),
  originalGoodsAmount: z.string().nullable(),
  originalFreight: z.string().nullable(),
  originalTotalAmount: z.string().nullable(),
  paidAmount: z.string(),
  paymentMethod: z.number().int().nullable(),
  /** OrderInvoiceState from the issued invoices: 0 未开票, 1 部分开票, 2 已开票 (against the total less refunds). */
  invoiceState: z.number().int(),
  /** Invoiced net of red-letter invoices, and the after-sales refunds made (yuan). */
  invoicedAmount: z.string(),
  refundedAmount: z.string(),
  address: z.object({
    receiver: z.string(),
    phone: z.string(),
    areaName: z.string(),
    detail: z.string(),
  }),
  invoice: z.object({
    kind: z.number().int(),
    title: z.string(),
    taxNo: z.string(),
    regAddress: z.string(),
    regPhone: z.string(),
    bankName: z.string(),
    bankAccount: z.string(),
  }),
  buyerRemark: z.string(),
  sellerRemark: z.string(),
  /** The purchaser's 采购单号 and 成本中心 ('' when none). */
  poNumber: z.string(),
  costCentre: z.string(),
  cancelReason: z.string().nullable(),
  cancelledBy: z.number().int().nullable(),
  createdAt: wireTimestamp,
  confirmedAt: wireTimestamp.nullable(),
  paidAt: wireTimestamp.nullable(),
  lastShippedAt: wireTimestamp.nullable(),
  completedAt: wireTimestamp.nullable(),
  cancelledAt: wireTimestamp.nullable(),
  /** When the timed rule now running on the order fires (confirm/pay deadline, automatic receipt). */
  deadline: wireTimestamp.nullable(),
  paymentSubmitted: z.boolean(),
  /** What is still to pay: total − paid (the order's payment rows), never below 0. */
  remainingAmount: z.string(),
  lines: z.array(orderLineView),
  payments: z.array(orderPaymentView),
  shipments: z.array(shipmentView),
  history: z.array(orderHistoryView),
  related: z.array(relatedOrderView),
  actions: z.array(z.enum(ORDER_ACTIONS)),
});
export type OrderDetail = z.infer<typeof orderDetail>;
/** The detail as a handler returns it (timestamps may be Dates). */
export type OrderDetailAnswer = z.input<typeof orderDetail>;

const money = (label: string) => moneyQuery(label, { max: 1e10 });

const reason = (label: string) => z.string().trim().min(1, `请填写${label}`).max(200, `${label}最多200个字`);

export const orderIdInput = z.object({ orderId: recordId });

export const orderRepriceInput = z.object({
  orderId: recordId,
  lines: z
    .array(z.object({ lineId: recordId, unitPrice: money('单价') }))
    .min(1, '请填写商品单价')
    .max(200),
  freight: money('运费'),
  note: z.string().trim().max(200, '说明最多200个字').optional(),
});
export type OrderRepriceInput = z.infer<typeof orderRepriceInput>;

export const orderCancelInput = z.object({
  orderId: recordId,
  reason: z.string().trim().max(200, '取消原因最多200个字').optional(),
});
export type OrderCancelInput = z.infer<typeof orderCancelInput>;

export const orderPayInput = z.object({
  orderId: recordId,
  /** PaymentMethod: 1 transfer (proof files, confirmed by the supplier); 2 账期支付 from the credit account. */
  method: z.union([z.literal(1), z.literal(2)], '请选择付款方式').default(1),
  proofFiles: z.array(z.string().max(300)).max(5, '付款凭证最多5个文件').default([]),
  payerName: z.string().trim().max(100, '付款户名最多100个字').optional(),
  remark: z.string().trim().max(300, '备注最多300个字').optional(),
}).superRefine((v, ctx) => {
  if (v.method === 1 && v.proofFiles.length === 0) ctx.addIssue({ code: 'custom', message: '请上传付款凭证', path: ['proofFiles'] });
});
export type OrderPayInput = z.infer<typeof orderPayInput>;

/**
 * The supplier confirms a transfer proof with the amount actually received and the note (附言) seen on the bank
 * statement (decision 0215): short leaves the remainder payable, an excess is refunded (退还, with the refund's bank
 * reference) or kept as the purchaser's balance (转为余额).
 */
export const paymentConfirmInput = z.object({
  orderId: recordId,
  receivedAmount: moneyInput('实收金额', { max: 1e10, positive: true }),
  receivedNote: z.string().trim().max(140, '附言最多140个字').default(''),
  excessHandling: z.union([z.literal(1), z.literal(2)], '请选择多付部分的处理方式').optional(),
  refundRef: z.string().trim().max(60, '退款流水号最多60个字').default(''),
});
export type PaymentConfirmInput = z.input<typeof paymentConfirmInput>;

/** What the supplier is told after confirming: paid, or the remainder still due; the excess; whether the note matched. */
export const paymentConfirmResult = z.object({
  paid: z.boolean(),
  remainingAmount: z.string(),
  excessAmount: z.string(),
  noteMatched: z.boolean(),
});
export type PaymentConfirmResult = z.infer<typeof paymentConfirmResult>;

export const paymentRejectInput = z.object({ orderId: recordId, reason: reason('驳回原因') });
export type PaymentRejectInput = z.infer<typeof paymentRejectInput>;

export const orderShipInput = z.object({
  orderId: recordId,
  lines: z
    .array(
      z.object({
        lineId: recordId,
        quantity: z.coerce
          .number('发货数量格式不正确')
          .int('发货数量必须是整数')
          .min(0, '发货数量不能为负数'),
      }),
    )
    .min(1, '请选择发货商品')
    .max(200),
  carrier: z.string().trim().min(1, '请填写物流公司').max(50, '物流公司最多50个字'),
  trackingNo: z.string().trim().min(1, '请填写运单号').max(50, '运单号最多50个字'),
  /** A carrier of the catalogue (logistics.ts): the number is checked against it and the parcel is tracked. */
  carrierCode: carrierCodeInput,
  remark: z.string().trim().max(300, '备注最多300个字').optional(),
}).superRefine(trackingNoFitsCarrier);
export type OrderShipInput = z.infer<typeof orderShipInput>;
