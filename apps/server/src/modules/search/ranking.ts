import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productSearch as ps } from '../../db/schema/index.ts';
import { CATEGORY_WEIGHT, keywordMatch, onProductSearch, type KeywordMatch } from './keyword.ts';
import { planKeyword, searchVocabulary, type TermPlan } from './vocabulary.ts';

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
 *
 * Synonyms and categories (docs/decisions/0176): a generic word (絮凝剂) finds mostly products that do not
 * contain it (PAC, PFS, or its category's), so the window's k-th row rarely reaches `topWithoutPrefix` (10 with
 * the typed-word bonus) and the page would always fall back to the full ranking. When a window does not prove
 * the page, it is tried again with, per term, the rows outside the window that contain one of its words (all of
 * them, when there are ≤ `textSetMax`; terms of ≤ 4 words), those that contain the typed word, and those that
 * contain a word and sit in a named category (likewise): a term whose text rows are all candidates lets no other
 * row score more than a category match for it (3), one whose typed-word rows are all candidates no more than 8
 * (+ 3 in a named category), one whose text-and-category rows are all candidates no more than the larger part.
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
  /**
   * Second try of a window (0176): the rows outside it that match a term by text, or by its typed word, are
   * fetched too when there are at most this many; then no row left out can score by text for that term.
   */
  textSetMax: 200,
};

interface Ranked {
  id: number;
  in_win: boolean;
  score: number;
  win_rows: number;
  /** Rows of each set outside the window, by set name (≤ textSetMax + 1 each). */
  set_rows: Record<string, number> | null;
}

/** A term's text sets (any word; any word in a named category) are fetched only up to this many words: each word is one more GIN arm to scan. */
const TEXT_SET_MAX_WORDS = 4;

/** The ids of rows [offset, offset + limit) of the relevance order, or null when no window can prove them. */
export async function windowedRanking(
  db: Db,
  /** The keyword, or its plan as the goods query made it (named categories outside a category filter dropped). */
  keyword: string | TermPlan[],
  filters: SQL | undefined,
  offset: number,
  limit: number,
  /**
   * When `filters` is exactly "the category code is one of these" (a category filter and nothing else), the codes:
   * the window is then read per code from the (category_code, sales, product_id) index and merged (decision 0246).
   */
  categoryCodes?: readonly string[],
): Promise<number[] | null> {
  const plan = typeof keyword === 'string' ? planKeyword(await searchVocabulary(db), keyword) : keyword;
  if (!plan) return null;
  for (const [i, window] of rankingTuning.windows.entries()) {
    // The first window is tried plainly first: broad keywords prove their page without the text sets' scans.
    for (const withSets of i === 0 ? [false, true] : [true]) {
      const ids = await rankInWindow(db, plan, filters, offset, limit, window, withSets, categoryCodes);
      if (ids) return ids;
    }
  }
  return null;
}

