import { z } from 'zod';
import { recordId } from '../envelope.ts';
import { moneyInput } from '../money.ts';

/**
 * Order contracts (采购合同) signed by both parties through the e-signature partner, and the supplier's rule of
 * when a contract is required (issue 30, docs/decisions/0208-order-contracts.md). Money on the wire is yuan.
 */

const idQueryField = z.coerce.number('编号格式不正确').int('编号格式不正确').positive('编号格式不正确').max(2_147_483_647, '编号格式不正确');
/** The short contract line of an order list row: 合同已签 once both signed, else 合同待签; '' without a contract. */
export const contractListLine = (status: number | null, required = false): string =>
  status === null || status === 5 ? (required ? '待生成合同' : '') : status === 4 ? '合同已签' : '合同待签';

export const contractQuery = z.object({ id: idQueryField });
export type ContractQuery = z.input<typeof contractQuery>;
export const contractOfOrderQuery = z.object({ orderId: idQueryField });
export type ContractOfOrderQuery = z.input<typeof contractOfOrderQuery>;

export const contractCreateInput = z.object({ orderId: recordId });
export type ContractCreateInput = z.input<typeof contractCreateInput>;
export const contractSignCodeInput = z.object({ id: recordId });
export type ContractSignCodeInput = z.input<typeof contractSignCodeInput>;
export const contractSignInput = z.object({
  id: recordId,
  code: z.string('请输入短信验证码').trim().regex(/^\d{6}$/, '请输入6位短信验证码'),
});
export type ContractSignInput = z.input<typeof contractSignInput>;
export const contractVoidInput = z.object({
  id: recordId,
  reason: z.string('请填写作废原因').trim().min(1, '请填写作废原因').max(200, '作废原因不超过200个字'),
});
export type ContractVoidInput = z.input<typeof contractVoidInput>;

/** One side's signature on a contract. */
export const contractSignature = z.object({
  signerName: z.string(),
  /** The signer's phone, masked (138****0000). */
  phone: z.string(),
  signedAt: z.string(),
  /** The e-signature partner's reference of the seal. */
  ref: z.string(),
});

/** What the contract says, as rendered into its PDF: shown in the page before signing (phones show no PDF frames). */
export const contractText = z.object({
  title: z.string(),
  facts: z.array(z.tuple([z.string(), z.string()])),
  lines: z.array(z.object({ name: z.string(), spec: z.string(), unit: z.string(), quantity: z.number(), unitPrice: z.string(), amount: z.string() })),
  sums: z.array(z.tuple([z.string(), z.string()])),
  /** 金额大写 of the total. */
  capital: z.string(),
  remarks: z.array(z.string()),
  clauses: z.array(z.string()),
});
export type ContractText = z.infer<typeof contractText>;

export const contractDetail = z.object({
  id: z.number(),
  contractNo: z.string(),
  orderId: z.number(),
  orderNo: z.string(),
  status: z.number(),
  buyerCompanyName: z.string(),
  sellerCompanyName: z.string(),
  amount: z.string(),
  /** The amount in Chinese capitals as printed. */
  amountCapital: z.string(),
  /** Where it came from: an order, or an RFQ award (its enquiry code). */
  source: z.string(),
  buyerSignature: contractSignature.nullable(),
  sellerSignature: contractSignature.nullable(),
  voidReason: z.string(),
  createdAt: z.string(),
  text: contractText,
  /** The caller's side. */
  side: z.enum(['buyer', 'seller']),
  /** The actions of the contract table the caller may take now (sign, void). */
  actions: z.array(z.string()),
  history: z.array(z.object({ action: z.string(), userName: z.string(), side: z.number(), note: z.string(), createdAt: z.string() })),
});
export type ContractDetail = z.infer<typeof contractDetail>;

/** The contract state of an order, for its detail page on both sides. */
export const orderContract = z.object({
  /** The supplier's rule requires a signed contract before the order ships. */
  required: z.boolean(),
  /** Why (always, or above the amount threshold); empty when optional. */
  requiredReason: z.string(),
  /** Whether the caller may generate one now (no live contract, the order not cancelled or completed). */
  canCreate: z.boolean(),
  /** The live contract (not voided) or the latest voided one; null when none was generated. */
  contract: contractDetail.nullable(),
  /** The status line: 待签署合同 (甲方已签 …), 合同已签署, or empty. */
  statusLine: z.string(),
});
export type OrderContract = z.infer<typeof orderContract>;

export const contractSignCodeAnswer = z.object({ resendSeconds: z.number(), phone: z.string() });
export type ContractSignCodeAnswer = z.infer<typeof contractSignCodeAnswer>;

/** The supplier's rule: a contract for every order, or only from an amount on (null: optional for all). */
export const contractSettings = z.object({
  required: z.boolean(),
  threshold: z.string().nullable(),
});
export type ContractSettings = z.infer<typeof contractSettings>;
export const contractSettingsInput = z.object({
  required: z.boolean('请选择是否必须签署合同'),
  threshold: moneyInput('金额门槛', { max: 100_000_000, positive: true }).nullable().default(null),
});
export type ContractSettingsInput = z.input<typeof contractSettingsInput>;
