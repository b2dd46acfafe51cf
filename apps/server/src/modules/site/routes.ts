import type { FastifyInstance } from 'fastify';
import { siteEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { dropCache, sendEntry, SESSIONLESS } from './cache.ts';
import { homeNotices } from './notices.ts';
import { bannerControl, footer, navigation, partnerControl, siteData, statistics } from './service.ts';

/**
 * The public site data of docs/product/api-envelope.md#site-and-mall-calls: home data, menus, footer, banners, partners, statistics, home notices. The
 * cached answers go out as pre-serialised envelopes (a string or gzip buffer skips the serializer); their
 * descriptors still declare the data's schema.
 */
export default async function siteRoutes(app: FastifyInstance) {
  const db = app.db;
  app.addHook('onClose', async () => dropCache(db));

  route(app, e.siteData, async (request, reply) => sendEntry(request, reply, await siteData(db)), SESSIONLESS);
  route(app, e.siteFooter, async (request, reply) => sendEntry(request, reply, await footer(db)), SESSIONLESS);
  route(app, e.siteNavigation, async (request, reply) => sendEntry(request, reply, await navigation(db, request.params.menuKey)), SESSIONLESS);
  route(app, e.siteStatistics, async (request, reply) => sendEntry(request, reply, await statistics(db)), SESSIONLESS);
  route(app, e.siteIndexBanners, async (request, reply) => sendEntry(request, reply, await bannerControl(db, 'web_topbanner')), SESSIONLESS);
  route(
    app,
    e.siteArticleBanners,
    async (request, reply) => sendEntry(request, reply, await bannerControl(db, 'web_article_banner')),
    SESSIONLESS,
  );
  route(app, e.sitePartners, async (request, reply) => sendEntry(request, reply, await partnerControl(db)), SESSIONLESS);
  route(app, e.homeNotices, async (request) => ok(await homeNotices(db, request.body)));
}
