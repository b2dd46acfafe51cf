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
import { keywordMatch, onProductSearch } from './keyword.ts';
import { rankingTuning, windowedRanking } from './ranking.ts';
import { TtlCache } from './ttl-cache.ts';
import { planKeyword, searchVocabulary } from './vocabulary.ts';

/**
 * Public visibility on `products` (detail pages, floors): on-sale products of open, enabled shops.
 * `shop_visible` mirrors the shop's state (database triggers, migration 0010). The goods list reads
 * product_search instead, which holds exactly the public products.
 */
export const publicProduct: SQL = and(
  eq(products.status, ProductStatus.ON_SALE),
  eq(products.shopVisible, true),
) as SQL;

/** Counts (and facets) of the same filters are reused for a few seconds (paging, refreshes, many visitors). */
const COUNT_TTL_MS = 15_000;
/** A filter set's capped count and its category facets: one statement, one cache entry. */
interface Tally {
  /** Matches, up to `countCap + 1` (more than `countCap` means capped). */
  n: number;
  facets: GoodsFacet[];
}
const tallies = new WeakMap<Db, TtlCache<Tally>>();
const subtrees = new WeakMap<Db, TtlCache<string[]>>();
const cacheOf = <V>(map: WeakMap<Db, TtlCache<V>>, db: Db, ttl: number) => {
  let c = map.get(db);
  if (!c) map.set(db, (c = new TtlCache<V>(ttl)));
  return c;
};

/** Bumped when products or shops change (forgetGoodsAnswers): older tallies are no longer looked up. */
let tallyGeneration = 0;
export function forgetGoodsTallies(): void {
  tallyGeneration++;
}

/** Tests lower the cap to exercise a capped keyword with a handful of rows; production keeps GOODS_COUNT_CAP. */
export const goodsTuning = {
  countCap: GOODS_COUNT_CAP,
  /**
   * A keyword with a filter matching at most this many products is paged from its matches gathered first
   * (`listQuery`, decision 0213), not by walking a sort index.
   */
  fewMatches: 10_000,
  /**
   * A keyword with more than `fewMatches` matches in an index order (price, sales, newest) is paged by walking
   * that order's index and testing each row with LIKE only (`walkedPage`, decision 0221), when the rows the walk
   * is expected to test — (offset + page size) × searchable rows / matches — are at most this many.
   */
  walkRows: 20_000,
  /** Named categories outside a category filter are dropped from the keyword (queryGoods; off only for a before/after bench). */
  pruneCategories: true,
  /**
   * Relevance inside a category with at most `fewMatches` matches ranks the matches gathered first, without trying
   * the best-selling windows (decision 0233; off only for a before/after bench).
   */
  rankGatheredInCategory: true,
  /**
   * Price order of a one-term keyword that names categories inside the category filter is read per named category
   * from the (category_code, price, product_id) index plus the text matches elsewhere (`categoryPricePage`,
   * decision 0233; off only for a before/after bench).
   */
  categoryPriceArms: true,
  /**
   * Relevance inside a category (no other filter) reads its best-selling window per category code from the
   * (category_code, sales, product_id) index, merged, instead of walking the global sales index (decision 0246; off
   * only for a before/after bench).
   */
  categoryWindows: true,
  /**
   * The text matches of a category price page (`categoryPricePage`) are first looked for by walking the price index
   * (at most walkRows rows, LIKE only), then gathered when the walk did not find enough (decision 0246; off only for
   * a before/after bench).
   */
  walkTextArm: true,
  /**
   * A keyword with more than fewMatches matches inside a category filter, by price or sales, is paged by walking
   * the filter's codes merged in that order (`categoryWalkedPage`, decision 0246; off only for a before/after bench).
   */
  categoryWalk: true,
};

/** The sorts an index of product_search delivers in order (schema/search.ts). */
const INDEX_SORTS = new Set(['priceAsc', 'priceDesc', 'sales', 'newest']);

