/**
 * Live messages benchmark (issue 15): `npm run bench:live [-- --only=latency,memory --messages=1000 --sockets=1000
 * --port=3241 --redis]`. On PostgreSQL (DATABASE_URL, else TEST_DATABASE_URL, else the local server): a fresh
 * database and the compiled server started on it as in production (instance B, one worker). This process is
 * instance A: it writes messages with the server's own notify() and publishes them on its own event bus
 * (PostgreSQL LISTEN/NOTIFY, or Redis pub/sub with --redis, the server then gets REDIS_URL too).
 *  latency  one socket signed in on B; A creates `--messages` messages (100 per second); the time from A's
 *           notify() call until B's socket has the message: p50/p95/p99/max. Budget: p99 ≤ 1 s.
 *  memory   `--sockets` signed-in sockets on B (one company): B's resident memory before and after (from
 *           /proc), then one message to all of them (fan-out time). Budget: ≤ 100 MB for 1,000 sockets.
 */
import fs from 'node:fs';
import os from 'node:os';
import WebSocket from 'ws';
import type { LiveEvent } from '@aquamall/shared';
import { openDatabase } from '../src/db/client.ts';
import { EventBus, withEvents } from '../src/lib/event-bus.ts';
import { notify } from '../src/modules/notifications/notify.ts';
import { makePurchaser } from '../src/test/factories/index.ts';
import { DEFAULT_BENCH_DATABASE_URL, startServer } from './server.ts';

const args = new Map(
  process.argv.slice(2).map((a) => {
    const i = a.indexOf('=');
    return i < 0 ? [a, ''] : [a.slice(0, i), a.slice(i + 1)];
  }),
);
for (const k of args.keys())
  if (!['--only', '--messages', '--sockets', '--port', '--redis'].includes(k))
    throw new Error(`unknown option ${k}`);
const only = (args.get('--only') ?? 'latency,memory').split(',').filter(Boolean);
const messagesN = Number(args.get('--messages') ?? 1000);
const socketsN = Number(args.get('--sockets') ?? 1000);
const port = Number(args.get('--port') ?? 3241);
const redisUrl = args.has('--redis') ? (process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') : undefined;

const base = new URL(process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL);
base.pathname = '/aquamall_bench_live';
const databaseUrl = base.toString();

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** A signed-in socket on B; resolves once the server said hello. */
function openSocket(url: string, token: string, onEvent: (e: LiveEvent) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/api/ws`);
    const timer = setTimeout(() => reject(new Error('no hello within 30 s')), 30_000);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.on('message', (raw) => {
      const e = JSON.parse(String(raw)) as LiveEvent;
      if (e.type === 'hello') {
        clearTimeout(timer);
        resolve(ws);
      }
      onEvent(e);
    });
    ws.once('error', reject);
  });
}

const server = await startServer({
  embedded: false,
  databaseUrl,
  fresh: true,
  port,
  logLevel: 'warn',
  env: { WORKERS: '1', SEED_DEMO: '0', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) },
});
const database = await openDatabase({ url: databaseUrl, poolSize: 4 });
const bus = new EventBus();
await bus.connect(redisUrl ? { redisUrl } : { databaseUrl });
/** The server's own notify(), publishing on this bus as a request of instance A would (lib/event-bus.ts). */
const notifyOnBus = (...args: Parameters<typeof notify>) => withEvents(bus, () => notify(...args));
const transport = redisUrl ? 'Redis pub/sub' : 'PostgreSQL LISTEN/NOTIFY';
const lines: string[] = [];
let ok = true;

try {
  if (only.includes('latency')) {
    const buyer = await makePurchaser(database.db, '实时消息基准采购商');
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    const ws = await openSocket(server.url, buyer.token, (e) => {
      if (e.type !== 'message') return;
      const t0 = sentAt.get(e.message.title);
      if (t0 !== undefined) latencies.push(performance.now() - t0);
    });
    // Warm-up (prepared statements, connections), not counted.
    for (let i = 0; i < 20; i++)
      await notifyOnBus(database.db, buyer.companyId, { type: 'order', title: `warm ${i}` });
    await sleep(500);
    for (let i = 0; i < messagesN; i++) {
      const title = `基准消息 ${i}`;
      sentAt.set(title, performance.now());
      void notifyOnBus(database.db, buyer.companyId, { type: 'order', title });
      await sleep(10);
    }
    for (let i = 0; i < 100 && latencies.length < messagesN; i++) await sleep(100);
    ws.close();
    const sorted = [...latencies].sort((a, b) => a - b);
    const p99 = pct(sorted, 99);
    ok &&= latencies.length === messagesN && p99 <= 1000;
    lines.push(
      `latency  A→B via ${transport}: ${latencies.length}/${messagesN} messages arrived; ` +
        `p50 ${pct(sorted, 50).toFixed(1)} ms, p95 ${pct(sorted, 95).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (budget p99 ≤ 1000 ms)`,
    );
  }

  if (only.includes('memory')) {
    const buyer = await makePurchaser(database.db, '千连接采购商');
    await sleep(2000);
    const before = rssMb(server.pid!);
    let fanout = 0;
    let fanoutStart = 0;
    let lastArrival = 0;
    const sockets: WebSocket[] = [];
    for (let i = 0; i < socketsN; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, socketsN - i) }, () =>
          openSocket(server.url, buyer.token, (e) => {
            if (e.type === 'message' && e.message.title === '群发消息') {
              fanout++;
              lastArrival = performance.now();
            }
          }),
        ),
      );
      sockets.push(...batch);
    }
    await sleep(3000);
    const after = rssMb(server.pid!);
    fanoutStart = performance.now();
    await notifyOnBus(database.db, buyer.companyId, { type: 'order', title: '群发消息' });
    for (let i = 0; i < 100 && fanout < socketsN; i++) await sleep(50);
    const cost = after - before;
    ok &&= cost <= 100 && fanout === socketsN;
    lines.push(
      `memory   ${sockets.length} signed-in sockets on one instance: RSS ${before.toFixed(0)} → ${after.toFixed(0)} MB ` +
        `(+${cost.toFixed(1)} MB, ${((cost * 1024) / sockets.length).toFixed(1)} KB per socket; budget ≤ 100 MB); ` +
        `one message to all ${fanout}/${socketsN} in ${(lastArrival - fanoutStart).toFixed(0)} ms`,
    );
    for (const s of sockets) s.close();
  }
} finally {
  await bus.close();
  await database.close();
  await server.stop();
}

console.log(
  `\nLive messages bench — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load ${os.loadavg()[0]!.toFixed(1)}`,
);
for (const l of lines) console.log(l);
console.log(ok ? 'within budget' : 'OVER BUDGET');
process.exit(ok ? 0 : 1);
