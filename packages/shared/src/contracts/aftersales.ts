import { z } from 'zod';
import { moneyInput } from '../money.ts';
import { rmaDisputeView } from './console-trade.ts';
import { pageQuery, recordId, wireTimestamp } from '../envelope.ts';
import { ReturnDisposition, RmaStatus, RmaType } from '../enums.ts';
import { addressInput } from './buying.ts';
import { carrierCodeInput, trackingNoFitsCarrier } from './tracking.ts';

/**
 * After-sales (issue 12, docs/product/aftersales.md#lifecycle): the purchaser applies for a return, a refund only or an
 * exchange of lines of a completed order; the supplier approves or rejects, receives the goods back (stock
 * 退货入库) and refunds or sends a replacement order. Money in yuan with two decimals.
 */

export const RMA_PHOTOS_MAX = 5;
export const RMA_MONEY_MAX = 99_999_999;

/** Common reasons offered by the apply form's select; the description carries the details. */
export const RMA_REASONS = ['质量问题', '商品与描述不符', '发错货', '少发/漏发', '包装或商品破损', '数量不符', '不想要了', '其他'] as const;

/** Reasons that mean the goods are faulty: their returned lines default to 不良品 on receipt. */
export const RMA_QUALITY_REASONS: readonly string[] = ['质量问题', '包装或商品破损'];

/** Which side's list (rma/rmaList?type=: docs/product/aftersales.md#screens): 0 the purchaser's requests, 1 those a supplier handles. */
export const RmaViewer = { BUYER: 0, SELLER: 1 } as const;

const text = (label: string, max: number) => z.string().trim().max(max, `${label}最多${max}个字`);
const required = (label: string, max: number) => z.string(`请输入${label}`).trim().min(1, `请输入${label}`).max(max, `${label}最多${max}个字`);
const money = (label: string) => moneyInput(label, { max: RMA_MONEY_MAX });
const rmaTypeField = z
  .number('请选择售后类型')
  .int('售后类型不正确')
  .refine((v) => (Object.values(RmaType) as number[]).includes(v), '售后类型不正确');

export const rmaApplyLineInput = z.object({
  orderLineId: recordId,
  quantity: z.number('请输入申请数量').int('申请数量必须是整数').min(1, '申请数量至少为1').max(99_999_999, '申请数量过大'),
});

export const rmaApplyInput = z
  .object({
    orderId: recordId,
    type: rmaTypeField,
    lines: z.array(rmaApplyLineInput).min(1, '请至少选择一件商品').max(200, '明细过多'),
    reason: z.enum(RMA_REASONS, '请选择售后原因'),
    description: text('问题描述', 500).default(''),
    photos: z.array(z.string().trim().min(1).max(300)).max(RMA_PHOTOS_MAX, `最多上传${RMA_PHOTOS_MAX}张图片`).default([]),
    /** Refund wanted; absent: the lines' amount. Must be 0 or absent for an exchange. */
    refundAmount: money('退款金额').optional(),
  })
  .superRefine((a, ctx) => {
    const ids = a.lines.map((l) => l.orderLineId);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: '同一商品只能出现一次', path: ['lines'] });
    if (a.type === RmaType.EXCHANGE && a.refundAmount) ctx.addIssue({ code: 'custom', message: '换货不退款，退款金额须为0', path: ['refundAmount'] });
    if (a.type !== RmaType.EXCHANGE && a.refundAmount === 0) ctx.addIssue({ code: 'custom', message: '退款金额必须大于0', path: ['refundAmount'] });
  });
export type RmaApplyInput = z.input<typeof rmaApplyInput>;

/** The facts the apply form needs: the order, its lines with what may still be claimed, and the deadline. */
export const rmaApplyInfoQuery = z.object({ orderId: z.coerce.number('订单编号格式不正确').int().positive().max(2_147_483_647) });
export const rmaApplyLine = z.object({
  orderLineId: z.number().int(),
  productName: z.string(),
  skuCode: z.string(),
  spec: z.string(),
  unit: z.string(),
  image: z.string(),
  unitPrice: z.string(),
  quantity: z.number().int(),
  shippedQty: z.number().int(),
  claimedQty: z.number().int(),
  /** shipped (received) less already claimed. */
  claimableQty: z.number().int(),
});
export type RmaApplyLine = z.infer<typeof rmaApplyLine>;
export const rmaApplyInfo = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  orderType: z.number().int(),
  sellerCompanyName: z.string(),
  shopName: z.string(),
  totalAmount: z.string(),
  completedAt: wireTimestamp.nullable(),
  /** Last moment an application is accepted (completedAt + rmaDays). */
  deadline: wireTimestamp.nullable(),
  /** Why no application is possible now (not completed, deadline passed, nothing left to claim), or null. */
  blockedReason: z.string().nullable(),
  lines: z.array(rmaApplyLine),
});
export type RmaApplyInfo = z.infer<typeof rmaApplyInfo>;

