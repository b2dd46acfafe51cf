import { z } from 'zod';
import { pageQuery, recordId, wireTimestamp } from '../envelope.ts';

/** Inbox category ids (shared MessageCategory): 1 系统, 2 订单, 3 询价, 4 招标, 5 财务. */
const categoryId = z
  .number('消息分类不正确')
  .int('消息分类不正确')
  .min(1, '消息分类不正确')
  .max(5, '消息分类不正确');

/** The workbench inbox: messages to a company (docs/product/workbench.md#inbox: every state change notifies the company). */
export const messageListQuery = pageQuery.extend({
  unread: z.enum(['0', '1']).optional(),
  /** One category only (1–5); absent or empty: all. */
  category: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().pipe(categoryId).optional(),
  ),
});
export type MessageListQuery = z.infer<typeof messageListQuery>;
export const messageRow = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  userId: z.number().int().nullable(),
  type: z.string(),
  category: z.number().int(),
  title: z.string(),
  content: z.string(),
  linkPath: z.string(),
  readAt: wireTimestamp.nullable(),
  createdAt: wireTimestamp,
});
export type MessageRow = z.infer<typeof messageRow>;
/** Mark read: some ids, or all (of one category when `category` is given). */
export const messageReadInput = z.object({
  ids: z.array(recordId).max(200).optional(),
  all: z.boolean().optional(),
  category: categoryId.optional(),
});
/** Delete from the company's inbox: some ids (soft: the rows stay for the audit, hidden from the inbox). */
export const messageDeleteInput = z.object({
  ids: z.array(recordId).min(1, '请选择要删除的消息').max(200, '一次最多删除200条消息'),
});
/** Unread counts: the total and per category (keys 1–5). */
export const messageUnreadCounts = z.object({
  count: z.number().int(),
  byCategory: z.record(z.string(), z.number().int()),
});
export type MessageUnreadCounts = z.infer<typeof messageUnreadCounts>;

/**
 * What the live socket (/api/ws) pushes: `hello` after sign-in, `message` for a new inbox message, `unread`
 * when the count changed otherwise (read or deleted in another tab), `thread` when a message was posted on a
 * quotation's thread the company takes part in (the page refetches the thread). The client sends
 * `{type:'auth', token}`.
 */
export interface LiveMessageEvent {
  type: 'message';
  unread: number;
  message: { id: number; title: string; category: number; linkPath: string };
}
export interface LiveThreadEvent {
  type: 'thread';
  quotationId: number;
}
export type LiveEvent = LiveMessageEvent | LiveThreadEvent | { type: 'hello' | 'unread'; unread: number };

// ---- Notification settings (消息设置, docs/product/notifications.md#settings) ----

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:mm');
/** `category.channel` (e.g. `order.sms`) → on. */
const choiceKey = z.string().regex(/^[a-z]{3,20}\.(sms|wechat|email)$/, '消息设置项不正确');
export const noticeSettingsInput = z
  .object({
    choices: z.record(choiceKey, z.boolean('请选择开启或关闭')),
    quietOn: z.boolean('请选择是否开启免打扰'),
    quietStart: hhmm,
    quietEnd: hhmm,
  })
  .refine((v) => !v.quietOn || v.quietStart !== v.quietEnd, { message: '免打扰开始和结束时间不能相同', path: ['quietEnd'] });
export type NoticeSettingsInput = z.infer<typeof noticeSettingsInput>;
/** One channel of the caller: switched on for this deployment, and bound to the caller (phone, e-mail, WeChat). */
export const noticeChannelState = z.object({
  available: z.boolean(),
  bound: z.boolean(),
  /** The masked number or address it goes to ('' when unbound). */
  target: z.string(),
});
export const noticeSettings = z.object({
  channels: z.object({ sms: noticeChannelState, wechat: noticeChannelState, email: noticeChannelState }),
  /** Every category × channel, the caller's choice or the default. */
  choices: z.record(z.string(), z.boolean()),
  quietOn: z.boolean(),
  quietStart: z.string(),
  quietEnd: z.string(),
});
export type NoticeSettings = z.infer<typeof noticeSettings>;

/**
 * 订单消息接收人 (docs/product/notifications.md#recipients): the users and roles of a supplier that receive its
 * supplier-side order events outside the browser. Both empty: the default (administrators and the holders of
 * each event's permission).
 */
export const orderReceiversInput = z.object({
  userIds: z.array(recordId).max(200, '最多选择200个用户'),
  roleIds: z.array(recordId).max(50, '最多选择50个角色'),
});
export type OrderReceiversInput = z.infer<typeof orderReceiversInput>;
export const orderReceivers = z.object({
  /** False: nobody was chosen, the default applies. */
  custom: z.boolean(),
  userIds: z.array(z.number().int()),
  roleIds: z.array(z.number().int()),
  /** What may be chosen: the company's users and its assignable roles. */
  users: z.array(z.object({ id: z.number().int(), name: z.string(), phone: z.string(), isCompanyAdmin: z.boolean(), disabled: z.boolean() })),
  roles: z.array(z.object({ id: z.number().int(), name: z.string(), isPreset: z.boolean() })),
  /** True when a choice was saved but reaches no enabled user of the company (all left, disabled, or roles unheld): the default receives. */
  fallback: z.boolean(),
  /** Who receives the events now (enabled users; with a choice that reaches nobody, the default). */
  receivers: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type OrderReceivers = z.infer<typeof orderReceivers>;
