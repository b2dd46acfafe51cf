import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { articleQuery, idParam } from '@aquamall/shared';
import { ok } from '../../../lib/envelope.ts';
import { articleCategories, articleDetail, queryArticles } from './service.ts';

/** Public news (notice, articledetail). */
export default async function noticeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/openArticle/query', { schema: { body: articleQuery } }, async (req) =>
    ok(await queryArticles(app.db, req.body)),
  );
  r.get('/api/openArticle/categories', async () => ok(await articleCategories(app.db)));
  r.get('/api/openArticle/:id', { schema: { params: idParam } }, async (req) =>
    ok(await articleDetail(app.db, req.params.id)),
  );
}
