import { eq } from 'drizzle-orm';
import { normalizeSearch } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { categories, products, productSearch as ps } from '../../db/schema/index.ts';
import { queryGoods } from './goods-query.ts';
import relevanceSet from './relevance.json' with { type: 'json' };

/**
 * The search relevance set (relevance.json) measured over a database holding the demo seed: per query the
 * first page, whether its must-have products are on it, and precision@k / recall@k against the relevant products
 * (docs/decisions/0176-search-synonyms-and-categories.md).
 */
export interface RelevanceQuery {
  q: string;
  mustHave: string[];
  relevantCategories?: string[];
  relevantNames?: string[];
}

export const RELEVANCE_QUERIES: RelevanceQuery[] = relevanceSet.queries;
export const RELEVANCE_PAGE = relevanceSet.pageSize;

export interface QueryOutcome {
  q: string;
  /** Names on the first page, in order. */
  page: string[];
  /** Must-have names not on the first page. */
  missing: string[];
  relevant: number;
  hits: number;
  /** Relevant products among the first page / products on it (0 for an empty page). */
  precision: number;
  /** Relevant products among the first page / min(k, relevant products). */
  recall: number;
}

export interface RelevanceReport {
  queries: QueryOutcome[];
  /** Means over the queries. */
  precision: number;
  recall: number;
}

export async function measureRelevance(db: Db, queries: RelevanceQuery[] = RELEVANCE_QUERIES): Promise<RelevanceReport> {
  const k = RELEVANCE_PAGE;
  const [cats, listed] = await Promise.all([
    db.select({ code: categories.categoryCode, name: categories.name }).from(categories),
    db
      .select({ id: products.id, name: products.name, code: products.categoryCode })
      .from(ps)
      .innerJoin(products, eq(products.id, ps.productId)),
  ]);
  const outcomes: QueryOutcome[] = [];
  for (const rq of queries) {
    const roots = cats.filter((c) => rq.relevantCategories?.includes(c.name)).map((c) => c.code);
    const names = (rq.relevantNames ?? []).map(normalizeSearch);
    const isRelevant = (p: { name: string; code: string }) =>
      roots.some((r) => p.code.startsWith(r)) || names.some((n) => normalizeSearch(p.name).includes(n));
    const relevant = new Set(listed.filter(isRelevant).map((p) => p.id));
    const { list } = await queryGoods(db, { productName: rq.q, pageIndex: 1, pageSize: k, sort: 'relevance' });
    const hits = list.filter((g) => relevant.has(g.id)).length;
    const page = list.map((g) => g.name);
    outcomes.push({
      q: rq.q,
      page,
      missing: rq.mustHave.filter((n) => !page.includes(n)),
      relevant: relevant.size,
      hits,
      precision: list.length ? hits / list.length : 0,
      recall: relevant.size ? hits / Math.min(k, relevant.size) : 1,
    });
  }
  const mean = (f: (o: QueryOutcome) => number) => outcomes.reduce((a, o) => a + f(o), 0) / Math.max(1, outcomes.length);
  return { queries: outcomes, precision: mean((o) => o.precision), recall: mean((o) => o.recall) };
}

/** The report as a table for the bench output. */
export function formatRelevance(r: RelevanceReport): string {
  const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
  const lines = r.queries.map(
    (o) =>
      `  ${o.q.padEnd(8, '　')} P@${RELEVANCE_PAGE} ${pct(o.precision).padStart(4)}  R@${RELEVANCE_PAGE} ${pct(o.recall).padStart(4)}  ` +
      `(${o.hits}/${o.page.length} on page 1, ${o.relevant} relevant)${o.missing.length ? `  missing: ${o.missing.join('; ')}` : ''}`,
  );
  return [
    `search relevance (${r.queries.length} queries, demo seed, first page of ${RELEVANCE_PAGE}):`,
    ...lines,
    `  mean precision@${RELEVANCE_PAGE} ${pct(r.precision)}, mean recall@${RELEVANCE_PAGE} ${pct(r.recall)}`,
  ].join('\n');
}