async function rankInWindow(
  db: Db,
  plan: TermPlan[],
  filters: SQL | undefined,
  offset: number,
  limit: number,
  window: number,
  withSets: boolean,
  categoryCodes: readonly string[] | undefined,
): Promise<number[] | null> {
  const k = offset + limit;
  const onTable = keywordMatch(plan, onProductSearch()) as KeywordMatch;
  const onWindow = keywordMatch(plan, { searchText: sql`st`, searchGrams: sql`aq_search_grams(st)`, categoryCode: sql`cc` }) as KeywordMatch;
  const f = filters ?? sql`true`;
  const setMax = rankingTuning.textSetMax;
  // Per term, the rows outside the window that can score by text (any word), earn the typed-word bonus, or add the
  // category bonus to a text match.
  const sets: { name: string; where: SQL }[] = withSets
    ? onTable.terms.flatMap((t, i) => {
        const few = [...t.plan.strong, ...t.plan.weak].length <= TEXT_SET_MAX_WORDS;
        return [
          ...(few ? [{ name: `text_${i}`, where: t.textWhere }] : []),
          ...(t.synonyms ? [{ name: `typed_${i}`, where: t.typedWhere }] : []),
          ...(few && t.bothWhere ? [{ name: `both_${i}`, where: t.bothWhere }] : []),
        ];
      })
    : [];
  const setCtes = sets.map(
    (s) => sql`, ${sql.raw(s.name)} as (
      select ${ps.productId} as id, ${ps.searchText} as st, ${ps.categoryCode} as cc, ${ps.salesCount} as sales from ${ps}
      where ${f} and ${s.where} and ${onTable.likeOnly} and ${ps.productId} not in (select id from win) limit ${setMax + 1}
    )`,
  );
  const setRows = sets.map((s) => sql`union select id, st, cc, sales, false from ${sql.raw(s.name)}`);
  const counts = sets.length
    ? sql`json_build_object(${sql.join(
        sets.map((s) => sql`${s.name}::text, (select count(*) from ${sql.raw(s.name)})`),
        sql`, `,
      )})`
    : sql`null::json`;
  const winColumns = sql`${ps.productId} as id, ${ps.searchText} as st, ${ps.categoryCode} as cc, ${ps.salesCount} as sales`;
  // The window: the filter's best-selling `window` rows. Inside a category filter, walking the global sales index
  // reads window × (searchable rows / the subtree's rows) rows to find them (28,000 to 400,000 at 1,000,000
  // products); one arm per code of the subtree, each ordered by the (category_code, sales, product_id) index,
  // merged (Merge Append) reads about `window` index entries plus one per code. The same rows either way.
  const winRows = categoryCodes?.length
    ? sql`select * from (${sql.join(
        // Each arm ordered itself, so its subquery scan carries the order the Merge Append needs.
        categoryCodes.map(
          (code) => sql`(select ${winColumns} from ${ps} where ${ps.categoryCode} = ${code}
            order by ${ps.salesCount} desc, ${ps.productId} desc)`,
        ),
        sql` union all `,
      )}) arms order by sales desc, id desc limit ${window}`
    : sql`select ${winColumns} from ${ps} where ${f} order by ${ps.salesCount} desc, ${ps.productId} desc limit ${window}`;
  const statement = sql`
    with win as (${winRows})${sql.join(setCtes, sql``)}, cand as (
      select id, st, cc, sales, true as in_win from win where ${onWindow.likeOnly}
      union
      select ${ps.productId}, ${ps.searchText}, ${ps.categoryCode}, ${ps.salesCount}, false from ${ps}
      where ${f} and ${onTable.likeOnly} and ${onTable.namePrefix} and ${ps.productId} not in (select id from win)
      ${sql.join(setRows, sql` `)}
    )
    select id, in_win, ${onWindow.score}::int as score, (select count(*) from win)::int as win_rows,
      ${counts} as set_rows
    from cand order by score desc, sales desc, id desc limit ${k}`;
  const res = categoryCodes?.length
    ? await db.transaction(async (tx) => {
        // Without these PostgreSQL read every code's rows in parallel through the category bitmap and sorted them
        // (2.1 s for 01's 26 codes instead of 46 ms, EXPLAIN ANALYZE). The only sorts left are unavoidable ones
        // (the candidates' ranking), which a disabled sort does not remove. JIT off: the disabled sort's cost would
        // switch it on, and compiling took 3 s of a 54 ms statement.
        await tx.execute(
          sql`select set_config('enable_sort', 'off', true), set_config('max_parallel_workers_per_gather', '0', true),
            set_config('jit', 'off', true)`,
        );
        return tx.execute(statement);
      })
    : await db.execute(statement);
  const rows = (res as unknown as { rows: Ranked[] }).rows;
  let complete = rows.length > 0 && rows[0]!.win_rows < window;
  // The most a row that is not a candidate can score, per term: nothing by text when every text row is a
  // candidate, else 8 (10 with the typed-word bonus unless every typed-word row is a candidate); plus the
  // category bonus, which no longer adds to a text match when every row having both is a candidate.
  let bound = onTable.topWithoutPrefix;
  if (withSets && rows[0]) {
    const complete_ = (name: string) => {
      const n = rows[0]!.set_rows?.[name];
      return n !== undefined && n <= setMax;
    };
    bound = 0;
    onTable.terms.forEach((t, i) => {
      const textComplete = complete_(`text_${i}`);
      const category = t.plan.codes.length ? CATEGORY_WEIGHT : 0;
      // Every row that matches this term is a candidate: the candidates are all the matches.
      if (textComplete && !category) complete = true;
      const text = textComplete ? 0 : t.synonyms && !complete_(`typed_${i}`) ? 10 : 8;
      bound += category && complete_(`both_${i}`) ? Math.max(text, category) : text + category;
    });
  }
  const kth = rows[k - 1];
  const proven = complete || (kth !== undefined && (kth.score > bound || (kth.score === bound && kth.in_win)));
  return proven ? rows.slice(offset).map((r) => r.id) : null;
}
