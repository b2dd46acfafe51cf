import { z } from 'zod';
import { moneyInput } from '../money.ts';
import { pageQuery, recordId, wireTimestamp } from '../envelope.ts';
import { AgreementStatus } from '../enums.ts';
import { agreementMachine, type AgreementAction } from '../machines/agreement.ts';

/**
 * Framework agreements (框架协议) and their call-off orders (订单下达), docs/product/agreements.md: the supplier
 * enters an agreement for one purchaser (lines with an agreed unit price and total quantity, a period of China
 * days); the purchaser confirms it; while it is in force the purchaser draws quantities down, each call-off an
 * ordinary order at the agreed price. Money in yuan with two decimals; quantities are whole units.
 */

export const AGREEMENT_LINES_MAX = 50;
export const AGREEMENT_PRICE_MAX = 9_999_999;
export const AGREEMENT_QUANTITY_MAX = 9_999_999;
/** 金额协议: the largest total amount (yuan) an agreement may fix (numeric(14,2) holds it with room). */
export const AGREEMENT_AMOUNT_MAX = 999_999_999;

const text = (label: string, max: number) => z.string().trim().max(max, `${label}最多${max}个字`);
const required = (label: string, max: number) =>
  z.string(`请输入${label}`).trim().min(1, `请输入${label}`).max(max, `${label}最多${max}个字`);
const day = (label: string) => z.string(`请选择${label}`).regex(/^\d{4}-\d{2}-\d{2}$/, `请选择${label}`);

/** The period of an agreement an RFQ award makes (生成框架协议): two China days, the last not before the first. */
export const agreementPeriod = z
  .object({ validFrom: day('生效日期'), validTo: day('到期日期') })
  .refine((a) => a.validTo >= a.validFrom, { message: '到期日期不能早于生效日期', path: ['validTo'] });
const quantity = (label: string) =>
  z
    .number(`请输入${label}`)
    .int(`${label}必须是整数`)
    .positive(`${label}必须大于0`)
    .max(AGREEMENT_QUANTITY_MAX, `${label}不能超过${AGREEMENT_QUANTITY_MAX}`);
const idQuery = z.coerce.number('协议编号格式不正确').int('协议编号格式不正确').positive('协议编号格式不正确').max(2_147_483_647, '协议编号格式不正确');

/** One line the supplier enters: a SKU of its catalogue by its code, or a free line with name, spec and unit. */
export const agreementLineInput = z
  .object({
    /** The supplier's SKU code; its product's name, spec and unit then fill the line. Empty: a free line. */
    skuCode: text('SKU编码', 40).default(''),
    productName: text('商品名称', 120).default(''),
    spec: text('规格', 200).default(''),
    unit: text('单位', 10).default(''),
    unitPrice: moneyInput('协议单价', { max: AGREEMENT_PRICE_MAX }).refine((v) => v > 0, '协议单价必须大于0'),
    /** Required on a quantity agreement; ignored (null) on an amount agreement (金额协议). */
    quantity: quantity('协议数量').nullable().default(null),
  })
  .superRefine((l, ctx) => {
    if (l.skuCode) return;
    if (!l.productName) ctx.addIssue({ code: 'custom', path: ['productName'], message: '请输入商品名称或SKU编码' });
    if (!l.unit) ctx.addIssue({ code: 'custom', path: ['unit'], message: '请输入单位' });
  });
export type AgreementLineInput = z.input<typeof agreementLineInput>;

const agreementFields = z.object({
  buyerCompanyId: recordId,
  title: required('协议名称', 60),
  validFrom: day('生效日期'),
  validTo: day('到期日期'),
  remark: text('备注', 300).default(''),
  /** 金额协议: the total amount agreed (yuan) instead of quantities per line; null: a quantity agreement. */
  amountLimit: moneyInput('协议总金额', { max: AGREEMENT_AMOUNT_MAX }).refine((v) => v > 0, '协议总金额必须大于0').nullable().default(null),
  lines: z
    .array(agreementLineInput)
    .min(1, '请至少添加一行协议商品')
    .max(AGREEMENT_LINES_MAX, `协议商品最多${AGREEMENT_LINES_MAX}行`),
});
/** The form's checks of the agreement's kind (金额协议 needs its total amount; 数量协议 each line's quantity). */
export const missingAmountLimit = (v: number | null | undefined) => (v === null || v === undefined ? '请输入协议总金额' : null);
export const missingLineQuantity = (v: number | null | undefined) => (v === null || v === undefined ? '请输入协议数量' : null);

