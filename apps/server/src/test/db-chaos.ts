/**
 * The PostgreSQL chaos scenario (docs/decisions/0163-database-hiccups.md), shared by `src/chaos.test.ts`
 * (which asserts on it) and `npm run bench` (which prints its figures). The compiled server runs with WORKERS=2
 * against a fresh database through a TCP proxy (test/tcp-proxy.ts). Under a stream of orders and sign-ins it
 * terminates every backend of the server (pool and LISTEN connections), then cuts the proxy and refuses
 * connections for `outageMs`, and records every request, `/api/ready` every 250 ms, when a live event reaches
 * a socket again, when the job runner fires a timed rule again, and what the database holds afterwards.
 */
import { ORDER_CLOCKS } from '@aquamall/shared';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { EVENT_CHANNEL } from '../lib/event-bus.ts';
import { THREAD_EVENT } from '../modules/quotations/thread.ts';
import { startTcpProxy } from './tcp-proxy.ts';
import { getJson, postJson, startServer, type Envelope } from './server-process.ts';

const SUPPLIER = '18800000002';
const PURCHASER = '18800000004';
const PASSWORD = 'Demo@2026';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface ChaosOptions {
  /** A fresh, empty PostgreSQL database (the server seeds the demo on it). */
  databaseUrl: string;
  outageMs?: number;
  /** Concurrent request loops (each alternates an order and a sign-in). */
  writers?: number;
}

/** One request of the stream (times in ms since the stream started). */
export interface Sample {
  kind: 'order' | 'signin';
  start: number;
  end: number;
  status: number;
  code: number;
  message: string;
}

export interface ChaosReport {
  /**
   * Backends terminated: all the server's (pool and LISTEN connections of both workers) at `terminatedAt`,
   * then those inside a transaction until `terminatedUntil`.
   */
  terminated: number;
  terminatedAt: number;
  terminatedUntil: number;
  /** The proxy refused connections from `downAt` until `upAt`. */
  downAt: number;
  upAt: number;
  samples: Sample[];
  /** Failed requests that neither overlapped the terminations (+1 s) nor the outage (+1 s). */
  failedOutside: Sample[];
  /** Failed requests whose answer was not 503 服务器繁忙，请稍后重试. */
  failedOtherwise: Sample[];
  /** Milliseconds from the database accepting connections again to the first successful request. */
  firstSuccessAfterUpMs: number | null;
  /** Workers that exited, and the primary's "worker died" lines. */
  workerExits: number;
  ready: { before: number; duringOutage: number[]; backTo200AfterUpMs: number | null };
  /** From `upAt` until a NOTIFY on the event channel reaches a signed-in socket (null: never). */
  liveResumedAfterUpMs: number | null;
  /** LISTEN connections open after the run (1 per worker: the event bus, which carries the cache forgets too; decision 0191). */
  listenConnections: number;
  /** From `upAt` until a timed rule made due then has run (null: never). */
  jobResumedAfterUpMs: number | null;
  ackedOrders: number;
  /** Acknowledged orders not in the database, or without their stock reservation on the ledger. */
  lostOrders: number[];
  /** Orders written during the run without their ledger row, and whether the SKU's stock equals its ledger. */
  ordersWithoutLedger: number;
  stockMatchesLedger: boolean;
}

function must<T>(res: Envelope<T>, what: string): T {
  if (res.code !== 0) throw new Error(`${what}: ${res.message}`);
  return res.data;
}

