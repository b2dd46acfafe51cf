import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { GOODS_COUNT_CAP, ProductStatus, type GoodsPage } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { categories, companies, products, productSearch as ps } from '../../db/schema/index.ts';
import { insertMallFixture, type MallFixture } from '../../test/factories/index.ts';
import { shelveProducts } from '../products/product-lifecycle.ts';
import type { Caller } from '../auth/caller.ts';
import { forgetGoodsAnswers, GOODS_ANSWER_TTL_MS, GOODS_STALE_MS, goodsAnswerCache } from './goods-answers.ts';
import { goodsTuning, queryGoods } from './goods-query.ts';
import { rankingTuning } from './ranking.ts';
import { escapeLike } from '../../lib/sql.ts';

let t: TestApp;
let fx: MallFixture;

beforeAll(async () => {
  t = await createTestApp();
  fx = await insertMallFixture(t.database.db);
});
afterAll(async () => t?.close());

/**
 * The list as a visitor gets it, without the shared answers: these tests write rows directly (as any writer
 * may), which no hook reports to the answer cache; 'shared answers' below tests the cache itself.
 */
async function query(body: Record<string, unknown>) {
  forgetGoodsAnswers();
  return cachedQuery(body);
}
async function cachedQuery(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/product/query', payload: body, headers });
  return res.json() as { code: number; message: string; data: GoodsPage };
}
const names = async (body: Record<string, unknown>) => (await query(body)).data.list.map((g) => g.name);

describe('goods search (Chinese substring)', () => {
  it('finds a one-character keyword anywhere in the name', async () => {
    const found = await names({ productName: '泵' });
    expect(found.sort()).toEqual(['不锈钢离心泵', '管道泵 100%铜线'].sort());
  });

  it('finds a two-character word that trigram search cannot serve, in names and specs, public rows only', async () => {
    const found = await names({ productName: '碳源' });
    expect(found).toEqual(['复合碳源 污水处理', '乙酸钠 液体']); // name match ranks above spec match
    expect(found).not.toContain('已下架 碳源');
    expect(found).not.toContain('关闭店铺 碳源');
  });

  it('finds a four-character word and not its scattered characters', async () => {
    expect(await names({ productName: '聚合氯化' })).toEqual(['聚合氯化铝 PAC 28% 饮用水级']);
    expect(await names({ productName: '氯化聚合' })).toEqual([]);
  });

  it('matches mixed Latin and Chinese, case- and width-insensitively, with synonyms', async () => {
    // both terms are the same synonym group, so 巩义聚铝 (聚铝) matches too, but the literal match ranks first
    expect(await names({ productName: 'PAC 聚合氯化铝' })).toEqual([
      '聚合氯化铝 PAC 28% 饮用水级',
      '巩义聚铝',
    ]);
    expect(await names({ productName: 'PAC 饮用水' })).toEqual(['聚合氯化铝 PAC 28% 饮用水级']);
    expect(await names({ productName: 'ｐａｃ' })).toContain('聚合氯化铝 PAC 28% 饮用水级');
    // PAC = 聚合氯化铝 = 聚铝: the synonym finds 巩义聚铝 whose name never says PAC
    // …and the product that says what the buyer typed ranks first
    expect(await names({ productName: 'pac' })).toEqual(['聚合氯化铝 PAC 28% 饮用水级', '巩义聚铝']);
    expect(await names({ productName: 'PAM' })).toEqual(['聚丙烯酰胺 阴离子']);
    expect(await names({ productName: 'jbxxa' })).toEqual(['聚丙烯酰胺 阴离子']);
  });

  it('matches brand and shop names, ranking name matches first', async () => {
    expect(await names({ productName: '南方泵业' })).toEqual(['不锈钢离心泵']);
    const byShop = await names({ productName: '巩义净水' });
    expect(byShop.sort()).toEqual(['复合碳源 污水处理', '巩义聚铝'].sort());
    const res = await query({ productName: '巩义' });
    expect(res.data.list[0]?.name).toBe('巩义聚铝'); // name beats shop name
  });

  it('treats % _ \\ and quotes as plain characters', async () => {
    // only rows with a literal % (two names and one spec), not every row
    expect((await names({ productName: '%' })).sort()).toEqual(
      ['乙酸钠 液体', '管道泵 100%铜线', '聚合氯化铝 PAC 28% 饮用水级'].sort(),
    );
    expect(await names({ productName: '100%' })).toEqual(['管道泵 100%铜线']);
    expect(await names({ productName: '_' })).toEqual(['下划线_型号 阀门']);
    expect(await names({ productName: 'a\\b' })).toEqual(['下划线_型号 阀门']);
    expect(await names({ productName: "O'Brien" })).toEqual(["O'Brien 单引号 除磷剂"]);
    expect(await names({ productName: "'; drop table products; --" })).toEqual([]);
    expect((await query({})).data.total).toBe(9);
  });

  it('returns the categories of the keyword matches as facets', async () => {
    expect((await query({ productName: '泵' })).data.facets).toEqual([
      { categoryCode: '0201', name: '水泵', count: 2 },
    ]);
    expect((await query({ productName: '泵', categoryCode: '02' })).data.facets).toEqual([]);
    expect((await query({})).data.facets).toEqual([]);
  });

  it('returns highlight words including synonyms', async () => {
    const res = await query({ productName: 'PAC' });
    expect(res.data.keywords).toEqual(expect.arrayContaining(['pac', '聚合氯化铝', '聚铝']));
  });
});

