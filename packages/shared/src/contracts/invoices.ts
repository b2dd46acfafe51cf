import { z } from 'zod';
import { moneyInput, toFen } from '../money.ts';
import { pageQuery, recordId, wireTimestamp } from '../envelope.ts';
import { InvoiceStatus, VAT_RATES } from '../enums.ts';
import type { InvoiceMachineAction } from '../machines/invoice.ts';

/**
 * VAT invoices (issue 14, docs/product/invoices.md#lifecycle): the purchaser requests a 普通 or 专用 invoice for completed orders
 * of one supplier, up to their uninvoiced amount; the supplier issues it (number, date, amount before tax,
 * rate, tax, file) or refuses; the purchaser confirms receipt or disputes; a reversal (红冲) is a negative
 * invoice linked to the original that frees the amount again. Money in yuan with two decimals.
 */

export const INVOICE_MONEY_MAX = 99_999_999;
export const INVOICE_ORDERS_MAX = 50;
export const INVOICE_FILES_MAX = 3;
/** File types an issued invoice may carry (checked by their bytes on upload: OFD is a zip holding OFD.xml). */
export const INVOICE_FILE_TYPES = ['pdf', 'ofd', 'jpg', 'jpeg', 'png'] as const;

/** Which side's list: 0 the purchaser's requests, 1 requests to the supplier. */
export const InvoiceViewer = { BUYER: 0, SELLER: 1 } as const;

/** An order's invoice state in the order lists and detail: 0 未开票, 1 部分开票, 2 已开票. */
export const OrderInvoiceState = { NONE: 0, PARTIAL: 1, FULL: 2 } as const;
export const ORDER_INVOICE_STATE_LABELS: Record<number, string> = { 0: '未开票', 1: '部分开票', 2: '已开票' };

/** Statuses whose amounts count as invoiced (issued, whatever happened after; a reversal row is 已开票 and negative). */
export const ISSUED_INVOICE_STATUSES = [
  InvoiceStatus.ISSUED,
  InvoiceStatus.RECEIVED,
  InvoiceStatus.DISPUTED,
  InvoiceStatus.REVERSED,
];

/**
 * 未开票 / 部分开票 / 已开票 of one order from its issued amount in fen (net of red-letter invoices), against
 * what the purchaser finally paid: the total less the after-sales refunds (decision 0184). The invoices module
 * and the order lists use this one rule.
 */
export function orderInvoiceState(issuedFen: number, totalAmount: string, refundedFen = 0): number {
  return issuedFen <= 0
    ? OrderInvoiceState.NONE
    : issuedFen >= toFen(totalAmount) - refundedFen
      ? OrderInvoiceState.FULL
      : OrderInvoiceState.PARTIAL;
}

/**
 * The tax rule the supplier's figures must meet: amount before tax + tax = total = the requested amount, and
 * tax = amount before tax × rate rounded to the fen, within ±0.01 (invoicing software rounds per line).
 */
export const INVOICE_TAX_RULE =
  '不含税金额 + 税额 = 价税合计 = 申请金额；税额 = 不含税金额 × 税率（四舍五入到分），允许 ±0.01 元误差';

const text = (label: string, max: number) => z.string().trim().max(max, `${label}最多${max}个字`);
const required = (label: string, max: number) =>
  z.string(`请输入${label}`).trim().min(1, `请输入${label}`).max(max, `${label}最多${max}个字`);
