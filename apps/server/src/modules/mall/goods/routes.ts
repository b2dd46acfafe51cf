import type { FastifyInstance } from 'fastify';
import { goodsEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { goodsAnswer } from '../../search/goods-answers.ts';
import { sendEntry, SESSIONLESS } from '../../site/cache.ts';
import { goodsDetail } from './detail.ts';

/** Public goods: the list with Chinese search (goodsList, goodsSearch, shop search) and the detail page. */
export default async function goodsRoutes(app: FastifyInstance) {
  // The list reads no caller: the session is not looked up, and answers are shared for a few seconds.
  route(app, e.goodsQuery, async (req, reply) => sendEntry(req, reply, await goodsAnswer(app.db, req.body)), SESSIONLESS);
  route(app, e.goodsDetail, async (req) => ok(await goodsDetail(app.db, req.params.id)));
}
