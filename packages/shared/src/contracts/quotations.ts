import { z } from 'zod';
import { versionChange } from './version-changes.ts';
import { moneyInput } from '../money.ts';
import { pageQuery, recordId, wireTimestamp } from '../envelope.ts';
import { VAT_RATES } from '../enums.ts';
import { optionalDate } from './orders.ts';

/**
 * Quotations, the supplier's side of an enquiry (issue 13, docs/product/enquiries.md#quotations): quote per line (unit price tax
 * included, with the VAT rate), revise until the deadline (every version kept), withdraw; the supplier's list
 * and detail; the message thread between the enquiry's purchaser and that supplier. Money in yuan, strings on
 * the wire with two decimals.
 */

export const QUOTE_MONEY_MAX = 99_999_999;
export const QUOTE_ATTACHMENTS_MAX = 5;
export const QUOTE_LEAD_DAYS_MAX = 365;
/** An offer may be valid at most this many days from today. */
export const QUOTE_VALID_DAYS_MAX = 365;
export const THREAD_MESSAGE_MAX = 1000;

/** Side of a thread message: 1 the purchaser, 2 the supplier. */
export const ThreadSide = { BUYER: 1, SELLER: 2 } as const;

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label}最多${max}个字`).default('');
const money = (label: string, min: 'positive' | 'zero') =>
  moneyInput(label, { max: QUOTE_MONEY_MAX, positive: min === 'positive' });

export const attachmentRef = z.object({
  name: z.string().trim().min(1, '附件名称不能为空').max(120, '附件名称最多120个字'),
  path: z.string().trim().min(1, '附件地址不能为空').max(300, '附件地址过长'),
});
export type AttachmentRef = z.infer<typeof attachmentRef>;

export const quoteLineInput = z.object({
  enquiryItemId: recordId,
  unitPrice: money('含税单价', 'positive'),
  taxRate: z
    .number('请选择税率')
    .refine((v) => (VAT_RATES as readonly number[]).includes(v), `税率只能是${VAT_RATES.join('%、')}%`),
  remark: optionalText('明细备注', 200),
});
export type QuoteLineInput = z.input<typeof quoteLineInput>;

/** YYYY-MM-DD */
const dateField = (label: string) =>
  z
    .string(`请选择${label}`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式不正确`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label}格式不正确`);

/**
 * A new offer, a revision or (after a withdrawal) a new offer again: `baseVersion` is the version the form was
 * opened on (0 when there was none), so a stale form or a second tab cannot add a version over a newer one.
 */
export const quoteSubmitInput = z
  .object({
    enquiryId: recordId,
    baseVersion: z.number().int().min(0).max(10_000),
    lines: z.array(quoteLineInput).min(1, '请至少为一项明细报价').max(500, '明细过多'),
    freight: money('运费', 'zero').default(0),
    leadDays: z
      .number('请输入交货期')
      .int('交货期须为整数天')
      .min(0, '交货期不能为负数')
      .max(QUOTE_LEAD_DAYS_MAX, `交货期最多${QUOTE_LEAD_DAYS_MAX}天`),
    validUntil: dateField('报价有效期'),
    remark: optionalText('报价说明', 500),
    attachments: z
      .array(attachmentRef)
      .max(QUOTE_ATTACHMENTS_MAX, `最多上传${QUOTE_ATTACHMENTS_MAX}个附件`)
      .default([]),
    contactName: z.string('请输入联系人').trim().min(1, '请输入联系人').max(50, '联系人最多50个字'),
    contactPhone: z
      .string('请输入联系电话')
      .trim()
      .min(1, '请输入联系电话')
      .max(20, '联系电话最多20位')
      .regex(/^[0-9+\-() ]{5,20}$/, '联系电话格式不正确'),
  })
  .superRefine((a, ctx) => {
    const ids = a.lines.map((l) => l.enquiryItemId);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', message: '同一明细只能报价一次', path: ['lines'] });
  });
export type QuoteSubmitInput = z.input<typeof quoteSubmitInput>;

export const quoteSubmitResult = z.object({
  id: z.number().int(),
  version: z.number().int(),
  status: z.number().int(),
  totalAmount: z.string(),
  /** The content equalled the current version: no version was added (decision 0185). Absent = false. */
  unchanged: z.boolean().optional(),
});
export type QuoteSubmitResult = z.infer<typeof quoteSubmitResult>;

export const quotationIdInput = z.object({ id: recordId });
/** The reason is required (≤ 200 characters): it is stored, shown in the offer's history and told to the purchaser. */
export const quotationWithdrawInput = z.object({
  id: recordId,
  reason: z.string('请输入撤回原因').trim().min(1, '请输入撤回原因').max(200, '撤回原因最多200个字'),
});

const idParam = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number(`${label}格式不正确`)
      .int(`${label}格式不正确`)
      .positive(`${label}格式不正确`)
      .max(2_147_483_647, `${label}格式不正确`)
      .optional(),
  );
/** The detail page opens on an offer (`id`) or on an enquiry (`enquiryId`: a new offer, or the existing one). */
export const quotationDetailQuery = z
  .object({ id: idParam('报价编号'), enquiryId: idParam('询价编号') })
  .refine((q) => q.id !== undefined || q.enquiryId !== undefined, '缺少报价或询价编号');

export const quotationLine = z.object({
  enquiryItemId: z.number().int(),
  unitPrice: z.string(),
  taxRate: z.string(),
  amount: z.string(),
  remark: z.string(),
});
export type QuotationLine = z.infer<typeof quotationLine>;

/** The figures of one version (the quotation row holds the current version's). */
const versionFigures = {
  version: z.number().int(),
  goodsAmount: z.string(),
  freight: z.string(),
  totalAmount: z.string(),
  leadDays: z.number().int(),
  validUntil: wireTimestamp,
  remark: z.string(),
  attachments: z.array(attachmentRef),
};

export const quotationVersion = z.object({
  ...versionFigures,
  createdAt: wireTimestamp,
  /** What this version changed from the one before (empty for the first). */
  changes: z.array(versionChange),
  lines: z.array(quotationLine),
});
export type QuotationVersion = z.infer<typeof quotationVersion>;

/** The enquiry as a quoting supplier sees it: no other supplier's offer, only the count. */
export const quoteEnquiry = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  status: z.number().int(),
  buyerCompanyName: z.string(),
  deadline: wireTimestamp,
  publishedAt: wireTimestamp.nullable(),
  sealed: z.boolean(),
  visibility: z.number().int(),
  invoiceKind: z.number().int(),
  paymentTerms: z.string(),
  deliveryAreaName: z.string(),
  deliveryDate: wireTimestamp.nullable(),
  remark: z.string(),
  attachments: z.array(attachmentRef),
  offerCount: z.number().int(),
  /** The purchaser's reason when the enquiry was withdrawn (已撤销). */
  revokeReason: z.string().nullable(),
  items: z.array(
    z.object({
      id: z.number().int(),
      productName: z.string(),
      spec: z.string(),
      quantity: z.string(),
      unit: z.string(),
      remark: z.string(),
      targetPrice: z.string().nullable(),
      /** Award outcome of the line for this supplier: null open, 'mine' awarded to me, 'other' to someone else. */
      award: z.enum(['mine', 'other']).nullable(),
    }),
  ),
});
export type QuoteEnquiry = z.infer<typeof quoteEnquiry>;

export const myQuotation = z.object({
  id: z.number().int(),
  /** The stored status (1 已报价, 2 已修改, 3 已中标, 4 未中标, 6 已撤回) with 已失效 (5) computed on read. */
  status: z.number().int(),
  ...versionFigures,
  contactName: z.string(),
  contactPhone: z.string(),
  withdrawnAt: wireTimestamp.nullable(),
  /** Why it was withdrawn (while 已撤回). */
  withdrawReason: z.string().nullable(),
  awardedAt: wireTimestamp.nullable(),
  createdAt: wireTimestamp,
  updatedAt: wireTimestamp,
  /** Every version, newest first, each with its lines. */
  versions: z.array(quotationVersion),
  /** Orders made from this offer's award (the supplier's 报价订单). */
  orders: z.array(z.object({ id: z.number().int(), orderNo: z.string(), totalAmount: z.string() })),
  unreadCount: z.number().int(),
});
export type MyQuotation = z.infer<typeof myQuotation>;

export const quotationDetail = z.object({
  enquiry: quoteEnquiry,
  quotation: myQuotation.nullable(),
  /** Whether the caller may quote (or revise, or quote again) now, and why not. */
  canQuote: z.boolean(),
  blockedReason: z.string().nullable(),
  canWithdraw: z.boolean(),
  /** Defaults for a new offer's contact. */
  contactName: z.string(),
  contactPhone: z.string(),
});
export type QuotationDetail = z.infer<typeof quotationDetail>;

export const quotationListQuery = pageQuery.extend({
  status: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(1).max(6).optional(),
  ),
  /** Part of the enquiry's title or code. */
  keyword: z.string().trim().max(60, '关键词最多60个字').optional(),
  /** Quoted (last submitted) from / to, China dates. */
  dateFrom: optionalDate,
  dateTo: optionalDate,
});
export type QuotationListQuery = z.input<typeof quotationListQuery>;
export type QuotationListFilter = z.infer<typeof quotationListQuery>;

export const quotationRow = z.object({
  id: z.number().int(),
  enquiryId: z.number().int(),
  enquiryCode: z.string(),
  enquiryTitle: z.string(),
  enquiryStatus: z.number().int(),
  buyerCompanyName: z.string(),
  deadline: wireTimestamp,
  status: z.number().int(),
  version: z.number().int(),
  totalAmount: z.string(),
  leadDays: z.number().int(),
  validUntil: wireTimestamp,
  unreadCount: z.number().int(),
  createdAt: wireTimestamp,
  updatedAt: wireTimestamp,
});
export type QuotationRow = z.infer<typeof quotationRow>;

export const quotationListAnswer = z.object({
  list: z.array(quotationRow),
  total: z.number().int(),
  /** Per status (1–6, 已失效 computed) under the same filters, status itself aside. */
  counts: z.record(z.string(), z.number().int()),
});
export type QuotationListAnswer = z.infer<typeof quotationListAnswer>;

// ---- The thread ----

export const threadQuery = z.object({
  quotationId: z.coerce
    .number('报价编号格式不正确')
    .int('报价编号格式不正确')
    .positive('报价编号格式不正确')
    .max(2_147_483_647, '报价编号格式不正确'),
});
/** Refusal of a thread message with neither text nor attachments. */
export const THREAD_MESSAGE_EMPTY = '请输入消息内容或添加附件';
/** A thread message: text, attachments, or both (an attachment may be the whole message); never neither. */
export const threadPostInput = z
  .object({
    quotationId: recordId,
    content: z
      .string('请输入消息内容')
      .trim()
      .max(THREAD_MESSAGE_MAX, `消息最多${THREAD_MESSAGE_MAX}个字`)
      .default(''),
    attachments: z
      .array(attachmentRef)
      .max(QUOTE_ATTACHMENTS_MAX, `最多上传${QUOTE_ATTACHMENTS_MAX}个附件`)
      .default([]),
  })
  .refine((m) => m.content.length > 0 || m.attachments.length > 0, {
    message: THREAD_MESSAGE_EMPTY,
    path: ['content'],
  });
export type ThreadPostInput = z.input<typeof threadPostInput>;

export const threadMessage = z.object({
  id: z.number().int(),
  side: z.number().int(),
  /** Written by the caller's company. */
  mine: z.boolean(),
  userName: z.string(),
  companyName: z.string(),
  content: z.string(),
  attachments: z.array(attachmentRef),
  readAt: wireTimestamp.nullable(),
  createdAt: wireTimestamp,
});
export type ThreadMessage = z.infer<typeof threadMessage>;

export const threadAnswer = z.object({
  quotationId: z.number().int(),
  /** The caller's side: 1 purchaser, 2 supplier. */
  side: z.number().int(),
  counterpartName: z.string(),
  messages: z.array(threadMessage),
  /** The other side's messages the caller has not read yet. */
  unreadCount: z.number().int(),
});
export type ThreadAnswer = z.infer<typeof threadAnswer>;