const money = (label: string) => moneyInput(label, { max: INVOICE_MONEY_MAX });
const day = (label: string) => z.string(`请选择${label}`).regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式不正确`);
const idQuery = z.coerce.number('发票编号格式不正确').int().positive().max(2_147_483_647);
const viewerField = z.coerce.number('列表类型不正确').int().min(0, '列表类型不正确').max(1, '列表类型不正确');

export const invoiceRequestOrder = z.object({
  orderId: recordId,
  /** Amount of the order to invoice; absent: all that is uninvoiced. */
  amount: money('开票金额')
    .refine((v) => v > 0, '开票金额必须大于0')
    .optional(),
});
export const invoiceRequestInput = z
  .object({
    kind: z.union([z.literal(1), z.literal(2)], '请选择发票类型'),
    titleId: recordId,
    orders: z
      .array(invoiceRequestOrder)
      .min(1, '请至少选择一个订单')
      .max(INVOICE_ORDERS_MAX, `一次最多${INVOICE_ORDERS_MAX}个订单`),
    remark: text('备注', 300).default(''),
  })
  .superRefine((a, ctx) => {
    const ids = a.orders.map((o) => o.orderId);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', message: '同一订单只能出现一次', path: ['orders'] });
  });
export type InvoiceRequestInput = z.input<typeof invoiceRequestInput>;

/** Completed orders of the purchaser with something left to invoice (optionally of one supplier). */
export const invoiceableQuery = z.object({
  sellerCompanyId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  keyword: z.string().trim().max(40, '关键词最多40个字').optional(),
});
export const invoiceableOrder = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  sellerCompanyId: z.number().int(),
  sellerCompanyName: z.string(),
  totalAmount: z.string(),
  /** Covered by live requests and issued invoices (not withdrawn or refused; reversals subtract). */
  requestedAmount: z.string(),
  uninvoicedAmount: z.string(),
  completedAt: wireTimestamp.nullable(),
});
export type InvoiceableOrder = z.infer<typeof invoiceableOrder>;

const statusField = z.coerce
  .number()
  .int()
  .refine((v) => (Object.values(InvoiceStatus) as number[]).includes(v), '发票状态不正确');

export const invoiceListQuery = pageQuery.extend({
  type: viewerField,
  status: statusField.optional(),
  kind: z.coerce.number().int().min(1, '发票类型不正确').max(2, '发票类型不正确').optional(),
  /** Part of the request number or the invoice number. */
  number: z.string().trim().max(40, '号码最多40个字').optional(),
  /** Part of the other company's name. */
  counterparty: z.string().trim().max(50, '单位名称最多50个字').optional(),
  /** Requested on or after / before the end of (YYYY-MM-DD, China time). */
  dateFrom: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确')
    .optional(),
  dateTo: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确')
    .optional(),
  /** 1: only invoices whose orders had refunds not yet reversed (待红冲). */
  pendingReversal: z.coerce.number().int().min(0, '筛选条件不正确').max(1, '筛选条件不正确').optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuery>;

export const invoiceCountsQuery = z.object({ type: viewerField });
export const invoiceCounts = z.array(z.object({ status: z.number().int(), count: z.number().int() }));
export type InvoiceCounts = z.infer<typeof invoiceCounts>;

export const invoiceFile = z.object({ name: z.string(), path: z.string() });
export type InvoiceFile = z.infer<typeof invoiceFile>;

export const invoiceRow = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.number().int(),
  status: z.number().int(),
  /** The other company: the supplier (purchaser's list) or the purchaser (supplier's list). */
  counterpartName: z.string(),
  titleName: z.string(),
  requestedAmount: z.string(),
  invoiceNo: z.string().nullable(),
  invoiceDate: wireTimestamp.nullable(),
  totalAmount: z.string().nullable(),
  /** Set on a reversal (红冲) row: the original it reverses. */
  reversalOfId: z.number().int().nullable(),
  orderCount: z.number().int(),
  createdAt: wireTimestamp,
  /** Refunds on this invoice's orders still to be reversed (待红冲): the oldest one's request and the sum, or null. */
  pendingReversal: z
    .object({ rmaId: z.number().int(), rmaNo: z.string(), amount: z.string(), total: z.string(), count: z.number().int() })
    .nullable(),
});
export type InvoiceRow = z.infer<typeof invoiceRow>;

export const invoiceOrderView = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  /** The order type the viewer sees (0/4 purchaser, 6/8 supplier), for the order detail link. */
  orderType: z.number().int(),
  orderTotal: z.string(),
  amount: z.string(),
});
export const invoiceHistoryView = z.object({
  id: z.number().int(),
  action: z.string(),
  userName: z.string(),
  note: z.string(),
  createdAt: wireTimestamp,
});
export type InvoiceHistoryView = z.infer<typeof invoiceHistoryView>;

/** The actions of an invoice's state table (packages/shared/src/machines/invoice.ts). */
export type InvoiceAction = InvoiceMachineAction;
export const invoiceDetail = invoiceRow.extend({
  /** The caller's side: 0 purchaser, 1 supplier. */
  viewer: z.number().int(),
  buyerCompanyName: z.string(),
  sellerCompanyName: z.string(),
  title: z.object({
    title: z.string(),
    taxNo: z.string(),
    regAddress: z.string(),
    regPhone: z.string(),
    bankName: z.string(),
    bankAccount: z.string(),
  }),
  remark: z.string(),
  amountExTax: z.string().nullable(),
  taxRate: z.string().nullable(),
  taxAmount: z.string().nullable(),
  files: z.array(invoiceFile),
  rejectReason: z.string().nullable(),
  disputeReason: z.string().nullable(),
  issuedAt: wireTimestamp.nullable(),
  confirmedAt: wireTimestamp.nullable(),
  reversalOfCode: z.string().nullable(),
  /** The reversal (红冲) row of this invoice, once reversed. */
  reversedById: z.number().int().nullable(),
  reversedByCode: z.string().nullable(),
  orders: z.array(invoiceOrderView),
  history: z.array(invoiceHistoryView),
  actions: z.array(z.enum(['withdraw', 'confirm', 'dispute', 'issue', 'refuse', 'reverse'])),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

export const invoiceIdQuery = z.object({ id: idQuery });
export const invoiceIdInput = z.object({ id: recordId });
export const invoiceReasonInput = invoiceIdInput.extend({ reason: required('原因', 200) });

const invoiceNoField = z
  .string('请输入发票号码')
  .trim()
  .regex(/^[0-9A-Za-z]{8,20}$/, '发票号码应为8-20位数字或字母');
const filesField = z.array(
  invoiceFile.extend({ name: text('文件名', 200), path: z.string().trim().min(1).max(300) }),
);

export const invoiceIssueInput = invoiceIdInput.extend({
  invoiceNo: invoiceNoField,
  invoiceDate: day('开票日期'),
  amountExTax: money('不含税金额'),
  taxRate: z
    .number('请选择税率')
    .refine((v) => (VAT_RATES as readonly number[]).includes(v), '税率只能是13%、9%、6%、3%、1%或0'),
  taxAmount: money('税额'),
  files: filesField.min(1, '请上传发票文件').max(INVOICE_FILES_MAX, `最多上传${INVOICE_FILES_MAX}个文件`),
});
export type InvoiceIssueInput = z.input<typeof invoiceIssueInput>;

export const invoiceReverseInput = invoiceIdInput.extend({
  /** The red-letter invoice's own number, date and (optional) file. */
  invoiceNo: invoiceNoField,
  invoiceDate: day('红冲日期'),
  reason: required('红冲原因', 200),
  files: filesField.max(INVOICE_FILES_MAX, `最多上传${INVOICE_FILES_MAX}个文件`).default([]),
  /** A partial red-letter invoice for the refund of this after-sales request (its 待红冲 amount); absent: the whole invoice. */
  rmaId: recordId.optional(),
});
export type InvoiceReverseInput = z.input<typeof invoiceReverseInput>;
