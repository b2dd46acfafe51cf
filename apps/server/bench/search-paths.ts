/**
 * The goods search's own time per query at 1,000,000 products, without HTTP or the shared answers (decision 0221):
 * `tsx bench/search-paths.ts [--mode=walk|0233|0221|planned] [--queries=200] [--connections=1]`.
 *
 * Runs a fixed sample of `bench:search-1m`'s uncached spread (keyword × top-level category × sort × page) through
 * `queryGoods` on BENCH_SEARCH_DATABASE_URL and prints p50 / p90 / p99 / max per sort. `--mode=planned` turns off
 * the index walk for many matches and the pruning of named categories (the plan PostgreSQL picks, as before 0221),
 * so two processes, one per mode, run in turn give a paired before/after comparison on a loaded machine;
 * `--mode=0221` turns off only what decision 0233 added (gathered relevance in a category, per-category
 * price arms); `--mode=0233` only what decision 0246 added (per-category sales windows, the walked text arm, the merged per-code walks).
 * `--match=relevance,"categoryCode"` style filters: every comma-separated part must occur.
 * `--trace=100` prints every statement slower than 100 ms with its parameters (to EXPLAIN ANALYZE it in psql).
 */
import pg from 'pg';
import { goodsQuery } from '@aquamall/shared';
import { openDatabase } from '../src/db/client.ts';
import { goodsTuning, queryGoods } from '../src/modules/search/goods-query.ts';
import { intArg, percentile } from './scratch.ts';
import { missingBodies } from './search-1m-queries.ts';

const url = process.env.BENCH_SEARCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/aquamall_search_1m';
const mode = process.argv.find((a) => a.startsWith('--mode='))?.slice(7) ?? 'walk';
if (mode === 'planned') Object.assign(goodsTuning, { walkRows: 0, pruneCategories: false });
// `--mode=0221`: the paths as decision 0221 left them (no gathered ranking in a category, no per-category price arms).
if (mode === 'planned' || mode === '0221') Object.assign(goodsTuning, { rankGatheredInCategory: false, categoryPriceArms: false });
// `--mode=0233`: the paths as decision 0233 left them (no per-category sales windows, no walked text arm: 0246).
if (mode === 'planned' || mode === '0221' || mode === '0233') Object.assign(goodsTuning, { categoryWindows: false, walkTextArm: false, categoryWalk: false });
const count = intArg('queries', 200);
const connections = intArg('connections', 1);
const trace = Number(process.argv.find((a) => a.startsWith('--trace='))?.slice(8) ?? 0);
if (trace > 0) {
  // The statements as the driver sends them, timed from send to answer (callback calls pass through untimed).
  type Query = (this: unknown, ...args: unknown[]) => unknown;
  for (const proto of [pg.Client.prototype, pg.Pool.prototype] as unknown as { query: Query }[]) {
    const original = proto.query;
    proto.query = function (...args) {
      if (typeof args.at(-1) === 'function') return original.apply(this, args);
      const started = performance.now();
      return (original.apply(this, args) as Promise<unknown>).then((result) => {
        const ms = performance.now() - started;
        if (ms >= trace) {
          const [config, values] = args as [string | { text: string; values?: unknown }, unknown];
          const text = typeof config === 'string' ? config : config.text;
          console.log(
            `-- ${ms.toFixed(0)} ms\n${text}\n-- params ${JSON.stringify(values ?? (config as { values?: unknown }).values)}`,
          );
        }
        return result;
      });
    };
  }
}

// `--match=TEXT` keeps the bodies whose JSON contains TEXT (one keyword, one category: `--match='"10"'`).
const matchText = process.argv.find((a) => a.startsWith('--match='))?.slice(8);
const all = missingBodies().filter((b) => !matchText || matchText.split(',').every((part) => JSON.stringify(b).includes(part)));
// A fixed pseudo-random sample of the spread (the same in every run and mode): every keyword length, category,
// sort and page turns up.
let seed = 20261207;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const bodies = all
  .map((body) => ({ body, key: random() }))
  .sort((a, b) => a.key - b.key)
  .slice(0, count)
  .map((x) => x.body);

const database = await openDatabase({ url, poolSize: connections + 2 });
const times = new Map<string, number[]>();
const slowest: { ms: number; body: unknown }[] = [];
let next = 0;
const t0 = performance.now();
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      const started = performance.now();
      await queryGoods(database.db, goodsQuery.parse(body));
      const ms = performance.now() - started;
      const sort = String(body.sort);
      times.set(sort, [...(times.get(sort) ?? []), ms]);
      times.set('all', [...(times.get('all') ?? []), ms]);
      slowest.push({ ms, body });
      if (process.env.SEARCH_PATHS_VERBOSE) console.log(`${ms.toFixed(0)} ms ${JSON.stringify(body)}`);
    }
  }),
);
const wall = performance.now() - t0;
await database.close();

console.log(
  `mode ${mode}: ${bodies.length} queries at ${connections} connection(s) in ${(wall / 1000).toFixed(1)} s`,
);
for (const [sort, list] of times) {
  const s = [...list].sort((a, b) => a - b);
  const f = (p: number) => percentile(s, p).toFixed(0);
  console.log(
    `  ${sort.padEnd(10)} n ${String(s.length).padStart(4)}  p50 ${f(50)} ms  p90 ${f(90)} ms  p99 ${f(99)} ms  max ${s.at(-1)!.toFixed(0)} ms`,
  );
}
console.log('slowest:');
for (const x of slowest.sort((a, b) => b.ms - a.ms).slice(0, 8))
  console.log(`  ${x.ms.toFixed(0)} ms ${JSON.stringify(x.body)}`);
