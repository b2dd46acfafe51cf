import crypto from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import { openDatabase, type Database } from '../src/db/client.ts';
import { CpuMeter, cpuSpent, describeIdleMemory } from './cpu.ts';
import { DEFAULT_BENCH_DATABASE_URL, startServer } from './server.ts';

/** One route to load. Exactly one route of a run should be the `baseline` (the bare /api/ping). */
export interface BenchRoute {
  name?: string;
  method: 'GET' | 'POST';
  path: string;
  /** JSON body for POST. */
  body?: unknown;
  /**
   * Several JSON bodies for POST, sent in turn (every connection takes the next): a realistic spread of
   * queries, so a cache keyed by the query is measured with its misses too. `body` is the first check's.
   */
  bodies?: unknown[];
  headers?: Record<string, string>;
  /** Sent with the demo supplier's session token (a company-scoped workbench read). */
  signedIn?: boolean;
  baseline?: boolean;
  /**
   * The name of another route of the run this one is compared with instead of the baseline (its `vs` columns
   * and target): e.g. the goods detail against the cached goods list.
   */
  versus?: string;
  /** The answer is a page, not a JSON envelope: the check asks for HTTP 200 only. */
  html?: boolean;
  /** Minimum throughput as a share of the baseline's (or `versus`'s), e.g. 0.5 (reported, never fails the run). */
  target?: number;
}

/** Written in a path, replaced by the id of the best-selling public product before the run. */
export const GOODS_ID = '{goodsId}';

