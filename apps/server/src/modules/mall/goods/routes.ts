import type { FastifyInstance } from 'fastify';
import { goodsEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { queryGoods } from '../../search/goods-query.ts';
import { goodsDetail } from './detail.ts';

/** Public goods: the list with Chinese search (goodsList, goodsSearch, shop search) and the detail page. */
export default async function goodsRoutes(app: FastifyInstance) {
  route(app, e.goodsQuery, async (req) => ok(await queryGoods(app.db, req.body)));
  route(app, e.goodsDetail, async (req) => ok(await goodsDetail(app.db, req.params.id)));
}
