import { sql, type SQL } from 'drizzle-orm';
import { productSearch as ps } from '../../db/schema/index.ts';
import { escapeLike } from '../../lib/sql.ts';
import type { TermPlan } from './vocabulary.ts';

/**
 * The keyword half of the goods query (docs/decisions/0060-chinese-search.md, 0176). A keyword is normalized and
 * split into terms (vocabulary.ts plans each); every term must match; a term matches when any of its words (itself,
 * its synonyms and trade names) is a substring of the product's search text, or the product sits in a category
 * the term names. The GIN index on aq_search_grams(search_text) finds candidates (`@>` the word's grams), the
 * category index the category's products; a LIKE on `search_text` re-checks the exact substring.
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

/** The columns a keyword condition reads (product_search's, or a CTE's). */
export interface KeywordColumns {
  searchText: SQL;
  searchGrams: SQL;
  categoryCode: SQL;
}

/** product_search's columns. */
export const onProductSearch = (): KeywordColumns => ({
  searchText: sql`${ps.searchText}`,
  searchGrams: sql`aq_search_grams(${ps.searchText})`,
  categoryCode: sql`${ps.categoryCode}`,
});

/** Relevance weight of a category match or of a generic word found back from a trade name (below a name match). */
export const CATEGORY_WEIGHT = 3;

/** The SQL of one term. */
export interface TermMatch {
  plan: TermPlan;
  /** Any word's grams (GIN) and LIKE, or the category: the term's part of `where`. */
  where: SQL;
  /** Any word's grams and LIKE (no category): the rows that can score by text for this term. */
  textWhere: SQL;
  /** The typed word's grams and LIKE: the rows that can earn the typed-word bonus. */
  typedWhere: SQL;
  /** Some word's grams and LIKE, in a named category: the rows that can add the category bonus to a text match. */
  bothWhere: SQL | null;
  /** The term has more words than the typed one (synonyms, trade names, generic words): the typed word earns + 2. */
  synonyms: boolean;
}

export interface KeywordMatch {
  terms: TermMatch[];
  /**
   * Every term matches (AND of terms, OR of words and categories): GIN candidates of any word (or the category
   * index), re-checked by the LIKE of any word.
   */
  where: SQL;
  /** The same condition with LIKE only (no gram function): for rows already found another way (a sorted walk). */
  likeOnly: SQL;
  /** The name starts with the first term or an equivalent (the rows that earn the prefix/exact bonuses). */
  namePrefix: SQL;
  /**
   * The best score a row can reach without the prefix bonus: every term typed is in the name (8, or 10 for
   * a term with synonyms). Rows whose name does not start with the first term never score more.
   */
  topWithoutPrefix: number;
  /**
   * Relevance: where each term matched (name 8 > brand 4 > spec 2 > shop 1; a generic word found back 3), + 2 for
   * the typed word in the name, + 3 in a category the term names, plus exactness bonuses.
   */
  score: SQL;
  /** The normalized words searched, for highlighting. */
  words: string[];
}

/** Field k (1 name, 2 brand, 3 spec+model, 4 shop) of the normalized search text. */
const field = (searchText: SQL, k: number) => sql`split_part(${searchText}, E'\\n', ${sql.raw(String(k))})`;

const grams = (c: KeywordColumns, words: string[]) =>
  sql.join(
    words.map((a) => sql`${c.searchGrams} @> ${textArray(termGrams(a))}`),
    sql` or `,
  );
const likes = (c: KeywordColumns, words: string[], escape: boolean) =>
  sql.join(
    words.map((a) =>
      escape ? sql`${c.searchText} like ${`%${escapeLike(a)}%`} escape '\\'` : sql`${c.searchText} like ${`%${escapeLike(a)}%`}`,
    ),
    sql` or `,
  );

