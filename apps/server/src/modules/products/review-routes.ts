import type { FastifyInstance } from 'fastify';
import { productReviewEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { auditActor } from '../audit/index.ts';
import { attributesFor, deleteAttribute, saveAttribute } from './category-attributes.ts';
import { decideReview, listReviews, reviewDetail } from './review.ts';

/** Console (/admin): the product review queue and the category attribute definitions. */
export default async function productReviewRoutes(app: FastifyInstance) {
  route(app, e.adminProductReviewList, async (request) => ok(await listReviews(app.db, request.body)));
  route(app, e.adminProductReviewDetail, async (request) => ok(await reviewDetail(app.db, request.query.id)));
  route(app, e.adminProductReviewApprove, async (request) => {
    await decideReview(app, auditActor(request), request.body.id, { approve: true });
    return ok(null, '已通过审核');
  });
  route(app, e.adminProductReviewReject, async (request) => {
    await decideReview(app, auditActor(request), request.body.id, { approve: false, reason: request.body.reason });
    return ok(null, '已驳回');
  });
  route(app, e.adminAttributeList, async (request) => ok(await attributesFor(app.db, request.query.categoryId)));
  route(app, e.adminAttributeSave, async (request) => ok(await saveAttribute(app.db, auditActor(request), request.body), '参数已保存'));
  route(app, e.adminAttributeDelete, async (request) => {
    await deleteAttribute(app.db, auditActor(request), request.body.sysNo);
    return ok(null, '参数已删除');
  });
}
