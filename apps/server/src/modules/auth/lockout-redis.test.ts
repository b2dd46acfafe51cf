import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import type { Envelope } from '../../test/http.ts';
import { redisReachable, TEST_REDIS_URL } from '../../test/redis.ts';
import { peekCaptcha } from '../captcha/service.ts';
import { MSG_LOCKED } from './messages.ts';

const hasRedis = await redisReachable();
if (!hasRedis) console.log('Skipping the Redis lockout test: no Redis at 127.0.0.1:6379');

/** Two instances sharing one Redis: a failure counted on one is seen by the other (docs/product/deployment.md#several-instances). */
describe.skipIf(!hasRedis)('login failures and lockouts in Redis (REDIS_URL)', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await createTestApp({ env: { REDIS_URL: TEST_REDIS_URL } });
    two = await createTestApp({ env: { REDIS_URL: TEST_REDIS_URL } });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  // A fresh client address per test: Redis outlives the test, and address failures expire only within the hour.
  let ip = '';
  const newIp = () =>
    (ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`);
  const from = async <T>(app: TestApp['app'], url: string, payload: object) =>
    (await app.inject({ method: 'POST', url, payload, remoteAddress: ip })).json<Envelope<T>>();
  const login = (app: TestApp['app'], account: string, password = 'Demo@2026', extra: object = {}) =>
    from<unknown>(app, '/api/appuser/login', { account, password, ...extra });
  const needCaptcha = async (t: TestApp, account: string) =>
    (await from<{ needCaptcha: boolean }>(t.app, '/api/appuser/logincaptcha', { account })).data.needCaptcha;

  it('asks for the captcha after 5 failures and locks after 10, counted across instances', async () => {
    // A fresh account per run: Redis outlives the test (its sets expire within the hour).
    newIp();
    const account = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    for (let i = 0; i < 3; i++)
      expect((await login(one.app, account, 'Wrong1234')).message).toBe('账号或密码错误');
    for (let i = 0; i < 2; i++)
      expect((await login(two.app, account, 'Wrong1234')).message).toBe('账号或密码错误');
    expect(await needCaptcha(one, account)).toBe(true);
    expect((await login(one.app, account, 'Wrong1234')).message).toBe('请输入图形验证码');
    for (let i = 0; i < 5; i++) {
      const [t, id] = i % 2 ? [one, `rcap-${account}-${i}`] : [two, `rcap-${account}-${i}`];
      await t.app.inject({ method: 'GET', url: `/api/ImgVerificationCode?id=${id}` });
      const r = await login(t.app, account, 'Wrong1234', { captchaId: id, captchaCode: await peekCaptcha(t.database.db, id) });
      expect(r.message).toBe(i < 4 ? '账号或密码错误' : MSG_LOCKED);
    }
    for (const t of [one, two]) expect((await login(t.app, account)).message).toBe(MSG_LOCKED);
    // Nothing was written to the database tables of either instance.
    for (const t of [one, two]) expect(await t.database.db.$count(loginFailures)).toBe(0);
    const { Redis } = await import('ioredis');
    const redis = new Redis(TEST_REDIS_URL);
    try {
      expect(await redis.zcard(`aquamall-lf:a:${account}`)).toBe(10);
      await redis.del(`aquamall-lf:a:${account}`);
    } finally {
      redis.disconnect();
    }
    expect(await needCaptcha(two, account)).toBe(false);
  });

  it('parallel wrong guesses on both instances get no more than 5 past without the captcha', async () => {
    newIp();
    const account = `138${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login((i % 2 ? one : two).app, account, 'Wrong1234')),
    );
    expect(answers.filter((a) => a.message === '账号或密码错误')).toHaveLength(5);
    expect(answers.filter((a) => a.message === '请输入图形验证码')).toHaveLength(7);
  });
});
