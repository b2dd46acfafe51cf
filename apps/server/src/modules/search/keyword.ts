import { sql, type SQL } from 'drizzle-orm';
import { expandTerm, searchTerms } from '@aquamall/shared';
import { escapeLike } from '../../lib/sql.ts';

/**
 * The keyword half of the goods query (docs/decisions/0060-chinese-search.md). A keyword is normalized and
 * split into terms; every term must match; a term matches when any of its alternatives (itself and its
 * synonyms) is a substring of the product's search text. The GIN index on aq_search_grams(search_text) finds candidates
 * (`@>` the alternative's grams); a LIKE on `search_text` re-checks the exact substring.
 */

/** Grams of a term as the index stores them: the character itself for one character, else its bigrams. */
export function termGrams(term: string): string[] {
  const chars = Array.from(term);
  if (chars.length <= 1) return chars;
  const grams = new Set<string>();
  for (let i = 0; i < chars.length - 1; i++) grams.add(`${chars[i]}${chars[i + 1]}`);
  return [...grams];
}

const textArray = (values: string[]): SQL =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

export interface KeywordMatch {
  /**
   * Every term matches (AND of terms, OR of alternatives): GIN candidates of any alternative, re-checked by the
   * LIKE of any alternative.
   */
  where: SQL;
  /** The same condition with LIKE only (no gram function): for rows already found another way (a sorted walk). */
  likeOnly: SQL;
  /** The name starts with an alternative of the first term (the rows that earn the prefix/exact bonuses). */
  namePrefix: SQL;
  /**
   * The best score a row can reach without the prefix bonus: every term typed is in the name (8, or 10 for
   * a term with synonyms). Rows whose name does not start with the first term never score more.
   */
  topWithoutPrefix: number;
  /** Relevance: where each term matched (name 8 > brand 4 > spec 2 > shop 1) plus exactness bonuses. */
  score: SQL;
  /** The normalized words searched, for highlighting. */
  words: string[];
}

/** Field k (1 name, 2 brand, 3 spec+model, 4 shop) of the normalized search text. */
const field = (searchText: SQL, k: number) => sql`split_part(${searchText}, E'\\n', ${sql.raw(String(k))})`;

export function keywordMatch(
  keyword: string | undefined,
  searchText: SQL,
  searchGrams: SQL,
): KeywordMatch | null {
  const terms = searchTerms(keyword);
  if (terms.length === 0) return null;
  const words = new Set<string>();
  const groups: SQL[] = [];
  const likes: SQL[] = [];
  const weights: SQL[] = [];
  let topWithoutPrefix = 0;
  for (const term of terms) {
    const alternatives = expandTerm(term);
    alternatives.forEach((a) => words.add(a));
    // Any alternative's grams (the GIN candidates) and any alternative's substring: the same rows as "some
    // alternative's grams and substring", as a substring (never whitespace) implies its grams. Written so, the
    // grams are an index condition only: with "(grams and like) or (grams and like)" PostgreSQL re-ran the gram
    // function on every candidate row in the filter (1.5 s instead of 27 ms for 离心泵 = lxb at 1M products).
    groups.push(
      sql`((${sql.join(
        alternatives.map((a) => sql`${searchGrams} @> ${textArray(termGrams(a))}`),
        sql` or `,
      )}) and (${sql.join(
        alternatives.map((a) => sql`${searchText} like ${`%${escapeLike(a)}%`} escape '\\'`),
        sql` or `,
      )}))`,
    );
    likes.push(
      sql`(${sql.join(
        alternatives.map((a) => sql`${searchText} like ${`%${escapeLike(a)}%`}`),
        sql` or `,
      )})`,
    );
    topWithoutPrefix += alternatives.length === 1 ? 8 : 10;
    const perAlternative = alternatives.map(
      (a) => sql`case when strpos(${field(searchText, 1)}, ${a}) > 0 then 8
        when strpos(${field(searchText, 2)}, ${a}) > 0 then 4
        when strpos(${field(searchText, 3)}, ${a}) > 0 then 2
        when strpos(${field(searchText, 4)}, ${a}) > 0 then 1 else 0 end`,
    );
    weights.push(
      perAlternative.length === 1
        ? (perAlternative[0] as SQL)
        : // With synonyms, the word the buyer typed beats its synonyms: +2 when the term itself is in the name.
          sql`(greatest(${sql.join(perAlternative, sql`, `)}) + case when strpos(${field(searchText, 1)}, ${term}) > 0 then 2 else 0 end)`,
    );
  }
  const whole = terms.join(' ');
  const first = expandTerm(terms[0] as string);
  const exact = sql`(case when ${field(searchText, 1)} = ${whole} then 16 else 0 end)`;
  const prefix = sql`(case when ${sql.join(
    first.map((a) => sql`strpos(${field(searchText, 1)}, ${a}) = 1`),
    sql` or `,
  )} then 4 else 0 end)`;
  return {
    where: sql.join(groups, sql` and `),
    likeOnly: sql.join(likes, sql` and `),
    // No ESCAPE clause (backslash is PostgreSQL's default), so the planner can use the name prefix index.
    namePrefix: sql`(${sql.join(
      first.map((a) => sql`${field(searchText, 1)} like ${`${escapeLike(a)}%`}`),
      sql` or `,
    )})`,
    topWithoutPrefix,
    score: sql`(${sql.join(weights, sql` + `)} + ${exact} + ${prefix})`,
    words: [...words],
  };
}
