import type { FastifyInstance } from 'fastify';
import { goodsEndpoints as e } from '@aquamall/shared/endpoints';
import { route } from '../../../lib/route.ts';
import { resanitiseOnce } from '../../products/index.ts';
import { goodsAnswer } from '../../search/index.ts';
import { sendEntry, SESSIONLESS } from '../../site/index.ts';
import { cachedGoodsDetail } from './detail-cache.ts';

/** Public goods: the list with Chinese search (goodsList, goodsSearch, shop search) and the detail page. */
export default async function goodsRoutes(app: FastifyInstance) {
  // The list and the detail read no caller: the session is not looked up, and answers are shared for a few seconds.
  route(app, e.goodsQuery, async (req, reply) => sendEntry(req, reply, await goodsAnswer(app.db, req.body)), SESSIONLESS);
  route(
    app,
    e.goodsDetail,
    async (req, reply) => sendEntry(req, reply, (await cachedGoodsDetail(app.db, req.params.id)).entry),
    SESSIONLESS,
  );

  // Descriptions stored before they were sanitised on write, or under older rules, are rewritten once in the
  // background (migration 0039, products/description.ts); until then the detail sanitises them on read. A mark
  // in the database skips the pass on later starts under the same rules (decision 0193).
  let closing = false;
  let pass: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    pass = resanitiseOnce(app.db, () => closing)
      .then((n) => {
        if (n) app.log.info({ rows: n }, 'product descriptions re-sanitised under the current rules');
      })
      .catch((err: Error) => {
        if (!closing) app.log.warn({ err }, 'product descriptions not re-sanitised (read-time sanitising covers them)');
      });
  });
  app.addHook('preClose', async () => {
    closing = true;
    await pass;
  });
}
