/**
 * `npm run bench:enquiry-offers [-- --offers 50 --lines 20 --requests 300]` (issue 13): the purchaser's
 * comparison (GET /api/enquiry/offers) of an enquiry with 50 offers × 20 lines on PostgreSQL must answer
 * p99 ≤ 100 ms. Creates a fresh database under BENCH_DATABASE_URL's server, a purchaser and `--offers` approved
 * suppliers through the test factories, one enquiry of `--lines` lines and one offer per supplier with two
 * versions (so the current-version join has history to skip), then calls the route in-process (session,
 * menu check, comparison) one request at a time and prints p50/p95/p99. The database is dropped at the end.
 */
import os from 'node:os';
import { build } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { enquiryFixture, intArg as arg } from './enquiry-fixture.ts';

const P99_TARGET_MS = 100;
const OFFERS = arg('offers', 50);
const LINES = arg('lines', 20);
const REQUESTS = arg('requests', 300);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const fx = await enquiryFixture(OFFERS, LINES);
  const { database, url } = fx;
  const e = { id: fx.enquiryId };
  const buyer = { token: fx.buyerToken };
  try {
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: url, DEMO: '0', JOBS_RUNNER: '0' });
    const app = await build({ config, database, logger: false });
    await app.ready();
    console.log(`${REQUESTS} sequential requests, ${os.availableParallelism()} CPU(s), Node ${process.version}\n`);
    const times: number[] = [];
    for (let i = 0; i < REQUESTS + 20; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/enquiry/offers?enquiryId=${e.id}`, headers: { 'x-token': buyer.token } });
      const ms = performance.now() - t0;
      const body = res.json<{ code: number; data: { offers: unknown[] } }>();
      if (body.code !== 0 || body.data.offers.length !== OFFERS) throw new Error(res.body.slice(0, 300));
      if (i >= 20) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const p99 = pct(times, 99);
    console.log(`comparison ${OFFERS}×${LINES}: p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
    console.log(`\np99 target ≤ ${P99_TARGET_MS} ms: ${p99 <= P99_TARGET_MS ? 'met' : 'MISSED'}`);
    if (process.env.BENCH_PRINT_IDS) console.log(JSON.stringify({ enquiryId: e.id, token: buyer.token }));
    await app.close();
  } finally {
    await fx.drop();
  }
}

await main();
