/**
 * Redis stopped and restarted under two running instances (issue 26, "the same with Redis stopped and
 * restarted"; docs/decisions/0166-redis-down.md). The instances reach Redis through a TCP proxy this test cuts
 * and restores, so the machine's real Redis keeps running for everyone else. While Redis is gone: password
 * sign-ins and rate-limited routes answer within a bounded time, the limits still hold across both instances
 * (counted in PostgreSQL), /api/ready stays 200 and no process exits. When Redis is back: a message written on
 * one instance arrives live on a socket held by the other, and the rate limits are counted in Redis again.
 * Needs TEST_DATABASE_URL and a Redis at 127.0.0.1:6379 (skipped otherwise).
 */
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LiveEvent } from '@aquamall/shared';
import type { Database } from '../src/db/client.ts';
import { rateLimits } from '../src/db/schema/index.ts';
import {
  insertCompanyWithAdmin,
  makePurchaser,
  signedInPlatformAdmin,
  TEST_PASSWORD,
} from '../src/test/factories/index.ts';
import { redisReachable, TEST_REDIS_URL } from '../src/test/redis.ts';
import type { ServerProcess } from '../src/test/server-process.ts';
import { startTcpProxy, type TcpProxy } from '../src/test/tcp-proxy.ts';
import { startCluster, type Cluster } from './cluster.ts';
import type { RoundRobinProxy } from './proxy.ts';

const enabled = !!process.env.TEST_DATABASE_URL && (await redisReachable());
if (!enabled)
  console.log('Skipping the Redis chaos test: it needs TEST_DATABASE_URL and Redis at 127.0.0.1:6379');

/** Every answer while Redis is gone comes within this (a Redis command gives up after 500 ms). */
const BOUND_MS = 2000;
const METRICS_TOKEN = 'harness-metrics-token-0123456789';

