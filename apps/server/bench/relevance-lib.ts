import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, isEmpty } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/index.ts';
import { LocalStorage } from '../src/lib/storage.ts';
import { formatRelevance, measureRelevance, type RelevanceReport } from '../src/modules/search/relevance.ts';

/**
 * Seeds a throw-away embedded demo database (or opens BENCH_RELEVANCE_DATABASE_URL), prints the relevance report
 * and returns it (`failed`: queries with a must-have product missing from their first page).
 */
export async function printRelevance(): Promise<RelevanceReport & { failed: number }> {
  const url = process.env.BENCH_RELEVANCE_DATABASE_URL;
  const dir = url ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'aquamall-relevance-'));
  const database = await openDatabase(url ? { url } : { dataDir: path.join(dir!, 'pgdata') });
  try {
    if (await isEmpty(database.db)) await seedDemo(database.db, new LocalStorage(path.join(dir ?? os.tmpdir(), 'files')));
    const report = await measureRelevance(database.db);
    console.log(formatRelevance(report));
    return { ...report, failed: report.queries.filter((q) => q.missing.length).length };
  } finally {
    await database.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}
