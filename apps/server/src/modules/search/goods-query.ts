import { and, asc, desc, eq, gte, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  GOODS_COUNT_CAP,
  ProductStatus,
  type GoodsFacet,
  type GoodsPage,
  type GoodsQuery,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { categories, companies, products } from '../../db/schema/index.ts';
import { goodsColumns, toGoodsItem } from './goods-columns.ts';
import { escapeLike, keywordMatch } from './keyword.ts';
import { TtlCache } from './ttl-cache.ts';

/**
 * Public visibility: on-sale products of open, enabled shops. `shop_visible` mirrors the shop's state and is
 * kept by database triggers (migration 0010), so filtering needs no join with companies.
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
    .select({ categoryCode: products.categoryCode, name: sql<string>`max(${categories.name})`, count })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .groupBy(products.categoryCode)
    .orderBy(desc(count), products.categoryCode)
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
  const match = keywordMatch(
    q.productName,
    sql`${products.searchText}`,
    sql`aq_search_grams(${products.searchText})`,
  );
  const conditions: (SQL | undefined)[] = [publicProduct, match?.where];
  if (q.categoryCode) conditions.push(inArray(products.categoryCode, await subtreeCodes(db, q.categoryCode)));
  if (q.priceMin !== undefined) conditions.push(gte(products.price, String(q.priceMin)));
  if (q.priceMax !== undefined) conditions.push(lte(products.price, String(q.priceMax)));
  if (q.companyId !== undefined) conditions.push(eq(products.companyId, q.companyId));
  if (q.areaCode !== undefined) {
    conditions.push(or(eq(products.originProvinceCode, q.areaCode), eq(products.originCityCode, q.areaCode)));
  }
  if (q.povertyRelief) conditions.push(eq(products.isPovertyRelief, true));
  const where = and(...conditions);

  const order: SQL[] = (() => {
    switch (q.sort) {
      case 'priceAsc':
        return [asc(products.price), asc(products.id)];
      case 'priceDesc':
        return [desc(products.price), desc(products.id)];
      case 'newest':
        return [desc(products.createdAt), desc(products.id)];
      case 'sales':
        return [desc(products.salesCount), desc(products.id)];
      default:
        return match
          ? [sql`${match.score} desc`, desc(products.salesCount), desc(products.id)]
          : [desc(products.salesCount), desc(products.id)];
    }
  })();

  const offset = (q.pageIndex - 1) * q.pageSize;
  // Rank and page on products alone (the index finds the rows, the sort needs only products columns), then
  // join the page's 20 cards with their shops, re-sorted the same way: one round trip, and the join touches
  // 20 rows, not every match.
  const listQuery = async () => {
    if (offset >= GOODS_COUNT_CAP) return [];
    const page = db
      .select({ pageId: products.id })
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(offset)
      .as('page');
    return db
      .select(goodsColumns)
      .from(page)
      .innerJoin(products, eq(products.id, page.pageId))
      .innerJoin(companies, eq(companies.id, products.companyId))
      .orderBy(...order);
  };
  const capped = db
    .select({ one: sql`1` })
    .from(products)
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
