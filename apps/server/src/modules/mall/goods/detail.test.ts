import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AdjustmentType, Code, type GoodsDetail, type ProductDetail } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { products, productSkus } from '../../../db/schema/index.ts';
import { api, makeCategoryBranch, makeSupplier, productBody, signedInPlatformAdmin } from '../../../test/factories/index.ts';
import { CACHE_FORGET } from '../../../lib/cache-bus.ts';
import {
  DESCRIPTION_RULES,
  resanitiseDescriptions,
  resanitiseOnce,
  sanitisedUnder,
  unsanitisedDescriptions,
} from '../../products/description.ts';
import { GOODS_DETAIL_TTL_MS, goodsDetailCache } from './detail-cache.ts';

/**
 * The goods detail is shared for a few seconds (detail-cache.ts, decision 0179) and shows descriptions as
 * stored, sanitised on write (products/description.ts): each change a visitor would notice shows at once.
 */
let t: TestApp;
let http: ReturnType<typeof api>;
let leaf: number;
let a: Awaited<ReturnType<typeof makeSupplier>>;
let admin: { token: string };
let clock = 0;
// The server-rendered page needs a built index.html: the smallest one will do.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'aquamall-detail-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');

beforeAll(async () => {
  t = await createTestApp({ env: { WEB_DIST: webDist } });
  http = api(t.app);
  leaf = (await makeCategoryBranch(t.database.db, '73', ['水处理药剂', '絮凝剂', '聚丙烯酰胺'])).leaf;
  a = await makeSupplier(t.database.db, '丙供应商');
  admin = await signedInPlatformAdmin(t.database.db);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});
beforeEach(() => {
  // The cache's clock: moved by hand, so "within the lifetime" and "after it" are exact.
  clock += 10 * GOODS_DETAIL_TTL_MS;
  goodsDetailCache.now = () => clock;
});

const detail = (id: number) => http.get<GoodsDetail>(null, `/api/product/${id}`);

/** A product put on sale through the workbench and the platform review, as a supplier would. */
async function onSale(name: string, over: Parameters<typeof productBody>[2] = {}) {
  const created = await http.post<{ sysNo: number }>(a.admin.token, '/api/myproduct/create', productBody(leaf, a.image, { name, ...over }));
  expect(created.code).toBe(0);
  const id = created.data.sysNo;
  expect((await http.post(a.admin.token, '/api/myproduct/submit', { sysNo: id })).code).toBe(0);
  const reviews = await http.post<{ list: { sysNo: number; productId: number }[] }>(admin.token, '/admin/api/product/review/list', { status: 1, pageIndex: 1, pageSize: 100 });
  const review = reviews.data.list.find((r) => r.productId === id)!;
  expect((await http.post(admin.token, '/admin/api/product/review/approve', { id: review.sysNo })).code).toBe(0);
  // A forgotten product is not stored again for one lifetime (lib/ttl-cache.ts): start past it.
  clock += GOODS_DETAIL_TTL_MS;
  return id;
}

const workbenchBody = async (id: number) => {
  const d = await http.get<ProductDetail>(a.admin.token, `/api/myproduct/detail?id=${id}`);
  return { content: d.data.content, skus: d.data.skus };
};

