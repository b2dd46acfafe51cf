import { and, asc, desc, eq, gte, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  GOODS_COUNT_CAP,
  ProductStatus,
  type GoodsFacet,
  type GoodsPage,
  type GoodsQuery,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { categories, companies, products, productSearch as ps } from '../../db/schema/index.ts';
import { goodsColumns, toGoodsItem } from './goods-columns.ts';
import { escapeLike } from '../../lib/sql.ts';
import { keywordMatch } from './keyword.ts';
import { rankingTuning, windowedRanking } from './ranking.ts';
import { TtlCache } from './ttl-cache.ts';

/**
 * Public visibility on `products` (detail pages, floors): on-sale products of open, enabled shops.
 * `shop_visible` mirrors the shop's state (database triggers, migration 0010). The goods list reads
 * product_search instead, which holds exactly the public products.
 */
export const publicProduct: SQL = and(
  eq(products.status, ProductStatus.ON_SALE),
  eq(products.shopVisible, true),
) as SQL;

/** Counts of the same filters are reused for a few seconds (paging, refreshes, many visitors). */
const COUNT_TTL_MS = 15_000;
const counts = new WeakMap<Db, TtlCache<number>>();
const subtrees = new WeakMap<Db, TtlCache<string[]>>();
const facets = new WeakMap<Db, TtlCache<GoodsFacet[]>>();
const cacheOf = <V>(map: WeakMap<Db, TtlCache<V>>, db: Db, ttl: number) => {
  let c = map.get(db);
  if (!c) map.set(db, (c = new TtlCache<V>(ttl)));
  return c;
};

/** The leaf categories of a keyword's matches, most first. */
async function categoryFacets(db: Db, where: SQL | undefined): Promise<GoodsFacet[]> {
  const count = sql<number>`count(*)::int`;
  return db
    .select({ categoryCode: ps.categoryCode, name: sql<string>`max(${categories.name})`, count })
    .from(ps)
    .innerJoin(categories, eq(categories.categoryCode, ps.categoryCode))
    .where(where)
    .groupBy(ps.categoryCode)
    .orderBy(desc(count), ps.categoryCode)
    .limit(12);
}

/** Category codes of a subtree: the code itself and every code that starts with it (cached for a minute). */
function subtreeCodes(db: Db, prefix: string): Promise<string[]> {
  return cacheOf(subtrees, db, 60_000).get(prefix, () => loadSubtreeCodes(db, prefix));
}

async function loadSubtreeCodes(db: Db, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ code: categories.categoryCode })
    .from(categories)
    .where(like(categories.categoryCode, `${escapeLike(prefix)}%`));
  const codes = rows.map((r) => r.code);
  return codes.includes(prefix) ? codes : [...codes, prefix];
}

/**
 * The public goods list: keyword (Chinese substring, synonyms), category subtree, price range, supplier,
 * origin area, poverty-relief flag; sorted; paged. Counts stop at GOODS_COUNT_CAP (`totalCapped`).
 */
export async function queryGoods(db: Db, q: GoodsQuery): Promise<GoodsPage> {
  const match = keywordMatch(q.productName, sql`${ps.searchText}`, sql`aq_search_grams(${ps.searchText})`);
  const conditions: (SQL | undefined)[] = [];
  if (q.categoryCode) conditions.push(inArray(ps.categoryCode, await subtreeCodes(db, q.categoryCode)));
  if (q.priceMin !== undefined) conditions.push(gte(ps.price, String(q.priceMin)));
  if (q.priceMax !== undefined) conditions.push(lte(ps.price, String(q.priceMax)));
  if (q.companyId !== undefined) conditions.push(eq(ps.companyId, q.companyId));
  if (q.areaCode !== undefined) {
    conditions.push(or(eq(ps.originProvinceCode, q.areaCode), eq(ps.originCityCode, q.areaCode)));
  }
  if (q.povertyRelief) conditions.push(eq(ps.isPovertyRelief, true));
  const filters = and(...conditions);
  const where = and(match?.where, filters);

  const order: SQL[] = (() => {
    switch (q.sort) {
      case 'priceAsc':
        return [asc(ps.price), asc(ps.productId)];
      case 'priceDesc':
        return [desc(ps.price), desc(ps.productId)];
      case 'newest':
        return [desc(ps.createdAt), desc(ps.productId)];
      case 'sales':
        return [desc(ps.salesCount), desc(ps.productId)];
      default:
        return match
          ? [sql`${match.score} desc`, desc(ps.salesCount), desc(ps.productId)]
          : [desc(ps.salesCount), desc(ps.productId)];
    }
  })();

  const offset = (q.pageIndex - 1) * q.pageSize;
  // Rank and page on the narrow product_search rows, then join the page's 20 cards with products and their
  // shops, re-sorted the same way: one round trip, and the wide rows are read for 20 products only.
  const listQuery = async () => {
    if (offset >= GOODS_COUNT_CAP) return [];
    // A broad keyword by relevance: rank the best-selling window instead of every match when that provably
    // gives the same page (ranking.ts, docs/decisions/0061).
    if (match && (!q.sort || q.sort === 'relevance') && offset + q.pageSize <= rankingTuning.maxDepth) {
      const n = await countQuery;
      const ids =
        n > rankingTuning.fullRankMax
          ? await windowedRanking(db, q.productName as string, filters, offset, q.pageSize)
          : null;
      if (ids) return cardsOf(ids);
    }
    const page = db
      .select({ pageId: ps.productId })
      .from(ps)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(offset)
      .as('page');
    return db
      .select(goodsColumns)
      .from(page)
      .innerJoin(ps, eq(ps.productId, page.pageId))
      .innerJoin(products, eq(products.id, page.pageId))
      .innerJoin(companies, eq(companies.id, ps.companyId))
      .orderBy(...order);
  };
  const cardsOf = async (ids: number[]) => {
    if (ids.length === 0) return [];
    const rows = await db
      .select(goodsColumns)
      .from(products)
      .innerJoin(companies, eq(companies.id, products.companyId))
      .where(inArray(products.id, ids));
    const at = new Map(ids.map((id, i) => [id, i]));
    return rows.sort((a, b) => (at.get(a.id) ?? 0) - (at.get(b.id) ?? 0));
  };
  const capped = db
    .select({ one: sql`1` })
    .from(ps)
    .where(where)
    .limit(GOODS_COUNT_CAP + 1)
    .as('capped');
  const countKey = JSON.stringify([
    q.productName?.trim() ?? '',
    q.categoryCode,
    q.priceMin,
    q.priceMax,
    q.companyId,
    q.areaCode,
    q.povertyRelief,
  ]);
  const countQuery = cacheOf(counts, db, COUNT_TTL_MS).get(countKey, async () => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
    return row?.n ?? 0;
  });
  const facetQuery =
    match && !q.categoryCode
      ? cacheOf(facets, db, COUNT_TTL_MS).get(countKey, () => categoryFacets(db, where))
      : Promise.resolve([]);
  const [rows, n, facetList] = await Promise.all([listQuery(), countQuery, facetQuery]);
  return {
    list: rows.map(toGoodsItem),
    total: Math.min(n, GOODS_COUNT_CAP),
    totalCapped: n > GOODS_COUNT_CAP,
    keywords: match?.words ?? [],
    facets: facetList,
  };
}
