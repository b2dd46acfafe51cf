/**
 * Only failures count against a client address (issue 26, item 7): an office behind one NAT address whose people
 * sign in every morning must never meet the address captcha (IP_CAPTCHA_AFTER), with or without two-factor
 * sign-in — on the database store and on Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertCompanyWithAdmin, signIn, TEST_PASSWORD } from '../../test/factories/index.ts';
import type { Envelope } from '../../test/http.ts';
import { redisReachable, TEST_REDIS_URL } from '../../test/redis.ts';
import { IP_CAPTCHA_AFTER } from './lockout.ts';

const hasRedis = await redisReachable();
const stores = [
  { name: 'database', env: {} as Record<string, string>, enabled: true },
  { name: 'Redis', env: { REDIS_URL: TEST_REDIS_URL }, enabled: hasRedis },
];

for (const store of stores) {
  describe.skipIf(!store.enabled)(`address failures (${store.name})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: store.env });
    });
    afterAll(async () => t?.close());

    // A fresh address and fresh accounts per run: Redis outlives the test (its sets expire within the hour).
    const run = `${process.pid % 1000}${Date.now() % 100000}`.padStart(8, '0').slice(-8);
    const addr = (n: number) =>
      `10.${200 + n}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    const send = async <T>(ip: string, url: string, payload: object) =>
      (await t.app.inject({ method: 'POST', url, payload, remoteAddress: ip })).json<Envelope<T>>();
    const needCaptcha = async (ip: string, account: string) =>
      (await send<{ needCaptcha: boolean }>(ip, '/api/appuser/logincaptcha', { account })).data.needCaptcha;

    it('many successful sign-ins from one address (password, and password + two-factor) leave it free', async () => {
      const office = addr(1);
      const phone = `136${run}`;
      await insertCompanyWithAdmin(t.database.db, {
        company: { type: 4 },
        user: { phone, password: TEST_PASSWORD },
      });
      // A colleague with two-factor sign-in: each sign-in takes two attempts (password, then the code).
      const phone2 = `135${run}`;
      const { user } = await insertCompanyWithAdmin(t.database.db, {
        company: { type: 4 },
        user: { phone: phone2, password: TEST_PASSWORD },
      });
      const { token } = await signIn(t.database.db, user);
      const started = (
        await t.app.inject({
          method: 'POST',
          url: '/api/appuser/2fa/enrol',
          headers: { 'x-token': token },
          payload: {},
        })
      ).json<Envelope<{ secret: string }>>();
      const confirmed = (
        await t.app.inject({
          method: 'POST',
          url: '/api/appuser/2fa/confirm',
          headers: { 'x-token': token },
          payload: { code: await generate({ secret: started.data.secret }) },
        })
      ).json<Envelope<{ recoveryCodes: string[] }>>();
      expect(confirmed.code, confirmed.message).toBe(0);

      for (let i = 0; i < IP_CAPTCHA_AFTER + 2; i++) {
        const r = await send<{ authToken: string }>(office, '/api/appuser/login', {
          account: phone,
          password: TEST_PASSWORD,
        });
        expect(r.code, r.message).toBe(0);
      }
      for (const code of confirmed.data.recoveryCodes.slice(0, 6)) {
        const first = await send<{ twoFactor: { token: string } }>(office, '/api/appuser/login', {
          account: phone2,
          password: TEST_PASSWORD,
        });
        expect(first.code, first.message).toBe(0);
        const second = await send<{ authToken: string }>(office, '/api/appuser/2fa/verify', {
          token: first.data.twoFactor.token,
          code,
        });
        expect(second.code, second.message).toBe(0);
      }
      // 22 + 2 × 6 attempts, none failed: a new colleague's first sign-in needs no captcha.
      expect(await needCaptcha(office, `134${run}`)).toBe(false);
      const r = await send<{ authToken: string }>(office, '/api/appuser/login', {
        account: phone,
        password: TEST_PASSWORD,
      });
      expect(r.code, r.message).toBe(0);
    });

    it('failures still count: past IP_CAPTCHA_AFTER wrong passwords on many accounts, the address needs the captcha', async () => {
      const sprayer = addr(2);
      for (let i = 0; i < IP_CAPTCHA_AFTER; i++) {
        const r = await send(sprayer, '/api/appuser/login', {
          account: `133${run.slice(0, 5)}${String(i).padStart(3, '0')}`,
          password: 'Wrong1234',
        });
        expect(r.message).toBe('账号或密码错误');
      }
      expect(await needCaptcha(sprayer, `132${run}`)).toBe(true);
      // Another address is not affected.
      expect(await needCaptcha(addr(3), `132${run}`)).toBe(false);
    });
  });
}
