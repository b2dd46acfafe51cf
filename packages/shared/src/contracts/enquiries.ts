import { z } from 'zod';
import { documentHistoryView, type DocumentHistoryView } from './history.ts';
import { versionChange } from './version-changes.ts';
import { agreementPeriod } from './agreements.ts';
import { pageQuery, recordId } from '../envelope.ts';
import { EnquiryStatus, EnquiryVisibility } from '../enums.ts';
import { isWholeFen } from '../money.ts';

/**
 * Enquiries, purchaser side (issue 13, docs/product/enquiries.md#enquiry-lifecycle): the editor (draft / publish), the list with status
 * tabs, extend and withdraw, the comparison of offers and the award (whole or split into orders). Money in yuan
 * with two decimals; quantities are whole numbers (order lines are).
 */

export const ENQUIRY_LINES_MAX = 200;
export const ENQUIRY_ATTACHMENTS_MAX = 10;
/** Enquiry and quotation attachments (drawings, specifications, test reports): the file host's `enquiry` folder. */
export const ENQUIRY_FILE_TYPES = ['pdf', 'jpg', 'jpeg', 'png'] as const;
export const ENQUIRY_INVITES_MAX = 50;
/** A deadline lies at most this many days ahead. */
export const ENQUIRY_DEADLINE_DAYS_MAX = 90;
export const ENQUIRY_MONEY_MAX = 99_999_999;

const text = (label: string, max: number) => z.string(`${label}格式不正确`).trim().max(max, `${label}最多${max}个字`);
const required = (label: string, max: number) =>
  z.string(`请输入${label}`).trim().min(1, `请输入${label}`).max(max, `${label}最多${max}个字`);
const areaCode = z.number('地区编码格式不正确').int('地区编码格式不正确').positive('地区编码格式不正确').nullable().default(null);

export const enquiryLineInput = z.object({
  productName: required('产品名称', 120),
  spec: text('规格型号', 200).default(''),
  quantity: z
    .number('请输入数量')
    .int('数量必须是正整数')
    .min(1, '数量必须是正整数')
    .max(99_999_999, '数量过大'),
  unit: required('单位', 10),
  targetPrice: z
    .number('目标单价格式不正确')
    .positive('目标单价必须大于0')
    .max(ENQUIRY_MONEY_MAX, '目标单价过大')
    .refine(isWholeFen, '目标单价最多两位小数')
    .nullable()
    .default(null),
  remark: text('备注', 300).default(''),
  /** When picked from the catalogue. */
  productId: recordId.nullable().default(null),
  skuId: recordId.nullable().default(null),
});
export type EnquiryLineInput = z.input<typeof enquiryLineInput>;

export const enquiryAttachment = z.object({
  name: required('附件名称', 120),
  path: required('附件路径', 300),
});

const iso = (label: string) =>
  z
    .string(`请选择${label}`)
    .trim()
    .min(1, `请选择${label}`)
    .refine((s) => !Number.isNaN(Date.parse(s)), `${label}格式不正确`);

/** Save (draft) or publish; `id` edits an existing draft. */
export const enquirySaveInput = z
  .object({
    id: recordId.optional(),
    title: required('询价标题', 120),
    lines: z.array(enquiryLineInput).min(1, '请至少添加一条询价明细').max(ENQUIRY_LINES_MAX, `询价明细最多${ENQUIRY_LINES_MAX}条`),
    attachments: z.array(enquiryAttachment).max(ENQUIRY_ATTACHMENTS_MAX, `附件最多${ENQUIRY_ATTACHMENTS_MAX}个`).default([]),
    deliveryProvinceCode: areaCode,
    deliveryCityCode: areaCode,
    deliveryDistrictCode: areaCode,
    deliveryAreaName: text('交货地区', 100).default(''),
    deliveryAddress: text('交货地址', 200).default(''),
    deliveryDate: iso('交货日期').nullable().default(null),
    contactName: text('联系人', 50).default(''),
    contactPhone: z
      .string()
      .trim()
      .refine((s) => s === '' || /^1\d{10}$|^0\d{2,3}-?\d{7,8}$/.test(s), '联系电话格式不正确')
      .default(''),
    deadline: iso('报价截止时间'),
    invoiceKind: z
      .number('请选择发票要求')
      .int()
      .refine((v) => [0, 1, 2].includes(v), '发票要求不正确')
      .default(0),
    paymentTerms: text('付款方式', 100).default(''),
    visibility: z
      .number('请选择询价方式')
      .refine((v) => (Object.values(EnquiryVisibility) as number[]).includes(v), '询价方式不正确')
      .default(EnquiryVisibility.PUBLIC),
    invitedSupplierIds: z.array(recordId).max(ENQUIRY_INVITES_MAX, `最多邀请${ENQUIRY_INVITES_MAX}家供应商`).default([]),
    sealed: z.boolean().default(false),
    remark: text('补充说明', 2000).default(''),
    /** true: publish now (报价中); false: keep as 草稿. */
    publish: z.boolean().default(false),
  })
  .superRefine((a, ctx) => {
    if (a.publish && a.visibility === EnquiryVisibility.INVITED && a.invitedSupplierIds.length === 0)
      ctx.addIssue({ code: 'custom', message: '邀请询价请至少选择一家供应商', path: ['invitedSupplierIds'] });
    if (new Set(a.invitedSupplierIds).size !== a.invitedSupplierIds.length)
      ctx.addIssue({ code: 'custom', message: '同一供应商只能邀请一次', path: ['invitedSupplierIds'] });
    if (a.publish && !a.deliveryAreaName)
      ctx.addIssue({ code: 'custom', message: '请选择交货地区', path: ['deliveryAreaName'] });
  });
