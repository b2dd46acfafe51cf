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
