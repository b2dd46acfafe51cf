import { z } from 'zod';
import { pageQuery, recordId } from '../envelope.ts';

/**
 * Open platform (docs/product/open-platform.md, decision 0205): company API keys with scopes, signed calls,
 * webhooks. A scope is what a key may do; an endpoint descriptor opts in with the one scope it needs (`apiScope`).
 */
export const API_SCOPES = [
  { code: 'products:read', name: '读取商品和库存' },
  { code: 'stock:write', name: '调整库存' },
  { code: 'orders:read', name: '读取订单' },
  { code: 'orders:ship', name: '订单发货' },
  { code: 'invoices:read', name: '读取发票' },
] as const;
export type ApiScope = (typeof API_SCOPES)[number]['code'];
export const API_SCOPE_CODES = API_SCOPES.map((s) => s.code) as [ApiScope, ...ApiScope[]];
export const apiScope = z.enum(API_SCOPE_CODES, '权限范围不正确');

/** The request headers of a signed call (lower case) and the window a timestamp may differ from the server's clock. */
export const SIGN_HEADERS = {
  key: 'x-aqm-key',
  timestamp: 'x-aqm-timestamp',
  nonce: 'x-aqm-nonce',
  signature: 'x-aqm-signature',
} as const;
export const SIGN_WINDOW_MS = 5 * 60_000;

export const apiKeyInput = z.object({
  name: z.string('请输入名称').trim().min(1, '请输入名称').max(50, '名称最多50个字'),
  scopes: z.array(apiScope, '请选择权限范围').min(1, '请至少选择一项权限范围').max(API_SCOPES.length),
});
export type ApiKeyInput = z.infer<typeof apiKeyInput>;

export const apiKeyRow = z.object({
  id: z.number().int(),
  accessKeyId: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  createdAt: z.string(),
  rotatedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  useCount: z.number().int(),
});
export type ApiKeyRow = z.infer<typeof apiKeyRow>;

/** A created or rotated key: the secret is in this answer only, never again. */
export const apiKeySecret = z.object({ id: z.number().int(), accessKeyId: z.string(), secret: z.string() });
export type ApiKeySecret = z.infer<typeof apiKeySecret>;

export const apiKeyListQuery = pageQuery;
export const apiKeyIdInput = z.object({ id: recordId });

/** What the open-platform page needs to know: whether the server has its master key (else the feature is off). */
export const openApiStatus = z.object({ enabled: z.boolean(), isAdmin: z.boolean() });

// ---- Webhooks ----

export const WEBHOOK_EVENTS = [
  { code: 'order.placed', name: '订单已提交' },
  { code: 'order.paid', name: '订单已付款' },
  { code: 'order.shipped', name: '订单已发货' },
  { code: 'order.cancelled', name: '订单已取消' },
  { code: 'order.received', name: '订单已收货' },
  { code: 'aftersales.updated', name: '售后单状态变化' },
  { code: 'invoice.updated', name: '发票状态变化' },
  { code: 'quotation.submitted', name: '收到报价' },
  { code: 'stock.low', name: '库存低于预警值' },
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]['code'];
export const WEBHOOK_EVENT_CODES = WEBHOOK_EVENTS.map((e) => e.code) as [WebhookEvent, ...WebhookEvent[]];

export const webhookInput = z.object({
  url: z
    .string('请输入接收地址')
    .trim()
    .max(500, '接收地址最多500个字符')
    .regex(/^https?:\/\/[^\s/?#@]+(?:[/?#][^\s]*)?$/i, '接收地址格式不正确'),
  events: z.array(z.enum(WEBHOOK_EVENT_CODES, '事件类型不正确'), '请选择事件').min(1, '请至少选择一个事件'),
});
export type WebhookInput = z.infer<typeof webhookInput>;

export const webhookRow = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  consecutiveFailures: z.number().int(),
  disabledReason: z.string(),
  createdAt: z.string(),
});
export type WebhookRow = z.infer<typeof webhookRow>;
export const webhookCreated = z.object({ id: z.number().int(), secret: z.string() });

export const webhookDeliveryQuery = pageQuery.extend({ endpointId: recordId.optional() });
export const webhookDeliveryRow = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  /** 0 pending, 1 delivered, 2 given up. */
  status: z.number().int(),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDeliveryRow = z.infer<typeof webhookDeliveryRow>;

// ---- Call log (调用记录) ----

/** Days a signed call's record is kept (the daily prune removes older ones). */
export const API_CALL_KEEP_DAYS = 90;

const chinaDayText = z.string('日期格式不正确').regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确');
/** The company's signed calls, newest first; by key and by China days (`dateFrom` … `dateTo`, both included). */
export const apiCallQuery = pageQuery
  .extend({ keyId: recordId.optional(), dateFrom: chinaDayText.optional(), dateTo: chinaDayText.optional() })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { message: '开始日期不能晚于结束日期', path: ['dateTo'] });
export type ApiCallQuery = z.input<typeof apiCallQuery>;
export const apiCallRow = z.object({
  id: z.number().int(),
  keyId: z.number().int(),
  accessKeyId: z.string(),
  keyName: z.string(),
  method: z.string(),
  /** The route called (`/api/order/list`), or the path when no route matched. */
  route: z.string(),
  httpStatus: z.number().int(),
  /** The envelope code of the answer (0 success); null when the answer was not an envelope. */
  code: z.number().int().nullable(),
  /** The error identity of a refusal (`SIGN_MISMATCH` …), null otherwise. */
  errorId: z.string().nullable(),
  ip: z.string(),
  durationMs: z.number().int(),
  at: z.string(),
});
export type ApiCallRow = z.infer<typeof apiCallRow>;
