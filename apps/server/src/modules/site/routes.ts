import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { homeNoticeQuery, menuKeyParams, z } from '@aquamall/shared';
import { ok } from '../../lib/envelope.ts';
import { dropCache, sendEntry } from './cache.ts';
import { homeNotices } from './notices.ts';
import { bannerControl, footer, navigation, partnerControl, siteData, statistics } from './service.ts';

/** A POST without a body (null) asks for the first page. */
const noticeBody = z.preprocess((v) => v ?? {}, homeNoticeQuery);

/** The public site data of SPEC §7: home data, menus, footer, banners, partners, statistics, home notices. */
export default async function siteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  app.addHook('onClose', async () => dropCache(db));

  app.post('/api/index', async (request, reply) => sendEntry(request, reply, await siteData(db)));
  app.get('/api/footer', async (request, reply) => sendEntry(request, reply, await footer(db)));
  app.get('/api/navigationmenu/:menuKey', { schema: { params: menuKeyParams } }, async (request, reply) =>
    sendEntry(request, reply, await navigation(db, request.params.menuKey)),
  );
  app.get('/api/pagestatisticalinfo', async (request, reply) => sendEntry(request, reply, await statistics(db)));
  app.get('/api/indexbanner', async (request, reply) => sendEntry(request, reply, await bannerControl(db, 'web_topbanner')));
  app.get('/api/articlebanner', async (request, reply) => sendEntry(request, reply, await bannerControl(db, 'web_article_banner')));
  app.get('/api/page/web_cooperationcompany', async (request, reply) => sendEntry(request, reply, await partnerControl(db)));
  app.post('/api/openArticle/queryHomeNotice', { schema: { body: noticeBody } }, async (request) =>
    ok(await homeNotices(db, request.body)),
  );
}
