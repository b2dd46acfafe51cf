import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code } from '@aquamall/shared';
import { auditLogs, categories, messages, products, roles, webMenus } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signedInCompanyAdmin, signedInPlatformAdmin, type SignedInUser } from '../../test/factories/index.ts';
import { call } from '../../test/http.ts';

let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInPlatformAdmin(t.database.db, { adminName: 'content1' });
});
afterAll(async () => t?.close());

const actions = async (targetType: string) =>
  (await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetType, targetType))).map((a) => a.action);

describe('console: site content', () => {
  it('banners: create, update, delete — each audited with before/after', async () => {
    const created = await call(t.app, admin.token, 'POST', '/admin/api/content/banner/save', { position: 'web_topbanner', title: '春季采购节', imgUrl: 'seed/banner1.jpg' });
    expect(created.code).toBe(0);
    const id = created.data.id;
    expect((await call(t.app, admin.token, 'POST', '/admin/api/content/banner/save', { id, position: 'web_topbanner', title: '春季采购节（延期）', imgUrl: 'seed/banner1.jpg' })).code).toBe(0);
    expect((await call(t.app, admin.token, 'POST', '/admin/api/content/banner/delete', { id })).code).toBe(0);
    expect(await actions('banner')).toEqual(['banner.create', 'banner.update', 'banner.delete']);
    const [upd] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'banner.update'));
    expect(upd!.before).toMatchObject({ title: '春季采购节' });
    expect(upd!.after).toMatchObject({ title: '春季采购节（延期）' });
  });

  it('articles are sanitised on save: scripts and event handlers are removed', async () => {
    const res = await call(t.app, admin.token, 'POST', '/admin/api/content/article/save', {
      categoryCode: 'news',
      categoryName: '行业资讯',
      title: '聚合氯化铝价格周报',
      content: '<p onclick="steal()">价格<strong>上涨</strong></p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="/f/a.png" onerror="x()">',
    });
    expect(res.code).toBe(0);
    const html: string = res.data.content;
    expect(html).toContain('<strong>上涨</strong>');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/);
  });

  it('settings keep any JSON value and refuse a bad key', async () => {
    const hot = ['碳源', '聚合氯化铝', '聚合硫酸铁', '除磷剂', '除氧剂'];
    expect((await call(t.app, admin.token, 'POST', '/admin/api/content/setting/save', { key: 'hot_keywords', value: hot })).code).toBe(0);
    const list = await call(t.app, admin.token, 'POST', '/admin/api/content/setting/list');
    expect(list.data.find((s: { key: string }) => s.key === 'hot_keywords').value).toEqual(hot);
    expect((await call(t.app, admin.token, 'POST', '/admin/api/content/setting/save', { key: 'Bad Key', value: 1 })).code).toBe(2);
  });
});

