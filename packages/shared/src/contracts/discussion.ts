import { z } from 'zod';
import { pageQuery, pagedOf, recordId } from '../envelope.ts';

/**
 * Reviews and questions on products (issue 11): a purchaser company rates a product it bought (one review per
 * order line of a completed order), anyone signed in asks a question, the supplier replies, the platform hides
 * abusive entries. Shown on the goods detail with the average rating.
 */

export const DiscussionKind = { REVIEW: 1, QUESTION: 2 } as const;
export const DISCUSSION_KIND_LABEL: Record<number, string> = { 1: '评价', 2: '提问' };

const flag = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number().int().min(0).max(1).optional(),
);
const kind = z.union([z.literal(1), z.literal(2)]).optional();

export const reviewInput = z.object({
  orderLineId: recordId,
  rating: z.number('请选择评分').int('评分为1-5分').min(1, '评分为1-5分').max(5, '评分为1-5分'),
  content: z.string().trim().min(2, '评价内容至少2个字').max(500, '评价内容最多500个字'),
});
export type ReviewInput = z.input<typeof reviewInput>;

export const questionInput = z.object({
  productId: recordId,
  content: z.string().trim().min(2, '问题至少2个字').max(300, '问题最多300个字'),
});
export type QuestionInput = z.input<typeof questionInput>;

export const replyInput = z.object({
  sysNo: recordId,
  reply: z.string().trim().min(1, '请输入回复内容').max(500, '回复最多500个字'),
});
export type ReplyInput = z.input<typeof replyInput>;

export const hideInput = z
  .object({
    sysNo: recordId,
    hidden: z.boolean(),
    reason: z.string().trim().max(200, '原因最多200个字').default(''),
  })
  .refine((v) => !v.hidden || v.reason.length >= 2, { message: '请填写屏蔽原因', path: ['reason'] });
export type HideInput = z.input<typeof hideInput>;

/** The goods detail's list: visible entries of one product, newest first. */
export const goodsDiscussionQuery = pageQuery.extend({ productId: recordId, kind });
export const goodsDiscussionRow = z.object({
  sysNo: z.number().int(),
  kind: z.number().int(),
  /** Masked, e.g. 张** (采购商). */
  authorName: z.string(),
  rating: z.number().int().nullable(),
  content: z.string(),
  /** What was bought (reviews): the SKU's spec. */
  spec: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type GoodsDiscussionRow = z.infer<typeof goodsDiscussionRow>;
export const goodsDiscussionPage = pagedOf(goodsDiscussionRow).extend({
  /** Average of the visible reviews' ratings (1 decimal), null without reviews. */
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  questionCount: z.number().int(),
});
export type GoodsDiscussionPage = z.infer<typeof goodsDiscussionPage>;

/** Order lines of the caller's company that may be reviewed for a product (completed, not yet reviewed). */
export const reviewableQuery = z.object({
  productId: z.coerce.number('编号格式不正确').int().positive().max(2_147_483_647),
});
export const reviewableLine = z.object({
  orderLineId: z.number().int(),
  orderNo: z.string(),
  spec: z.string(),
  quantity: z.number().int(),
  completedAt: z.string().nullable(),
});
export type ReviewableLine = z.infer<typeof reviewableLine>;

/** The supplier's list (product/discussion) and the console's: unanswered first, then newest. */
export const discussionListQuery = pageQuery.extend({
  kind,
  /** 0: only unanswered, 1: only answered. */
  answered: flag,
  productName: z.string().trim().max(60, '商品名称最多60个字').optional(),
  /** Console: 1 only hidden, 0 only visible. */
  hidden: flag,
});
export type DiscussionListQuery = z.input<typeof discussionListQuery>;
export const discussionRow = z.object({
  sysNo: z.number().int(),
  kind: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  productImage: z.string(),
  sellerCompanyName: z.string(),
  authorName: z.string(),
  authorCompanyName: z.string(),
  rating: z.number().int().nullable(),
  content: z.string(),
  spec: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  createdAt: z.string(),
});
export type DiscussionRow = z.infer<typeof discussionRow>;
