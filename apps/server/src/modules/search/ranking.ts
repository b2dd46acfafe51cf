import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productSearch as ps } from '../../db/schema/index.ts';
import { keywordMatch, type KeywordMatch } from './keyword.ts';

/**
 * Relevance ranking of a broad keyword without scoring every match (docs/decisions/0061-search-at-scale.md).
 *
 * A 2-character keyword matches ~3% of a million products; scoring all 30,000 of them reads nearly every page
 * of product_search (≈ 150 ms). The score only has a few levels, and within a level rows are ordered by sales,
 * so the first page almost always comes from the best-selling rows:
 *  - the *window*: the top `window` rows (1,500, then 6,000) by (sales, id) that pass the other filters (a walk of the sales
 *    index), re-checked against the keyword with LIKE;
 *  - plus every row whose name starts with the keyword (prefix and exact bonuses: they may outrank anything),
 *    found through the name prefix index.
 * Both are scored and sorted exactly as the full ranking does. The answer is provably the full ranking's when
 * the window holds every filtered row, or when the k-th row scores above what any row outside the window can
 * reach without the prefix bonus (`topWithoutPrefix`), or reaches it from inside the window (rows outside it
 * sell less, so they sort after it on the tie). Otherwise `null`: the caller ranks every match.
 */
export const rankingTuning = {
  /** Up to this many matches (the capped count), every match is scored: it is cheap. */
  fullRankMax: 2000,
  /**
   * Rows in the sales window, tried in turn until one proves the page: 1,500 serve the broadest keywords
   * (at 3% of the rows they hold ~45 matches, a first page needs 20 — 500 were tried and too few), 6,000 the
   * rest; then the full ranking.
   */
  windows: [1500, 6000],
  /** Deeper than this (offset + page size) the full ranking is used. */
  maxDepth: 200,
};

interface Ranked {
  id: number;
  in_win: boolean;
  score: number;
  win_rows: number;
}

/** The ids of rows [offset, offset + limit) of the relevance order, or null when no window can prove them. */
export async function windowedRanking(
  db: Db,
  keyword: string,
  filters: SQL | undefined,
  offset: number,
  limit: number,
): Promise<number[] | null> {
  for (const window of rankingTuning.windows) {
    const ids = await rankInWindow(db, keyword, filters, offset, limit, window);
    if (ids) return ids;
  }
  return null;
}

async function rankInWindow(
  db: Db,
  keyword: string,
  filters: SQL | undefined,
  offset: number,
  limit: number,
  window: number,
): Promise<number[] | null> {
  const k = offset + limit;
  const onTable = keywordMatch(keyword, sql`${ps.searchText}`, sql`aq_search_grams(${ps.searchText})`);
  const onWindow = keywordMatch(keyword, sql`st`, sql`aq_search_grams(st)`) as KeywordMatch;
  if (!onTable) return null;
  const f = filters ?? sql`true`;
  const res = await db.execute(sql`
    with win as (
      select ${ps.productId} as id, ${ps.searchText} as st, ${ps.salesCount} as sales from ${ps}
      where ${f} order by ${ps.salesCount} desc, ${ps.productId} desc limit ${window}
    ), cand as (
      select id, st, sales, true as in_win from win where ${onWindow.likeOnly}
      union all
      select ${ps.productId}, ${ps.searchText}, ${ps.salesCount}, false from ${ps}
      where ${f} and ${onTable.likeOnly} and ${onTable.namePrefix} and ${ps.productId} not in (select id from win)
    )
    select id, in_win, ${onWindow.score}::int as score, (select count(*) from win)::int as win_rows
    from cand order by score desc, sales desc, id desc limit ${k}`);
  const rows = (res as unknown as { rows: Ranked[] }).rows;
  const complete = rows.length > 0 && rows[0]!.win_rows < window;
  const kth = rows[k - 1];
  const proven =
    complete ||
    (kth !== undefined &&
      (kth.score > onTable.topWithoutPrefix || (kth.score === onTable.topWithoutPrefix && kth.in_win)));
  return proven ? rows.slice(offset).map((r) => r.id) : null;
}
