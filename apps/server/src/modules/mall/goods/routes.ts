import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { goodsQuery, idParam } from '@aquamall/shared';
import { ok } from '../../../lib/envelope.ts';
import { queryGoods } from '../../search/goods-query.ts';
import { goodsDetail } from './detail.ts';

/** Public goods: the list with Chinese search (goodsList, goodsSearch, shop search) and the detail page. */
export default async function goodsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/product/query', { schema: { body: goodsQuery } }, async (req) =>
    ok(await queryGoods(app.db, req.body)),
  );
  r.get('/api/product/:id', { schema: { params: idParam } }, async (req) =>
    ok(await goodsDetail(app.db, req.params.id)),
  );
}