const periodCheck = <T extends { validFrom: string; validTo: string; amountLimit: number | null; lines: { quantity: number | null }[] }>(
  a: T,
  ctx: z.RefinementCtx,
) => {
  if (a.validTo < a.validFrom) ctx.addIssue({ code: 'custom', path: ['validTo'], message: '到期日期不能早于生效日期' });
  // A quantity agreement needs every line's quantity; an amount agreement's lines fix only their unit prices.
  if (a.amountLimit === null)
    a.lines.forEach((l, i) => {
      const problem = missingLineQuantity(l.quantity);
      if (problem) ctx.addIssue({ code: 'custom', path: ['lines', i, 'quantity'], message: problem });
    });
};
/** The supplier enters an agreement (→ 待确认). */
export const agreementInput = agreementFields.superRefine(periodCheck);
export type AgreementInput = z.input<typeof agreementInput>;
/** The supplier corrects a pending or rejected agreement (→ 待确认 again); the purchaser cannot be changed. */
export const agreementUpdateInput = agreementFields.omit({ buyerCompanyId: true }).extend({ id: recordId }).superRefine(periodCheck);

export const agreementIdInput = z.object({ id: recordId });
export const agreementIdQuery = z.object({ id: idQuery });
export const agreementReasonInput = z.object({ id: recordId, reason: required('原因', 200) });

/** The purchaser draws down quantities of an agreement's lines: one order to the supplier at the agreed prices. */
export const agreementCallOffInput = z.object({
  id: recordId,
  addressId: recordId,
  /** InvoiceKind: 0 不开票, 1 普通, 2 专用 (a title is then required). */
  invoiceKind: z.union([z.literal(0), z.literal(1), z.literal(2)], '请选择发票类型').default(0),
  invoiceTitleId: recordId.optional(),
  remark: text('备注', 300).default(''),
  lines: z
    .array(z.object({ lineId: recordId, quantity: quantity('下达数量') }))
    .min(1, '请至少填写一行下达数量')
    .max(AGREEMENT_LINES_MAX, `最多${AGREEMENT_LINES_MAX}行`)
    .refine((ls) => new Set(ls.map((l) => l.lineId)).size === ls.length, '同一协议商品只能填写一次'),
});
export type AgreementCallOffInput = z.input<typeof agreementCallOffInput>;

export const agreementStatusValues = Object.values(AgreementStatus) as number[];
export const agreementListQuery = pageQuery.extend({
  keyword: text('关键词', 60).default(''),
  status: z
    .number('状态不正确')
    .int('状态不正确')
    .refine((v) => agreementStatusValues.includes(v), '状态不正确')
    .optional(),
});
export type AgreementListQuery = z.input<typeof agreementListQuery>;

/** A purchaser company the supplier may enter an agreement for (the form's picker). */
export const agreementBuyerQuery = z.object({ keyword: required('采购商名称', 60) });
export const agreementBuyer = z.object({ id: z.number().int(), name: z.string() });

export const agreementRow = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  status: z.number().int(),
  buyerCompanyName: z.string(),
  sellerCompanyName: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  /** Sum of the lines' agreed amounts (quantity × unit price); an amount agreement's total amount. */
  totalAmount: z.string(),
  /** Amount drawn down so far (net of cancelled call-offs). */
  usedAmount: z.string(),
  /** 金额协议: the total amount agreed (null: a quantity agreement). */
  amountLimit: z.string().nullable(),
  /** totalAmount − usedAmount. */
  remainingAmount: z.string(),
  createdAt: wireTimestamp,
});
export type AgreementRow = z.infer<typeof agreementRow>;

export const agreementLineView = z.object({
  id: z.number().int(),
  skuId: z.number().int().nullable(),
  skuCode: z.string(),
  productName: z.string(),
  spec: z.string(),
  unit: z.string(),
  unitPrice: z.string(),
  /** Null on an amount agreement (no quantity cap per line). */
  quantity: z.number().int().nullable(),
  /** Drawn down so far, net of releases. */
  usedQuantity: z.number().int(),
  remainingQuantity: z.number().int().nullable(),
});
export type AgreementLineView = z.infer<typeof agreementLineView>;

/** One call-off (an order drawn from the agreement) with its quantities; `released` once the order was cancelled. */
export const agreementCallOffView = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  orderType: z.number().int(),
  orderStatus: z.number().int(),
  totalAmount: z.string(),
  quantity: z.number().int(),
  released: z.boolean(),
  userName: z.string(),
  createdAt: wireTimestamp,
});

export const agreementHistoryView = z.object({
  action: z.string(),
  userName: z.string(),
  note: z.string(),
  createdAt: wireTimestamp,
});

export const agreementActionNames = agreementMachine.actionNames as readonly AgreementAction[];
export const agreementDetail = agreementRow.extend({
  /** The caller's side: 'buyer' or 'seller'. */
  side: z.enum(['buyer', 'seller']),
  buyerCompanyId: z.number().int(),
  remark: z.string(),
  rejectReason: z.string(),
  terminateReason: z.string(),
  lines: z.array(agreementLineView),
  callOffs: z.array(agreementCallOffView),
  history: z.array(agreementHistoryView),
  actions: z.array(z.enum(['edit', 'confirm', 'reject', 'accept', 'decline', 'callOff', 'terminate', 'expire'])),
});
export type AgreementDetail = z.infer<typeof agreementDetail>;
