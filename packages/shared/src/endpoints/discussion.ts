import { z } from 'zod';
import {
  discussionListQuery,
  discussionRow,
  goodsDiscussionPage,
  goodsDiscussionQuery,
  hideInput,
  questionInput,
  replyInput,
  reviewableLine,
  reviewableQuery,
  reviewInput,
} from '../contracts/discussion.ts';
import { noData, pagedOf } from '../envelope.ts';
import { ADMIN, can, endpoint, PUBLIC, SIGNED_IN } from './endpoint.ts';
import { OWN_ONLY, exempt, probedIn } from './isolation.ts';

const created = z.object({ sysNo: z.number().int() });

/** Reviews and questions: the goods detail (anyone reads, purchasers review, anyone signed in asks). */
export const goodsDiscussionEndpoints = {
  goodsDiscussionList: endpoint({
    method: 'POST',
    path: '/api/product/discussion/list',
    summary:
      "A product's visible reviews and questions with their replies, the average rating and the counts",
    access: PUBLIC,
    body: goodsDiscussionQuery,
    response: goodsDiscussionPage,
  }),
  goodsReviewable: endpoint({
    method: 'GET',
    path: '/api/product/discussion/reviewable',
    summary: "Order lines of the caller's company for this product, of completed orders, not yet reviewed",
    access: can('purchase:manage'),
    query: reviewableQuery,
    response: z.array(reviewableLine),
    isolation: OWN_ONLY,
  }),
  goodsReviewCreate: endpoint({
    method: 'POST',
    path: '/api/product/discussion/review',
    summary:
      'Rate (1–5) and comment the product of an order line of a completed order of the caller’s company (once per line)',
    access: can('purchase:manage'),
    body: reviewInput,
    response: created,
    isolation: exempt('order lines are looked up within the caller’s completed orders (discussions.test.ts)'),
  }),
  goodsQuestionCreate: endpoint({
    method: 'POST',
    path: '/api/product/discussion/question',
    summary: 'Ask the supplier a question about an on-sale product',
    access: SIGNED_IN,
    body: questionInput,
    response: created,
  }),
};

/** The supplier's product/discussion page: reviews and questions of its products, replies. */
export const supplyDiscussionEndpoints = {
  supplyDiscussionList: endpoint({
    method: 'POST',
    path: '/api/myproduct/discussion/list',
    summary: "Reviews and questions of the company's products, unanswered first",
    access: can('product:edit'),
    body: discussionListQuery,
    response: pagedOf(discussionRow),
    isolation: probedIn('modules/products/discussions.test.ts'),
  }),
  supplyDiscussionReply: endpoint({
    method: 'POST',
    path: '/api/myproduct/discussion/reply',
    summary: "Reply to (or change the reply to) a review or question of one of the company's products",
    access: can('product:edit'),
    body: replyInput,
    response: noData,
    isolation: probedIn('modules/products/discussions.test.ts'),
  }),
};

/** Console: every review and question, hiding abusive entries (audited). */
export const adminDiscussionEndpoints = {
  adminDiscussionList: endpoint({
    method: 'POST',
    path: '/admin/api/product/discussion/list',
    summary: 'Reviews and questions of all products, newest first, with hidden ones',
    access: ADMIN,
    body: discussionListQuery,
    response: pagedOf(discussionRow),
  }),
  adminDiscussionHide: endpoint({
    method: 'POST',
    path: '/admin/api/product/discussion/hide',
    summary: 'Hide an abusive review or question (with the reason), or show it again',
    access: ADMIN,
    body: hideInput,
    response: noData,
  }),
};