describe('console: catalogue', () => {
  it('builds a 3-level tree with path codes and refuses a 4th level', async () => {
    const l1 = await call(t.app, admin.token, 'POST', '/admin/api/category/save', { name: '水处理药剂' });
    const l2 = await call(t.app, admin.token, 'POST', '/admin/api/category/save', { name: '絮凝剂', parentId: l1.data.id });
    const l3 = await call(t.app, admin.token, 'POST', '/admin/api/category/save', { name: '聚合氯化铝', parentId: l2.data.id });
    expect([l1.data.level, l2.data.level, l3.data.level]).toEqual([1, 2, 3]);
    expect(l3.data.categoryCode.startsWith(l2.data.categoryCode)).toBe(true);
    const l4 = await call(t.app, admin.token, 'POST', '/admin/api/category/save', { name: '太深', parentId: l3.data.id });
    expect(l4).toMatchObject({ code: 2, message: '分类最多3级' });
    expect((await call(t.app, admin.token, 'POST', '/admin/api/category/delete', { id: l1.data.id })).message).toBe('请先删除下级分类');
    expect(await actions('category')).toEqual(['category.create', 'category.create', 'category.create']);
  });

  it('parallel creates under one parent each get their own code; a code taken outside the console is refused in Chinese', async () => {
    const top = await call(t.app, admin.token, 'POST', '/admin/api/category/save', { name: '并发大类' });
    expect(top.code, top.message).toBe(0);
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call(t.app, admin.token, 'POST', '/admin/api/category/save', { name: `并发中类${i}`, parentId: top.data.id })),
    );
    expect(created.map((r) => [r.code, r.message]).filter(([code]) => code !== 0)).toEqual([]);
    const codes = created.map((r) => r.data.categoryCode as string);
    expect(new Set(codes).size).toBe(12);
    expect(codes.every((c) => c.startsWith(top.data.categoryCode) && c.length === 4)).toBe(true);
    // A row written by hand at another level holds the next code: the create answers in words, not HTTP 500.
    const next = `${top.data.categoryCode}13`;
    await t.database.db.insert(categories).values({ name: '手工分类', categoryCode: next, level: 3, parentId: created[0]!.data.id });
    const clash = await call(t.app, admin.token, 'POST', '/admin/api/category/save', { name: '撞码中类', parentId: top.data.id });
    expect(clash).toMatchObject({ code: Code.CONFLICT, message: '分类编码已被占用，请重试' });
  });

  it('takes a product down with a reason; the merchant is told why', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    const [cat] = await t.database.db.insert(categories).values({ name: '测试', categoryCode: 'Z9', level: 1 }).returning();
    const [p] = await t.database.db.insert(products).values({ companyId: s.companyId, categoryId: cat!.id, categoryCode: 'Z9', name: '次氯酸钠', price: '900.00', status: 2 }).returning();
    const res = await call(t.app, admin.token, 'POST', '/admin/api/product/takedown', { id: p!.id, reason: '商品资质不全' });
    expect(res).toMatchObject({ code: 0, data: { status: 3 } });
    const again = await call(t.app, admin.token, 'POST', '/admin/api/product/takedown', { id: p!.id, reason: '商品资质不全' });
    expect(again.code).toBe(5);
    const [msg] = await t.database.db.select().from(messages).where(eq(messages.companyId, s.companyId));
    expect(msg!.content).toContain('商品资质不全');
    expect(await actions('product')).toEqual(['product.takedown']);
  });
});

describe('console: workbench menus and presets', () => {
  it('edits a menu and a preset role, audited', async () => {
    const [menu] = await t.database.db.insert(webMenus).values({ code: 't-orders', companyType: 2, name: '订单管理', linkPath: '/customer/saleOrder' }).returning();
    const [preset] = await t.database.db.insert(roles).values({ companyType: 2, presetKey: 't-sales', name: '销售员' }).returning();
    const m = await call(t.app, admin.token, 'POST', '/admin/api/workbench/menu/save', { id: menu!.id, companyType: 2, name: '销售订单', linkPath: '/customer/saleOrder' });
    expect(m).toMatchObject({ code: 0, data: { name: '销售订单' } });
    const p = await call(t.app, admin.token, 'POST', '/admin/api/workbench/preset/save', { id: preset!.id, name: '销售员', menuIds: [menu!.id], permissions: [] });
    expect(p.code).toBe(0);
    const list = await call(t.app, admin.token, 'POST', '/admin/api/workbench/preset/list');
    expect(list.data.find((r: { id: number }) => r.id === preset!.id).menuIds).toEqual([menu!.id]);
    const bad = await call(t.app, admin.token, 'POST', '/admin/api/workbench/preset/save', { id: preset!.id, name: '销售员', menuIds: [], permissions: ['no.such'] });
    expect(bad.code).toBe(2);
    expect(await actions('web_menu')).toEqual(['workbench.menu.update']);
    expect(await actions('role')).toEqual(['workbench.preset.update']);
  });
});

describe('console: site cache', () => {
  it('a banner edit is visible on the public banner call at once (cache invalidated)', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/indexbanner' });
    expect(before.statusCode).toBe(200);
    await call(t.app, admin.token, 'POST', '/admin/api/content/banner/save', { position: 'web_topbanner', title: '缓存测试横幅', imgUrl: 'seed/b.jpg' });
    const after = await t.app.inject({ method: 'GET', url: '/api/indexbanner' });
    expect(after.body).toContain('缓存测试横幅');
  });
});
