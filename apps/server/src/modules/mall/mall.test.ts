import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { articles, companies } from '../../db/schema/index.ts';
import { insertMallFixture, type MallFixture } from '../../test/factories/index.ts';

let t: TestApp;
let fx: MallFixture;

beforeAll(async () => {
  t = await createTestApp();
  fx = await insertMallFixture(t.database.db);
});
afterAll(async () => t?.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelope payloads are checked field by field
type Body = { code: number; message: string; data: any };
const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json() as Body;
const post = async (url: string, payload: object = {}) =>
  (await t.app.inject({ method: 'POST', url, payload })).json() as Body;
const phoneLike = /1[3-9]\d{9}/;

describe('goods detail', () => {
  it('shows a public product with tiers, shop card and related goods', async () => {
    const res = await get(`/api/product/${fx.product['聚合氯化铝 PAC 28% 饮用水级']}`);
    expect(res.code).toBe(0);
    expect(res.data.priceTiers).toEqual([{ minQty: 10, price: 1700 }]);
    expect(res.data.images).toEqual(['demo/pac.png']);
    expect(res.data.shop.shopName).toBe('蓝天水处理旗舰店');
    expect(res.data.shop.productCount).toBeGreaterThan(3);
    expect(res.data.categoryPath.map((c: { name: string }) => c.name)).toEqual(['水处理药剂', '絮凝剂']);
    expect(res.data.related.length).toBeGreaterThan(0);
    expect(res.data.related.map((g: { name: string }) => g.name)).not.toContain('已下架 碳源');
    expect(JSON.stringify(res.data)).not.toMatch(phoneLike);
  });

  it('hides off-sale products and products of closed shops', async () => {
    expect((await get(`/api/product/${fx.product['已下架 碳源']}`)).code).toBe(4);
    expect((await get(`/api/product/${fx.product['关闭店铺 碳源']}`)).code).toBe(4);
    expect((await get('/api/product/abc')).code).toBe(2);
    expect((await get('/api/product/99999999')).code).toBe(4);
  });
});

describe('shops and purchasers', () => {
  it('lists open shops only, by name, with product previews', async () => {
    const all = await post('/api/querycompanystore', { pageIndex: 1, pageSize: 10 });
    expect(all.data.total).toBe(2);
    expect(all.data.list.map((s: { shopName: string }) => s.shopName)).not.toContain('关闭的店');
    const one = await post('/api/querycompanystore', { name: '蓝天' });
    expect(one.data.list).toHaveLength(1);
    expect(one.data.list[0].products.length).toBeGreaterThan(0);
    expect((await post('/api/querycompanystore', { name: '%' })).data.total).toBe(0);
  });

  it('shows shop info, open info, floors and categories with phones masked', async () => {
    const info = await get(`/api/companystoreinfo/${fx.shopA}`);
    expect(info.data.contactPhone).toBe('138****5678');
    const open = await get(`/api/queryCompanyOpenInfo/${fx.shopA}`);
    expect(open.data.companyName).toBe('江苏蓝天环保科技有限公司');
    expect(open.data.creditCode).not.toBe('91320100MA1XXXXX7Q');
    expect(JSON.stringify([info.data, open.data])).not.toMatch(phoneLike);
    const floors = await get(`/api/queryFloorData/${fx.shopA}`);
    expect(floors.data.map((f: { title: string }) => f.title)).toEqual(['热销商品', '新品上架']);
    const cats = await get(`/api/companystore/categories/${fx.shopA}`);
    expect(cats.data.map((c: { name: string }) => c.name).sort()).toEqual(['水泵', '絮凝剂'].sort());
    for (const url of [
      'companystoreinfo',
      'queryCompanyOpenInfo',
      'queryFloorData',
      'companystore/categories',
    ]) {
      expect((await get(`/api/${url}/${fx.closedShop}`)).code).toBe(4);
    }
  });

  it('honours floors arranged by the supplier', async () => {
    const id = fx.product['不锈钢离心泵']!;
    await t.database.db
      .update(companies)
      .set({ shopFloors: [{ title: '主推泵类', productIds: [id, 999999] }] })
      .where(eq(companies.id, fx.shopA));
    const floors = await get(`/api/queryFloorData/${fx.shopA}`);
    expect(floors.data).toHaveLength(1);
    expect(floors.data[0].products.map((p: { id: number }) => p.id)).toEqual([id]);
  });

  it('lists purchasers with public facts only', async () => {
    const res = await post('/api/purchaser/query', { name: '水厂' });
    expect(res.data.total).toBe(1);
    expect(res.data.list[0]).toMatchObject({
      companyName: '北京市第九水厂',
      enquiryCount: 2,
      openEnquiryCount: 1,
    });
    expect(JSON.stringify(res.data)).not.toMatch(phoneLike);
    expect((await post('/api/purchaser/query', { companyName: '第九' })).data.total).toBe(1);
    expect((await post('/api/purchaser/query', { name: '蓝天' })).data.total).toBe(0); // suppliers are not purchasers
  });
});

describe('enquiries', () => {
  it('lists published enquiries by company name, keyword and status', async () => {
    const all = await post('/api/openEnquiry/query', {});
    expect(all.data.total).toBe(2);
    expect(all.data.list[0].title).toBe('采购聚合氯化铝50吨');
    expect(all.data.list[0].itemNames).toEqual(['聚合氯化铝', '聚丙烯酰胺']);
    expect((await post('/api/openEnquiry/query', { companyName: '第九水厂' })).data.total).toBe(2);
    expect((await post('/api/openEnquiry/query', { companyName: '别的公司' })).data.total).toBe(0);
    expect((await post('/api/openEnquiry/query', { keyword: '丙烯酰胺' })).data.total).toBe(1);
    const closed = await post('/api/openEnquiry/query', { status: 2 });
    expect(
      closed.data.list.map((e: { title: string; statusName: string }) => [e.title, e.statusName]),
    ).toEqual([['采购离心泵', '已截止']]);
    expect((await post('/api/openEnquiry/query', { status: 1 })).data.total).toBe(1);
    expect(JSON.stringify(all.data)).not.toMatch(phoneLike);
  });

  it('shows the detail with a masked phone, never a draft', async () => {
    const d = await get(`/api/openEnquiry/${fx.enquiryOpen}`);
    expect(d.data.contactPhone).toBe('137****2222');
    expect(d.data.items).toHaveLength(2);
    expect(d.data.offerCount).toBe(2);
    expect(d.data.expired).toBe(false);
    expect((await get(`/api/openEnquiry/${fx.enquiryDraft}`)).code).toBe(4);
  });
});

describe('news', () => {
  it('lists visible articles by title and category, pinned first', async () => {
    const all = await post('/api/openArticle/query', {});
    expect(all.data.list.map((a: { title: string }) => a.title)).toEqual([
      '平台升级公告',
      '污水处理新标准发布',
    ]);
    expect((await post('/api/openArticle/query', { title: '新标准' })).data.total).toBe(1);
    expect((await post('/api/openArticle/query', { categoryCode: 'notice' })).data.total).toBe(1);
    const cats = await get('/api/openArticle/categories');
    expect(cats.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ categoryCode: 'industry', count: 1 })]),
    );
  });

  it('sanitises content on display and counts views; hidden articles are not found', async () => {
    const d = await get(`/api/openArticle/${fx.article}`);
    expect(d.data.content).not.toContain('<script');
    expect(d.data.content).not.toContain('onerror');
    await get(`/api/openArticle/${fx.article}`);
    const [row] = await t.database.db
      .select({ views: articles.views })
      .from(articles)
      .where(eq(articles.id, fx.article));
    expect(row?.views).toBe(2);
    expect((await get(`/api/openArticle/${fx.hiddenArticle}`)).code).toBe(4);
  });
});