/**
 * The facets as they were computed before they shared the capped count's statement (every match grouped), over
 * the rows `ids` when given: the reference the one-statement facets must equal.
 */
async function facetsOf(keyword: string, ids?: number[]) {
  const db = t.database.db;
  const count = sql<number>`count(*)::int`;
  const like = sql`${ps.searchText} like ${`%${escapeLike(keyword.toLowerCase())}%`}`;
  return db
    .select({ categoryCode: ps.categoryCode, name: sql<string>`max(${categories.name})`, count })
    .from(ps)
    .innerJoin(categories, eq(categories.categoryCode, ps.categoryCode))
    .where(ids ? sql`${like} and ${ps.productId} in ${ids}` : like)
    .groupBy(ps.categoryCode)
    .orderBy(desc(count), ps.categoryCode)
    .limit(12);
}

/** The ids of the first `n` matches in the order the scan delivers them (physical order: the rows' TIDs). */
async function firstMatches(keyword: string, n: number) {
  const rows = await t.database.db
    .select({ id: ps.productId })
    .from(ps)
    .where(sql`${ps.searchText} like ${`%${escapeLike(keyword.toLowerCase())}%`}`)
    .orderBy(sql`ctid`)
    .limit(n);
  return rows.map((r) => r.id);
}

describe('category facets and the count in one capped statement (decision 0061, 2026-11-24)', () => {
  it('under the cap, counts every match exactly as grouping all of them does', async () => {
    // 蓝天 is shop A's name: 7 public products in two categories; % is in three of them.
    expect((await query({ productName: '蓝天' })).data).toMatchObject({
      total: 7,
      totalCapped: false,
      facetsCapped: false,
      facets: [
        { categoryCode: '0101', name: '絮凝剂', count: 4 },
        { categoryCode: '0201', name: '水泵', count: 3 },
      ],
    });
    for (const keyword of ['蓝天', '%', '碳源', '泵', '聚合氯化']) {
      const page = (await query({ productName: keyword })).data;
      expect(page.facets, keyword).toEqual(await facetsOf(keyword));
      expect(page.facetsCapped, keyword).toBe(false);
    }
  });

  it('exactly at the cap, is still exact and not capped', async () => {
    goodsTuning.countCap = 7;
    try {
      const page = (await query({ productName: '蓝天' })).data;
      expect(page).toMatchObject({ total: 7, totalCapped: false, facetsCapped: false });
      expect(page.facets).toEqual(await facetsOf('蓝天'));
    } finally {
      goodsTuning.countCap = GOODS_COUNT_CAP;
    }
  });

  it('above the cap, counts the first matches only, says so, and gives the same facets every time', async () => {
    for (const cap of [3, 6]) {
      goodsTuning.countCap = cap;
      try {
        const page = (await query({ productName: '蓝天' })).data;
        expect(page).toMatchObject({ total: cap, totalCapped: true, facetsCapped: true });
        expect(page.facets.reduce((sum, f) => sum + f.count, 0)).toBe(cap);
        expect(page.facets).toEqual(await facetsOf('蓝天', await firstMatches('蓝天', cap)));
        expect((await query({ productName: '蓝天' })).data.facets).toEqual(page.facets);
      } finally {
        goodsTuning.countCap = GOODS_COUNT_CAP;
      }
    }
  });

  it('a capped count without a keyword or within a category has no facets and no facet flag', async () => {
    goodsTuning.countCap = 3;
    try {
      expect((await query({})).data).toMatchObject({
        total: 3,
        totalCapped: true,
        facets: [],
        facetsCapped: false,
      });
      expect((await query({ productName: '蓝天', categoryCode: '01' })).data).toMatchObject({
        total: 3,
        totalCapped: true,
        facets: [],
        facetsCapped: false,
      });
    } finally {
      goodsTuning.countCap = GOODS_COUNT_CAP;
    }
  });
});

