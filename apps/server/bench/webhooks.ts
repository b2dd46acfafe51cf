/**
 * Webhook dispatch (issue 32 part 3): `npx tsx bench/webhooks.ts [postgres url]`. One application on a fresh
 * PostgreSQL database (default postgres://postgres@127.0.0.1:5432/test's server), a local receiver, N order events
 * written to the outbox, then the job runner's own loop (runDueJobs + the detached sends) until every delivery is
 * answered. Prints deliveries per second and /api/ping latency measured meanwhile against before (requests must not
 * wait for the dispatch). Target ≥ 200 deliveries/s.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { build } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { webhookDeliveries, webhookEndpoints, companies, users } from '../src/db/schema/index.ts';
import { LocalStorage } from '../src/lib/storage.ts';
import { emitWebhookEvents } from '../src/modules/openapi/webhooks.ts';
import { runDueJobs } from '../src/modules/jobs/runner.ts';

const N = Number(process.env.BENCH_EVENTS ?? 2000);
const base = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `aquamall_wh_${crypto.randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;

let received = 0;
const receiver = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    received++;
    res.end('ok');
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const database = await openDatabase({ url: url.toString(), poolSize: 10 });
const dir = os.tmpdir();
const app = await build({
  config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent', DEMO: '1', JOBS_RUNNER: '0' }),
  database,
  storage: new LocalStorage(dir),
  logger: false,
});
await app.ready();
await app.listen({ port: 0, host: '127.0.0.1' });
const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const db = database.db;
try {
  const [company] = await db.insert(companies).values({ type: 2, name: '压测供应商' }).returning();
  const [user] = await db.insert(users).values({ phone: '18899990000', companyId: company!.id, passwordHash: 'x', isCompanyAdmin: true }).returning();
  await db.insert(webhookEndpoints).values({ companyId: company!.id, url: hookUrl, events: ['order.placed'], salt: 'bench', createdBy: user!.id });
  for (let i = 0; i < N; i += 500) {
    await db.transaction((tx) =>
      emitWebhookEvents(
        tx,
        Array.from({ length: Math.min(500, N - i) }, (_, k) => ({ companyId: company!.id, type: 'order.placed' as const, data: { orderId: i + k } })),
      ),
    );
  }
  const ping = async (n: number) => {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await fetch(`${appUrl}/api/ping`).then((r) => r.text());
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { p50: times[Math.floor(n / 2)]!, p95: times[Math.floor(n * 0.95)]! };
  };
  const before = await ping(200);
  const start = performance.now();
  let during = { p50: 0, p95: 0 };
  const pinging = (async () => {
    await new Promise((r) => setTimeout(r, 200));
    during = await ping(200);
  })();
  while ((await db.$count(webhookDeliveries, eq(webhookDeliveries.status, 0))) > 0) {
    await runDueJobs(db, new Date(), { max: 500 });
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - start) / 1000;
  await pinging;
  console.log(`webhook dispatch: ${N} deliveries in ${seconds.toFixed(2)} s = ${(N / seconds).toFixed(0)}/s (receiver got ${received})`);
  console.log(`/api/ping before p50 ${before.p50.toFixed(1)} ms p95 ${before.p95.toFixed(1)} ms; during p50 ${during.p50.toFixed(1)} ms p95 ${during.p95.toFixed(1)} ms`);
} finally {
  await app.close();
  await database.close();
  receiver.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
