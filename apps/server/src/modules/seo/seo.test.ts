import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BidStatus, BidType, CompanyType, EnquiryStatus, ProductStatus } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertEnquiry, insertMallFixture, insertOffer, makeOnSaleProduct, makeSupplier, type MallFixture } from '../../test/factories/index.ts';
import { articles, bids, companies, enquiries, products } from '../../db/schema/index.ts';
import { priceText } from './pages.ts';
import { IndexTemplate } from './template.ts';
import { Sitemaps } from './sitemap.ts';

const BASE = 'https://www.example.cn';
const SITE = 'B2B企业服务平台';
const HOSTILE = `<script>alert(1)</script>"O'Neil" & Co`;
const HOSTILE_ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt;&quot;O&#39;Neil&quot; &amp; Co';

// The built index.html's shape: its own title and description, module script and stylesheet, an empty root.
const INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="AquaMall 水务商城：B2B采购平台" />
    <meta name="theme-color" content="#0b6bcb" />
    <title>B2B企业服务平台</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'aquamall-seo-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);

let t: TestApp;
let fx: MallFixture;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: webDist, PUBLIC_URL: `${BASE}/`, SITEMAP_URLS_PER_FILE: '3' } });
  const db = t.database.db;
  fx = await insertMallFixture(db);
  // A supplier whose shop and product names are hostile, a product with a price range, a draft, a sealed
  // enquiry with an offer, a withdrawn enquiry, a tender with a hidden budget, a draft and a future tender.
  const evil = await makeSupplier(db, HOSTILE);
  await db.update(companies).set({ shopName: HOSTILE }).where(eq(companies.id, evil.id));
  ids.evilShop = evil.id;
  ids.neverOpened = (await makeSupplier(db, '从未开张的供应商', { approved: false })).id;
  ids.evilProduct = (await makeOnSaleProduct(db, evil, { name: HOSTILE, unit: '吨', skus: [{ price: 1700, stock: 5 }, { price: 1900, stock: 5 }] })).productId;
  const [draft] = await db
    .insert(products)
    .values({ name: '草稿商品 不公开', companyId: fx.shopA, categoryId: 1, categoryCode: '0101', price: '10', status: ProductStatus.DRAFT })
    .returning({ id: products.id });
  ids.draftProduct = draft!.id;
  const sealed = await insertEnquiry(db, fx.purchaser, { title: '密封询价 次氯酸钠', sealed: true, lines: [{ productName: '次氯酸钠', quantity: 12.5, unit: '吨' }] });
  ids.sealedEnquiry = sealed.id;
  await insertOffer(db, { id: sealed.id, companyId: fx.purchaser, quantities: { [sealed.itemIds[0]!]: 12.5 } }, { id: fx.shopB, name: '密封报价供应商甲' }, [
    { prices: { [sealed.itemIds[0]!]: 4321.5 } },
  ]);
  ids.revokedEnquiry = (await insertEnquiry(db, fx.purchaser, { title: '已撤回的询价', status: EnquiryStatus.REVOKED })).id;
  const [hidden, draftBid, future] = await db
    .insert(bids)
    .values([
      { type: BidType.TENDER, code: 'ZB-H', title: '隐藏预算的招标', status: BidStatus.OPEN, purchaserName: '北京市第九水厂', budget: '987654', budgetShown: false, deadline: new Date(Date.now() + 86_400_000) },
      { type: BidType.TENDER, code: 'ZB-D', title: '草稿招标 不公开', status: BidStatus.DRAFT, purchaserName: '北京市第九水厂' },
      { type: BidType.TENDER, code: 'ZB-F', title: '未来发布的招标', status: BidStatus.OPEN, purchaserName: '北京市第九水厂', publishedAt: new Date(Date.now() + 86_400_000) },
    ])
    .returning({ id: bids.id });
  ids.hiddenBudgetTender = hidden!.id;
  ids.draftTender = draftBid!.id;
  ids.futureTender = future!.id;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, html: res.body, headers: res.headers };
};
/** The content of a meta tag (by name or property), unescaped only as far as the test needs. */
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)" />`).exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';

/** The page still loads the app, once, with one title and one description. */
function expectSpaShell(html: string) {
  expect(html.match(/<script type="module"[^>]*src="\/assets\/index-abc.js"/g)).toHaveLength(1);
  expect(html.match(/<title>/g)).toHaveLength(1);
  expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
}