/** Puts the best-selling public product's id where a route's path has GOODS_ID. */
export async function withGoodsId(routes: BenchRoute[], baseUrl: string): Promise<BenchRoute[]> {
  if (!routes.some((r) => r.path.includes(GOODS_ID))) return routes;
  const res = await fetch(`${baseUrl}/api/product/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pageIndex: 1, pageSize: 1, sort: 'sales' }),
  });
  const json = (await res.json()) as { data?: { list?: { id: number }[] } };
  const id = json.data?.list?.[0]?.id;
  if (!id) throw new Error('no public product to load the goods detail with');
  return routes.map((r) => ({ ...r, path: r.path.replace(GOODS_ID, String(id)) }));
}

export interface BenchOptions {
  embedded: boolean;
  databaseUrl: string;
  /** Drop and re-seed the PostgreSQL benchmark database before the run. */
  fresh?: boolean;
  port: number;
  /** Seconds of measured load per route. */
  duration: number;
  /** The measured seconds of each route are split into this many interleaved slices. */
  rounds: number;
  /** Seconds of unmeasured load per route before measuring (JIT, caches, connection pool). */
  warmup: number;
  connections: number;
  /** Send `accept-encoding: gzip, deflate` as browsers do (default); `--identity` turns it off. */
  gzip: boolean;
  logLevel: string;
  /** An already running server to load instead of starting one. */
  baseUrl?: string;
  env?: Record<string, string>;
  /** Only the routes whose path is listed (plus the baseline). */
  only?: string[];
  /** WORKERS for the server on PostgreSQL (default: the server's, the core count). */
  workers?: number;
  /** The process id of the `--url` server, so its CPU time per request can be read from /proc. */
  pid?: number;
}

/** The demo supplier whose company the workbench reads are scoped to. */
export const BENCH_ACCOUNT = { account: '18800000002', password: 'Demo@2026' };

/** Logs in as the demo supplier and returns the session token for signed-in routes. */
export async function benchToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/appuser/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ACCOUNT),
  });
  const json = (await res.json()) as { code: number; message: string; data?: { authToken?: string } };
  if (json.code !== 0 || !json.data?.authToken) throw new Error(`bench login failed: ${json.message}`);
  return json.data.authToken;
}

/** Adds the session token to every signed-in route. */
export function withToken(routes: BenchRoute[], token: string): BenchRoute[] {
  return routes.map((r) => (r.signedIn ? { ...r, headers: { ...r.headers, 'x-token': token } } : r));
}

export interface BenchResult {
  route: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  ratio: number | null;
  target: number | null;
  errors: number;
  /** CPU microseconds per request: the server's processes and the database's backends (null: not measured). */
  serverUs: number | null;
  databaseUs: number | null;
  /** The bare route's CPU time per request over this route's (a throughput share that load does not skew). */
  cpuRatio: number | null;
}

/**
 * Defaults: 10 s per route after 3 s of warm-up, and 10 connections. One Node process serves the API, so a
 * handful of concurrent connections already keeps its event loop busy; 10 lets database round trips overlap
 * (the PostgreSQL pool also holds 10), while more would only add queueing latency to p99 and steal CPU from
 * the server (autocannon runs on the same machine).
 */
export const DEFAULT_BENCH_OPTIONS: BenchOptions = {
  embedded: false,
  databaseUrl: process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL,
  port: 3190,
  duration: 10,
  rounds: 2,
  warmup: 3,
  connections: 10,
  gzip: true,
  logLevel: 'warn',
};

/** `--embedded --fresh --duration=10 --rounds=2 --warmup=2 --connections=20 --port=3191 --identity --url=http://... --pid=N --log-level=info --only=/api/index --workers=2` */
export function parseBenchArgs(argv: string[]): BenchOptions {
  const opts: BenchOptions = { ...DEFAULT_BENCH_OPTIONS };
  for (const arg of argv) {
    // Split at the first '=' only: values may hold '=' themselves (--only=/api/x?page=1).
    const eq = arg.indexOf('=');
    const [flag, value] = eq < 0 ? [arg, ''] : [arg.slice(0, eq), arg.slice(eq + 1)];
    const num = () => {
      const n = Number(value);
      if (!Number.isFinite(n) || n <= 0) throw new Error(`${flag} needs a positive number`);
      return n;
    };
    if (flag === '--embedded') opts.embedded = true;
    else if (flag === '--fresh') opts.fresh = true;
    else if (flag === '--identity') opts.gzip = false;
    else if (flag === '--duration') opts.duration = num();
    else if (flag === '--rounds') opts.rounds = Math.max(1, Math.round(num()));
    else if (flag === '--warmup') opts.warmup = Math.max(0, Number(value) || 0);
    else if (flag === '--connections') opts.connections = Math.round(num());
    else if (flag === '--port') opts.port = Math.round(num());
    else if (flag === '--url') opts.baseUrl = value.replace(/\/$/, '');
    else if (flag === '--log-level') opts.logLevel = value;
    else if (flag === '--only') opts.only = value.split(',').filter(Boolean);
    else if (flag === '--workers') opts.workers = Math.round(num());
    else if (flag === '--pid') opts.pid = Math.round(num());
    else throw new Error(`unknown option ${arg}`);
  }
  return opts;
}

const label = (r: BenchRoute) => r.name ?? `${r.method} ${r.path}`;

function requestOf(r: BenchRoute, gzip: boolean) {
  // Like a browser: ask for gzip, so the numbers include compression (or a pre-compressed cache) and the
  // bytes on the wire are what a client would get.
  const headers: Record<string, string> = { ...(gzip ? { 'accept-encoding': 'gzip, deflate' } : {}), ...r.headers };
  let body: string | undefined;
  if (r.method === 'POST') {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(r.body ?? {});
  }
  return { method: r.method, headers, body };
}

/** One request first: the route must answer HTTP 200 with envelope code 0, or its numbers mean nothing. */
async function check(baseUrl: string, r: BenchRoute): Promise<string | null> {
  const req = requestOf(r, false);
  try {
    const res = await fetch(baseUrl + r.path, { ...req, signal: AbortSignal.timeout(30_000) });
    if (res.status !== 200) return `HTTP ${res.status}`;
    if (r.html) return null;
    const json = (await res.json()) as { code?: number; message?: string };
    return json.code === 0 ? null : `code ${json.code}: ${json.message}`;
  } catch (err) {
    return String(err);
  }
}

function load(baseUrl: string, r: BenchRoute, seconds: number, opts: BenchOptions) {
  const bodies = r.bodies;
  let next = 0;
  const spread = bodies?.length
    ? {
        requests: [
          {
            setupRequest: (req: autocannon.Request) => ({ ...req, body: JSON.stringify(bodies[next++ % bodies.length]) }),
          },
        ],
      }
    : {};
  return autocannon({
    url: baseUrl + r.path,
    ...requestOf(r, opts.gzip),
    ...spread,
    duration: seconds,
    connections: opts.connections,
    timeout: 10,
  });
}

interface Round {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  serverMs: number;
  databaseMs: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2 : 0;
};

/**
 * Loads the routes with the same server and settings. The measured time of each route is split into
 * `rounds` slices run in turn (health, category, index, health, ...), so a burst of load from something
 * else on the machine hits every route alike instead of skewing one ratio. Per route: mean req/s over the
 * rounds, median p50, worst p99.
 */
export async function measure(
  baseUrl: string,
  routes: BenchRoute[],
  opts: BenchOptions,
  meter: CpuMeter | null = null,
): Promise<BenchResult[]> {
  const failed = new Map<BenchRoute, string>();
  for (const route of routes) {
    const problem = await check(baseUrl, route);
    if (problem) {
      console.error(`✗ ${label(route)}: ${problem}`);
      failed.set(route, problem);
    }
  }
  const live = routes.filter((r) => !failed.has(r));
  if (opts.warmup > 0) for (const route of live) await load(baseUrl, route, opts.warmup, opts);
  const rounds = new Map<BenchRoute, Round[]>(live.map((r) => [r, []]));
  const slice = opts.duration / opts.rounds;
  for (let i = 0; i < opts.rounds; i++) {
    for (const route of live) {
      const before = await meter?.sample();
      const res = await load(baseUrl, route, slice, opts);
      const cpu = meter && before ? cpuSpent(before, await meter.sample()) : { serverMs: 0, databaseMs: 0 };
      rounds.get(route)!.push({
        rps: res.requests.average,
        p50: res.latency.p50,
        p99: res.latency.p99,
        errors: res.errors + res.timeouts + res.non2xx,
        requests: res.requests.total,
        ...cpu,
      });
    }
  }
  const summary = (route: BenchRoute) => {
    const rs = rounds.get(route) ?? [];
    return {
      rps: rs.length ? rs.reduce((a, r) => a + r.rps, 0) / rs.length : 0,
      p50: median(rs.map((r) => r.p50)),
      p99: Math.max(0, ...rs.map((r) => r.p99)),
      errors: failed.has(route) ? 1 : rs.reduce((a, r) => a + r.errors, 0),
      ...cpuPerRequest(rs),
    };
  };
  const cpuPerRequest = (rs: Round[]) => {
    const requests = rs.reduce((a, r) => a + r.requests, 0);
    if (!meter || requests === 0) return { serverUs: null, databaseUs: null };
    const us = (key: 'serverMs' | 'databaseMs') => (1000 * rs.reduce((a, r) => a + r[key], 0)) / requests;
    return { serverUs: us('serverMs'), databaseUs: us('databaseMs') };
  };
  const totalUs = (x: { serverUs: number | null; databaseUs: number | null }) =>
    x.serverUs === null ? null : x.serverUs + (x.databaseUs ?? 0);
  const baseline = routes.find((r) => r.baseline);
  return routes.map((route) => {
    const x = summary(route);
    const us = totalUs(x);
    const base = route.versus ? routes.find((r) => label(r) === route.versus) : baseline;
    const baseRps = base ? summary(base).rps : 0;
    const baseUs = base ? totalUs(summary(base)) : null;
    return {
      route: label(route),
      requestsPerSec: x.rps,
      p50: x.p50,
      p99: x.p99,
      ratio: baseRps > 0 ? x.rps / baseRps : null,
      target: route.baseline ? null : (route.target ?? null),
      errors: x.errors,
      serverUs: x.serverUs,
      databaseUs: x.databaseUs,
      cpuRatio: baseUs !== null && us ? baseUs / us : null,
    };
  });
}

/** autocannon measures latency in whole milliseconds. */
const ms = (v: number) => (v < 1 ? '<1' : v.toFixed(0));

/** The target is judged on the CPU share when it was measured (load-independent), else on req/s. */
function targetCell(r: BenchResult): string {
  if (r.requestsPerSec === 0 && r.errors > 0) return 'FAILED';
  if (r.target === null) return r.ratio === 1 ? '(baseline)' : '';
  const share = r.cpuRatio ?? r.ratio;
  return share !== null && share >= r.target ? `ok ≥ ${r.target * 100}%` : `MISSED < ${r.target * 100}%`;
}

const pct = (v: number | null) => (v === null ? '-' : `${(v * 100).toFixed(0)}%`);
const us = (v: number | null) => (v === null ? '-' : v.toFixed(0));

export function formatTable(results: BenchResult[]): string {
  const rows = results.map((r) => [
    r.route,
    r.requestsPerSec.toFixed(0),
    ms(r.p50),
    ms(r.p99),
    pct(r.ratio),
    us(r.serverUs),
    us(r.databaseUs),
    pct(r.cpuRatio),
    targetCell(r),
    String(r.errors),
  ]);
  // "vs bare": against the baseline, or against the route a row names with `versus` (marked in its name).
  const head = ['route', 'req/s', 'p50 ms', 'p99 ms', 'vs bare', 'server µs/req', 'db µs/req', 'vs bare (CPU)', 'target', 'errors'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The server a bench loads: the one at `--url`, or the compiled server started with the bench options. */
export async function benchServer(opts: BenchOptions) {
  if (opts.baseUrl) return { url: opts.baseUrl, kind: 'external', pid: opts.pid, stop: async () => {} };
  return startServer({
    embedded: opts.embedded,
    databaseUrl: opts.databaseUrl,
    fresh: opts.fresh,
    port: opts.port,
    logLevel: opts.logLevel,
    env: { ...opts.env, ...(opts.workers ? { WORKERS: String(opts.workers) } : {}) },
  });
}

/**
 * Starts the production server (unless `opts.baseUrl` names a running one), loads every route, prints the
 * table and stops the server. `ok` is false only on errors (a route failing or erroring under load, or the
 * server not starting); a missed target is reported in the table but is not an error.
 */
export async function runBench(routes: BenchRoute[], options: Partial<BenchOptions> = {}): Promise<{ ok: boolean; results: BenchResult[] }> {
  const opts: BenchOptions = { ...DEFAULT_BENCH_OPTIONS, ...options };
  const only = opts.only;
  if (only) routes = routes.filter((r) => r.baseline || only.includes(r.path));
  const server = await benchServer(opts);
  try {
    if (routes.some((r) => r.signedIn)) routes = withToken(routes, await benchToken(server.url));
    routes = await withGoodsId(routes, server.url);
    console.log(
      `AquaMall bench: ${server.kind} server at ${server.url}${server.kind === 'postgres' ? ` (WORKERS=${opts.workers ?? os.availableParallelism()})` : ''}; ${opts.connections} connections${opts.gzip ? ' (accept-encoding: gzip)' : ''}, ${opts.warmup} s warm-up + ${opts.duration} s per route in ${opts.rounds} interleaved rounds, ${os.availableParallelism()} CPU(s), Node ${process.version}`,
    );
    // Idle memory before any load (issue 10: ≤ 150 MB for one worker on PostgreSQL); the token's login ran.
    if (server.pid) console.log(`idle RSS (before the load): ${describeIdleMemory(server.pid)}`);
    const load1 = os.loadavg()[0] ?? 0;
    if (load1 > os.availableParallelism()) {
      console.log(`note: the machine is busy (load average ${load1.toFixed(1)}); absolute numbers will be low and noisy`);
    }
    // CPU time per request: the server's processes, plus the database's backends on PostgreSQL.
    const meter = CpuMeter.open(server.pid, opts.embedded ? undefined : opts.databaseUrl);
    const results = await measure(server.url, routes, opts, meter);
    console.log(`\n${formatTable(results)}\n`);
    return { ok: results.every((r) => r.errors === 0), results };
  } finally {
    await server.stop();
  }
}

/**
 * One line of `npm run bench:issue28`'s table (bench/issue28.ts reads `#issue28 {json}` lines from each bench's
 * output): what is measured with its target, the figure, and whether the target is met.
 */
export function issue28Line(target: string, figure: string, met: boolean): void {
  console.log(`#issue28 ${JSON.stringify({ target, figure, met })}`);
}

/** A throughput target's figure as `targetCell` judges it: on the CPU share when measured, else on req/s. */
export function shareFigure(r: BenchResult): { figure: string; met: boolean } {
  const share = r.cpuRatio ?? r.ratio ?? 0;
  const rps = r.ratio === null ? '-' : `${(r.ratio * 100).toFixed(0)}%`;
  const cpu = r.cpuRatio === null ? '' : `, CPU share ${(r.cpuRatio * 100).toFixed(0)}%`;
  return { figure: `req/s ${rps}${cpu}`, met: r.errors === 0 && share >= (r.target ?? 0) };
}

// ---------------------------------------------------------------------------------------------------------------
// Scenario benches over HTTP on a fresh PostgreSQL database (orders, prices): the options, the database and
// server around a run, one JSON call, one checkout, and `connections` callers in a loop until a deadline.

/** `--name=n` numeric flags over `defaults` (the keys are the flag names); anything else is refused. */
export function parseNumberFlags<T extends Record<string, number>>(argv: string[], defaults: T): T {
  const opts: Record<string, number> = { ...defaults };
  for (const arg of argv) {
    const [flag = '', value = ''] = arg.split('=');
    const key = flag.replace(/^--/, '');
    const n = Number(value);
    if (!(key in defaults)) throw new Error(`unknown option ${flag} (${Object.keys(defaults).map((k) => `--${k}`).join(' ')})`);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`bad value for ${flag}: ${value}`);
    opts[key] = n;
  }
  return opts as T;
}

/** The load average, for the lines that say under what load a figure was measured. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * A database of its own (`<prefix>_<random>` on DATABASE_URL, else TEST_DATABASE_URL, else the local server),
 * the compiled server started on it without the demo seed, and a pool for the fixture; `run` answers whether
 * every check passed. Afterwards the server stops and the database is dropped; the process exits 0 or 1.
 */
export async function runOnFreshDatabase(
  prefix: string,
  port: number,
  run: (ctx: { url: string; database: Database; name: string; meter: CpuMeter | null }) => Promise<boolean>,
): Promise<never> {
  const base = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_BENCH_DATABASE_URL;
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const dbUrl = new URL(base);
  dbUrl.pathname = `/${name}`;
  const server = await startServer({
    embedded: false,
    databaseUrl: dbUrl.toString(),
    fresh: true,
    port,
    logLevel: 'warn',
    env: { SEED_DEMO: '0' },
  });
  const database = await openDatabase({ url: dbUrl.toString(), poolSize: 4 });
  let ok = false;
  try {
    ok = await run({ url: server.url, database, name, meter: CpuMeter.open(server.pid, dbUrl.toString()) });
  } finally {
    await database.close();
    await server.stop();
    const { default: pg } = await import('pg');
    const admin = new URL(base);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
  process.exit(ok ? 0 : 1);
}

export interface Answer {
  code: number;
  message: string;
  data: unknown;
}

/** One JSON POST and how long it took. */
export async function postJson(url: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ answer: Answer; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as Answer;
  return { answer, ms: performance.now() - started };
}

/** A signed-in purchaser with a delivery address. */
export interface BenchBuyer {
  token: string;
  companyId: number;
  addressId: number;
}

/** One checkout over HTTP (立即购买 of one SKU) with its idempotency key, the total shown to the buyer and its time. */
export const submitCheckout = (url: string, buyer: BenchBuyer, key: string, skuId: number, quantity: number, shownTotal: number) =>
  postJson(
    url,
    '/api/checkout/submit',
    { source: { items: [{ skuId, quantity }] }, addressId: buyer.addressId, invoiceKind: 0, shownTotal },
    { 'x-token': buyer.token, 'idempotency-key': key },
  );

/** `callers` loops of `step(i)` until `seconds` have passed; answers the seconds it took. */
export async function loopFor(callers: number, seconds: number, step: (i: number) => Promise<void>): Promise<number> {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async (_, i) => {
      while (performance.now() < deadline) await step(i);
    }),
  );
  return (performance.now() - started) / 1000;
}