describe('goods filters, sorting and paging', () => {
  it('filters a category subtree by code prefix, price range, supplier and poverty relief', async () => {
    expect((await names({ categoryCode: '02' })).length).toBe(3);
    expect((await names({ categoryCode: '0101' })).length).toBe(6);
    expect(await names({ priceMin: 5000, priceMax: 6000 })).toEqual(['不锈钢离心泵']);
    expect((await names({ companyId: fx.shopB })).sort()).toEqual(['复合碳源 污水处理', '巩义聚铝'].sort());
    expect(await names({ povertyRelief: true })).toEqual(['巩义聚铝']);
    expect(await names({ povertyRelief: '1' })).toEqual(['巩义聚铝']);
    expect(await names({ areaCode: 410000 })).toEqual(['巩义聚铝']);
    expect(await names({ areaCode: '410100' })).toEqual(['巩义聚铝']);
    expect(await names({ areaCode: 320000 })).toEqual([]);
  });

  it('pages a keyword with a filter the same whether its few matches are gathered first or a sort index is walked', async () => {
    // decision 0213: at most goodsTuning.fewMatches matches of a keyword plus filter are gathered, then sorted;
    // decision 0221: more are paged by walking the sort's index with LIKE only (at most walkRows rows), else as
    // planned.
    const cases = [
      { productName: '泵' },
      { productName: '絮凝剂' },
      { productName: '泵', categoryCode: '02' },
      { productName: '聚铝', categoryCode: '01' },
      { productName: '絮凝剂', categoryCode: '0101' },
      { productName: '碳源', priceMin: 1, priceMax: 100_000 },
      { productName: '泵', companyId: fx.shopB },
      { productName: '泵', categoryCode: '09' },
      // decision 0246: the filter's codes walked merged by price within a price range
      { productName: '剂', categoryCode: '01', priceMin: 1 },
    ];
    const { fewMatches, walkRows } = goodsTuning;
    let nonEmpty = 0;
    try {
      for (const c of cases)
        for (const sort of ['relevance', 'priceAsc', 'priceDesc', 'sales', 'newest'] as const)
          for (const [pageIndex, pageSize] of [[1, 20], [1, 2], [2, 2], [3, 1]] as const) {
            const q = { ...c, sort, pageIndex, pageSize };
            goodsTuning.fewMatches = 10_000;
            const gathered = await queryGoods(t.database.db, q);
            goodsTuning.fewMatches = 0;
            goodsTuning.walkRows = 0;
            const planned = await queryGoods(t.database.db, q);
            goodsTuning.walkRows = 1_000_000_000;
            const walked = await queryGoods(t.database.db, q);
            // A walk cut off after a few rows leaves a short page to the plan: the same page again.
            goodsTuning.walkRows = 8;
            const cut = await queryGoods(t.database.db, q);
            goodsTuning.walkRows = walkRows;
            const ids = gathered.list.map((g) => g.id);
            expect(cut.list.map((g) => g.id), `cut off ${JSON.stringify(q)}`).toEqual(ids);
            expect(planned.list.map((g) => g.id), JSON.stringify(q)).toEqual(ids);
            expect(walked.list.map((g) => g.id), `walked ${JSON.stringify(q)}`).toEqual(ids);
            expect(walked.list).toEqual(gathered.list);
            expect(gathered.total).toBe(walked.total);
            if (gathered.list.length) nonEmpty++;
          }
    } finally {
      Object.assign(goodsTuning, { fewMatches, walkRows });
    }
    expect(nonEmpty).toBeGreaterThan(30);
  }, 240_000);

  it('pages a term naming categories inside the filter by price the same from the per-category arms as from the plan', async () => {
    // decision 0233: with more than fewMatches matches (0 here), price order of one term that names categories
    // inside the category filter merges one index arm per named category with the text matches elsewhere.
    const cases = [
      { productName: '絮凝剂', categoryCode: '01' },
      { productName: '絮凝剂', categoryCode: '0101' },
      { productName: '絮凝', categoryCode: '01' },
      { productName: '絮凝剂', categoryCode: '01', priceMin: 1, priceMax: 3_000 },
      { productName: '絮凝剂', categoryCode: '01', priceMin: 2_000 },
      { productName: '聚铝', categoryCode: '01' },
      { productName: '碳源', categoryCode: '01' },
    ];
    const { fewMatches, walkRows, categoryPriceArms } = goodsTuning;
    let nonEmpty = 0;
    try {
      for (const c of cases)
        for (const sort of ['priceAsc', 'priceDesc'] as const)
          for (const [pageIndex, pageSize] of [[1, 20], [1, 2], [2, 2], [3, 1], [2, 3]] as const) {
            const q = { ...c, sort, pageIndex, pageSize };
            Object.assign(goodsTuning, { fewMatches: 0, walkRows: 0, categoryPriceArms: false });
            const planned = await queryGoods(t.database.db, q);
            goodsTuning.categoryPriceArms = true;
            const arms = await queryGoods(t.database.db, q);
            expect(arms.list.map((g) => g.id), JSON.stringify(q)).toEqual(planned.list.map((g) => g.id));
            expect(arms.list).toEqual(planned.list);
            expect(arms.total).toBe(planned.total);
            if (arms.list.length) nonEmpty++;
            // decision 0246: the text arm found by walking the price index (every row, or cut off after a few
            // rows and then gathered) gives the same page.
            for (const rows of [1_000_000_000, 1]) {
              goodsTuning.walkRows = rows;
              const walked = await queryGoods(t.database.db, q);
              expect(walked.list.map((g) => g.id), `text arm walking ${rows} rows ${JSON.stringify(q)}`).toEqual(
                planned.list.map((g) => g.id),
              );
              expect(walked.total).toBe(planned.total);
            }
          }
    } finally {
      Object.assign(goodsTuning, { fewMatches, walkRows, categoryPriceArms });
    }
    expect(nonEmpty).toBeGreaterThan(40);
  }, 240_000);

  it('finds the text arm of a category price page by walking the price index when the walk fills it', async () => {
    // decision 0246: the walked text arm is taken (not only its gathered fallback) — with enough walked rows the
    // page comes from the walk; the statement that gathers the text arm must not run.
    const { fewMatches, walkRows } = goodsTuning;
    const statements: string[] = [];
    const client = t.database.db as unknown as { execute: (q: unknown) => Promise<unknown> };
    const execute = client.execute.bind(client);
    try {
      Object.assign(goodsTuning, { fewMatches: 0, walkRows: 1_000_000_000 });
      client.execute = (query: unknown) => {
        statements.push(new PgDialect().sqlToQuery(query as SQL).sql);
        return execute(query);
      };
      // A walk can only stand for the arm when it finds offset + page size text rows: one-row pages.
      let walkedOnly = 0;
      for (const [productName, categoryCode] of [['絮凝剂', '01'], ['絮凝', '01'], ['聚铝', '01'], ['碳源', '01']])
        for (const sort of ['priceAsc', 'priceDesc'] as const) {
          statements.length = 0;
          const page = await queryGoods(t.database.db, { productName, categoryCode, sort, pageIndex: 1, pageSize: 1 });
          expect(page.list.length).toBe(1);
          if (!statements.some((s) => s.includes('aq_search_grams') && s.includes('union all'))) walkedOnly++;
        }
      expect(walkedOnly).toBeGreaterThan(0);
    } finally {
      client.execute = execute;
      Object.assign(goodsTuning, { fewMatches, walkRows });
    }
  });

  it('ranks a keyword inside a category the same whether the matches are ranked gathered or through sales windows', async () => {
    // decision 0233: inside a category with at most fewMatches matches, relevance ranks the gathered matches without
    // trying the best-selling windows; fullRankMax 0 makes every keyword here one the windows would be tried for.
    const { fullRankMax } = rankingTuning;
    const defaults = { windows: rankingTuning.windows };
    const { rankGatheredInCategory } = goodsTuning;
    let compared = 0;
    try {
      rankingTuning.fullRankMax = 0;
      for (const productName of ['絮凝剂', '泵', '聚铝', '碳源', '阀', '剂'])
        for (const categoryCode of ['01', '0101', '02', '04'])
          for (const [pageIndex, pageSize] of [[1, 20], [1, 2], [2, 2], [3, 1]] as const) {
            const q = { productName, categoryCode, sort: 'relevance' as const, pageIndex, pageSize };
            goodsTuning.rankGatheredInCategory = true;
            const gathered = await queryGoods(t.database.db, q);
            goodsTuning.rankGatheredInCategory = false;
            // decision 0246: windows read per category code and merged, or from the global sales index; small
            // windows (2 and 4 rows) leave many pages to the proof or to the full ranking.
            for (const windows of [rankingTuning.windows, [2, 4]])
              for (const categoryWindows of [true, false]) {
                Object.assign(rankingTuning, { windows });
                Object.assign(goodsTuning, { categoryWindows });
                const windowed = await queryGoods(t.database.db, q);
                const label = `${JSON.stringify(q)} windows ${windows.join('/')} per category ${categoryWindows}`;
                expect(windowed.list.map((g) => g.id), label).toEqual(gathered.list.map((g) => g.id));
                expect(windowed.total).toBe(gathered.total);
              }
            Object.assign(rankingTuning, { windows: defaults.windows });
            goodsTuning.categoryWindows = true;
            compared += gathered.list.length;
          }
    } finally {
      Object.assign(rankingTuning, { fullRankMax, windows: defaults.windows });
      goodsTuning.rankGatheredInCategory = rankGatheredInCategory;
      goodsTuning.categoryWindows = true;
    }
    expect(compared).toBeGreaterThan(30);
  }, 240_000);

  it('within a category, finds and ranks a keyword as the whole list does, though its named categories lie outside', async () => {
    // decision 0221: the categories a term names outside the filter are dropped from the query; the page must be
    // the unfiltered list's rows of that category, in the same order.
    let compared = 0;
    for (const productName of ['絮凝剂', '絮凝', '泵', '聚铝', '碳源', 'pac'])
      for (const categoryCode of ['01', '0101', '02', '09'])
        for (const sort of ['relevance', 'priceAsc', 'sales'] as const) {
          const whole = await queryGoods(t.database.db, { productName, sort, pageIndex: 1, pageSize: 100 });
          const inside = await queryGoods(t.database.db, { productName, categoryCode, sort, pageIndex: 1, pageSize: 100 });
          const expected = whole.list.filter((g) => g.categoryCode.startsWith(categoryCode)).map((g) => g.id);
          expect(inside.list.map((g) => g.id), `${productName} in ${categoryCode} by ${sort}`).toEqual(expected);
          expect(inside.total).toBe(expected.length);
          compared += expected.length;
        }
    expect(compared).toBeGreaterThan(10);
  });

  it('sorts by price, sales and newest', async () => {
    const asc = (await query({ sort: 'priceAsc' })).data.list.map((g) => g.price);
    expect(asc).toEqual([...asc].sort((x, y) => x - y));
    const desc = (await query({ sort: 'priceDesc' })).data.list.map((g) => g.price);
    expect(desc[0]).toBe(9000);
    const sales = (await query({ sort: 'sales' })).data.list.map((g) => g.salesCount);
    expect(sales).toEqual([...sales].sort((x, y) => y - x));
    const newest = (await query({ sort: 'newest' })).data.list;
    expect(newest.length).toBe(9);
  });

  it('pages without overlap and reports the total', async () => {
    const p1 = (await query({ pageIndex: 1, pageSize: 4, sort: 'sales' })).data;
    const p3 = (await query({ pageIndex: 3, pageSize: 4, sort: 'sales' })).data;
    expect(p1.total).toBe(9);
    expect(p1.totalCapped).toBe(false);
    expect(p1.list.length).toBe(4);
    expect(p3.list.length).toBe(1);
    expect(p1.list.map((g) => g.id)).not.toContain(p3.list[0]?.id);
  });

  it('rejects bad input with a Chinese message', async () => {
    const long = await query({ productName: '碳'.repeat(41) });
    expect(long.code).toBe(2);
    expect(long.message).toContain('40');
    expect((await query({ priceMin: 10, priceMax: 5 })).message).toContain('最低价不能高于最高价');
    expect((await query({ sort: 'bogus' })).code).toBe(2);
    expect((await query({ pageSize: 1000 })).code).toBe(2);
    expect((await query({ categoryCode: "01' or 1=1" })).code).toBe(2);
    const trimmed = await query({ productName: '  碳源  ' });
    expect(trimmed.data.total).toBe(2);
  });

  it('keeps the index right when rows change after insert', async () => {
    const db = t.database.db;
    await db
      .update(products)
      .set({ name: '改名后的高效除氧剂' })
      .where(eq(products.id, fx.product['乙酸钠 液体']!));
    expect(await names({ productName: '除氧' })).toEqual(['改名后的高效除氧剂']);
    await db.update(companies).set({ shopName: '新店名水务' }).where(eq(companies.id, fx.shopB));
    expect((await names({ productName: '新店名' })).length).toBe(2);
    expect(await names({ productName: '巩义净水' })).toEqual([]);
  });

  it("hides a shop's products as soon as the shop closes or is disabled, and shows them when it reopens", async () => {
    const db = t.database.db;
    const visible = async () => (await query({ companyId: fx.shopB, pageSize: 50 })).data.list.length;
    expect(await visible()).toBe(2);
    await db.update(companies).set({ shopOpen: false }).where(eq(companies.id, fx.shopB));
    expect(await visible()).toBe(0);
    await db.update(companies).set({ shopOpen: true, disabled: true }).where(eq(companies.id, fx.shopB));
    expect(await visible()).toBe(0);
    await db.update(companies).set({ disabled: false }).where(eq(companies.id, fx.shopB));
    expect(await visible()).toBe(2);
    // a product written later into an open shop is public at once; into a closed shop it is not
    const [row] = await db.select().from(products).where(eq(products.id, fx.product['巩义聚铝']!));
    const { id: _id, searchText: _s, shopVisible: _v, ...copy } = row!;
    await db.insert(products).values([
      { ...copy, name: '新上架活性炭' },
      { ...copy, name: '关闭店的活性炭', companyId: fx.closedShop },
    ]);
    expect(await names({ productName: '活性炭' })).toEqual(['新上架活性炭']);
  });

  it('follows status, price and sales changes made by any writer', async () => {
    const db = t.database.db;
    const id = fx.product['不锈钢离心泵']!;
    await db.update(products).set({ status: ProductStatus.OFF_SALE }).where(eq(products.id, id));
    expect(await names({ productName: '离心泵' })).toEqual([]);
    await db
      .update(products)
      .set({ status: ProductStatus.ON_SALE, price: '1', salesCount: 99999 })
      .where(eq(products.id, id));
    expect((await query({ sort: 'priceAsc' })).data.list[0]?.id).toBe(id);
    expect((await query({ sort: 'sales' })).data.list[0]?.id).toBe(id);
    await db.delete(products).where(eq(products.id, id));
    expect(await names({ productName: '离心泵' })).toEqual([]);
  });
});

