import { z } from 'zod';
import { isWholeFen, moneyInput } from '../money.ts';
import { pageQuery, recordId, wireTimestamp } from '../envelope.ts';
import {
  CreditAccountStatus,
  CreditMovement,
  CreditRequestKind,
  CreditRequestStatus,
  StatementStatus,
} from '../enums.ts';

/**
 * Credit accounts (issue 14, docs/product/credit.md#credit-accounts): a purchaser requests an account with a supplier, the
 * supplier grants a limit and payment terms (账期); recharges, refunds, order payments, after-sales refunds and
 * adjustments are rows of an append-only ledger; balance and credit used are its sums; statements (对账单) for
 * a period. Money in yuan with two decimals (numbers in, strings out).
 */

export const CREDIT_MONEY_MAX = 99_999_999;
export const CREDIT_PROOF_MAX = 5;
/** Payment terms: at most a year. */
export const CREDIT_DAYS_MAX = 365;
/** Movements shown on (and exported from) one statement at most. */
export const STATEMENT_MOVEMENTS_MAX = 5_000;

const text = (label: string, max: number) => z.string().trim().max(max, `${label}最多${max}个字`);
const required = (label: string, max: number) =>
  z.string(`请输入${label}`).trim().min(1, `请输入${label}`).max(max, `${label}最多${max}个字`);
const money = (label: string) => moneyInput(label, { max: CREDIT_MONEY_MAX });
const positiveMoney = (label: string) => money(label).refine((v) => v > 0, `${label}必须大于0`);
const days = z
  .number('请输入账期天数')
  .int('账期天数必须是整数')
  .min(0, '账期天数不能为负数')
  .max(CREDIT_DAYS_MAX, `账期天数最多${CREDIT_DAYS_MAX}天`);
const oneOf = (values: Record<string, number>, message: string) =>
  z
    .number(message)
    .int(message)
    .refine((v) => Object.values(values).includes(v), message);
