import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoodsPage } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';

/** The demo seed writes products with plain inserts: the database must have indexed every one of them. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
}, 120_000);
afterAll(async () => t?.close());

async function search(productName: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/product/query', payload: { productName, pageSize: 100 } });
  return (res.json() as { data: GoodsPage }).data;
}

describe('search over the demo seed', () => {
  it.each(['碳源', '聚合氯化铝', '泵', 'PAC', '阀'])('finds %s, and every hit really contains it (or a synonym)', async (kw) => {
    const page = await search(kw);
    expect(page.total).toBeGreaterThan(0);
    for (const g of page.list) {
      const text = `${g.name} ${g.brand} ${g.spec} ${g.model} ${g.shopName}`.toLowerCase();
      expect(page.keywords.some((w) => text.includes(w))).toBe(true);
    }
  });

  it('puts name matches before products that match only by shop name', async () => {
    const page = await search('泵');
    const firstShopOnly = page.list.findIndex((g) => !`${g.name}${g.brand}${g.spec}${g.model}`.includes('泵'));
    const lastNameHit = page.list.map((g) => g.name.includes('泵')).lastIndexOf(true);
    if (firstShopOnly >= 0) expect(lastNameHit).toBeLessThan(firstShopOnly);
  });
});
