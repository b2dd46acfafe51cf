/**
 * `npm run bench:meta [-- --requests 2000 --pg]` (issue 16, decision 0152): the server time of the goods detail
 * page with its meta tags against the plain index.html answer (a workbench path). Target: ≤ 2 ms extra.
 * Builds the app in-process on a fresh database (embedded in memory; `--pg`: a new database under
 * TEST_DATABASE_URL's server, dropped afterwards) with one supplier and one product of three SKUs, then injects
 * the two requests alternately, one at a time, and prints p50/p95/p99 of each and the difference. The web app's
 * built index.html is used when present (apps/web/dist), else a copy of its shape. Figures only, never a test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { createPgDatabase } from '../src/test/app.ts';
import { makeOnSaleProduct, makeSupplier } from '../src/test/factories/index.ts';

const TARGET_MS = 2;
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const n = Number(i >= 0 ? process.argv[i + 1] : fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} needs a positive whole number`);
  return n;
};
const REQUESTS = arg('requests', 2000);
const WARMUP = 200;
const onPg = process.argv.includes('--pg');
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function webDist(): { dir: string; temporary: boolean } {
  const built = path.resolve(import.meta.dirname, '../../web/dist');
  if (fs.existsSync(path.join(built, 'index.html'))) return { dir: built, temporary: false };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquamall-bench-web-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><meta name="description" content="B2B" /><title>B2B企业服务平台</title><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
  );
  return { dir, temporary: true };
}

async function main() {
  const pg = onPg ? await createPgDatabase() : undefined;
  const database = pg ? await openDatabase({ url: pg.url, poolSize: 4 }) : await openDatabase({});
  const web = webDist();
  try {
    const supplier = await makeSupplier(database.db, '基准供应商');
    const { productId } = await makeOnSaleProduct(database.db, supplier, {
      name: '聚合氯化铝 PAC 28% 饮用水级',
      skus: [{ price: 1700, stock: 10 }, { price: 1800, stock: 10 }, { price: 1900, stock: 10 }],
    });
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DEMO: '0',
      JOBS_RUNNER: '0',
      DATA_DIR: os.tmpdir(),
      WEB_DIST: web.dir,
      PUBLIC_URL: 'https://www.example.cn',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    });
    const app = await build({ config, database, logger: false });
    await app.ready();
    const urls = { plain: '/customer/home', goods: `/mall/goodsDetail?id=${productId}` };
    const times: Record<keyof typeof urls, number[]> = { plain: [], goods: [] };
    const one = async (key: keyof typeof urls, keep: boolean) => {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: urls[key], headers: { 'accept-encoding': 'gzip' } });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${urls[key]}: HTTP ${res.statusCode}`);
      if (keep) times[key].push(ms);
    };
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      // Alternate which goes first, so neither always follows the other.
      const order: (keyof typeof urls)[] = i % 2 ? ['plain', 'goods'] : ['goods', 'plain'];
      for (const k of order) await one(k, i >= WARMUP);
    }
    await app.close();

    const load = os.loadavg().map((l) => l.toFixed(1)).join(' / ');
    console.log(`${REQUESTS} requests each, alternating, one at a time; ${pg ? 'PostgreSQL' : 'embedded PGlite'}; Node ${process.version}; ${os.availableParallelism()} CPU(s); load average ${load}\n`);
    const stats = (k: keyof typeof urls) => {
      const s = [...times[k]].sort((a, b) => a - b);
      const mean = s.reduce((a, b) => a + b, 0) / s.length;
      return { p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), mean };
    };
    const plain = stats('plain');
    const goods = stats('goods');
    const row = (name: string, s: typeof plain) =>
      console.log(`${name.padEnd(34)} p50 ${s.p50.toFixed(3)} ms  p95 ${s.p95.toFixed(3)} ms  p99 ${s.p99.toFixed(3)} ms  mean ${s.mean.toFixed(3)} ms`);
    row(`plain index.html (${urls.plain})`, plain);
    row('goods detail with meta tags', goods);
    const extra = goods.p50 - plain.p50;
    console.log(`\nextra server time of the goods detail: p50 ${extra.toFixed(3)} ms, mean ${(goods.mean - plain.mean).toFixed(3)} ms, p95 ${(goods.p95 - plain.p95).toFixed(3)} ms`);
    console.log(`target ≤ ${TARGET_MS} ms extra (p50): ${extra <= TARGET_MS ? 'met' : 'MISSED'}`);
  } finally {
    await database.close();
    await pg?.drop();
    if (web.temporary) fs.rmSync(web.dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