describe('shared answers (goods-answers.ts, decision 0061)', () => {
  it('serves one answer for a few seconds, pre-compressed, and forgets it when a product goes off sale', async () => {
    const db = t.database.db;
    let clock = goodsAnswerCache.now();
    const realNow = goodsAnswerCache.now;
    goodsAnswerCache.now = () => clock;
    const body = { productName: '碳源', sort: 'priceAsc', pageSize: 50 };
    const [first] = (await query(body)).data.list;
    expect(first).toBeDefined();
    try {
      clock += GOODS_ANSWER_TTL_MS + 1; // past the forget of query(): answers are stored again
      const before = await cachedQuery(body);
      const served = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/product/query',
          payload: body,
          headers: { 'accept-encoding': 'gzip' },
        });
      const a = await served();
      // One serialised entry: the same ETag (and, above 1 KB, the same gzip bytes made once).
      expect(a.headers.etag).toBeTruthy();
      expect((await served()).headers.etag).toBe(a.headers.etag);
      if (a.headers['content-encoding']) expect((await served()).rawPayload.equals(a.rawPayload)).toBe(true);
      // A direct write no hook reports: the shared answer stays until its few seconds are over.
      await db.update(products).set({ price: '0.01' }).where(eq(products.id, first!.id));
      expect((await cachedQuery(body)).data.list[0]?.price).toBe(first!.price);
      expect((await cachedQuery(body)).data).toEqual(before.data);
      clock += GOODS_ANSWER_TTL_MS + 1;
      expect((await cachedQuery(body)).data.list[0]?.price).toBe(0.01);
      // Off sale through the supplier's use case: gone from the next answer at once.
      await cachedQuery(body);
      const total = (await cachedQuery(body)).data.total;
      await shelveProducts(db, { companyId: first!.companyId } as Caller, [first!.id], false);
      const after = (await cachedQuery(body)).data;
      expect(after.list.map((g) => g.id)).not.toContain(first!.id);
      // The count (cached 15 s per filter set) goes with the answer.
      expect(after.total).toBe(total - 1);
    } finally {
      goodsAnswerCache.now = realNow;
      await db
        .update(products)
        .set({ price: String(first!.price), status: ProductStatus.ON_SALE })
        .where(eq(products.id, first!.id));
      forgetGoodsAnswers();
    }
  });

  it('serves an expired answer once more while one query refreshes it, never after a forget', async () => {
    const db = t.database.db;
    let clock = goodsAnswerCache.now();
    const realNow = goodsAnswerCache.now;
    goodsAnswerCache.now = () => clock;
    const body = { productName: '碳源', sort: 'priceAsc', pageSize: 50 };
    const [first] = (await query(body)).data.list;
    try {
      clock += GOODS_STALE_MS + 1; // past the forget of query(): fresh and stale answers are stored again
      await cachedQuery(body);
      await db.update(products).set({ price: '0.02' }).where(eq(products.id, first!.id));
      clock += GOODS_ANSWER_TTL_MS + 1;
      // Expired: the old answer comes back at once, and the refresh it started brings the new price.
      expect((await cachedQuery(body)).data.list[0]?.price).toBe(first!.price);
      await expect.poll(async () => (await cachedQuery(body)).data.list[0]?.price).toBe(0.02);
      // Past the stale window nothing old is served.
      await db.update(products).set({ price: '0.03' }).where(eq(products.id, first!.id));
      clock += GOODS_STALE_MS + 1;
      expect((await cachedQuery(body)).data.list[0]?.price).toBe(0.03);
      // A forget (a product change through a use case) drops the stale answers too.
      clock += GOODS_ANSWER_TTL_MS + 1;
      await shelveProducts(db, { companyId: first!.companyId } as Caller, [first!.id], false);
      expect((await cachedQuery(body)).data.list.map((g) => g.id)).not.toContain(first!.id);
    } finally {
      goodsAnswerCache.now = realNow;
      await db
        .update(products)
        .set({ price: String(first!.price), status: ProductStatus.ON_SALE })
        .where(eq(products.id, first!.id));
      forgetGoodsAnswers();
    }
  });
});
