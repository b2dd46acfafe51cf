import type { FastifyInstance } from 'fastify';
import { adminContentEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { auditActor } from '../audit/index.ts';
import { deleteBanner, listBanners, saveBanner } from './content/banners.ts';
import { deleteNews, listNews, newsArticle, saveNews } from './content/news.ts';
import { deletePartner, listPartners, savePartner } from './content/partners.ts';
import { listSettings, saveSetting } from './content/settings.ts';
import { deleteSiteMenu, listSiteMenus, saveSiteMenu } from './content/site-menus.ts';

const SAVED = '已保存';

/** Console: site content. Each change is audited and refreshes the cached site data (use cases in content/). */
export default async function adminContentRoutes(app: FastifyInstance) {
  // Banners
  route(app, e.adminBannerList, async (request) => ok(await listBanners(app.db, request.body.position)));
  route(app, e.adminBannerSave, async (request) => ok(await saveBanner(app.db, auditActor(request), request.body), SAVED));
  route(app, e.adminBannerDelete, async (request) => {
    await deleteBanner(app.db, auditActor(request), request.body.id);
    return ok(null, SAVED);
  });

  // Navigation and footer menus (two levels)
  route(app, e.adminSiteMenuList, async (request) => ok(await listSiteMenus(app.db, request.body.menuKey)));
  route(app, e.adminSiteMenuSave, async (request) => ok(await saveSiteMenu(app.db, auditActor(request), request.body), SAVED));
  route(app, e.adminSiteMenuDelete, async (request) => {
    await deleteSiteMenu(app.db, auditActor(request), request.body.id);
    return ok(null, SAVED);
  });

  // News articles (rich text, sanitised on save)
  route(app, e.adminNewsList, async (request) => ok(await listNews(app.db, request.body)));
  route(app, e.adminNewsDetail, async (request) => ok(await newsArticle(app.db, request.params.id)));
  route(app, e.adminNewsSave, async (request) => ok(await saveNews(app.db, auditActor(request), request.body), SAVED));
  route(app, e.adminNewsDelete, async (request) => {
    await deleteNews(app.db, auditActor(request), request.body.id);
    return ok(null, SAVED);
  });

  // Partner companies
  route(app, e.adminPartnerList, async () => ok(await listPartners(app.db)));
  route(app, e.adminPartnerSave, async (request) => ok(await savePartner(app.db, auditActor(request), request.body), SAVED));
  route(app, e.adminPartnerDelete, async (request) => {
    await deletePartner(app.db, auditActor(request), request.body.id);
    return ok(null, SAVED);
  });

  // Site settings: statistics, hot keywords, filing numbers, QR code ...
  route(app, e.adminSettingList, async () => ok(await listSettings(app.db)));
  route(app, e.adminSettingSave, async (request) => ok(await saveSetting(app.db, auditActor(request), request.body.key, request.body.value), SAVED));
}