export type EnquirySaveInput = z.input<typeof enquirySaveInput>;

/** Which tab of the purchaser's list. */
export const myEnquiryListQuery = pageQuery.extend({
  status: z
    .number()
    .int()
    .refine((v) => (Object.values(EnquiryStatus) as number[]).includes(v), '询价状态不正确')
    .optional(),
  keyword: text('关键词', 60).optional(),
  /** Published on or after / before (yyyy-mm-dd). */
  dateFrom: text('开始日期', 10).optional(),
  dateTo: text('结束日期', 10).optional(),
});
export type MyEnquiryListQuery = z.input<typeof myEnquiryListQuery>;

export const myEnquiryRow = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  visibility: z.number().int(),
  sealed: z.boolean(),
  deadline: z.string(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  itemCount: z.number().int(),
  itemNames: z.array(z.string()),
  offerCount: z.number().int(),
  deliveryAreaName: z.string(),
});
export type MyEnquiryRow = z.infer<typeof myEnquiryRow>;

/** Count per status tab (草稿 … 已撤销) and all. */
export const myEnquiryCounts = z.object({
  all: z.number().int(),
  byStatus: z.record(z.string(), z.number().int()),
});
export type MyEnquiryCounts = z.infer<typeof myEnquiryCounts>;

export const enquiryIdQuery = z.object({ id: z.coerce.number('编号格式不正确').int('编号格式不正确').positive('编号格式不正确').max(2_147_483_647, '编号格式不正确') });

export const myEnquiryItem = z.object({
  id: z.number().int(),
  productName: z.string(),
  spec: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  targetPrice: z.string().nullable(),
  remark: z.string(),
  productId: z.number().int().nullable(),
  skuId: z.number().int().nullable(),
  awardedQuotationId: z.number().int().nullable(),
  awardedSupplierName: z.string().nullable(),
});
export type MyEnquiryItem = z.infer<typeof myEnquiryItem>;

/** One status change of an enquiry (document_history), oldest first. */
export const enquiryHistoryView = documentHistoryView;
export type EnquiryHistoryView = DocumentHistoryView;

export const myEnquiryDetail = myEnquiryRow.extend({
  items: z.array(myEnquiryItem),
  attachments: z.array(z.object({ name: z.string(), path: z.string() })),
  deliveryProvinceCode: z.number().int().nullable(),
  deliveryCityCode: z.number().int().nullable(),
  deliveryDistrictCode: z.number().int().nullable(),
  deliveryAddress: z.string(),
  deliveryDate: z.string().nullable(),
  contactName: z.string(),
  contactPhone: z.string(),
  invoiceKind: z.number().int(),
  paymentTerms: z.string(),
  remark: z.string(),
  revokeReason: z.string().nullable(),
  closedAt: z.string().nullable(),
  awardedAt: z.string().nullable(),
  invited: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Orders made by the award. */
  orders: z.array(z.object({ id: z.number().int(), orderNo: z.string(), sellerCompanyName: z.string(), totalAmount: z.string() })),
  /** The award waiting for approval (授标需审批): its purchase request, or null (decision 0249). */
  purchaseRequest: z.object({ id: z.number().int(), requestNo: z.string() }).nullable(),
  /** What the purchaser may do now. */
  actions: z.object({ edit: z.boolean(), extend: z.boolean(), withdraw: z.boolean(), compare: z.boolean(), award: z.boolean() }),
  history: z.array(enquiryHistoryView),
});
export type MyEnquiryDetail = z.infer<typeof myEnquiryDetail>;