describe('public pages answer index.html with their own meta tags', () => {
  it('goods detail: title, description with price, canonical, Open Graph and the facts in the root', async () => {
    const id = fx.product['聚合氯化铝 PAC 28% 饮用水级']!;
    const { status, html, headers } = await page(`/mall/goodsDetail?id=${id}&utm_source=wx`);
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^text\/html/);
    expect(headers['cache-control']).toBe('no-cache');
    expectSpaShell(html);
    expect(titleOf(html)).toBe(`聚合氯化铝 PAC 28% 饮用水级 - ${SITE}`);
    expect(metaOf(html, 'description')).toBe('聚合氯化铝 PAC 28% 饮用水级，品牌蓝天，价格¥1,800.00 / 件，蓝天水处理旗舰店供应。');
    expect(html).toContain(`<link rel="canonical" href="${BASE}/mall/goodsDetail?id=${id}" />`);
    expect(metaOf(html, 'og:url')).toBe(`${BASE}/mall/goodsDetail?id=${id}`);
    expect(metaOf(html, 'og:type')).toBe('product');
    expect(metaOf(html, 'og:title')).toBe('聚合氯化铝 PAC 28% 饮用水级');
    expect(metaOf(html, 'og:image')).toBe(`${BASE}/f/w1080/demo/pac.png`);
    expect(metaOf(html, 'og:site_name')).toBe(SITE);
    expect(metaOf(html, 'robots')).toBeUndefined();
    const root = rootOf(html);
    expect(root).toContain('<h1>聚合氯化铝 PAC 28% 饮用水级</h1>');
    expect(root).toContain('<dt>价格</dt><dd>¥1,800.00 / 件</dd>');
    expect(root).toContain('<dt>供应商</dt><dd>蓝天水处理旗舰店</dd>');
    expect(root).toContain(`<a href="/mall/shopHome?id=${fx.shopA}">`);
  });

  it('goods detail: a price range over the SKUs, and hostile names escaped everywhere', async () => {
    const { status, html } = await page(`/mall/goodsDetail?id=${ids.evilProduct}`);
    expect(status).toBe(200);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toMatch(/"O'Neil"/);
    expect(titleOf(html)).toBe(`${HOSTILE_ESCAPED} - ${SITE}`);
    expect(metaOf(html, 'og:title')).toBe(HOSTILE_ESCAPED);
    expect(rootOf(html)).toContain(`<h1>${HOSTILE_ESCAPED}</h1>`);
    expect(rootOf(html)).toContain('<dt>价格</dt><dd>¥1,700.00 – ¥1,900.00 / 吨</dd>');
    expect(metaOf(html, 'description')).toContain(`${HOSTILE_ESCAPED}供应`);
    // Only the one module script of the app: nothing the names brought.
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('a product taken off sale answers 410 with a generic title, noindex and nothing of the product', async () => {
    for (const name of ['已下架 碳源', '关闭店铺 碳源']) {
      const { status, html } = await page(`/mall/goodsDetail?id=${fx.product[name]}`);
      expect(status, name).toBe(410);
      expectSpaShell(html);
      expect(titleOf(html)).toBe(`商品不存在或已下架 - ${SITE}`);
      expect(metaOf(html, 'robots')).toBe('noindex');
      expect(html).not.toContain('碳源');
      expect(html).not.toContain('rel="canonical"');
      expect(html).not.toContain('og:');
    }
  });

  it('HEAD answers the same status without a body', async () => {
    const on = await t.app.inject({ method: 'HEAD', url: `/mall/goodsDetail?id=${fx.product['乙酸钠 液体']}` });
    expect(on.statusCode).toBe(200);
    expect(on.headers['content-type']).toMatch(/^text\/html/);
    expect(on.body).toBe('');
    const off = await t.app.inject({ method: 'HEAD', url: `/mall/goodsDetail?id=${fx.product['已下架 碳源']}` });
    expect(off.statusCode).toBe(410);
  });

  it('a draft, an unknown and a malformed id answer 404 with noindex', async () => {
    for (const url of [`/mall/goodsDetail?id=${ids.draftProduct}`, '/mall/goodsDetail?id=99999999', '/mall/goodsDetail?id=abc', '/mall/goodsDetail']) {
      const { status, html } = await page(url);
      expect(status, url).toBe(404);
      expectSpaShell(html);
      expect(metaOf(html, 'robots'), url).toBe('noindex');
      expect(html).not.toContain('草稿商品');
    }
  });

  it('shop home: name, company and product count; hostile shop names escaped; never a shop is 404', async () => {
    const a = await page(`/mall/shopHome?id=${fx.shopA}`);
    expect(a.status).toBe(200);
    expect(titleOf(a.html)).toBe(`蓝天水处理旗舰店 - ${SITE}`);
    expect(metaOf(a.html, 'description')).toMatch(/^蓝天水处理旗舰店（江苏蓝天环保科技有限公司）/);
    expect(a.html).toContain(`<link rel="canonical" href="${BASE}/mall/shopHome?id=${fx.shopA}" />`);
    const onSale = await t.database.db.select({ id: products.id }).from(products).where(eq(products.companyId, fx.shopA));
    expect(onSale.length).toBeGreaterThan(0);
    expect(rootOf(a.html)).toMatch(/<dt>在售商品<\/dt><dd>\d+件<\/dd>/);
    expect(rootOf(a.html)).toContain('<dt>地区</dt><dd>江苏省 南京市</dd>');
    // The shop's phone is not shown.
    expect(a.html).not.toContain('13812345678');

    const evil = await page(`/mall/shopHome?id=${ids.evilShop}`);
    expect(evil.status).toBe(200);
    expect(evil.html).not.toContain('<script>alert(1)');
    expect(titleOf(evil.html)).toBe(`${HOSTILE_ESCAPED} - ${SITE}`);

    // Never a shop (a purchaser), or a supplier whose shop never opened (merchant application not approved): 404.
    for (const id of [fx.purchaser, ids.neverOpened!]) {
      const never = await page(`/mall/shopHome?id=${id}`);
      expect(never.status, String(id)).toBe(404);
      expect(metaOf(never.html, 'robots')).toBe('noindex');
      expect(never.html).not.toContain('从未开张');
    }
  });

  it('a shop that was open and is closed or disabled answers 410 with noindex and nothing of the shop', async () => {
    const db = t.database.db;
    // Opened by an approved application, then closed; and one the platform disabled (its shop flag still on).
    const closed = await makeSupplier(db, '曾经开张的店铺公司');
    const disabled = await makeSupplier(db, '被停用的店铺公司');
    await db.update(companies).set({ shopName: '曾经开张的店', introduction: '曾经的简介', shopOpen: false }).where(eq(companies.id, closed.id));
    await db.update(companies).set({ shopName: '被停用的店', disabled: true }).where(eq(companies.id, disabled.id));
    expect((await page(`/mall/shopHome?id=${ids.neverOpened}`)).status).toBe(404);
    // The fixture's closed shop: its goods were on sale (already 410, above), so it was open once.
    for (const [id, name] of [[closed.id, '曾经开张'], [disabled.id, '被停用'], [fx.closedShop, '关闭的店']] as const) {
      const { status, html } = await page(`/mall/shopHome?id=${id}`);
      expect(status, name).toBe(410);
      expectSpaShell(html);
      expect(titleOf(html)).toBe(`店铺不存在或已关闭 - ${SITE}`);
      expect(metaOf(html, 'robots')).toBe('noindex');
      expect(html).not.toContain(name);
      expect(html).not.toContain('曾经的简介');
      expect(html).not.toContain('rel="canonical"');
      expect(html).not.toContain('og:');
    }
    const head = await t.app.inject({ method: 'HEAD', url: `/mall/shopHome?id=${closed.id}` });
    expect(head.statusCode).toBe(410);
  });

  it('enquiry detail: items, deadline and status, never the phone or a sealed offer', async () => {
    const open = await page(`/mall/enquiryDetail?id=${fx.enquiryOpen}`);
    expect(open.status).toBe(200);
    expect(titleOf(open.html)).toBe(`采购聚合氯化铝50吨 - ${SITE}`);
    expect(metaOf(open.html, 'og:type')).toBe('article');
    expect(metaOf(open.html, 'description')).toMatch(/^北京市第九水厂采购询价：聚合氯化铝 50吨、聚丙烯酰胺 2吨，收货地北京市 朝阳区，截止\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(rootOf(open.html)).toContain('<dt>状态</dt><dd>报价中</dd>');
    expect(open.html).not.toContain('13700002222');

    const sealed = await page(`/mall/enquiryDetail?id=${ids.sealedEnquiry}`);
    expect(sealed.status).toBe(200);
    expect(rootOf(sealed.html)).toContain('次氯酸钠 12.5吨');
    expect(sealed.html).not.toContain('密封报价供应商甲');
    expect(sealed.html).not.toMatch(/4,?321/);

    const draft = await page(`/mall/enquiryDetail?id=${fx.enquiryDraft}`);
    expect(draft.status).toBe(404);
    expect(draft.html).not.toContain('草稿询价');
    const revoked = await page(`/mall/enquiryDetail?id=${ids.revokedEnquiry}`);
    expect(revoked.status).toBe(410);
    expect(metaOf(revoked.html, 'robots')).toBe('noindex');
    expect(revoked.html).not.toContain('已撤回的询价');
  });

  it('tender detail: announcement facts and deadline; a hidden budget, drafts and future notices stay out', async () => {
    const open = await page(`/mall/bidDetail?id=${ids.hiddenBudgetTender}`);
    expect(open.status).toBe(200);
    expect(titleOf(open.html)).toBe(`隐藏预算的招标 - ${SITE}`);
    expect(metaOf(open.html, 'description')).toMatch(/^招标公告：隐藏预算的招标，招标单位北京市第九水厂，投标截止\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(rootOf(open.html)).toContain('<dt>状态</dt><dd>投标中</dd>');
    expect(open.html).not.toMatch(/987,?654/);
    expect(rootOf(open.html)).not.toContain('<dt>预算</dt>');

    const result = await page(`/mall/bidDetail?id=${fx.result}`);
    expect(result.status).toBe(200);
    expect(rootOf(result.html)).toContain('<dt>中标单位</dt><dd>江苏蓝天环保科技有限公司</dd>');
    expect(rootOf(result.html)).toContain('<dt>中标金额</dt><dd>¥468,000.00</dd>');
    const tender = await page(`/mall/bidDetail?id=${fx.tender}`);
    expect(rootOf(tender.html)).toContain('<dt>预算</dt><dd>¥500,000.00</dd>');

    for (const id of [ids.draftTender, ids.futureTender]) {
      const hidden = await page(`/mall/bidDetail?id=${id}`);
      expect(hidden.status).toBe(404);
      expect(hidden.html).not.toMatch(/草稿招标|未来发布的招标/);
    }
  });

  it('article detail: title and summary without counting a view; a hidden article is 404', async () => {
    const before = await t.database.db.select({ views: articles.views }).from(articles).where(eq(articles.id, fx.article));
    const a = await page(`/mall/articledetail?id=${fx.article}`);
    expect(a.status).toBe(200);
    expect(titleOf(a.html)).toBe(`污水处理新标准发布 - ${SITE}`);
    expect(metaOf(a.html, 'og:type')).toBe('article');
    expect(metaOf(a.html, 'og:image')).toBe(`${BASE}/images/share.png`);
    // The stored content's script is neither run nor shown.
    expect(a.html).not.toContain('alert(');
    const after = await t.database.db.select({ views: articles.views }).from(articles).where(eq(articles.id, fx.article));
    expect(after[0]!.views).toBe(before[0]!.views);
    const hidden = await page(`/mall/articledetail?id=${fx.hiddenArticle}`);
    expect(hidden.status).toBe(404);
    expect(hidden.html).not.toContain('隐藏的文章');
  });

  it('the site home and the list pages: their titles, canonical without the query', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(titleOf(home.html)).toBe(SITE);
    expect(metaOf(home.html, 'description')).toBe('AquaMall 水务商城：B2B采购平台');
    expect(home.html).toContain(`<link rel="canonical" href="${BASE}/" />`);
    const list = await page('/mall/goodsList?productName=%E8%81%9A&pageIndex=2');
    expect(titleOf(list.html)).toBe(`商品列表 - ${SITE}`);
    expect(list.html).toContain(`<link rel="canonical" href="${BASE}/mall/goodsList" />`);
    for (const [url, title] of [['/mall/home', '商城首页'], ['/mall/enquiry', '采购询价'], ['/mall/bidindex', '招标投标'], ['/mall/notice', '行业资讯'], ['/mall/shopList', '供应商']]) {
      const p = await page(url!);
      expect(p.status, url).toBe(200);
      expect(titleOf(p.html), url).toBe(`${title} - ${SITE}`);
    }
  });

  it('the site name comes from the site settings', async () => {
    const { siteSettings } = await import('../../db/schema/index.ts');
    const { invalidateSiteData } = await import('../site/cache.ts');
    await t.database.db.insert(siteSettings).values({ key: 'site', value: { siteName: '水务<商城>' } });
    invalidateSiteData();
    try {
      const { html } = await page(`/mall/shopHome?id=${fx.shopA}`);
      expect(titleOf(html)).toBe('蓝天水处理旗舰店 - 水务&lt;商城&gt;');
      expect(metaOf(html, 'og:site_name')).toBe('水务&lt;商城&gt;');
    } finally {
      await t.database.db.delete(siteSettings).where(eq(siteSettings.key, 'site'));
      invalidateSiteData();
    }
  });

  it('other pages (workbench, sign-in, console) get the plain index.html, with an ETag', async () => {
    for (const url of ['/customer/home', '/sso/login', '/admin', '/mall/unknownPage']) {
      const p = await page(url);
      expect(p.status, url).toBe(200);
      expect(p.html, url).toBe(INDEX);
    }
    const first = await page('/sso/login');
    const again = await t.app.inject({ method: 'GET', url: '/sso/login', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt keeps crawlers out of the workbench, console, API and sign-in and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    for (const p of ['/customer', '/admin', '/api', '/sso']) expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  /** Every URL of every file the index names, by file. */
  async function crawl(): Promise<Map<string, string[]>> {
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(index.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const out = new Map<string, string[]>();
    for (const f of files) {
      expect(f.startsWith(`${BASE}/sitemaps/`)).toBe(true);
      const res = await t.app.inject({ method: 'GET', url: f.slice(BASE.length) });
      expect(res.statusCode, f).toBe(200);
      expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      out.set(f.slice(f.lastIndexOf('/') + 1), [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!));
    }
    return out;
  }
  const idsOf = (urls: string[], page: string) =>
    urls.filter((u) => u.startsWith(`${BASE}${page}?id=`)).map((u) => Number(u.slice(u.indexOf('=') + 1)));

  it('lists exactly the public pages: on-sale goods, open shops, open enquiries, public tenders, visible articles', async () => {
    const files = await crawl();
    const all = [...files.values()].flat();
    expect(new Set(all).size).toBe(all.length);
    expect(files.get('pages-1.xml')).toEqual(expect.arrayContaining([`${BASE}/`, `${BASE}/mall/goodsList`, `${BASE}/mall/bidindex`]));

    const db = t.database.db;
    const goods = idsOf(all, '/mall/goodsDetail');
    const onSale = await db.select({ id: products.id }).from(products).where(eq(products.status, ProductStatus.ON_SALE));
    const closedShopGoods = fx.product['关闭店铺 碳源']!;
    expect(goods.sort((a, b) => a - b)).toEqual(onSale.map((r) => r.id).filter((id) => id !== closedShopGoods).sort((a, b) => a - b));
    expect(goods).not.toContain(fx.product['已下架 碳源']);
    expect(goods).not.toContain(ids.draftProduct);

    const shops = idsOf(all, '/mall/shopHome');
    expect(shops.sort((a, b) => a - b)).toEqual([fx.shopA, fx.shopB, ids.evilShop].sort((a, b) => a - b));
    const supplierCount = await db.select({ id: companies.id }).from(companies).where(eq(companies.type, CompanyType.SUPPLIER));
    expect(supplierCount.length).toBeGreaterThan(shops.length);

    // Open enquiries only: not the draft, the expired one, nor the withdrawn one.
    const openEnquiries = idsOf(all, '/mall/enquiryDetail');
    expect(openEnquiries.sort((a, b) => a - b)).toEqual([fx.enquiryOpen, ids.sealedEnquiry].sort((a, b) => a - b));
    const expired = await db.select({ id: enquiries.id }).from(enquiries).where(eq(enquiries.code, 'XJ0003'));
    expect(openEnquiries).not.toContain(expired[0]!.id);

    const tenders = idsOf(all, '/mall/bidDetail');
    expect(tenders).toEqual(expect.arrayContaining([fx.tender, fx.result, ids.hiddenBudgetTender]));
    expect(tenders).not.toContain(ids.draftTender);
    expect(tenders).not.toContain(ids.futureTender);

    const arts = idsOf(all, '/mall/articledetail');
    expect(arts).toContain(fx.article);
    expect(arts).not.toContain(fx.hiddenArticle);
    const visible = await db.select({ id: articles.id }).from(articles).where(eq(articles.hidden, false));
    expect(arts.length).toBe(visible.length);

    // Nothing private: no sealed offer, no hidden budget, no phone numbers anywhere.
    const text = all.join('\n');
    expect(text).not.toMatch(/987654|4321|137000|138123/);
  });

  it('pages the files at SITEMAP_URLS_PER_FILE URLs each, with lastmod dates', async () => {
    const files = await crawl();
    const goodsFiles = [...files.keys()].filter((f) => f.startsWith('goods-'));
    expect(goodsFiles.length).toBeGreaterThan(2);
    expect(goodsFiles).toEqual(goodsFiles.map((_, i) => `goods-${i + 1}.xml`));
    for (const f of files.keys()) if (f !== 'pages-1.xml') expect(files.get(f)!.length, f).toBeLessThanOrEqual(3);
    const one = await t.app.inject({ method: 'GET', url: '/sitemaps/goods-1.xml' });
    expect(one.body).toMatch(/<url><loc>[^<]+<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod><\/url>/);
  });

  it('a file is an id range: a product leaving goods-1 moves nothing across the boundary', async () => {
    const db = t.database.db;
    // A fresh builder (no cached files): 2 URLs a file, so the fixture's goods span several files.
    const maps = new Sitemaps(db, BASE, 2);
    const files = (await maps.files()).filter((f) => f.startsWith('goods-'));
    expect(files.length).toBeGreaterThan(2);
    const read = async (f: string) => idsOf([...((await maps.file(f))!.xml.matchAll(/<loc>([^<]+)<\/loc>/g))].map((m) => m[1]!), '/mall/goodsDetail');
    const first = await read('goods-1.xml');
    expect(first.length).toBeGreaterThan(0);
    // The index is built; now the first product of goods-1 goes off sale before a crawler reads goods-2.
    // With OFFSET, goods-2 would start one product earlier (the first product of goods-2 would slip into
    // the already-read goods-1's place and be listed in no file); with id ranges goods-2 is unchanged.
    const [gone] = first;
    const secondBefore = await new Sitemaps(db, BASE, 2).file('goods-2.xml');
    await db.update(products).set({ status: ProductStatus.OFF_SALE }).where(eq(products.id, gone!));
    try {
      const second = await read('goods-2.xml');
      expect(second.length).toBeGreaterThan(0);
      expect(second).toEqual(idsOf([...secondBefore!.xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!), '/mall/goodsDetail'));
      expect(Math.min(...second)).toBeGreaterThan(Math.max(...first));
      // Every file holds ascending ids below the next file's first id, at most 2 each, none twice.
      const all: number[] = [];
      for (const f of files) {
        const got = await read(f);
        expect(got.length, f).toBeLessThanOrEqual(2);
        expect(got).toEqual([...got].sort((a, b) => a - b));
        if (all.length && got.length) expect(got[0]!).toBeGreaterThan(all[all.length - 1]!);
        all.push(...got);
      }
      expect(new Set(all).size).toBe(all.length);
    } finally {
      await db.update(products).set({ status: ProductStatus.ON_SALE }).where(eq(products.id, gone!));
    }
  });

  it('gzips for crawlers that ask, and refuses files the index does not name', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { 'accept-encoding': 'gzip' } });
    const plain = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    if (plain.body.length > 1024) {
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    }
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/goods-99.xml' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/secrets-1.xml' })).statusCode).toBe(404);
    // A path outside the file names is no sitemap (the router leaves it to the web app's fallback at most).
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/..%2Fetc.xml' })).body).not.toContain('<urlset');
  });

  it('is cached for a few minutes: a product put on sale is not listed at once', async () => {
    const before = (await crawl()).size;
    const id = fx.product['已下架 碳源']!;
    await t.database.db.update(products).set({ status: ProductStatus.ON_SALE }).where(inArray(products.id, [id]));
    try {
      const all = [...(await crawl()).values()].flat();
      expect(idsOf(all, '/mall/goodsDetail')).not.toContain(id);
      expect((await crawl()).size).toBe(before);
    } finally {
      await t.database.db.update(products).set({ status: ProductStatus.OFF_SALE }).where(eq(products.id, id));
    }
  });
});

describe('template and price text', () => {
  it('a template without title, description or root still gets the tags in the head and the text in the body', () => {
    const tpl = new IndexTemplate('<html><head><meta charset="UTF-8"></head><body><p>x</p></body></html>');
    expect(tpl.render('<title>T</title>', '<div>B</div>')).toBe('<html><head><meta charset="UTF-8"><title>T</title></head><body><p>x</p><div>B</div></body></html>');
    expect(tpl.defaultDescription).toBe('');
  });

  it('prices: one price, a range, 面议 when nothing is priced', () => {
    expect(priceText(100, 100, '吨')).toBe('¥100.00 / 吨');
    expect(priceText(95.5, 1200, '件')).toBe('¥95.50 – ¥1,200.00 / 件');
    expect(priceText(0, 0, '件')).toBe('面议');
    expect(priceText(null, null, '')).toBe('面议');
  });
});
