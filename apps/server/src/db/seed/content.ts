import { sql } from 'drizzle-orm';
import { articles, banners, partners, siteMenus, siteSettings } from '../schema/index.ts';
import type { Db } from '../client.ts';
import { ARTICLE_CATEGORIES, ARTICLE_PARAGRAPHS, ARTICLES, CONTACT_ARTICLE } from './articles-data.ts';
import type { SeedImages } from './images.ts';
import {
  HERO_BANNERS, HOME_BANNER_LINKS, HOME_BANNERS, HOME_TOP_MENU, MALL_NAV, PARTNERS, WEB_BOTTOM_MENU, WEB_COMPROBLEM_MENU, WEB_TOP_MENU,
} from './menus-data.ts';
import { daysAgo, type Random } from './random.ts';
import { SITE_SETTINGS, STATISTICS } from './settings-data.ts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function seedArticles(db: Db, images: SeedImages, rnd: Random, now: Date): Promise<number[]> {
  const rows = ARTICLES.map(([code, title, summary], i) => {
    const published = daysAgo(now, i < 8 ? i * 4 + 1 : rnd.int(1, 180), rnd);
    const paragraphs = ARTICLE_PARAGRAPHS[code] ?? [];
    return {
      categoryCode: code,
      categoryName: ARTICLE_CATEGORIES[code] ?? code,
      title,
      summary,
      cover: code === 'help' ? '' : (images.covers[i % images.covers.length] ?? ''),
      content: [summary, ...paragraphs].map((p) => `<p>${esc(p)}</p>`).join(''),
      author: code === 'industry' ? rnd.pick(['水处理观察', '环保在线', 'AquaMall研究院']) : 'AquaMall平台',
      source: code === 'industry' || code === 'policy' ? rnd.pick(['中国水网', '环境保护报', '平台编辑部']) : 'AquaMall',
      views: rnd.int(80, 6000),
      isTop: i === 0 || i === 8,
      publishedAt: published,
      createdAt: published,
    };
  });
  const inserted = await db.insert(articles).values(rows).returning({ id: articles.id, categoryCode: articles.categoryCode });
  await db.insert(articles).values({
    id: CONTACT_ARTICLE.id,
    categoryCode: CONTACT_ARTICLE.categoryCode,
    categoryName: ARTICLE_CATEGORIES[CONTACT_ARTICLE.categoryCode] ?? '',
    title: CONTACT_ARTICLE.title,
    summary: CONTACT_ARTICLE.summary,
    content: [CONTACT_ARTICLE.summary, ...(ARTICLE_PARAGRAPHS.about ?? [])].map((p) => `<p>${esc(p)}</p>`).join(''),
    author: 'AquaMall平台',
    source: 'AquaMall',
    publishedAt: daysAgo(now, 365),
    createdAt: daysAgo(now, 365),
  });
  // The contact article has a fixed id; move the sequence past it so later inserts never collide.
  await db.execute(sql`select setval(pg_get_serial_sequence('articles', 'id'), (select max(id) from articles))`);
  return inserted.filter((a) => a.categoryCode === 'help').map((a) => a.id);
}

type MenuRow = typeof siteMenus.$inferInsert;

async function seedMenus(db: Db, images: SeedImages, helpIds: number[]) {
  const link = (menuKey: string, [title, url, target]: [string, string, string?], sort: number, parentId?: number): MenuRow => ({
    menuKey,
    parentId: parentId ?? null,
    title,
    linkUrl: url.replace(/\{help:(\d)\}/, (_, n: string) => `/mall/articledetail?id=${helpIds[Number(n)] ?? 95}`),
    target: target ?? '_self',
    sort,
  });
  await db.insert(siteMenus).values([
    ...HOME_TOP_MENU.map((l, i) => link('home_top_menu', l, i * 10)),
    ...WEB_TOP_MENU.map((l, i) => link('web_top_menu', l, i * 10)),
    ...MALL_NAV.map((l, i) => link('mall_nav', l, i * 10)),
  ]);
  const groups = await db
    .insert(siteMenus)
    .values([
      ...WEB_BOTTOM_MENU.map(([title], i) => link('web_bottom_menu', [title, ''], i * 10)),
      ...WEB_COMPROBLEM_MENU.map(([title, glyph], i) => ({
        ...link('web_comproblem_menu', [title, ''], i * 10),
        titleImg: images.glyphs[glyph] ?? '',
      })),
    ])
    .returning({ id: siteMenus.id, menuKey: siteMenus.menuKey, title: siteMenus.title });
  const parent = (key: string, title: string) => groups.find((g) => g.menuKey === key && g.title === title)!.id;
  await db.insert(siteMenus).values([
    ...WEB_BOTTOM_MENU.flatMap(([title, links]) => links.map((l, i) => link('web_bottom_menu', l, i * 10, parent('web_bottom_menu', title)))),
    ...WEB_COMPROBLEM_MENU.flatMap(([title, , items]) =>
      items.map(([t, summary], i) => ({ ...link('web_comproblem_menu', [t, ''], i * 10, parent('web_comproblem_menu', title)), summary })),
    ),
  ]);
}

/** Menus, banners, articles, partners and site settings (footer, filing numbers, QR code, statistics). */
export async function seedContent(db: Db, images: SeedImages, rnd: Random, now: Date) {
  const helpIds = await seedArticles(db, images, rnd, now);
  await seedMenus(db, images, helpIds);
  await db.insert(banners).values([
    ...HERO_BANNERS.map(([title, linkUrl], i) => ({
      position: 'web_topbanner', title, imgUrl: images.heroBanners[i] ?? '', linkUrl, sort: i * 10,
    })),
    ...HOME_BANNERS.map((title, i) => ({
      position: 'mall_banner', title, imgUrl: images.homeBanners[i] ?? '', linkUrl: HOME_BANNER_LINKS[i] ?? '', sort: i * 10,
    })),
    ...['行业资讯', '政策法规', '平台动态'].map((title, i) => ({
      position: 'web_article_banner', title, imgUrl: images.articleBanners[i] ?? '', linkUrl: '/mall/notice', sort: i * 10,
    })),
    ...['平台公告', '会员权益升级', '招标采购频道上线'].map((title, i) => ({
      position: 'notice_banner', title, imgUrl: images.noticeBanners[i] ?? '', linkUrl: ['/mall/notice?categoryCode=notice', '/mall/notice', '/mall/bidindex'][i] ?? '', sort: i * 10,
    })),
  ]);
  await db.insert(partners).values(
    PARTNERS.map((title, i) => ({ title, imgUrl: images.partners[i % images.partners.length] ?? '', linkUrl: '', sort: i * 10 })),
  );
  await db.insert(siteSettings).values([
    { key: 'site', value: { ...SITE_SETTINGS, qrCode: images.qrCode } },
    { key: 'statistics', value: STATISTICS },
    // Where membership fees are transferred (console: 站点设置 → 平台收款账户).
    { key: 'platform_bank', value: { accountName: '水务商城平台运营有限公司', bankName: '中国工商银行福州五四支行', accountNo: '1402023009200088888' } },
  ]);
}