export const enquiryExtendInput = z.object({ id: recordId, deadline: iso('新的截止时间') });
export const enquiryWithdrawInput = z.object({ id: recordId, reason: required('撤销原因', 200) });

/** Approved suppliers the purchaser may invite (the shop list), by name. */
export const supplierOptionQuery = z.object({ keyword: text('供应商名称', 60).optional() });
export const supplierOption = z.object({ id: z.number().int(), name: z.string(), shopName: z.string(), certified: z.boolean(), memberLevel: z.number().int() });
export type SupplierOption = z.infer<typeof supplierOption>;

/** 询价 from a goods page: the product (and the SKU chosen there) the editor starts from (decision 0185). */
export const enquiryFromProductQuery = z.object({
  productId: z.coerce.number('商品编号格式不正确').int('商品编号格式不正确').positive('商品编号格式不正确').max(2_147_483_647, '商品编号格式不正确'),
  skuId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number('规格编号格式不正确').int('规格编号格式不正确').positive('规格编号格式不正确').max(2_147_483_647, '规格编号格式不正确').optional(),
  ),
});
/**
 * What the editor fills in: a title, line 1 (name, spec, the minimum order as the quantity, unit, the product)
 * and the product's supplier to invite — null when it cannot be invited (the purchaser's own company).
 */
export const enquiryFromProduct = z.object({
  title: z.string(),
  line: z.object({ productName: z.string(), spec: z.string(), quantity: z.number().int(), unit: z.string(), productId: z.number().int() }),
  supplier: supplierOption.nullable(),
});
export type EnquiryFromProduct = z.infer<typeof enquiryFromProduct>;

/** One quoted line of an offer. */
export const offerLine = z.object({
  enquiryItemId: z.number().int(),
  unitPrice: z.string(),
  taxRate: z.string(),
  amount: z.string(),
  remark: z.string(),
});
export type OfferLine = z.infer<typeof offerLine>;

/** One live offer of the comparison (its current version). */
export const offerRow = z.object({
  quotationId: z.number().int(),
  supplierCompanyId: z.number().int(),
  supplierName: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  version: z.number().int(),
  goodsAmount: z.string(),
  freight: z.string(),
  totalAmount: z.string(),
  leadDays: z.number().int(),
  validUntil: z.string(),
  remark: z.string(),
  /** validUntil is past or the offer is 已失效: marked and not awardable. */
  expired: z.boolean(),
  awardable: z.boolean(),
  certified: z.boolean(),
  memberLevel: z.number().int(),
  /** Average review rating of the supplier's products (1–5), null without reviews. */
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  quotedLines: z.number().int(),
  updatedAt: z.string(),
  lines: z.array(offerLine),
});
export type OfferRow = z.infer<typeof offerRow>;

export const offerComparison = z.object({
  enquiry: myEnquiryRow.extend({ awardedAt: z.string().nullable() }),
  items: z.array(myEnquiryItem),
  /** Sealed and before the deadline: offers withheld (the count only). */
  sealedHidden: z.boolean(),
  offerCount: z.number().int(),
  offers: z.array(offerRow),
  /** Per enquiry item: the quotation ids with the lowest unit price (ties included). */
  lowestByItem: z.record(z.string(), z.array(z.number().int())),
  /** Quotations with the lowest total among those quoting every line. */
  lowestTotal: z.array(z.number().int()),
  /** False while an award waits for approval (purchaseRequest). */
  canAward: z.boolean(),
  /** The award waiting for approval: its purchase request, or null (decision 0249). */
  purchaseRequest: z.object({ id: z.number().int(), requestNo: z.string() }).nullable(),
});
export type OfferComparison = z.infer<typeof offerComparison>;

export const offerIdQuery = z.object({ quotationId: z.coerce.number('编号格式不正确').int('编号格式不正确').positive('编号格式不正确').max(2_147_483_647, '编号格式不正确') });
export const enquiryOfferQuery = z.object({ enquiryId: z.coerce.number('编号格式不正确').int('编号格式不正确').positive('编号格式不正确').max(2_147_483_647, '编号格式不正确') });

export const offerVersion = z.object({
  version: z.number().int(),
  goodsAmount: z.string(),
  freight: z.string(),
  totalAmount: z.string(),
  leadDays: z.number().int(),
  validUntil: z.string(),
  remark: z.string(),
  attachments: z.array(z.object({ name: z.string(), path: z.string() })),
  createdAt: z.string(),
  lines: z.array(offerLine),
  /** What this version changed from the one before (empty for the first). */
  changes: z.array(versionChange),
});
export type OfferVersion = z.infer<typeof offerVersion>;

