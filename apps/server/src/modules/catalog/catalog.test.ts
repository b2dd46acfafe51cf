import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategoryNode } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { categories } from '../../db/schema/index.ts';
import { invalidateSiteData } from '../site/cache.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [water, farm, hiddenTop] = await db
    .insert(categories)
    .values([
      { name: '水处理药剂', categoryCode: '01', level: 1, sort: 20, defaultImage: 'seed/categories/bag.png' },
      { name: '农资化肥', categoryCode: '02', level: 1, sort: 10 },
      { name: '停用分类', categoryCode: '03', level: 1, sort: 5, hidden: true },
    ])
    .returning();
  const [floc, hiddenMid] = await db
    .insert(categories)
    .values([
      { parentId: water!.id, name: '絮凝剂', categoryCode: '0101', level: 2, sort: 10 },
      { parentId: water!.id, name: '隐藏二级', categoryCode: '0102', level: 2, sort: 20, hidden: true },
      { parentId: farm!.id, name: '氮肥', categoryCode: '0201', level: 2, sort: 10 },
      { parentId: hiddenTop!.id, name: '停用二级', categoryCode: '0301', level: 2, sort: 10 },
    ])
    .returning();
  await db.insert(categories).values([
    { parentId: floc!.id, name: '聚合硫酸铁', categoryCode: '010102', level: 3, sort: 20 },
    { parentId: floc!.id, name: '聚合氯化铝', categoryCode: '010101', level: 3, sort: 10, defaultImage: 'seed/products/powder-2.jpg' },
    { parentId: hiddenMid!.id, name: '隐藏三级', categoryCode: '010201', level: 3, sort: 10 },
  ]);
});
afterAll(async () => t?.close());

const tree = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/product/category' });
  expect(res.statusCode).toBe(200);
  return res.json<{ code: number; data: CategoryNode[] }>().data;
};

describe('GET /api/product/category', () => {
  it('answers the visible 3-level tree ordered by sort, with iconPath from the default image or empty', async () => {
    const data = await tree();
    expect(data.map((c) => c.name)).toEqual(['农资化肥', '水处理药剂']);
    const water = data[1]!;
    expect(water).toMatchObject({ categoryCode: '01', iconPath: 'seed/categories/bag.png', sysNo: expect.any(Number) });
    expect(data[0]!.iconPath).toBe('');
    expect(water.children.map((c) => c.name)).toEqual(['絮凝剂']);
    const leaves = water.children[0]!.children;
    expect(leaves.map((c) => [c.name, c.categoryCode, c.iconPath])).toEqual([
      ['聚合氯化铝', '010101', 'seed/products/powder-2.jpg'],
      ['聚合硫酸铁', '010102', ''],
    ]);
    expect(leaves[0]!.children).toEqual([]);
  });

  it('shows category edits after the site data is invalidated', async () => {
    await t.database.db.insert(categories).values({ name: '大宗商品', categoryCode: '04', level: 1, sort: 1 });
    expect((await tree()).map((c) => c.name)).not.toContain('大宗商品');
    invalidateSiteData();
    expect((await tree())[0]!.name).toBe('大宗商品');
  });
});

describe('GET /api/product/category on the demo seed', () => {
  it('has at least 12 top-level categories, each with 3 levels and an icon', async () => {
    const seeded = await createTestApp({ seed: true });
    try {
      const res = await seeded.app.inject({ method: 'GET', url: '/api/product/category' });
      const data = res.json<{ data: CategoryNode[] }>().data;
      expect(data.length).toBeGreaterThanOrEqual(12);
      for (const top of data) {
        expect(top.iconPath).not.toBe('');
        expect(top.children.length).toBeGreaterThan(0);
        expect(top.children.every((m) => m.children.length > 0)).toBe(true);
      }
    } finally {
      await seeded.close();
    }
  });
});
