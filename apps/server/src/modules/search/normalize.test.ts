import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { highlightSegments, normalizeSearch, searchTerms } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { escapeLike } from '../../lib/sql.ts';
import { termGrams } from './keyword.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const SAMPLES = [
  '  ＰＡＣ　聚合氯化铝  ',
  'PAM\t阴离子\n1200万',
  'ＡｂＣ１２３％＿＼',
  'Ünïcode ÄÖ stays',
  '100%铜线',
  "O'Brien\u00a0泵",
  '',
];

describe('search normalization', () => {
  it('is identical in the database (index side) and in TypeScript (query side)', async () => {
    for (const s of SAMPLES) {
      const res = await t.database.db.execute(sql`select aq_search_norm(${s}) as n`);
      const n = (res as unknown as { rows: { n: string }[] }).rows[0]?.n;
      expect(n, JSON.stringify(s)).toBe(normalizeSearch(s));
    }
  });

  it('indexes the grams a query asks for', async () => {
    const res = await t.database.db.execute(
      sql`select aq_search_grams(aq_search_norm('聚合氯化铝 PAC')) as g`,
    );
    const grams = (res as unknown as { rows: { g: string[] }[] }).rows[0]!.g;
    for (const term of searchTerms('聚合氯化 pac 铝'))
      for (const g of termGrams(term)) expect(grams).toContain(g);
    expect(grams).not.toContain('铝 ');
  });

  it('splits, dedupes and caps the terms; escapes LIKE wildcards', () => {
    expect(searchTerms(' 碳源  碳源 PAC ')).toEqual(['碳源', 'pac']);
    expect(searchTerms('a b c d e f g')).toHaveLength(5);
    expect(termGrams('聚合氯化')).toEqual(['聚合', '合氯', '氯化']);
    expect(termGrams('泵')).toEqual(['泵']);
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });

  it('highlights case- and width-insensitively without changing the text', () => {
    const segs = highlightSegments('聚合氯化铝ＰＡＣ 28%', ['pac', '聚合']);
    expect(segs.map((s) => s.text).join('')).toBe('聚合氯化铝ＰＡＣ 28%');
    expect(segs.filter((s) => s.hit).map((s) => s.text)).toEqual(['聚合', 'ＰＡＣ']);
  });
});
