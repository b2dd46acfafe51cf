/**
 * Goods search at 1,000,000 products (issue 28, decision 0213): `npm run bench:search-1m [-- bench options]`.
 *
 * 1. Makes sure the PostgreSQL database BENCH_SEARCH_DATABASE_URL (default
 *    postgres://postgres@127.0.0.1:5432/aquamall_search_1m) holds ≥ 1,000,000 on-sale products: when it holds
 *    fewer, `bench/seed-large.ts --products 1000000` fills it (demo seed, then INSERT … SELECT over
 *    generate_series, indexes rebuilt once; run once, kept for later runs).
 * 2. Loads the goods list at 10 connections (one worker) with keywords of 1, 2, 3 and 4 characters, each
 *    expanded to its synonyms and the categories named by it (decision 0176, always on), in Zipf spreads, and a
 *    spread that misses the 5-second shared answer on every request (keyword × top-level category × sort ×
 *    page): the search itself at this size, not the cache. Target: p99 ≤ 50 ms for each.
 * 3. Prints the relevance set's precision@20 and recall@20 (src/modules/search/relevance.json, demo seed).
 *
 * The last lines, `#issue28 {json}`, are read by `npm run bench:issue28`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { CpuMeter } from './cpu.ts';
import { benchServer, formatTable, issue28Line, measure, parseBenchArgs, type BenchRoute } from './lib.ts';
import { spreadBodies } from './mall.ts';
import { printRelevance } from './relevance-lib.ts';
import { BY_LENGTH, missingBodies } from './search-1m-queries.ts';
import { SERVER_DIR } from './server.ts';

const P99_TARGET_MS = 50;
const PRODUCTS = 1_000_000;
const url = process.env.BENCH_SEARCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/aquamall_search_1m';

const goods = (name: string, bodies: Record<string, unknown>[]): BenchRoute => ({
  name,
  method: 'POST',
  path: '/api/product/query',
  body: bodies[0],
  bodies,
});

async function onSale(): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return 0; // no such database yet: the seed creates it
  }
  try {
    const res = await client.query(
      `select count(*)::int as n from products where status = 2 and shop_visible`,
    ).catch(() => ({ rows: [{ n: 0 }] }));
    return Number(res.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

const opts = parseBenchArgs(process.argv.slice(2));
let have = await onSale();
if (have < PRODUCTS) {
  console.log(`${url}: ${have} on-sale products; filling to ${PRODUCTS} (bench/seed-large.ts) …`);
  const t0 = Date.now();
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(SERVER_DIR, 'bench/seed-large.ts'), '--products', String(PRODUCTS)], {
    cwd: SERVER_DIR,
    env: { ...process.env, BENCH_DATABASE_URL: url },
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('the 1,000,000-product seed failed');
  have = await onSale();
  console.log(`filled in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

const routes: BenchRoute[] = [
  { method: 'GET', path: '/api/ping', baseline: true },
  ...[1, 2, 3, 4].map((n) => goods(`${n}-character keywords (Zipf spread of 10)`, spreadBodies(5_000, BY_LENGTH[n]))),
  goods('1–4 characters × category × sort × page (no shared answer)', missingBodies()),
];
const server = await benchServer({ ...opts, databaseUrl: url, workers: opts.workers ?? 1 });
let worst = 0;
let ok = false;
try {
  console.log(
    `Search at ${have.toLocaleString('en')} on-sale products: ${server.kind} server at ${server.url}, WORKERS=${opts.workers ?? 1}; ${opts.connections} connections, ${opts.warmup} s warm-up + ${opts.duration} s per route in ${opts.rounds} rounds`,
  );
  const meter = CpuMeter.open(server.pid, url);
  const results = await measure(server.url, routes, opts, meter);
  console.log(`\n${formatTable(results)}\n`);
  for (const r of results.slice(1)) {
    worst = Math.max(worst, r.p99);
    console.log(`  ${r.p99 <= P99_TARGET_MS ? 'ok    ' : 'MISSED'} ${r.route}: p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.requestsPerSec.toFixed(0)} req/s`);
  }
  const single = await measure(server.url, routes, { ...opts, connections: 1, duration: Math.min(opts.duration, 5), warmup: 1 }, meter);
  console.log(`\nOne connection (service time, no queueing):\n${formatTable(single)}`);
  ok = results.every((r) => r.errors === 0);
} finally {
  await server.stop();
}
issue28Line(
  `search, 1–4 character keywords, ${(have / 1e6).toFixed(2)}M products, 10 connections: p99 ≤ ${P99_TARGET_MS} ms`,
  `worst p99 ${worst} ms`,
  ok && worst <= P99_TARGET_MS,
);
const relevance = await printRelevance();
issue28Line(
  'relevance set: precision@20 / recall@20, every must-have on page 1',
  `${(relevance.precision * 100).toFixed(0)}% / ${(relevance.recall * 100).toFixed(0)}% over ${relevance.queries.length} queries, ${relevance.failed} failing`,
  relevance.failed === 0,
);
process.exit(ok ? 0 : 1);
