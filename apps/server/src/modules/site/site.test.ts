import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FooterData, NavLink, SiteData } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { LocalStorage } from '../../lib/storage.ts';
import { banners, companies, siteMenus, siteSettings } from '../../db/schema/index.ts';
import { invalidateSiteData } from './cache.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

const get = async (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const home = async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/index', payload: {} });
  expect(res.statusCode).toBe(200);
  return res.json<{ code: number; data: SiteData }>().data;
};

describe('POST /api/index', () => {
  it('answers the site data from the database', async () => {
    const d = await home();
    expect(d.siteNav.map((l) => l.title)).toContain('商城');
    expect(d.mallNav.find((l) => l.title === '全部商品')?.linkUrl).toBe('/mall/goodsList');
    expect(d.mallBanners.length).toBe(5);
    expect(d.mallBanners[0]).toMatchObject({ sysNo: expect.any(Number), imgUrl: expect.stringMatching(/^seed\/banners\//) });
    expect(d.noticeBanners.length).toBeGreaterThan(0);
    expect(d.footerLinks.every((g) => g.items.length > 0)).toBe(true);
    expect(d.footerQuestions.length).toBe(4);
    expect(d.footerQuestions[0]).toMatchObject({ title: '正品保障', titleImg: expect.stringMatching(/\.png$/) });
    expect(d.footerQuestions[0]!.items[0]).toMatchObject({ title: expect.any(String), summary: expect.stringMatching(/.+/) });
    expect(d.settings.filingNumbers.map((f) => f.title).join()).toMatch(/京ICP备\d+号.*京公网安备\d+号/);
    expect(await new LocalStorage(t.filesDir).exists(d.settings.qrCode)).toBe(true);
    const shops = await t.database.db.select().from(companies).where(eq(companies.shopOpen, true));
    expect(d.statisticDatas.find((s) => s.title === '入驻供应商')?.value).toBe(shops.length);
  });

  it('serves from the cache until the site data is invalidated', async () => {
    const before = await home();
    await t.database.db.update(banners).set({ title: '新横幅标题' }).where(eq(banners.id, before.mallBanners[0]!.sysNo));
    expect((await home()).mallBanners[0]!.title).toBe(before.mallBanners[0]!.title);
    invalidateSiteData();
    expect((await home()).mallBanners[0]!.title).toBe('新横幅标题');
  });

  it('answers malformed JSON with HTTP 400 and an oversize body with HTTP 413', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/index', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 2, message: '请求数据格式错误' });
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/index',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ message: '请求数据过大' });
  });

  it('answers a POST without a body too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/index' });
    expect(res.json()).toMatchObject({ code: 0, data: { siteNav: expect.any(Array) } });
  });

  it('sends gzip when the client accepts it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/index', payload: {}, headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends the brotli body made once when the client accepts br, and 304 for its ETag', async () => {
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    const res = await t.app.inject({ method: 'GET', url: '/api/product/category', headers });
    expect(res.headers['content-encoding']).toBe('br');
    const body = JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString());
    expect(body).toMatchObject({ code: 0, data: expect.any(Array) });
    const etag = String(res.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: '/api/product/category', headers: { ...headers, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });
});

describe('menus, footer, banners, partners, statistics', () => {
  it('GET /api/footer answers both footer controls with children', async () => {
    const res = await get('/api/footer');
    const { controls } = res.json<{ data: FooterData }>().data;
    expect(controls.web_bottom_menu.children.map((g) => g.title)).toEqual(['新手指南', '采购服务', '商家服务', '关于我们']);
    expect(controls.web_bottom_menu.children[3]!.items.find((l) => l.title === '联系平台')?.linkUrl).toBe('/mall/articledetail?id=95');
    expect(controls.web_comproblem_menu.children[1]!.items[0]).toMatchObject({ title: '全国配送', summary: expect.any(String) });
  });

  it('GET /api/navigationmenu/{menuKey} answers the two known menus and refuses others', async () => {
    for (const key of ['web_top_menu', 'home_top_menu']) {
      const body = (await get(`/api/navigationmenu/${key}`)).json<{ code: number; data: { controls: Record<string, { items: NavLink[] }> } }>();
      expect(body.code).toBe(0);
      expect(body.data.controls[key]!.items.length).toBeGreaterThan(3);
    }
    const hidden = await t.database.db.insert(siteMenus).values({ menuKey: 'web_top_menu', title: '隐藏菜单', hidden: true }).returning();
    invalidateSiteData();
    const top = (await get('/api/navigationmenu/web_top_menu')).json<{ data: { controls: { web_top_menu: { items: NavLink[] } } } }>();
    expect(top.data.controls.web_top_menu.items.map((l) => l.title)).not.toContain(hidden[0]!.title);
    const unknown = (await get('/api/navigationmenu/mall_secret')).json<{ code: number; message: string }>();
    expect(unknown.code).toBe(2);
    expect(unknown.message).toMatch(/菜单标识不存在/);
  });

  it('GET banner, partner and statistics calls answer their controls', async () => {
    const index = (await get('/api/indexbanner')).json<{ data: { controls: { web_topbanner: { items: unknown[] } } } }>();
    expect(index.data.controls.web_topbanner.items.length).toBeGreaterThanOrEqual(3);
    const article = (await get('/api/articlebanner')).json<{ data: { controls: { web_article_banner: { items: unknown[] } } } }>();
    expect(article.data.controls.web_article_banner.items.length).toBeGreaterThan(0);
    const partners = (await get('/api/page/web_cooperationcompany')).json<{ data: { controls: { web_cooperationcompany: { items: { title: string }[] } } } }>();
    expect(partners.data.controls.web_cooperationcompany.items.length).toBeGreaterThanOrEqual(8);
    const stats = (await get('/api/pagestatisticalinfo')).json<{ data: { statisticDatas: { title: string; value: number; unit: string }[] } }>();
    expect(stats.data.statisticDatas.find((s) => s.title === '在售商品')!.value).toBeGreaterThanOrEqual(300);
  });

  it('answers 304 when the client already has the current version', async () => {
    const first = await get('/api/footer');
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await get('/api/footer', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('mall banners', () => {
  it('fall back to the site home banners when no mall banner is set', async () => {
    await t.database.db.delete(banners).where(eq(banners.position, 'mall_banner'));
    invalidateSiteData();
    const index = (await get('/api/indexbanner')).json<{ data: { controls: { web_topbanner: { items: { sysNo: number }[] } } } }>();
    expect((await home()).mallBanners.map((b) => b.sysNo)).toEqual(index.data.controls.web_topbanner.items.map((b) => b.sysNo));
  });
});

describe('malformed settings', () => {
  it('fall back to defaults instead of breaking the home data', async () => {
    await t.database.db.update(siteSettings).set({ value: 'oops' }).where(eq(siteSettings.key, 'site'));
    await t.database.db.update(siteSettings).set({ value: { bad: 1 } }).where(eq(siteSettings.key, 'statistics'));
    invalidateSiteData();
    const d = await home();
    expect(d.settings).toMatchObject({ siteName: 'B2B企业服务平台', filingNumbers: [] });
    expect(d.statisticDatas).toEqual([]);
  });
});