/** Runs the whole scenario: server through a proxy, stream, termination, outage, checks. */
export async function runDbChaos(opts: ChaosOptions): Promise<ChaosReport> {
  const outageMs = opts.outageMs ?? 3_000;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: opts.databaseUrl });
  await admin.connect();
  const target = new URL(opts.databaseUrl);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquamall-chaos-'));
  const server = await startServer({
    DATABASE_URL: proxy.via(opts.databaseUrl),
    WORKERS: '2',
    DATA_DIR: dataDir,
    DEMO: '1',
    SEED_DEMO: '1',
    LOG_LEVEL: 'info',
    JOBS_RUNNER: '1',
    JOBS_POLL_MS: '300',
    RATE_LIMIT_LOGIN: '100000',
    REDIS_URL: undefined,
  });
  const sockets: WebSocket[] = [];
  try {
    const out = server.output;
    await waitFor(() => /workers\s+2/.test(out()), 90_000, 'both workers listening');
    await waitFor(() => (out().match(/Server listening at/g)?.length ?? 0) === 2, 10_000, 'both workers logged');
    const workerPids = [...out().matchAll(/"pid":(\d+),"hostname":"[^"]*","msg":"Server listening/g)].map((m) => Number(m[1]));
    const url = server.url;

    // What the stream orders: the supplier's on-sale SKU with the most stock to spare.
    const signIn = async (account: string) =>
      must(await postJson<{ authToken: string }>(`${url}/api/appuser/login`, { account, password: PASSWORD }), 'sign-in')
        .authToken;
    const supplier = await signIn(SUPPLIER);
    const purchaser = await signIn(PURCHASER);
    const products = must(
      await postJson<{ list: { sysNo: number; minOrder: number }[] }>(
        `${url}/api/myproduct/list`,
        { onSale: 1, pageIndex: 1, pageSize: 20 },
        supplier,
      ),
      'product list',
    ).list;
    const minOrder = new Map(products.map((p) => [p.sysNo, p.minOrder]));
    const skus = await admin.query<{ id: number; product_id: number; available: number }>(
      `select id, product_id, on_hand - reserved as available from product_skus where product_id = any($1::int[])`,
      [products.map((p) => p.sysNo)],
    );
    const best = skus.rows
      .map((s) => ({ ...s, capacity: Math.floor(s.available / (minOrder.get(s.product_id) ?? 1)) }))
      .sort((a, b) => b.capacity - a.capacity)[0]!;
    const items = [{ skuId: best.id, quantity: minOrder.get(best.product_id)! }];
    const preview = must(
      await postJson<{ totalAmount: number }>(`${url}/api/checkout/preview`, { items }, purchaser),
      'checkout preview',
    );
    const addresses = must(await getJson<{ sysNo: number }[]>(`${url}/api/address/list`, purchaser), 'addresses');
    const supplierCompany = (
      await admin.query<{ company_id: number }>('select company_id from users where phone = $1', [SUPPLIER])
    ).rows[0]!.company_id;

    // A signed-in socket of the supplier: live events must reach it again after the outage.
    const heard = new Set<number>();
    const socket = await openSocket(url, supplier, (quotationId) => heard.add(quotationId));
    sockets.push(socket);
    const notifyThread = (quotationId: number) =>
      admin.query('select pg_notify($1, $2)', [
        EVENT_CHANNEL,
        JSON.stringify({ c: THREAD_EVENT, p: { quotationId, companyIds: [supplierCompany] }, o: 'chaos' }),
      ]);
    await waitFor(
      async () => (await notifyThread(1), heard.has(1)),
      10_000,
      'a live event before the chaos',
    );

    const runStart = new Date();
    const t0 = Date.now();
    const now = () => Date.now() - t0;
    const samples: Sample[] = [];
    const acked: number[] = [];
    let ordersInFlight = 0;
    let stopped = false;

    const order = async (): Promise<Sample> => {
      const start = now();
      ordersInFlight++;
      try {
        const res = await fetch(`${url}/api/checkout/submit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-token': purchaser, 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify({ source: { items }, addressId: addresses[0]!.sysNo, invoiceKind: 0, shownTotal: preview.totalAmount }),
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await res.json()) as Envelope<{ orders: { id: number }[] }>;
        if (body.code === 0) acked.push(body.data.orders[0]!.id);
        return { kind: 'order', start, end: now(), status: res.status, code: body.code, message: body.message };
      } catch (err) {
        return { kind: 'order', start, end: now(), status: 0, code: -1, message: String(err) };
      } finally {
        ordersInFlight--;
      }
    };
    const signInOnce = async (): Promise<Sample> => {
      const start = now();
      try {
        const res = await fetch(`${url}/api/appuser/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ account: PURCHASER, password: PASSWORD }),
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await res.json()) as Envelope<unknown>;
        return { kind: 'signin', start, end: now(), status: res.status, code: body.code, message: body.message };
      } catch (err) {
        return { kind: 'signin', start, end: now(), status: 0, code: -1, message: String(err) };
      }
    };
    const writer = async (n: number) => {
      for (let turn = n; !stopped; turn++) {
        // Orders while the SKU has stock to spare (a refused order for want of stock is no outage).
        const roomForOrder = acked.length + ordersInFlight < best.capacity - 10;
        samples.push(await (turn % 2 === 0 && roomForOrder ? order() : signInOnce()));
        await sleep(20);
      }
    };
    const readySamples: { start: number; end: number; status: number }[] = [];
    const readyProbe = async () => {
      while (!stopped) {
        const start = now();
        let status = 0;
        try {
          status = (await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(5_000) })).status;
        } catch {
          /* 0: no answer */
        }
        readySamples.push({ start, end: now(), status });
        await sleep(250);
      }
    };
    const stream = Promise.all([...Array.from({ length: opts.writers ?? 3 }, (_, i) => writer(i)), readyProbe()]);

    await sleep(2_000);
    // Every backend of the server (pool and LISTEN connections), then for a second those in a transaction as
    // they appear: a connection lost between two statements of a transaction is the one that used to kill.
    const terminatedAt = now();
    const terminate = async (which: string) =>
      (
        await admin.query<{ n: number }>(
          `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
            where datname = current_database() and application_name like 'aquamall%' and pid <> pg_backend_pid() ${which}`,
        )
      ).rows[0]!.n;
    let terminated = await terminate('');
    while (now() - terminatedAt < 1_000) {
      await sleep(30);
      terminated += await terminate(`and xact_start is not null`);
    }
    const terminatedUntil = now();
    await sleep(1_500);
    const downAt = now();
    await proxy.outage(outageMs);
    const upAt = now();

    // Live events and timed rules resume (measured while the stream goes on).
    const live = (async () => {
      for (let q = 1_000; now() - upAt < 15_000; q++) {
        await notifyThread(q);
        await sleep(100);
        if (heard.has(q)) return now() - upAt;
      }
      return null;
    })();
    const job = (async () => {
      const orderId = acked[0];
      if (orderId === undefined) return null;
      await admin.query(`update jobs set run_at = now() where kind = $1 and ref_id = $2 and status = 0`, [
        ORDER_CLOCKS.CONFIRM_TIMEOUT,
        orderId,
      ]);
      for (; now() - upAt < 15_000; await sleep(100)) {
        const row = await admin.query<{ status: number }>(`select status from jobs where kind = $1 and ref_id = $2`, [
          ORDER_CLOCKS.CONFIRM_TIMEOUT,
          orderId,
        ]);
        if (row.rows[0]?.status !== 0) return now() - upAt;
      }
      return null;
    })();
    const [liveResumedAfterUpMs, jobResumedAfterUpMs] = await Promise.all([live, job]);
    await sleep(Math.max(0, 4_000 - (now() - upAt)));
    stopped = true;
    await stream;

    // The figures.
    const failed = samples.filter((s) => s.code !== 0);
    const overlaps = (s: Sample, from: number, to: number) => s.start <= to && s.end >= from;
    const failedOutside = failed.filter(
      (s) => !overlaps(s, terminatedAt, terminatedUntil + 1_000) && !overlaps(s, downAt, upAt + 1_000),
    );
    const failedOtherwise = failed.filter((s) => !(s.status === 503 && s.code === 503 && s.message === '服务器繁忙，请稍后重试'));
    const firstSuccess = samples.filter((s) => s.code === 0 && s.end >= upAt).sort((a, b) => a.end - b.end)[0];
    const readyBack = readySamples.filter((r) => r.start >= upAt && r.status === 200).sort((a, b) => a.end - b.end)[0];
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    const died = out().match(/worker died/g)?.length ?? 0;

    const found = await admin.query<{ id: number }>(
      `select o.id from orders o where o.id = any($1::int[])
          and exists (select 1 from stock_ledger l where l.doc_type = 'order' and l.doc_id = o.id and l.reason = 4)`,
      [acked],
    );
    const foundIds = new Set(found.rows.map((r) => r.id));
    const orphans = await admin.query<{ n: number }>(
      `select count(*)::int as n from orders o where o.created_at >= $1
          and not exists (select 1 from stock_ledger l where l.doc_type = 'order' and l.doc_id = o.id)`,
      [runStart],
    );
    const stock = await admin.query<{ matches: boolean }>(
      `select s.on_hand = coalesce(sum(l.on_hand_change), 0) and s.reserved = coalesce(sum(l.reserved_change), 0) as matches
         from product_skus s left join stock_ledger l on l.sku_id = s.id where s.id = $1 group by s.id`,
      [best.id],
    );
    const listening = await admin.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name in ('aquamall event bus', 'aquamall cache listener')`,
    );

    return {
      terminated,
      terminatedAt,
      terminatedUntil,
      downAt,
      upAt,
      samples,
      failedOutside,
      failedOtherwise,
      firstSuccessAfterUpMs: firstSuccess ? firstSuccess.end - upAt : null,
      workerExits: Math.max(died, workerPids.filter((p) => !alive(p)).length),
      ready: {
        before: readySamples.find((r) => r.end < terminatedAt)?.status ?? 0,
        duringOutage: readySamples.filter((r) => r.start >= downAt && r.end <= upAt).map((r) => r.status),
        backTo200AfterUpMs: readyBack ? readyBack.end - upAt : null,
      },
      liveResumedAfterUpMs,
      listenConnections: listening.rows[0]!.n,
      jobResumedAfterUpMs,
      ackedOrders: acked.length,
      lostOrders: acked.filter((id) => !foundIds.has(id)),
      ordersWithoutLedger: orphans.rows[0]!.n,
      stockMatchesLedger: stock.rows[0]?.matches === true,
    };
  } finally {
    for (const s of sockets) s.terminate();
    await server.stop('SIGTERM');
    await proxy.close();
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** A signed-in live socket; `onThread` gets the quotation id of every `thread` event. */
function openSocket(url: string, token: string, onThread: (quotationId: number) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/ws`);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.once('error', reject);
    ws.on('message', (raw: Buffer) => {
      const e = JSON.parse(raw.toString('utf8')) as { type: string; quotationId?: number };
      if (e.type === 'hello') resolve(ws);
      if (e.type === 'thread' && typeof e.quotationId === 'number') onThread(e.quotationId);
    });
  });
}