const searchableRows = new WeakMap<Db, TtlCache<number>>();
/** The planner's row estimate of product_search (no scan; 0 before the first ANALYZE), cached for a minute. */
function searchableEstimate(db: Db): Promise<number> {
  return cacheOf(searchableRows, db, 60_000).get('n', async () => {
    const res = await db.execute(
      sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = 'product_search'::regclass`,
    );
    return Number((res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  });
}

/**
 * The capped count of the matches and, with `withFacets`, the leaf categories of the first `countCap` of them,
 * most first (≤ 12), in ONE statement that reads at most `countCap + 1` product_search rows once
 * (docs/decisions/0061, 2026-11-24). "First" is the order a serial scan delivers them: for a keyword the GIN
 * bitmap heap scan, i.e. the rows' physical (TID) order, which stays the same between requests while the rows
 * do. Under the cap the facets count every match, exactly as a full GROUP BY would.
 */
async function tally(db: Db, where: SQL | undefined, withFacets: boolean): Promise<Tally> {
  const cap = goodsTuning.countCap;
  if (!withFacets) {
    const capped = db
      .select({ one: sql`1` })
      .from(ps)
      .where(where)
      .limit(cap + 1)
      .as('capped');
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
    return { n: row?.n ?? 0, facets: [] };
  }
  // `m` is materialized once (it is read twice): the count reads all of it, the facets its first `cap` rows
  // in the order it was stored. Facet names join the ≤ 12 groups only.
  const statement = sql`
    with m as materialized (
      select ${ps.categoryCode} as code from ${ps} where ${where ?? sql`true`} limit ${cap + 1}
    ), f as (
      select code, count(*)::int as n from (select code from m limit ${cap}) first_matches group by code
    ), top as (
      select f.code, ${categories.name} as name, f.n from f
      join ${categories} on ${categories.categoryCode} = f.code
      order by f.n desc, f.code limit 12
    )
    select (select count(*) from m)::int as n,
      coalesce(
        (select json_agg(json_build_object('categoryCode', code, 'name', name, 'count', n) order by n desc, code) from top),
        '[]'
      ) as facets`;
  // Which rows come first must not depend on timing: a parallel scan under the LIMIT hands over whichever
  // worker's rows arrive first, and a synchronized seq scan starts wherever another scan of the table is.
  // Both are off for this one statement, so the first rows are the serial scan's, in TID order.
  const res = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('max_parallel_workers_per_gather', '0', true), set_config('synchronize_seqscans', 'off', true)`,
    );
    return tx.execute(statement);
  });
  // Both drivers parse json columns.
  const [row] = (res as unknown as { rows: Tally[] }).rows;
  return row ?? { n: 0, facets: [] };
}

/**
 * Ids of one page of the matches in an index order, found by walking that order's index (decision 0221): every
 * other path (bitmap scans, a sort of all matches) is switched off for this one statement, so PostgreSQL reads the
 * index in order and stops at the page's last row or after walkRows rows (then the page may be short); `where` is the keyword's LIKE-only form (the gram function is
 * for index lookups, too costly per row) and the filters.
 */
