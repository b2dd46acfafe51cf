import type { FastifyInstance } from 'fastify';
import { articleEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { articleCategories, articleDetail, queryArticles } from './service.ts';

/** Public news (notice, articledetail). */
export default async function noticeRoutes(app: FastifyInstance) {
  route(app, e.articleList, async (req) => ok(await queryArticles(app.db, req.body)));
  route(app, e.articleCategories, async () => ok(await articleCategories(app.db)));
  route(app, e.articleDetail, async (req) => ok(await articleDetail(app.db, req.params.id)));
}