describe('tenders', () => {
  it('lists tenders and results by type, status and keyword', async () => {
    const tenders = await post('/api/openbid/querBid', {});
    expect(tenders.data.total).toBe(2);
    const results = await post('/api/openbid/queryBidList', {});
    expect(results.data.list.map((b: { title: string }) => b.title)).toEqual([
      '第九水厂药剂年度采购中标公告',
    ]);
    expect(
      (await post('/api/openbid/querBid', { status: 1 })).data.list.map((b: { code: string }) => b.code),
    ).toEqual(['ZB2026-002']);
    expect((await post('/api/openbid/querBid', { keyword: '离心泵' })).data.total).toBe(1);
    expect((await post('/api/openbid/querBid', { type: 9 })).code).toBe(2);
  });

  it('shows a tender with its documents and the linked result', async () => {
    const d = await get(`/api/openbid/${fx.tender}`);
    expect(d.data.attachments).toEqual([{ name: '招标文件.pdf', url: '/f/bids/zb001.pdf', restricted: false }]);
    // A seeded notice without a workbench tender: no lots or qualification, no objection route.
    expect(d.data).toMatchObject({ lots: [], qualifications: [], objection: null });
    expect(d.data.linked).toMatchObject({ id: fx.result, type: 2 });
    const r = await get(`/api/openbid/${fx.result}`);
    expect(r.data.winnerName).toBe('江苏蓝天环保科技有限公司');
    expect(r.data.linked.id).toBe(fx.tender);
  });
});