async function walkedPage(
  db: Db,
  where: SQL,
  order: SQL[],
  offset: number,
  limit: number,
): Promise<number[]> {
  // The first walkRows rows of the order (an index scan with a limit), then the keyword and filters on them; the
  // subquery carries the table's name, so `where` and `order` read its columns unchanged. JIT is off: the disabled
  // paths' costs would switch it on for a statement that runs in milliseconds (decision 0246).
  const walked = sql`(select * from ${ps} order by ${sql.join(order, sql`, `)} limit ${goodsTuning.walkRows}) as ${ps}`;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_sort', 'off', true), set_config('enable_incremental_sort', 'off', true),
        set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true),
        set_config('jit', 'off', true)`,
    );
    const rows = await tx
      .select({ id: sql<number>`${ps.productId}` })
      .from(walked)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    return rows.map((r) => r.id);
  });
}

/**
 * The rows a merged walk may read for a keyword of `words` words: walkRows LIKE tests in all (净水剂's 19 words over
 * 20,000 rows of 01 cost 0.4–0.7 s under load when the walk then fell back, decision 0246).
 */
const walkBudget = (words: number) => Math.max(1, Math.floor(goodsTuning.walkRows / Math.max(1, words)));

/** The settings of a statement that walks indexes in order (walkedPage, decision 0246's merged per-code walks). */
const walkSettings = sql`select set_config('enable_sort', 'off', true), set_config('enable_incremental_sort', 'off', true),
  set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true),
  set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`;

/**
 * The first walkRows rows of the given category codes in an index order (price up or down, or sales), as a
 * subquery carrying product_search's name (decision 0246): one range of the (category_code, price, product_id) or
 * (category_code, sales, product_id) index per code, each ordered itself (so its subquery scan carries the order),
 * merged by a Merge Append that reads about as many index entries as rows are taken. A condition on the result
 * (the keyword's LIKE) is tested above the limit, so it is not pushed into the per-code scans, where a code with no
 * match would be read whole before the merge could start (decision 0233). Run with `walkSettings`: without them
 * PostgreSQL read every code's rows in parallel through the category bitmap and sorted them (2 s instead of 1 ms,
 * EXPLAIN ANALYZE), and the disabled paths' costs switch JIT on (seconds of compiling).
 */
function codesInOrder(codes: readonly string[], range: SQL, key: 'price' | 'sales', dir: SQL, rows: number): SQL {
  const [column, name] = key === 'price' ? [ps.price, sql.raw('price')] : [ps.salesCount, sql.raw('sales_count')];
  const perCode = codes.map(
    (code) => sql`(select ${ps.productId}, ${ps.price}, ${ps.salesCount}, ${ps.searchText}, ${ps.categoryCode} from ${ps}
      where ${ps.categoryCode} = ${code} and ${range} order by ${column} ${dir}, ${ps.productId} ${dir})`,
  );
  return sql`(select * from (${sql.join(perCode, sql` union all `)}) codes
    order by ${name} ${dir}, product_id ${dir} limit ${rows}) as ${ps}`;
}

/**
 * Ids of one page of a keyword inside a category filter (and perhaps a price range) by price or sales, walking the
 * filter's codes merged in that order (`codesInOrder`) and testing each row with the keyword's LIKE-only form
 * (decision 0246). The rows found are, in order, the first matches; a page not filled within walkRows rows is
 * left to the caller.
 */
async function categoryWalkedPage(
  db: Db,
  codes: readonly string[],
  likeWhere: SQL,
  /** How many words `likeWhere` tests (the walk's budget). */
  words: number,
  range: SQL | undefined,
  key: 'price' | 'sales',
  descending: boolean,
  offset: number,
  limit: number,
): Promise<number[]> {
  const dir = sql.raw(descending ? 'desc' : 'asc');
  const column = key === 'price' ? ps.price : ps.salesCount;
  return db.transaction(async (tx) => {
    await tx.execute(walkSettings);
    const walked = codesInOrder(codes, range ?? sql`true`, key, dir, walkBudget(words));
    const res = await tx.execute(sql`select ${ps.productId} as id from ${walked}
      where ${likeWhere} order by ${column} ${dir}, ${ps.productId} ${dir} limit ${limit} offset ${offset}`);
    return (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  });
}

/**
 * Ids of one page, by price, of a one-term keyword that names categories inside the category filter (decision
 * 0233). Within the filter a row matches when it sits in one of the named categories (every row there matches)
 * or its text matches one of the term's words. So the page is merged from one arm per named category — that
 * category's first `offset + limit` rows by price, read from the (category_code, price, product_id) index and
 * stopping there — and one arm of the text matches in the filter's other categories (text and category indexes,
 * then a top-N sort). Nothing else can be on the page: the arms cover every match once (a named category's text
 * matches are in its own arm only), each arm holds its first offset + limit rows in the page's order, and
 * product_id breaks price ties as in the other paths. Before, PostgreSQL walked the price index across every
 * category and, when the named categories' goods were dear (净水剂 in 01 by price up), tested ~190,000 rows or
 * gathered and sorted every match: 4–8 s at 1,000,000 products under load; now the named arms read ~20 index
 * entries each.
 */
async function categoryPricePage(
  db: Db,
  named: readonly string[],
  textWhere: SQL,
  /** The text condition with LIKE only (no gram function), for rows a walk already reads. */
  textLike: SQL,
  /** How many words `textLike` tests (the walk's budget). */
  words: number,
  otherCodes: readonly string[],
  priceRange: SQL | undefined,
  descending: boolean,
  offset: number,
  limit: number,
): Promise<number[]> {
  const k = offset + limit;
  const dir = sql.raw(descending ? 'desc' : 'asc');
  const range = priceRange ?? sql`true`;
  const arm = (where: SQL) =>
    sql`(select ${ps.productId} as id, ${ps.price} as price from ${ps} where ${where} and ${range}
      order by ${ps.price} ${dir}, ${ps.productId} ${dir} limit ${k})`;
  const arms = named.map((code) => arm(sql`${ps.categoryCode} = ${code}`));
  const inOthers = inArray(ps.categoryCode, [...otherCodes]);
  // The text arm gathers every text match in the other codes through the GIN and category bitmaps and sorts them
  // (活性炭 in 01: 13,040 rows, 0.56 s). When they are not rare in the price order, its first offset + limit rows
  // are found sooner by walking the price index (within the price range) and testing each row with LIKE: the rows
  // the walk finds are, in order, the first text matches. It reads at most walkRows rows; when it finds fewer than
  // offset + limit, the text arm is gathered as before (decision 0246).
  if (otherCodes.length && goodsTuning.walkTextArm && goodsTuning.walkRows > 0) {
    const walked = codesInOrder(otherCodes, range, 'price', dir, walkBudget(words));
    const textArm = sql`(select ${ps.productId} as id, ${ps.price} as price, true as text from ${walked}
      where ${textLike} order by ${ps.price} ${dir}, ${ps.productId} ${dir} limit ${k})`;
    const namedArms = named.map((code) =>
      sql`(select ${ps.productId} as id, ${ps.price} as price, false as text from ${ps}
        where ${ps.categoryCode} = ${code} and ${range} order by ${ps.price} ${dir}, ${ps.productId} ${dir} limit ${k})`,
    );
    const rows = await db.transaction(async (tx) => {
      await tx.execute(walkSettings);
      const res = await tx.execute(sql`select id, (count(*) filter (where text) over ())::int as text_rows
        from (${sql.join([...namedArms, textArm], sql` union all `)}) arms
        order by price ${dir}, id ${dir} limit ${limit} offset ${offset}`);
      return (res as unknown as { rows: { id: number; text_rows: number }[] }).rows;
    });
    // Every row's text_rows is the text arm's size: offset + limit means the walk found the arm's first rows.
    if (rows[0]?.text_rows === k) return rows.map((r) => Number(r.id));
  }
  if (otherCodes.length) arms.push(arm(sql`${textWhere} and ${inOthers}`));
  const res = await db.execute(sql`select id from (${sql.join(arms, sql` union all `)}) arms
    order by price ${dir}, id ${dir} limit ${limit} offset ${offset}`);
  return (res as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
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
 * The public goods list: keyword (Chinese substring, synonyms and trade names, category names), category subtree, price range, supplier,
 * origin area, poverty-relief flag; sorted; paged. Counts stop at GOODS_COUNT_CAP (`totalCapped`), and so do the
 * keyword's category facets (`facetsCapped`).
 */
export async function queryGoods(db: Db, q: GoodsQuery): Promise<GoodsPage> {
  const filterCodes = q.categoryCode ? await subtreeCodes(db, q.categoryCode) : null;
  const planned = q.productName?.trim() ? planKeyword(await searchVocabulary(db), q.productName) : null;
  // Within a category filter, a term's named categories outside it can hold no row of the list: they are dropped,
  // so the keyword is found through its text index and the filter, not by testing the gram function on every row
  // of the filtered category (4–6 s at 1,000,000 products, decision 0221). Rows and scores stay the same.
  const plan =
    planned && filterCodes && goodsTuning.pruneCategories
      ? planned.map((p) => ({ ...p, codes: p.codes.filter((c) => filterCodes.includes(c)) }))
      : planned;
  const match = keywordMatch(plan, onProductSearch());
  const conditions: (SQL | undefined)[] = [];
  if (filterCodes) conditions.push(inArray(ps.categoryCode, filterCodes));
  if (q.priceMin !== undefined) conditions.push(gte(ps.price, String(q.priceMin)));
  if (q.priceMax !== undefined) conditions.push(lte(ps.price, String(q.priceMax)));
  if (q.companyId !== undefined) conditions.push(eq(ps.companyId, q.companyId));
  if (q.areaCode !== undefined) {
    conditions.push(or(eq(ps.originProvinceCode, q.areaCode), eq(ps.originCityCode, q.areaCode)));
  }
  if (q.povertyRelief) conditions.push(eq(ps.isPovertyRelief, true));
  const filters = and(...conditions);
  const onlyCategory = filterCodes !== null && conditions.length === 1;
  const priceRange = and(
    q.priceMin !== undefined ? gte(ps.price, String(q.priceMin)) : undefined,
    q.priceMax !== undefined ? lte(ps.price, String(q.priceMax)) : undefined,
  );
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
    if (offset >= goodsTuning.countCap) return [];
    // A broad keyword by relevance: rank the best-selling window instead of every match when that provably
    // gives the same page (ranking.ts, docs/decisions/0061).
    if (match && (!q.sort || q.sort === 'relevance') && offset + q.pageSize <= rankingTuning.maxDepth) {
      const n = await countQuery;
      // Inside a category a window is a walk of the sales index that reads window × (searchable rows / the
      // subtree's rows) rows to find `window` of the subtree — 20,000 to 120,000 for a top-level category, and
      // 400,000 for a small one — and for a keyword matching few of the subtree's rows no window proves the page,
      // so the full ranking ran after three such walks (炭 in 06: 6.5 s, decision 0233). With at most fewMatches
      // matches the ranking of all of them, gathered through the text and category indexes as the tally already
      // gathers them, is the cheaper way to the same page.
      const gathered = filterCodes !== null && goodsTuning.rankGatheredInCategory && n <= goodsTuning.fewMatches;
      const ids =
        n > rankingTuning.fullRankMax && !gathered
          ? await windowedRanking(
              db,
              plan ?? (q.productName as string),
              filters,
              offset,
              q.pageSize,
              // Only a category filter: the window is merged from the per-category sales index (decision 0246).
              onlyCategory && goodsTuning.categoryWindows ? (filterCodes ?? undefined) : undefined,
            )
          : null;
      if (ids) return cardsOf(ids);
    }
    // A keyword with a filter (category, price, shop, area) may match few products or none, while each alone
    // matches many: PostgreSQL then walks the sort's index (sales, price, newest) testing every row — seconds at
    // a million products (bench:search-1m, decision 0213). The tally counted alongside says how many match:
    // none → no page; a few → the matches are gathered first (`offset 0` keeps the planner from folding the
    // subquery back in) and only they are sorted. The subquery carries the table's name, so `order` and the
    // score read its columns unchanged.
    let source: typeof ps | SQL = ps;
    if (match && filters) {
      const n = await countQuery;
      if (n <= offset) return [];
      if (n <= goodsTuning.fewMatches) source = sql`(select * from ${ps} where ${where} offset 0) as ${ps}`;
    }
    // Many matches by price of one term naming categories inside the filter: per named category from the
    // (category_code, price, product_id) index, plus the text matches elsewhere (decision 0233).
    const term = plan?.length === 1 ? plan[0]! : null;
    if (
      match &&
      filterCodes &&
      term &&
      term.codes.length > 0 &&
      (q.sort === 'priceAsc' || q.sort === 'priceDesc') &&
      q.companyId === undefined &&
      q.areaCode === undefined &&
      !q.povertyRelief &&
      goodsTuning.categoryPriceArms
    ) {
      const n = await countQuery;
      if (n <= offset) return [];
      if (n > goodsTuning.fewMatches) {
        const named = filterCodes.filter((c) => term.codes.includes(c));
        const others = filterCodes.filter((c) => !term.codes.includes(c));
        const range = priceRange;
        const textWhere = match.terms[0]!.textWhere;
        return cardsOf(
          await categoryPricePage(db, named, textWhere, match.likeOnly, match.words.length, others, range, q.sort === 'priceDesc', offset, q.pageSize),
        );
      }
    }
    // Many matches inside a category filter (and perhaps a price range) by price or sales: the filter's codes walked
    // merged in that order find the page after about (offset + page size) × the filter's rows / matches rows —
    // the global index's walk reads about the searchable rows / the filter's rows times more, and fails when the
    // filter's goods sit at the far end of the order (阀门 in 01 by price up, decision 0246).
    const key = q.sort === 'sales' ? 'sales' : q.sort === 'priceAsc' || q.sort === 'priceDesc' ? 'price' : null;
    if (
      match &&
      filterCodes &&
      key &&
      q.companyId === undefined &&
      q.areaCode === undefined &&
      !q.povertyRelief &&
      goodsTuning.categoryWalk &&
      goodsTuning.walkRows > 0
    ) {
      const n = await countQuery;
      if (n <= offset) return [];
      if (n > goodsTuning.fewMatches) {
        const ids = await categoryWalkedPage(
          db,
          filterCodes,
          match.likeOnly,
          match.words.length,
          priceRange,
          key,
          q.sort !== 'priceAsc',
          offset,
          q.pageSize,
        );
        if (ids.length === Math.min(q.pageSize, n - offset)) return cardsOf(ids);
      }
    }
    // Many matches in an index order: at least one row in (searchable / matches) matches, so walking the order's
    // index finds the page after a bounded number of rows, each tested with LIKE only (decision 0221).
    if (match && source === ps && INDEX_SORTS.has(q.sort ?? '')) {
      const n = await countQuery;
      if (n <= offset) return [];
      if (n > goodsTuning.fewMatches) {
        const rows = Math.max(await searchableEstimate(db), n);
        // Matches may cluster at the far end of the order (a category of dear goods by price up): the walk reads
        // at most walkRows rows, and a page it did not fill is left to the plan below.
        if (((offset + q.pageSize) * rows) / n <= goodsTuning.walkRows / 4) {
          const ids = await walkedPage(db, and(match.likeOnly, filters) as SQL, order, offset, q.pageSize);
          if (ids.length === Math.min(q.pageSize, n - offset)) return cardsOf(ids);
        }
      }
    }
    const page = db
      // Through sql: drizzle checks a column's table against the FROM, and the gathered matches are a subquery.
      .select({ pageId: sql<number>`${ps.productId}`.as('page_id') })
      .from(source)
      .where(source === ps ? where : undefined)
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
  const cap = goodsTuning.countCap;
  const withFacets = match !== null && !q.categoryCode;
  const tallyKey = JSON.stringify([
    q.productName?.trim() ?? '',
    q.categoryCode,
    q.priceMin,
    q.priceMax,
    q.companyId,
    q.areaCode,
    q.povertyRelief,
    cap,
    tallyGeneration,
  ]);
  const tallyQuery = cacheOf(tallies, db, COUNT_TTL_MS).get(tallyKey, () => tally(db, where, withFacets));
  const countQuery = tallyQuery.then((t) => t.n);
  const [rows, { n, facets }] = await Promise.all([listQuery(), tallyQuery]);
  return {
    list: rows.map(toGoodsItem),
    total: Math.min(n, cap),
    totalCapped: n > cap,
    keywords: match?.words ?? [],
    facets,
    facetsCapped: withFacets && n > cap,
  };
}