const statusField = z.coerce
  .number()
  .int()
  .refine((v) => (Object.values(RmaStatus) as number[]).includes(v), '售后状态不正确');

export const rmaListQuery = pageQuery.extend({
  /** 0 the purchaser's own requests, 1 requests on the supplier's orders. */
  type: z.coerce.number('列表类型不正确').int().min(0, '列表类型不正确').max(1, '列表类型不正确'),
  status: statusField.optional(),
  rmaType: z.coerce.number().int().min(1).max(3).optional(),
  /** Part of the after-sales number or the order number. */
  keyword: z.string().trim().max(40, '关键词最多40个字').optional(),
  /** Created on or after / before the end of (YYYY-MM-DD, China time). */
  dateFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确').optional(),
  dateTo: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确').optional(),
});
export type RmaListQuery = z.input<typeof rmaListQuery>;

/** How many requests of a side are in each status (the list's tab badges). */
export const rmaCountsQuery = z.object({ type: z.coerce.number('列表类型不正确').int().min(0, '列表类型不正确').max(1, '列表类型不正确') });
export const rmaCounts = z.array(z.object({ status: z.number().int(), count: z.number().int() }));
export type RmaCounts = z.infer<typeof rmaCounts>;

export const rmaRow = z.object({
  id: z.number().int(),
  rmaNo: z.string(),
  orderId: z.number().int(),
  orderNo: z.string(),
  type: z.number().int(),
  status: z.number().int(),
  reason: z.string(),
  refundAmount: z.string(),
  /** The other company: the supplier (purchaser's list) or the purchaser (supplier's list). */
  counterpartName: z.string(),
  /** First line's product name and image, and the number of lines and units claimed. */
  productName: z.string(),
  image: z.string(),
  lineCount: z.number().int(),
  totalQuantity: z.number().int(),
  /** The lines' unit when they share one, else '' (the summary then counts products, decision 0185). */
  unit: z.string(),
  createdAt: wireTimestamp,
  updatedAt: wireTimestamp,
});
export type RmaRow = z.infer<typeof rmaRow>;

export const rmaLineView = z.object({
  id: z.number().int(),
  orderLineId: z.number().int(),
  skuId: z.number().int().nullable(),
  productName: z.string(),
  skuCode: z.string(),
  spec: z.string(),
  unit: z.string(),
  image: z.string(),
  unitPrice: z.string(),
  quantity: z.number().int(),
  amount: z.string(),
  /** ReturnDisposition chosen on receipt (null before receipt and for refund-only requests). */
  disposition: z.number().int().nullable(),
});
export type RmaLineView = z.infer<typeof rmaLineView>;

/** The actions of an after-sales request's state table (packages/shared/src/machines/rma.ts). */
export const rmaActionName = z.enum(['withdraw', 'approve', 'reject', 'shipBack', 'receive', 'refund', 'exchange', 'escalate', 'arbitrate']);
export type RmaAction = z.infer<typeof rmaActionName>;

export const rmaHistoryView = z.object({
  id: z.number().int(),
  action: z.string(),
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int(),
  side: z.number().int(),
  userName: z.string(),
  note: z.string(),
  createdAt: wireTimestamp,
});
export type RmaHistoryView = z.infer<typeof rmaHistoryView>;

