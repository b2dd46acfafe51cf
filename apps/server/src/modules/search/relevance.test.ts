import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { measureRelevance, RELEVANCE_QUERIES, type RelevanceReport } from './relevance.ts';

/**
 * The relevance set (relevance.json, docs/decisions/0176) over the demo seed: every query's must-have products are
 * on the first page of 20. Buyers type the generic word first (絮凝剂, 净水剂), a trade name (PAC, 聚铝) or a
 * category's name (阀门, 化肥); each must find what the catalogue sells under it.
 */
let t: TestApp;
let report: RelevanceReport;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  report = await measureRelevance(t.database.db);
}, 180_000);
afterAll(async () => t?.close());

describe('search relevance set over the demo seed', () => {
  it('holds at least 40 queries', () => {
    expect(RELEVANCE_QUERIES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(RELEVANCE_QUERIES.map((q) => [q.q]))('%s: the must-have products are on the first page', (q) => {
    const outcome = report.queries.find((o) => o.q === q)!;
    expect(outcome.missing, `first page of ${q}: ${outcome.page.join(' / ')}`).toEqual([]);
  });

  it('finds every relevant product of a query on its first page when there are 20 or fewer (recall@20)', () => {
    const short = report.queries.filter((o) => o.recall < 1).map((o) => `${o.q} ${o.hits}/${o.relevant}`);
    expect(short).toEqual([]);
  });
});