export const offerDetail = z.object({
  enquiry: myEnquiryRow,
  items: z.array(myEnquiryItem),
  offer: offerRow.extend({ attachments: z.array(z.object({ name: z.string(), path: z.string() })), contactName: z.string(), contactPhone: z.string() }),
  /** Newest first. */
  versions: z.array(offerVersion),
});
export type OfferDetail = z.infer<typeof offerDetail>;

/** Award: each listed line to one quotation; lines left out stay unawarded. Whole award = every line to one. */
export const enquiryAwardInput = z
  .object({
    enquiryId: recordId,
    lines: z
      .array(z.object({ enquiryItemId: recordId, quotationId: recordId }))
      .min(1, '请至少选择一条中标明细')
      .max(ENQUIRY_LINES_MAX, '明细过多'),
    remark: text('备注', 300).default(''),
    /** 生成框架协议: instead of orders, one agreement per awarded supplier for this period (the supplier confirms). */
    asAgreement: agreementPeriod.nullable().default(null),
  })
  .superRefine((a, ctx) => {
    const ids = a.lines.map((l) => l.enquiryItemId);
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', message: '同一明细只能授予一家供应商', path: ['lines'] });
  });
export type EnquiryAwardInput = z.input<typeof enquiryAwardInput>;
export const enquiryAwardResult = z.object({
  orders: z.array(z.object({ id: z.number().int(), orderNo: z.string(), sellerCompanyId: z.number().int(), totalAmount: z.string() })),
  /** 生成框架协议: the agreements made instead of orders (待供应商确认). */
  agreements: z.array(z.object({ id: z.number().int(), code: z.string(), sellerCompanyId: z.number().int() })).optional(),
  /** The award needs approval: it waits as this purchase request and no order is made yet. */
  purchaseRequest: z.object({ id: z.number().int(), requestNo: z.string() }).optional(),
});
export type EnquiryAwardResult = z.infer<typeof enquiryAwardResult>;

/** Columns of a sheet of lines (import or paste from Excel), in this order when a sheet has no header row. */
export const ENQUIRY_SHEET_COLUMNS = ['产品名称', '规格型号', '数量', '单位', '目标单价', '备注'] as const;
/** Lines read from an uploaded sheet; rows that are not valid lines are named in `errors` (row numbers 1-based). */
export const enquirySheetLines = z.object({
  lines: z.array(
    z.object({ productName: z.string(), spec: z.string(), quantity: z.number(), unit: z.string(), targetPrice: z.number().nullable(), remark: z.string() }),
  ),
  errors: z.array(z.string()),
});
export type EnquirySheetLines = z.infer<typeof enquirySheetLines>;

/**
 * Reads rows of cells (a pasted block from Excel, or a sheet's rows) into lines: the first row is skipped when
 * it is the header; quantities must be positive whole numbers. Shared by the editor's paste and the server's
 * sheet import, so both say the same.
 */
export function linesFromRows(rows: string[][]): EnquirySheetLines {
  const lines: EnquirySheetLines['lines'] = [];
  const errors: string[] = [];
  const clean = rows.map((r) => r.map((c) => (c ?? '').trim()));
  const start = clean[0]?.[0]?.replace(/^\*/, '') === ENQUIRY_SHEET_COLUMNS[0] ? 1 : 0;
  for (let i = start; i < clean.length; i++) {
    const [name = '', spec = '', qty = '', unit = '', price = '', remark = ''] = clean[i]!;
    if (![name, spec, qty, unit, price, remark].some(Boolean)) continue;
    const row = i + 1;
    const quantity = Number(qty.replace(/,/g, ''));
    const target = price ? Number(price.replace(/[,¥￥]/g, '')) : null;
    const parsed = enquiryLineInput.safeParse({ productName: name, spec, quantity, unit, targetPrice: target, remark });
    if (!parsed.success) {
      errors.push(`第${row}行：${parsed.error.issues[0]?.message ?? '格式不正确'}`);
      continue;
    }
    const l = parsed.data;
    lines.push({ productName: l.productName, spec: l.spec, quantity: l.quantity, unit: l.unit, targetPrice: l.targetPrice, remark: l.remark });
  }
  if (lines.length > ENQUIRY_LINES_MAX) errors.push(`询价明细最多${ENQUIRY_LINES_MAX}条`);
  return { lines: lines.slice(0, ENQUIRY_LINES_MAX), errors };
}
