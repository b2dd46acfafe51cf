/**
 * Redis going away under a running server (issue 26, item 8; docs/decisions/0166-redis-down.md): every use of
 * Redis answers within a bounded time and falls back to the database — sign-ins, two attempts' counting,
 * rate-limited routes — /api/ready stays ready, nothing crashes; when Redis is back, the counters and the live
 * events use it again. Redis is reached through a TCP proxy the test cuts, never the real server.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, rateLimits } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { insertCompanyWithAdmin, TEST_PASSWORD } from '../test/factories/index.ts';
import type { Envelope } from '../test/http.ts';
import { redisReachable, TEST_REDIS_URL } from '../test/redis.ts';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { EventBus } from './event-bus.ts';
import { metrics } from './metrics.ts';

const hasRedis = await redisReachable();
if (!hasRedis) console.log('Skipping the Redis outage test: no Redis at 127.0.0.1:6379');

/**
 * A request must answer within this, Redis or not: a command times out after 500 ms, then the database answers.
 * Without the timeout a request waits for Redis without end; the bound leaves room for a loaded CI machine.
 */
const BOUND_MS = 4000;

describe.skipIf(!hasRedis)('Redis down: bounded answers from the database, then Redis again', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  /** A channel of this test only, on the app's bus and another instance's. */
  type TestEvents = { 'redis-down-test': { i?: number } };
  let other: EventBus<TestEvents>;
  const phone = `131${String(process.pid % 10000).padStart(4, '0')}${String(Date.now() % 10000).padStart(4, '0')}`;
  beforeAll(async () => {
    proxy = await startTcpProxy({ host: '127.0.0.1', port: 6379 });
    t = await createTestApp({ env: { REDIS_URL: proxy.url(), RATE_LIMIT_CAPTCHA: '3' } });
    await insertCompanyWithAdmin(t.database.db, {
      company: { type: 4 },
      user: { phone, password: TEST_PASSWORD },
    });
    // Another instance's bus, on the real Redis (its connection is never cut).
    other = new EventBus<TestEvents>();
    await other.connect({ redisUrl: TEST_REDIS_URL });
    await redisReady();
  });
  afterAll(async () => {
    await t?.close();
    await other?.close();
    await proxy?.close();
  });

  const redisReady = async () => {
    for (let i = 0; i < 100 && t.app.redis!.status !== 'ready'; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(t.app.redis!.status).toBe('ready');
  };
  const address = () => `10.99.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const timed = async <T>(run: () => Promise<T>) => {
    const t0 = Date.now();
    const value = await run();
    return { value, ms: Date.now() - t0 };
  };
  const login = (password: string, ip: string) =>
    timed(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appuser/login',
        payload: { account: phone, password },
        remoteAddress: ip,
      });
      return { status: res.statusCode, body: res.json<Envelope<unknown>>() };
    });
  const captcha = (ip: string) =>
    timed(
      async () =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/ImgVerificationCode?id=rd-${ip}-${Math.random()}`,
            remoteAddress: ip,
          })
        ).statusCode,
    );
  const fallbacks = async () => {
    const m = (await metrics.registry.getMetricsAsJSON()).find(
      (x) => x.name === 'aquamall_redis_fallbacks_total',
    );
    return (m?.values ?? []).reduce((s, v) => s + Number(v.value), 0);
  };
  const dbLimitRows = async (ip: string) =>
    t.database.db.$count(rateLimits, like(rateLimits.key, `%ImgVerificationCode|${ip}`));

  const testBus = () => t.app.bus as unknown as EventBus<TestEvents>;

  /** Events from the other instance reach this one (retried while this instance's subscriber reconnects). */
  const eventsCross = async (withinMs = 5000) => {
    let got = 0;
    const off = testBus().subscribe('redis-down-test', () => got++);
    try {
      for (let i = 0; i < withinMs / 100 && got === 0; i++) {
        other.publish('redis-down-test', { i });
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      off();
    }
    return got > 0;
  };

  it('with Redis up, counters live in Redis and events cross', async () => {
    const ip = address();
    expect((await captcha(ip)).value).toBe(200);
    expect(await dbLimitRows(ip)).toBe(0);
    expect(await eventsCross()).toBe(true);
  });

  for (const mode of ['refuse', 'silent'] as const) {
    it(`Redis ${mode === 'refuse' ? 'stopped' : 'silent (a dead network path)'}: sign-ins and limited routes answer in time from the database`, async () => {
      const before = await fallbacks();
      proxy.cut(mode);
      try {
        const ip = address();
        const wrong = await login('Wrong1234', ip);
        expect(wrong.value.status).toBe(200);
        expect(wrong.value.body.message).toBe('账号或密码错误');
        expect(wrong.ms).toBeLessThan(BOUND_MS);
        // The failure was counted in the database instead.
        expect(
          await t.database.db.$count(
            loginFailures,
            and(eq(loginFailures.account, phone), eq(loginFailures.ip, ip)),
          ),
        ).toBe(1);
        const right = await login(TEST_PASSWORD, ip);
        expect(right.value.body.code, right.value.body.message).toBe(0);
        expect(right.ms).toBeLessThan(BOUND_MS);
        expect(await t.database.db.$count(loginFailures, eq(loginFailures.account, phone))).toBe(0);

        // The limit still holds (3 a window), counted in the database.
        const answers = [];
        for (let i = 0; i < 4; i++) answers.push(await captcha(ip));
        expect(answers.map((a) => a.value)).toEqual([200, 200, 200, 429]);
        for (const a of answers) expect(a.ms).toBeLessThan(BOUND_MS);
        expect(await dbLimitRows(ip)).toBe(1);

        const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
        expect(ready.statusCode).toBe(200);
        expect(await fallbacks()).toBeGreaterThan(before);
        // Live events stay on this instance meanwhile; publishing does not throw or wait.
        expect(() => testBus().publish('redis-down-test', {})).not.toThrow();
      } finally {
        proxy.restore();
      }
      await redisReady();
      const ip = address();
      expect((await captcha(ip)).value).toBe(200);
      expect(await dbLimitRows(ip)).toBe(0);
      expect(await eventsCross()).toBe(true);
    });
  }

  it('a subscriber whose connection died without a word notices it and subscribes again', async () => {
    expect(await eventsCross()).toBe(true);
    // The path comes back, but the connections open during the cut stay dead (a firewall forgot them): nothing
    // tells the subscriber, which only listens.
    proxy.cut('silent');
    proxy.restore({ drop: false });
    const t0 = Date.now();
    expect(await eventsCross(8000)).toBe(true);
    expect(Date.now() - t0).toBeLessThan(8000);
  });
});
