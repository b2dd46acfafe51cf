import type { FooterData, MenuKey, SiteData, SiteSettings } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { cacheFor, type JsonEntry } from './cache.ts';
import { loadSnapshot, type SiteSnapshot } from './snapshot.ts';

/** Banner positions (banners.position). */
export const BANNER_POSITIONS = {
  /** Site home hero (GET /api/indexbanner). */
  home: 'web_topbanner',
  /** Mall home carousel (SiteData.mallBanners); falls back to the site home banners when none are set. */
  mall: 'mall_banner',
  article: 'web_article_banner',
  notice: 'notice_banner',
} as const;

function snapshot(db: Db): Promise<SiteSnapshot> {
  // The snapshot object itself is cached too, so the derived answers below cost one read per TTL.
  return cacheFor(db).value('snapshot', () => loadSnapshot(db));
}

/** The site settings (name, filing numbers…) from the cached snapshot: the public pages' titles use the name. */
export const siteSettings = async (db: Db): Promise<SiteSettings> => (await snapshot(db)).settings;

const derived = (db: Db, key: string, make: (s: SiteSnapshot) => unknown): Promise<JsonEntry> =>
  cacheFor(db).get(key, async () => make(await snapshot(db)));

/** POST /api/index. */
export const siteData = (db: Db) =>
  derived(db, 'index', (s): SiteData => ({
    siteNav: s.menus.home_top_menu ?? [],
    mallNav: s.menus.mall_nav ?? [],
    mallBanners: s.banners[BANNER_POSITIONS.mall] ?? s.banners[BANNER_POSITIONS.home] ?? [],
    statisticDatas: s.statistics,
    footerLinks: s.menus.web_bottom_menu ?? [],
    footerQuestions: s.footerQuestions,
    noticeBanners: s.banners[BANNER_POSITIONS.notice] ?? [],
    settings: s.settings,
  }));

/** GET /api/footer. */
export const footer = (db: Db) =>
  derived(db, 'footer', (s): FooterData => ({
    controls: {
      web_bottom_menu: { children: s.menus.web_bottom_menu ?? [] },
      web_comproblem_menu: { children: s.footerQuestions },
    },
  }));

/** GET /api/navigationmenu/{menuKey}. */
export const navigation = (db: Db, key: MenuKey) =>
  derived(db, `nav:${key}`, (s) => ({ controls: { [key]: { items: s.menus[key] ?? [] } } }));

/** GET /api/indexbanner and /api/articlebanner. */
export const bannerControl = (db: Db, control: 'web_topbanner' | 'web_article_banner') =>
  derived(db, `banner:${control}`, (s) => ({ controls: { [control]: { items: s.banners[control] ?? [] } } }));

/** GET /api/page/web_cooperationcompany. */
export const partnerControl = (db: Db) =>
  derived(db, 'partners', (s) => ({ controls: { web_cooperationcompany: { items: s.partners } } }));

/** GET /api/pagestatisticalinfo. */
export const statistics = (db: Db) => derived(db, 'statistics', (s) => ({ statisticDatas: s.statistics }));