describe('goods detail: shared for a few seconds, never stale after a change', () => {
  it('a second view within the lifetime is the shared answer; a change no hook reports shows after it', async () => {
    const id = await onSale('聚丙烯酰胺 缓存测试');
    const first = await detail(id);
    expect(first.code).toBe(0);
    // An order moving stock is not reported to the cache: the list's lifetime bounds how old the detail is.
    await t.database.db.update(productSkus).set({ reserved: 7 }).where(eq(productSkus.productId, id));
    expect((await detail(id)).data.skus).toEqual(first.data.skus);
    clock += GOODS_DETAIL_TTL_MS;
    expect((await detail(id)).data.skus.map((s) => s.available).sort((x, y) => x - y)).toEqual([13, 93]);
  });

  it('a price change of the SKUs shows at once', async () => {
    const id = await onSale('聚丙烯酰胺 改价测试');
    expect((await detail(id)).data.skus.map((s) => s.price).sort()).toEqual([1800, 2000]);
    const { content, skus } = await workbenchBody(id);
    const edited = productBody(leaf, a.image, {
      ...content,
      skus: skus.map((s) => ({ sysNo: s.sysNo, code: s.code, specValues: s.specValues, price: s.price + 100, priceTiers: s.priceTiers, stock: s.onHand, lowStock: s.lowStock })),
    });
    expect((await http.post(a.admin.token, '/api/myproduct/update', { sysNo: id, product: edited })).code).toBe(0);
    expect((await detail(id)).data.skus.map((s) => s.price).sort()).toEqual([1900, 2100]);
  });

  it('taking a product off sale hides it at once, in the API and the server-rendered page', async () => {
    const id = await onSale('聚丙烯酰胺 下架测试');
    expect((await detail(id)).code).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/mall/goodsDetail?id=${id}` })).statusCode).toBe(200);
    expect((await http.post(a.admin.token, '/api/myproduct/shelf', { ids: [id], onSale: false })).code).toBe(0);
    expect((await detail(id)).code).toBe(Code.NOT_FOUND);
    expect((await t.app.inject({ method: 'GET', url: `/mall/goodsDetail?id=${id}` })).statusCode).toBe(410);
  });

  it('a confirmed stock adjustment shows its stock at once', async () => {
    const id = await onSale('聚丙烯酰胺 入库测试');
    const before = (await detail(id)).data.skus;
    const sku = before[0]!;
    const doc = await http.post<{ sysNo: number }>(a.admin.token, '/api/adjustment/create', { type: AdjustmentType.IN, remark: '', lines: [{ skuId: sku.sysNo, quantity: 5 }] });
    expect((await http.post(a.admin.token, '/api/adjustment/confirm', { sysNo: doc.data.sysNo })).code).toBe(0);
    expect((await detail(id)).data.skus[0]!.available).toBe(sku.available + 5);
  });

  it("the shop's new name shows at once on its goods' details and their server-rendered page", async () => {
    const id = await onSale('聚丙烯酰胺 店铺测试');
    expect((await detail(id)).data.shop.shopName).toBe('丙供应商店');
    const settings = { shopName: '丙供应商 新店名', logo: '', shopBanner: '', introduction: '', mainBusiness: '', contactName: '', contactPhone: '', address: '', shopFloors: [] };
    expect((await http.post(a.admin.token, '/api/store/settings/save', settings)).code).toBe(0);
    expect((await detail(id)).data.shop.shopName).toBe('丙供应商 新店名');
    const page = await t.app.inject({ method: 'GET', url: `/mall/goodsDetail?id=${id}` });
    expect(page.body).toContain('丙供应商 新店名');
    // Put back for the other tests.
    expect((await http.post(a.admin.token, '/api/store/settings/save', { ...settings, shopName: '丙供应商店' })).code).toBe(0);
  });

  it('the server-rendered page is rendered once per shared detail and sent compressed when accepted', async () => {
    const id = await onSale('聚丙烯酰胺 页面测试');
    const get = (encoding: string) => t.app.inject({ method: 'GET', url: `/mall/goodsDetail?id=${id}`, headers: { 'accept-encoding': encoding } });
    const plain = await get('identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain('<h1>聚丙烯酰胺 页面测试</h1>');
    for (const [encoding, unzip] of [['gzip', zlib.gunzipSync], ['br', zlib.brotliDecompressSync]] as const) {
      const res = await get(encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(unzip(res.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('another instance telling this one of a change (the cache bus) forgets the product', async () => {
    const id = await onSale('聚丙烯酰胺 多实例测试');
    await detail(id);
    await t.database.db.update(products).set({ name: '聚丙烯酰胺 别处改名' }).where(eq(products.id, id));
    clock += GOODS_DETAIL_TTL_MS / 2;
    expect((await detail(id)).data.name).toBe('聚丙烯酰胺 多实例测试');
    t.app.bus.receive(JSON.stringify({ c: CACHE_FORGET, p: { cache: 'goods-details', tags: [`p:${id}`] }, o: 'another-instance' }));
    expect((await detail(id)).data.name).toBe('聚丙烯酰胺 别处改名');
  });
});

describe('goods description: sanitised on write, shown as stored', () => {
  it('a saved description is stored sanitised and stamped with the current rules', async () => {
    const id = await onSale('聚丙烯酰胺 描述测试');
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    expect(row!.description).toBe('<p>优质净水剂</p>');
    expect(row!.descriptionRules).toBe(DESCRIPTION_RULES);
    expect((await detail(id)).data.description).toBe('<p>优质净水剂</p>');
  });

  it('a stamped description is shown as stored: the detail does not sanitise it again', async () => {
    const id = await onSale('聚丙烯酰胺 原样测试');
    // What the sanitiser would change (an unknown tag) but the stamp says it passed: shown exactly as stored.
    await t.database.db.update(products).set({ description: '<p>原样<x-note>注</x-note></p>' }).where(eq(products.id, id));
    clock += GOODS_DETAIL_TTL_MS;
    expect((await detail(id)).data.description).toBe('<p>原样<x-note>注</x-note></p>');
  });

  it('rows from before migration 0039 (or older rules) are sanitised on read, then rewritten by the start-up pass', async () => {
    const id = await onSale('聚丙烯酰胺 旧数据测试');
    const hostile = '<p onclick="x()">旧<script>alert(1)</script><img src="javascript:x" onerror="y()">描述</p>';
    await t.database.db.update(products).set({ description: hostile, descriptionRules: 0 }).where(eq(products.id, id));
    clock += GOODS_DETAIL_TTL_MS;
    const shown = (await detail(id)).data.description;
    expect(shown).toContain('旧');
    expect(shown).not.toMatch(/script|onclick|onerror|javascript/);
    expect(await unsanitisedDescriptions(t.database.db)).toBeGreaterThan(0);
    const [before] = await t.database.db.select({ updatedAt: products.updatedAt }).from(products).where(eq(products.id, id));
    expect(await resanitiseDescriptions(t.database.db)).toBeGreaterThan(0);
    expect(await unsanitisedDescriptions(t.database.db)).toBe(0);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
    expect(row!.description).toBe(shown);
    expect(row!.descriptionRules).toBe(DESCRIPTION_RULES);
    // The supplier changed nothing: the product's last change stays as it was.
    expect(row!.updatedAt).toEqual(before!.updatedAt);
  });

  it('the start-up pass runs once per rule set: a mark in the database skips it on later starts', async () => {
    const id = await onSale('聚丙烯酰胺 一次性测试');
    const hostile = '<p onclick="x()">一次<script>alert(1)</script>描述</p>';
    // The test app's start ran the pass and left its mark; a database from before the mark has none.
    expect(await sanitisedUnder(t.database.db)).toBe(DESCRIPTION_RULES);
    await t.database.db.execute(sql`comment on column products.description_rules is null`);
    await t.database.db.update(products).set({ description: hostile, descriptionRules: 0 }).where(eq(products.id, id));
    expect(await resanitiseOnce(t.database.db)).toBeGreaterThan(0);
    expect(await sanitisedUnder(t.database.db)).toBe(DESCRIPTION_RULES);
    expect(await unsanitisedDescriptions(t.database.db)).toBe(0);
    // A row written afterwards under other rules is not rewritten by the next start, but shown sanitised.
    await t.database.db.update(products).set({ description: hostile, descriptionRules: 0 }).where(eq(products.id, id));
    expect(await resanitiseOnce(t.database.db)).toBeNull();
    clock += GOODS_DETAIL_TTL_MS;
    const shown = (await detail(id)).data.description;
    expect(shown).toContain('一次');
    expect(shown).not.toMatch(/script|onclick/);
    // A pass stopped half-way leaves no mark.
    await t.database.db.execute(sql`comment on column products.description_rules is null`);
    expect(await resanitiseOnce(t.database.db, () => true)).toBe(0);
    expect(await sanitisedUnder(t.database.db)).toBeNull();
    expect(await resanitiseOnce(t.database.db)).toBeGreaterThan(0);
  });
});