describe.skipIf(!enabled)('two instances with Redis stopped and restarted', () => {
  let cluster: Cluster;
  let servers: ServerProcess[];
  let proxy: RoundRobinProxy;
  let database: Database;
  let steer: (i: number) => Promise<void>;
  let redisLink: TcpProxy;
  const phone = `130${String(Date.now() % 1e8).padStart(8, '0')}`;

  beforeAll(async () => {
    redisLink = await startTcpProxy({ host: '127.0.0.1', port: 6379 });
    cluster = await startCluster({
      REDIS_URL: redisLink.url(),
      // The test client stands in for a client behind nginx: its X-Forwarded-For is its "address".
      TRUST_PROXY: '2',
      RATE_LIMIT_CAPTCHA: '3',
      METRICS_TOKEN,
    });
    ({ servers, proxy, database, steer } = cluster);
    await insertCompanyWithAdmin(database.db, {
      company: { type: 4 },
      user: { phone, password: TEST_PASSWORD },
    });
    await redisUp(true);
  });
  afterAll(async () => {
    await cluster?.close();
    await redisLink?.close();
  });

  const address = () => `10.77.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const timed = async <T>(run: () => Promise<T>) => {
    const t0 = Date.now();
    const value = await run();
    return { value, ms: Date.now() - t0 };
  };

  /** Waits until both instances report their Redis connection up (or down), from their own /metrics. */
  async function redisUp(up: boolean) {
    for (const s of servers) {
      let seen = '';
      for (let i = 0; i < 100; i++) {
        const text = await (
          await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
        ).text();
        seen = /^aquamall_redis_up (\d)/m.exec(text)?.[1] ?? '';
        if (seen === (up ? '1' : '0')) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen).toBe(up ? '1' : '0');
    }
  }

  const login = (password: string) =>
    timed(async () => {
      const res = await fetch(`${proxy.url}/api/appuser/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address() },
        body: JSON.stringify({ account: phone, password }),
      });
      return { status: res.status, body: (await res.json()) as { code: number; message: string } };
    });

  /** Four captchas from one address, alternating instances: the limit is 3 for both together. */
  const captchas = async (ip: string) => {
    const answers: { status: number; ms: number }[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await timed(() =>
        fetch(`${proxy.url}/api/ImgVerificationCode?id=chaos-${ip}-${i}`, {
          headers: { 'x-forwarded-for': ip },
        }),
      );
      await r.value.arrayBuffer();
      answers.push({ status: r.value.status, ms: r.ms });
    }
    return answers;
  };
  const dbLimitRows = (ip: string) =>
    database.db.$count(rateLimits, like(rateLimits.key, `%ImgVerificationCode|${ip}`));
  const redisLimitKeys = async (ip: string) => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(TEST_REDIS_URL);
    try {
      return (await redis.keys(`aquamall-rl:*${ip}`)).length;
    } finally {
      redis.disconnect();
    }
  };

  /** A message written through one instance arrives on a socket held by the other (within `withinMs`). */
  async function messageCrosses(withinMs: number): Promise<boolean> {
    const buyer = await makePurchaser(database.db, `混沌采购商${Math.random().toString(36).slice(2, 6)}`);
    const admin = await signedInPlatformAdmin(database.db);
    const upstream = proxy.peek();
    const ws = new WebSocket(`${proxy.url.replace('http', 'ws')}/api/ws`);
    const events: LiveEvent[] = [];
    ws.on('message', (raw) => events.push(JSON.parse(String(raw)) as LiveEvent));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'auth', token: buyer.token }));
    for (let i = 0; i < 100 && !events.some((e) => e.type === 'hello'); i++)
      await new Promise((r) => setTimeout(r, 50));
    await steer(1 - upstream);
    const res = await fetch(`${proxy.url}/admin/api/company/membership`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token': admin.token },
      body: JSON.stringify({ id: buyer.companyId, memberLevel: 2, isMemberVail: 1 }),
    });
    expect(res.headers.get('x-upstream')).toBe(String(1 - upstream));
    expect(((await res.json()) as { code: number }).code).toBe(0);
    const t0 = Date.now();
    while (!events.some((e) => e.type === 'message') && Date.now() - t0 < withinMs)
      await new Promise((r) => setTimeout(r, 20));
    ws.close();
    return events.some((e) => e.type === 'message');
  }

  it('with Redis up: live events cross and rate limits are counted in Redis', async () => {
    expect(await messageCrosses(2000)).toBe(true);
    const ip = address();
    expect((await captchas(ip)).map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(await dbLimitRows(ip)).toBe(0);
    expect(await redisLimitKeys(ip)).toBeGreaterThan(0);
  });

  for (const mode of ['refuse', 'silent'] as const) {
    it(`Redis ${mode === 'refuse' ? 'stopped' : 'unreachable without an answer'}: bounded answers from PostgreSQL, still ready, then Redis again`, async () => {
      redisLink.cut(mode);
      try {
        for (let i = 0; i < 2; i++) {
          const wrong = await login('Wrong1234');
          expect(wrong.value.status).toBe(200);
          expect(wrong.value.body.message).toBe('账号或密码错误');
          expect(wrong.ms).toBeLessThan(BOUND_MS);
          const right = await login(TEST_PASSWORD);
          expect(right.value.body.code, right.value.body.message).toBe(0);
          expect(right.ms).toBeLessThan(BOUND_MS);
        }
        const ip = address();
        const answers = await captchas(ip);
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
        for (const a of answers) expect(a.ms).toBeLessThan(BOUND_MS);
        expect(await dbLimitRows(ip)).toBeGreaterThan(0);
        for (const s of servers) {
          const ready = await timed(() => fetch(`${s.url}/api/ready`));
          expect(ready.value.status).toBe(200);
          expect(ready.ms).toBeLessThan(BOUND_MS);
        }
        await redisUp(false);
        for (const s of servers) expect(s.child.exitCode).toBeNull();
      } finally {
        redisLink.restore();
      }
      await redisUp(true);
      // The subscribers are back too (a subscription made again on reconnection).
      let crossed = false;
      for (let i = 0; i < 5 && !crossed; i++) crossed = await messageCrosses(1500);
      expect(crossed).toBe(true);
      const ip = address();
      expect((await captchas(ip)).map((a) => a.status)).toEqual([200, 200, 200, 429]);
      expect(await dbLimitRows(ip)).toBe(0);
      expect(await redisLimitKeys(ip)).toBeGreaterThan(0);
      for (const s of servers) expect(s.child.exitCode).toBeNull();
    });
  }
});