/** A day as YYYY-MM-DD (China time). */
const day = (label: string) => z.string(`请选择${label}`).regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式不正确`);

/** Lists: optional status, counterparty keyword and paging; the side comes from the caller's company type. */
export const creditAccountListQuery = pageQuery.extend({
  status: oneOf(CreditAccountStatus, '状态不正确').optional(),
  keyword: text('企业名称', 50).optional(),
});
export type CreditAccountListQuery = z.input<typeof creditAccountListQuery>;

/** An account with its ledger sums (balance, credit used, available) and overdue total. */
export const creditAccountRow = z.object({
  id: z.number().int(),
  buyerCompanyId: z.number().int(),
  buyerCompanyName: z.string(),
  sellerCompanyId: z.number().int(),
  sellerCompanyName: z.string(),
  status: z.number().int(),
  creditLimit: z.string(),
  paymentDays: z.number().int(),
  balance: z.string(),
  creditUsed: z.string(),
  /** balance + limit − credit used (0 when not active). */
  available: z.string(),
  overdue: z.string(),
  requestRemark: z.string(),
  rejectReason: z.string().nullable(),
  freezeReason: z.string().nullable(),
  createdAt: wireTimestamp,
  approvedAt: wireTimestamp.nullable(),
});
export type CreditAccountRow = z.infer<typeof creditAccountRow>;

export const creditIdQuery = z.object({
  id: z.coerce
    .number('编号格式不正确')
    .int('编号格式不正确')
    .positive('编号格式不正确')
    .max(2_147_483_647, '编号格式不正确'),
});
export const creditIdInput = z.object({ id: recordId });

/** Ageing of the overdue credit used (days past due). */
export const creditAgeing = z.object({
  notDue: z.string(),
  d0to30: z.string(),
  d31to60: z.string(),
  d61to90: z.string(),
  d90plus: z.string(),
});
export type CreditAgeing = z.infer<typeof creditAgeing>;

export const creditAccountDetail = creditAccountRow.extend({
  /** 0 the purchaser's view, 1 the supplier's. */
  viewer: z.number().int(),
  ageing: creditAgeing,
  pendingRecharge: z.number().int(),
  pendingRefund: z.number().int(),
});
export type CreditAccountDetail = z.infer<typeof creditAccountDetail>;

/** The purchaser asks a supplier for an account. */
export const creditApplyInput = z.object({
  sellerCompanyId: z.number('请选择供应商').int('请选择供应商').positive('请选择供应商'),
  remark: text('申请说明', 300).default(''),
});
export type CreditApplyInput = z.input<typeof creditApplyInput>;

/** The supplier approves with a limit and payment terms, or later changes them (with a reason, audited). */
export const creditApproveInput = z.object({
  id: recordId,
  creditLimit: money('信用额度'),
  paymentDays: days,
});
export type CreditApproveInput = z.infer<typeof creditApproveInput>;
export const creditTermsInput = creditApproveInput.extend({ reason: required('调整原因', 200) });
export type CreditTermsInput = z.infer<typeof creditTermsInput>;
export const creditReasonInput = z.object({ id: recordId, reason: required('原因', 200) });
export type CreditReasonInput = z.infer<typeof creditReasonInput>;

/** Adjustment by the supplier: target 1 moves the balance, 2 the credit used; signed amount, never 0. */
export const CreditAdjustTarget = { BALANCE: 1, CREDIT: 2 } as const;
export const creditAdjustInput = z.object({
  id: recordId,
  target: oneOf(CreditAdjustTarget, '请选择调整项目'),
  amount: z
    .number('请输入调整金额')
    .min(-CREDIT_MONEY_MAX, '调整金额过大')
    .max(CREDIT_MONEY_MAX, '调整金额过大')
    .refine(isWholeFen, '调整金额最多两位小数')
    .refine((v) => v !== 0, '调整金额不能为0'),
  reason: required('调整原因', 200),
});
export type CreditAdjustInput = z.infer<typeof creditAdjustInput>;

/** The purchaser's recharge with a transfer proof (own uploads only). */
export const creditRechargeInput = z.object({
  accountId: recordId,
  amount: positiveMoney('充值金额'),
  proofFiles: z
    .array(z.string().trim().min(1).max(300))
    .min(1, '请上传转账凭证')
    .max(CREDIT_PROOF_MAX, `转账凭证最多${CREDIT_PROOF_MAX}个文件`),
  remark: text('备注', 300).default(''),
});
export type CreditRechargeInput = z.input<typeof creditRechargeInput>;
/** The supplier's 客户充值 (money received outside the platform), and the purchaser's refund request. */
export const creditAmountInput = z.object({
  accountId: recordId,
  amount: positiveMoney('金额'),
  remark: text('备注', 300).default(''),
});
export type CreditAmountInput = z.input<typeof creditAmountInput>;

export const creditRequestListQuery = pageQuery.extend({
  kind: oneOf(CreditRequestKind, '类型不正确'),
  status: oneOf(CreditRequestStatus, '状态不正确').optional(),
  keyword: text('企业名称', 50).optional(),
  accountId: z.number().int().positive().optional(),
});
export type CreditRequestListQuery = z.input<typeof creditRequestListQuery>;
export const creditRequestRow = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  kind: z.number().int(),
  status: z.number().int(),
  amount: z.string(),
  proofFiles: z.array(z.string()),
  remark: z.string(),
  rejectReason: z.string().nullable(),
  buyerCompanyName: z.string(),
  sellerCompanyName: z.string(),
  /** Entered by the supplier (客户充值) rather than requested by the purchaser. */
  bySupplier: z.boolean(),
  createdByName: z.string(),
  createdAt: wireTimestamp,
  decidedAt: wireTimestamp.nullable(),
});
export type CreditRequestRow = z.infer<typeof creditRequestRow>;

/** Ledger rows of one account: kind and period filters. */
export const creditLedgerQuery = pageQuery.extend({
  accountId: recordId,
  kind: oneOf(CreditMovement, '类型不正确').optional(),
  from: day('开始日期').optional(),
  to: day('结束日期').optional(),
});
export type CreditLedgerQuery = z.input<typeof creditLedgerQuery>;
export const creditLedgerRow = z.object({
  id: z.number().int(),
  kind: z.number().int(),
  balanceDelta: z.string(),
  creditDelta: z.string(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  dueAt: wireTimestamp.nullable(),
  note: z.string(),
  createdByName: z.string(),
  createdAt: wireTimestamp,
});
export type CreditLedgerRow = z.infer<typeof creditLedgerRow>;

/** A statement for the days from–to (inclusive, China time). */
export const statementIssueInput = z
  .object({ accountId: recordId, from: day('开始日期'), to: day('结束日期') })
  .refine((v) => v.from <= v.to, { message: '开始日期不能晚于结束日期', path: ['to'] });
export type StatementIssueInput = z.infer<typeof statementIssueInput>;
/** The period a statement would cover, checked against the account's statements as soon as it is chosen. */
export const statementOverlapQuery = z
  .object({ accountId: creditIdQuery.shape.id, from: day('开始日期'), to: day('结束日期') })
  .refine((v) => v.from <= v.to, { message: '开始日期不能晚于结束日期', path: ['to'] });
/** A standing statement (not 有异议) of the same account whose period overlaps; days are China dates, inclusive. */
export const statementOverlap = z
  .object({ id: z.number().int(), from: z.string(), to: z.string(), message: z.string() })
  .nullable();
export type StatementOverlap = z.infer<typeof statementOverlap>;
/** Why a statement for a period cannot be issued: it overlaps statement `id` (decision 0185). */
export const statementOverlapMessage = (s: { id: number; from: string; to: string }) =>
  `对账期间与已出具的对账单（编号${s.id}，${s.from} 至 ${s.to}）重叠，不能重复出具；请调整对账期间`;
export const statementListQuery = pageQuery.extend({
  accountId: z.number().int().positive().optional(),
  status: oneOf(StatementStatus, '状态不正确').optional(),
});
export type StatementListQuery = z.input<typeof statementListQuery>;
export const statementRow = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  buyerCompanyName: z.string(),
  sellerCompanyName: z.string(),
  periodStart: wireTimestamp,
  periodEnd: wireTimestamp,
  openingBalance: z.string(),
  openingCredit: z.string(),
  closingBalance: z.string(),
  closingCredit: z.string(),
  status: z.number().int(),
  disputeReason: z.string().nullable(),
  createdAt: wireTimestamp,
  confirmedAt: wireTimestamp.nullable(),
});
export type StatementRow = z.infer<typeof statementRow>;
export const statementDetail = statementRow.extend({
  viewer: z.number().int(),
  movements: z.array(creditLedgerRow),
});
export type StatementDetail = z.infer<typeof statementDetail>;

/** What the order's pay dialog shows for 账期支付: the account with this order's supplier, or null. */
export const creditForOrderQuery = z.object({ orderId: creditIdQuery.shape.id });
export const creditForOrder = z
  .object({
    accountId: z.number().int(),
    status: z.number().int(),
    balance: z.string(),
    creditLimit: z.string(),
    creditUsed: z.string(),
    available: z.string(),
    paymentDays: z.number().int(),
  })
  .nullable();
export type CreditForOrder = z.infer<typeof creditForOrder>;

/** Suppliers a purchaser may ask for an account (approved shops without an account yet). */
export const creditSupplierQuery = z.object({ keyword: text('企业名称', 50).optional() });
export const creditSupplierOption = z.object({
  id: z.number().int(),
  name: z.string(),
  shopName: z.string(),
});
export type CreditSupplierOption = z.infer<typeof creditSupplierOption>;
