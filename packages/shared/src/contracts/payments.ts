import { z } from 'zod';
import { pageQuery, recordId } from '../envelope.ts';

/**
 * Online payment (支付单, refunds and reconciliation through WeChat Pay and Alipay; docs/decisions/0207-online-payments.md,
 * docs/product/payments.md).
 */

/** A channel the purchaser may pick: 1 微信支付 (Native QR), 2 支付宝 (电脑网站支付). */
export const payChannel = z.union([z.literal(1), z.literal(2)], '请选择支付方式');

export const payChannelState = z.object({
  channel: z.number().int(),
  label: z.string(),
  available: z.boolean(),
  /** Demo mode: the offline sandbox speaks for the partner. */
  sandbox: z.boolean(),
  /** Why it is not offered (a deployment without the partner's configuration). */
  reason: z.string().nullable(),
});
export const payChannelsAnswer = z.object({ channels: z.array(payChannelState) });
export type PayChannelsAnswer = z.infer<typeof payChannelsAnswer>;

export const payCreateInput = z.object({ orderId: recordId, channel: payChannel });
export type PayCreateInput = z.infer<typeof payCreateInput>;

export const payOrderView = z.object({
  id: z.number().int(),
  payNo: z.string(),
  orderId: z.number().int(),
  channel: z.number().int(),
  amount: z.string(),
  refundedAmount: z.string(),
  status: z.number().int(),
  /** WeChat Native: the code_url to show as a QR. */
  codeUrl: z.string().nullable(),
  /** Alipay: the cashier URL to open. */
  payUrl: z.string().nullable(),
  /** Demo mode: the sandbox page the QR encodes (opened in another tab instead of a phone). */
  sandboxUrl: z.string().nullable(),
  partnerTradeNo: z.string().nullable(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PayOrderView = z.infer<typeof payOrderView>;

export const payStatusQuery = z.object({ payOrderId: recordId });
export const payOfOrderQuery = z.object({ orderId: recordId });

export const payRefundView = z.object({
  id: z.number().int(),
  refundNo: z.string(),
  payOrderId: z.number().int(),
  channel: z.number().int(),
  amount: z.string(),
  reason: z.string(),
  status: z.number().int(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
export type PayRefundView = z.infer<typeof payRefundView>;

export const payOfOrderAnswer = z.object({ payments: z.array(payOrderView), refunds: z.array(payRefundView) });
export type PayOfOrderAnswer = z.infer<typeof payOfOrderAnswer>;

/** Discrepancy kinds: 长款 (the partner has money we have no record of), 短款 (we record money the partner has not), 金额不符. */
export const RECON_KINDS = { long: '长款', short: '短款', amount: '金额不符' } as const;
export type ReconKind = keyof typeof RECON_KINDS;

export const reconRunQuery = pageQuery.extend({});
export const reconRunRow = z.object({
  id: z.number().int(),
  channel: z.number().int(),
  day: z.string(),
  status: z.string(),
  partnerCount: z.number().int(),
  matchedCount: z.number().int(),
  discrepancyCount: z.number().int(),
  openCount: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type ReconRunRow = z.infer<typeof reconRunRow>;

export const reconDiscrepancyQuery = pageQuery.extend({
  runId: recordId.optional(),
  open: z.boolean().optional(),
});
export const reconDiscrepancyRow = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  channel: z.number().int(),
  day: z.string(),
  kind: z.string(),
  payNo: z.string().nullable(),
  refundNo: z.string().nullable(),
  partnerTradeNo: z.string().nullable(),
  partnerAmount: z.string().nullable(),
  ourAmount: z.string().nullable(),
  note: z.string(),
  resolution: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type ReconDiscrepancyRow = z.infer<typeof reconDiscrepancyRow>;

export const reconResolveInput = z.object({
  id: recordId,
  note: z.string().trim().min(1, '请填写处理说明').max(300, '处理说明最多300个字'),
});
export type ReconResolveInput = z.infer<typeof reconResolveInput>;

export const reconRunInput = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确'),
});

/**
 * A supplier's payee with a payment partner (收款设置, decision 0216): the WeChat Pay 特约商户号 (sub_mchid) or the
 * Alipay merchant that authorised the platform's application; shown masked, usable once the platform verified it.
 */
export const subMerchantView = z.object({
  channel: z.number().int(),
  label: z.string(),
  /** The platform offers this channel at all (its service-provider configuration is present). */
  configured: z.boolean(),
  /** Why the channel cannot be set up here (no configuration), else null. */
  offReason: z.string().nullable(),
  /** SubMerchantStatus, or null when nothing was entered. */
  status: z.number().int().nullable(),
  /** The sub_mchid / Alipay PID, masked. */
  subMchId: z.string().nullable(),
  note: z.string(),
  submittedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
  /** Alipay: the link to authorise the platform's application (第三方应用授权). */
  authorizeUrl: z.string().nullable(),
});
export type SubMerchantView = z.infer<typeof subMerchantView>;

export const subMerchantWechatInput = z.object({
  subMchId: z.string().trim().regex(/^\d{8,10}$/, '特约商户号应为8至10位数字'),
});
export const subMerchantAlipayInput = z.object({
  code: z.string().trim().min(1, '缺少支付宝授权码').max(64, '支付宝授权码无效'),
});

/** Console: the sub-merchants suppliers entered, to verify. */
export const subMerchantAdminQuery = pageQuery.extend({
  status: z.number().int().min(0).max(2).optional(),
});
export const subMerchantAdminRow = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  channel: z.number().int(),
  /** Unmasked for the platform: it checks the id with the partner before verifying. */
  subMchId: z.string(),
  status: z.number().int(),
  note: z.string(),
  submittedAt: z.string(),
  verifiedAt: z.string().nullable(),
});
export type SubMerchantAdminRow = z.infer<typeof subMerchantAdminRow>;
export const subMerchantDecideInput = z.object({
  id: recordId,
  approve: z.boolean(),
  note: z.string().trim().max(200, '说明最多200个字').default(''),
});
export type SubMerchantDecideInput = z.infer<typeof subMerchantDecideInput>;
