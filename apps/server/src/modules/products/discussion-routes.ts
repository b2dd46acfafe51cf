import type { FastifyInstance } from 'fastify';
import {
  adminDiscussionEndpoints as admin,
  goodsDiscussionEndpoints as goods,
  supplyDiscussionEndpoints as supply,
} from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { caller, companyCaller } from '../../plugins/auth.ts';
import { auditActor } from '../audit/index.ts';
import {
  createQuestion,
  createReview,
  goodsDiscussions,
  hideDiscussion,
  listDiscussions,
  replyDiscussion,
  reviewableLines,
} from './discussions.ts';

/** Reviews and questions: the goods detail, the supplier's product/discussion page and the console. */
export default async function discussionRoutes(app: FastifyInstance) {
  route(app, goods.goodsDiscussionList, async (request) => ok(await goodsDiscussions(app.db, request.body)));
  route(app, goods.goodsReviewable, async (request) =>
    ok(await reviewableLines(app.db, companyCaller(request), request.query.productId)),
  );
  route(app, goods.goodsReviewCreate, async (request) =>
    ok(await createReview(app.db, companyCaller(request), request.body), '评价已发布'),
  );
  route(app, goods.goodsQuestionCreate, async (request) =>
    ok(await createQuestion(app.db, caller(request), request.body), '问题已提交，等待商家回复'),
  );

  route(app, supply.supplyDiscussionList, async (request) =>
    ok(await listDiscussions(app.db, companyCaller(request).companyId, request.body)),
  );
  route(app, supply.supplyDiscussionReply, async (request) => {
    await replyDiscussion(app.db, companyCaller(request), request.body.sysNo, request.body.reply);
    return ok(null, '回复已发布');
  });

  route(app, admin.adminDiscussionList, async (request) =>
    ok(await listDiscussions(app.db, null, request.body)),
  );
  route(app, admin.adminDiscussionHide, async (request) => {
    await hideDiscussion(app.db, auditActor(request), request.body);
    return ok(null, request.body.hidden ? '已屏蔽' : '已取消屏蔽');
  });
}
