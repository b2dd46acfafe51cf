import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CompanyType, ProductStatus, type GoodsPage } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { categories, companies, products } from '../../db/schema/index.ts';
import { insertMallFixture } from '../../test/factories/index.ts';
import { rankingTuning, windowedRanking } from './ranking.ts';
import { searchSynonyms } from '../../db/schema/index.ts';
import { sql } from 'drizzle-orm';
import { forgetSearchVocabulary } from './vocabulary.ts';

// The relevance ranking at scale (docs/decisions/0061): a sales window plus the name-prefix rows must give
// exactly the page that scoring every match gives, or decline. The thresholds are lowered here so that a
// dozen products exercise the windowed path.
let t: TestApp;
const defaults = { ...rankingTuning };

beforeAll(async () => {
  t = await createTestApp();
  await insertMallFixture(t.database.db);
  const db = t.database.db;
  // The ranking's mechanics, without the industry table's 碳源 → 乙酸钠, 葡萄糖 … (synonyms.test.ts covers those).
  await db.delete(searchSynonyms).where(sql`'碳源' = any(${searchSynonyms.terms})`);
  forgetSearchVocabulary();
  const [shop, other] = await db
    .insert(companies)
    .values([
      {
        name: '碳源专营公司',
        type: CompanyType.SUPPLIER,
        shopName: '碳源专营店',
        shopOpen: true,
        shopType: 1,
      },
      { name: '高效材料公司', type: CompanyType.SUPPLIER, shopName: '高效材料', shopOpen: true, shopType: 1 },
    ])
    .returning({ id: companies.id });
  const [cat] = await db.select({ id: categories.id }).from(categories).limit(1);
  const p = (
    name: string,
    companyId: number,
    salesCount: number,
    extra: Partial<typeof products.$inferInsert> = {},
  ) => ({
    name,
    companyId,
    salesCount,
    categoryId: cat!.id,
    categoryCode: '0101',
    price: '100',
    status: ProductStatus.ON_SALE,
    ...extra,
  });
  await db.insert(products).values([
    p('除磷剂 X', shop!.id, 1000), // shop-name match, best seller
    p('乙酸钠 粉剂', other!.id, 900, { brand: '碳源牌' }), // brand match
    p('高效碳源 A', other!.id, 500),
    p('液体碳源 B', other!.id, 400),
    p('葡萄糖碳源', other!.id, 300),
    p('碳源 高效 第二代', other!.id, 1), // name prefix: +4
    p('碳源', other!.id, 0), // the name is the keyword: +16 +4
    p('高效 碳', other!.id, 700),
  ]);
});
afterEach(() => Object.assign(rankingTuning, defaults));
afterAll(async () => t?.close());

async function page(body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/product/query', payload: body });
  return (res.json() as { data: GoodsPage }).data;
}

describe('relevance ranking at scale (windowed)', () => {
  it('gives exactly the pages that scoring every match gives', async () => {
    const cases: [string, number][] = [
      ['碳源', 2],
      ['碳源', 3],
      ['碳', 2],
      ['碳源 高效', 2],
      ['pac', 1],
      ['巩义', 1],
      ['高效', 2],
      // synonyms, trade names and category names (0176): every product here sits in 絮凝剂 (0101) under 水处理药剂
      ['絮凝剂', 2],
      ['絮凝剂', 3],
      ['絮凝', 2],
      ['水处理', 3],
      ['聚铝', 1],
      ['净水剂 高效', 2],
    ];
    for (const textSetMax of [200, 1]) {
      for (const [productName, pageSize] of cases) {
        for (const pageIndex of [1, 2, 3, 4]) {
          const body = { productName, pageSize, pageIndex };
          Object.assign(rankingTuning, { fullRankMax: 1e9 });
          const full = (await page(body)).list.map((g) => g.name);
          Object.assign(rankingTuning, { fullRankMax: 0, windows: [3], textSetMax });
          const windowed = (await page(body)).list.map((g) => g.name);
          expect(windowed, `${productName} page ${pageIndex} of ${pageSize}, sets ≤ ${textSetMax}`).toEqual(full);
        }
      }
    }
  });

  it('keeps exact and prefix names first and name matches above brand and shop-name matches', async () => {
    Object.assign(rankingTuning, { fullRankMax: 0, windows: [3] });
    const { list } = await page({ productName: '碳源', pageSize: 10 });
    expect(list.map((g) => g.name).slice(0, 7)).toEqual([
      '碳源',
      '碳源 高效 第二代',
      '高效碳源 A',
      '液体碳源 B',
      '葡萄糖碳源',
      '复合碳源 污水处理',
      '乙酸钠 粉剂', // brand 碳源牌 (4) above the spec match (2) and the shop-name match (1)
    ]);
    expect(list.map((g) => g.name).indexOf('除磷剂 X')).toBe(8);
  });

  it('answers from the window when it can prove the page, and declines when it cannot', async () => {
    Object.assign(rankingTuning, { windows: [3] });
    const db = t.database.db;
    // top 3 by sales: 除磷剂 X (shop 1), 乙酸钠 粉剂 (brand 4), 高效 碳 (no match); plus the prefix rows
    const first = await windowedRanking(db, '碳源', undefined, 0, 2);
    expect(first).toHaveLength(2);
    // four rows need the fourth best (a name match outside the window could beat the brand match): declined,
    // unless the rows outside the window that contain the keyword are few enough to rank them all (0176)
    Object.assign(rankingTuning, { textSetMax: 0 });
    expect(await windowedRanking(db, '碳源', undefined, 0, 4)).toBeNull();
    Object.assign(rankingTuning, { textSetMax: 200 });
    expect(await windowedRanking(db, '碳源', undefined, 0, 4)).toHaveLength(4);
    Object.assign(rankingTuning, { textSetMax: 0 });
    // a window larger than the table holds every row: always proven (here as the second window tried)
    Object.assign(rankingTuning, { windows: [3, 10_000] });
    expect(await windowedRanking(db, '碳源', undefined, 0, 4)).toHaveLength(4);
  });
});