const secs = (ms: number | null) => (ms === null ? 'never' : `${(ms / 1000).toFixed(2)} s`);

/** The outage figures, as `npm run bench` prints them. */
export function formatChaosReport(r: ChaosReport, outageMs: number): string {
  const failed = r.samples.filter((s) => s.code !== 0).length;
  const target = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  return [
    `PostgreSQL chaos (WORKERS=2, orders and sign-ins): ${r.terminated} backends terminated in ${((r.terminatedUntil - r.terminatedAt) / 1000).toFixed(1)} s, then connections refused for ${outageMs / 1000} s`,
    `  requests                 ${r.samples.length}, failed ${failed} (${r.failedOutside.length} outside the outage, ${r.failedOtherwise.length} not 503 服务器繁忙)`,
    `  first success after the database is back   ${secs(r.firstSuccessAfterUpMs)}  (target ≤ 1 s: ${target(r.firstSuccessAfterUpMs !== null && r.firstSuccessAfterUpMs <= 1_000)})`,
    `  worker exits             ${r.workerExits}  (target 0: ${target(r.workerExits === 0)})`,
    `  /api/ready               ${r.ready.before} before, ${[...new Set(r.ready.duringOutage)].join('/') || '-'} during the outage, 200 again after ${secs(r.ready.backTo200AfterUpMs)}`,
    `  live events resumed after ${secs(r.liveResumedAfterUpMs)}; timed rules after ${secs(r.jobResumedAfterUpMs)}`,
    `  orders acknowledged      ${r.ackedOrders}, lost ${r.lostOrders.length}, without ledger ${r.ordersWithoutLedger}, stock = ledger: ${r.stockMatchesLedger ? 'yes' : 'NO'}`,
  ].join('\n');
}