export const rmaDetail = rmaRow.extend({
  /** The caller's side on this request: 0 purchaser, 1 supplier. */
  viewer: z.number().int(),
  /** The order type the caller sees the order as (0/4 purchaser, 6/8 supplier), for the order detail link. */
  orderType: z.number().int(),
  buyerCompanyName: z.string(),
  sellerCompanyName: z.string(),
  description: z.string(),
  photos: z.array(z.string()),
  rejectReason: z.string().nullable(),
  returnCarrier: z.string().nullable(),
  returnTrackingNo: z.string().nullable(),
  /** Where the goods go back to: the supplier's return address copied on approval (null before, and for 仅退款). */
  returnAddress: z
    .object({ receiver: z.string(), phone: z.string(), areaName: z.string(), detail: z.string() })
    .nullable(),
  /** Invoice amount this refund asks to reverse (红冲) because the order was invoiced; null when none. */
  invoiceReverseAmount: z.string().nullable(),
  /** The issued invoice the amount is to be reversed on. */
  reverseInvoiceId: z.number().int().nullable(),
  /** The red-letter invoice that settled it (null while 待红冲). */
  reversalInvoiceId: z.number().int().nullable(),
  reversalInvoiceCode: z.string().nullable(),
  refundMethod: z.number().int().nullable(),
  refundedAmount: z.string().nullable(),
  refundNote: z.string().nullable(),
  refundedAt: wireTimestamp.nullable(),
  replacementOrderId: z.number().int().nullable(),
  replacementOrderNo: z.string().nullable(),
  closedAt: wireTimestamp.nullable(),
  lines: z.array(rmaLineView),
  history: z.array(rmaHistoryView),
  /** What the caller may do now: `rmaMachine.available(…)` (packages/shared/src/machines/rma.ts), in table order. */
  actions: z.array(rmaActionName),
  /** 申请平台介入 of a refused request and the platform's decision (decision 0187); null when never escalated. */
  dispute: rmaDisputeView.nullable(),
});
export type RmaDetail = z.infer<typeof rmaDetail>;

export const rmaIdQuery = z.object({ id: z.coerce.number('售后编号格式不正确').int().positive().max(2_147_483_647) });
export const rmaIdInput = z.object({ id: recordId });
export const rmaNoteInput = rmaIdInput.extend({ note: text('备注', 200).default('') });
/**
 * Approval: 退货退款 and 换货 need the return address — one of the supplier's saved return addresses
 * (`addressId`) or a new one (`address`, saved to the address book when `save`).
 */
export const rmaApproveInput = rmaNoteInput.extend({
  addressId: recordId.optional(),
  address: addressInput.omit({ kind: true, isDefault: true }).optional(),
  save: z.boolean().default(false),
});
export type RmaApproveInput = z.input<typeof rmaApproveInput>;
/** Receipt: where each returned line goes; lines left out take their default (quality reasons → 不良品, else 良品入库). */
export const rmaReceiveInput = rmaNoteInput.extend({
  lines: z
    .array(
      z.object({
        id: recordId,
        disposition: z
          .number('请选择处理方式')
          .int('处理方式不正确')
          .refine((v) => (Object.values(ReturnDisposition) as number[]).includes(v), '处理方式不正确'),
      }),
    )
    .max(200, '明细过多')
    .default([]),
});
export type RmaReceiveInput = z.input<typeof rmaReceiveInput>;
export const rmaRejectInput = rmaIdInput.extend({ reason: required('驳回原因', 200) });
export const rmaShipBackInput = rmaIdInput.extend({
  carrier: required('物流公司', 50),
  trackingNo: z
    .string('请输入物流单号')
    .trim()
    .min(1, '请输入物流单号')
    .max(50, '物流单号最多50个字')
    .regex(/^[A-Za-z0-9-]+$/, '物流单号只能包含字母、数字和短横线'),
  carrierCode: carrierCodeInput,
}).superRefine(trackingNoFitsCarrier);
/** How a refund is made: 1 recorded offline transfer; 2 the credit account (the money issue) is not open yet. */
/** How a refund is paid: offline transfer, back to the credit account, or back through the online payment channel (原路退回). */
export const RefundMethod = { OFFLINE: 1, CREDIT: 2, ONLINE: 3 } as const;
export const rmaRefundInput = rmaIdInput.extend({
  method: z.union([z.literal(RefundMethod.OFFLINE), z.literal(RefundMethod.CREDIT), z.literal(RefundMethod.ONLINE)], '请选择退款方式').default(RefundMethod.OFFLINE),
  amount: money('退款金额').refine((v) => v > 0, '退款金额必须大于0'),
  note: text('退款说明', 200).default(''),
});
export type RmaRefundInput = z.input<typeof rmaRefundInput>;
export const rmaExchangeResult = z.object({ orderId: z.number().int(), orderNo: z.string() });
