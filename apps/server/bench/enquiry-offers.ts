/**
 * `npm run bench:enquiry-offers [-- --offers 50 --lines 20 --requests 300]` (issue 13): the purchaser's
 * comparison (GET /api/enquiry/offers) of an enquiry with 50 offers × 20 lines on PostgreSQL must answer
 * p99 ≤ 100 ms. Creates a fresh database under BENCH_DATABASE_URL's server, a purchaser and `--offers` approved
 * suppliers through the test factories, one enquiry of `--lines` lines and one offer per supplier with two
 * versions (so the current-version join has history to skip), then calls the route in-process (session,
 * menu check, comparison) one request at a time and prints p50/p95/p99. The database is dropped at the end.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { build } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { insertEnquiry, insertOffer, makePurchaser, makeSupplier } from '../src/test/factories/index.ts';
import { DEFAULT_BENCH_DATABASE_URL } from './server.ts';

const P99_TARGET_MS = 100;
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const n = Number(i >= 0 ? process.argv[i + 1] : fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} needs a positive whole number`);
  return n;
};
const OFFERS = arg('offers', 50);
const LINES = arg('lines', 20);
const REQUESTS = arg('requests', 300);
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const base = new URL(process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL);
  const name = `aquamall_bench_enquiry_${crypto.randomBytes(4).toString('hex')}`;
  base.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  try {
    const db = database.db;
    const started = Date.now();
    const buyer = await makePurchaser(db, '基准采购商');
    const lines = Array.from({ length: LINES }, (_, i) => ({ productName: `药剂${i + 1}`, quantity: 10 + i, unit: '吨', spec: `规格${i + 1}` }));
    const e = await insertEnquiry(db, buyer.companyId, { lines, title: '基准询价' });
    const quantities = Object.fromEntries(e.itemIds.map((id, i) => [id, lines[i]!.quantity]));
    for (let s = 0; s < OFFERS; s++) {
      const supplier = await makeSupplier(db, `基准供应商${s + 1}`);
      const prices = (k: number) => Object.fromEntries(e.itemIds.map((id, i) => [id, 1000 + ((s * 37 + i * 11) % 500) - k]));
      await insertOffer(db, { id: e.id, companyId: buyer.companyId, quantities }, { id: supplier.id, name: `基准供应商${s + 1}` }, [
        { prices: prices(0), freight: 100 },
        { prices: prices(20), freight: 50 },
      ]);
    }
    await db.execute(sql`analyze`);
    console.log(`filled ${OFFERS} offers × ${LINES} lines in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: url.toString(), DEMO: '0', JOBS_RUNNER: '0' });
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
    await database.close();
    if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