export function keywordMatch(plan: readonly TermPlan[] | null, c: KeywordColumns): KeywordMatch | null {
  if (!plan || plan.length === 0) return null;
  const words = new Set<string>();
  const terms: TermMatch[] = [];
  const weights: SQL[] = [];
  let topWithoutPrefix = 0;
  for (const p of plan) {
    const all = [...p.strong, ...p.weak];
    all.forEach((a) => words.add(a));
    const inCategory = p.codes.length ? sql`${c.categoryCode} = any(${textArray(p.codes)})` : null;
    // Any word's grams (the GIN candidates) and any word's substring: the same rows as "some word's grams and
    // substring", as a substring (never whitespace) implies its grams. Written so, the grams are an index
    // condition only: with "(grams and like) or (grams and like)" PostgreSQL re-ran the gram function on every
    // candidate row in the filter (1.5 s instead of 27 ms for 离心泵 = lxb at 1M products). The category goes into
    // both halves ((G or C) and (L or C) = (G and L) or C) for the same reason.
    const textWhere = sql`((${grams(c, all)}) and (${likes(c, all, true)}))`;
    const where = inCategory
      ? sql`((${grams(c, all)} or ${inCategory}) and (${likes(c, all, true)} or ${inCategory}))`
      : textWhere;
    const synonyms = all.length > 1;
    terms.push({
      plan: p,
      where,
      textWhere,
      typedWhere: sql`((${grams(c, [p.term])}) and (${likes(c, [p.term], true)}))`,
      bothWhere: inCategory ? sql`(${textWhere} and ${inCategory})` : null,
      synonyms,
    });
    // A category match adds to a text match (a PAC product in 絮凝剂 beats a PAM one outside it) and stands alone
    // below any name match.
    topWithoutPrefix += (synonyms ? 10 : 8) + (inCategory ? CATEGORY_WEIGHT : 0);
    const perWord = [
      ...p.strong.map(
        (a) => sql`case when strpos(${field(c.searchText, 1)}, ${a}) > 0 then 8
        when strpos(${field(c.searchText, 2)}, ${a}) > 0 then 4
        when strpos(${field(c.searchText, 3)}, ${a}) > 0 then 2
        when strpos(${field(c.searchText, 4)}, ${a}) > 0 then 1 else 0 end`,
      ),
      ...p.weak.map(
        (a) => sql`case when strpos(${field(c.searchText, 1)}, ${a}) > 0 then ${sql.raw(String(CATEGORY_WEIGHT))}
        when strpos(${c.searchText}, ${a}) > 0 then 1 else 0 end`,
      ),
    ];
    weights.push(
      !synonyms && !inCategory
        ? (perWord[0] as SQL)
        : // With synonyms, the word the buyer typed beats its synonyms: +2 when the term itself is in the name.
          sql`(${perWord.length > 1 ? sql`greatest(${sql.join(perWord, sql`, `)})` : perWord[0]}${
            synonyms ? sql` + case when strpos(${field(c.searchText, 1)}, ${p.term}) > 0 then 2 else 0 end` : sql``
          }${inCategory ? sql` + case when ${inCategory} then ${sql.raw(String(CATEGORY_WEIGHT))} else 0 end` : sql``})`,
    );
  }
  const whole = plan.map((p) => p.term).join(' ');
  const first = (plan[0] as TermPlan).same;
  const exact = sql`(case when ${field(c.searchText, 1)} = ${whole} then 16 else 0 end)`;
  const prefix = sql`(case when ${sql.join(
    first.map((a) => sql`strpos(${field(c.searchText, 1)}, ${a}) = 1`),
    sql` or `,
  )} then 4 else 0 end)`;
  return {
    terms,
    where: sql.join(
      terms.map((t) => t.where),
      sql` and `,
    ),
    likeOnly: sql.join(
      plan.map((p) => {
        const all = [...p.strong, ...p.weak];
        return p.codes.length
          ? sql`(${likes(c, all, false)} or ${c.categoryCode} = any(${textArray(p.codes)}))`
          : sql`(${likes(c, all, false)})`;
      }),
      sql` and `,
    ),
    // No ESCAPE clause (backslash is PostgreSQL's default), so the planner can use the name prefix index.
    namePrefix: sql`(${sql.join(
      first.map((a) => sql`${field(c.searchText, 1)} like ${`${escapeLike(a)}%`}`),
      sql` or `,
    )})`,
    topWithoutPrefix,
    score: sql`(${sql.join(weights, sql` + `)} + ${exact} + ${prefix})`,
    words: [...words],
  };
}
