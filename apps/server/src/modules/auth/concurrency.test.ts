import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, testDbKind, type TestApp } from '../../test/app.ts';
import { verificationCodes } from '../../db/schema/index.ts';
import { DAILY_CAP_PER_IP } from '../codes/service.ts';
import { lastCode, login, makeUser, post } from './test-fixtures.ts';

/**
 * The brute-force counters must hold when many attempts arrive at once. These tests are meaningful on
 * PostgreSQL (AQUAMALL_TEST_DB=pg, a pool of several connections); PGlite runs one statement at a time, so
 * there they only check the rules themselves.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const N = 60;
const all = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

describe(`counters under ${N} parallel requests (${testDbKind})`, () => {
  it('60 parallel wrong passwords get at most 5 plain answers; the rest need the captcha or are locked', async () => {
    await makeUser(t.database.db, { phone: '13600000001' });
    const answers = await all(N, () => login(t.app, '13600000001', 'Wrong1234'));
    const plain = answers.filter((a) => a.message === '账号或密码错误').length;
    expect(plain).toBeGreaterThan(0);
    expect(plain).toBeLessThanOrEqual(5);
    for (const a of answers) expect(['账号或密码错误', '请输入图形验证码', '登录失败次数过多，请30分钟后再试']).toContain(a.message);
    // And the right password now needs the captcha.
    expect((await login(t.app, '13600000001')).message).toBe('请输入图形验证码');
  });

  it('50 parallel wrong codes: at most 5 are checked and the code is dead after', async () => {
    await makeUser(t.database.db, { phone: '13600000002' });
    expect((await post(t.app, '/api/appuser/sendcode', { phone: '13600000002', purpose: 'login' })).code).toBe(0);
    const code = await lastCode(t.app, '13600000002');
    const wrong = String((Number(code) + 1) % 1e6).padStart(6, '0');
    const answers = await all(50, () => post(t.app, '/api/appuser/loginbyphone', { phone: '13600000002', code: wrong }));
    expect(answers.every((a) => a.code !== 0)).toBe(true);
    const [row] = await t.database.db
      .select({ attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.target, '13600000002'), eq(verificationCodes.purpose, 'login')));
    expect(row!.attempts).toBeLessThanOrEqual(5);
    expect((await post(t.app, '/api/appuser/loginbyphone', { phone: '13600000002', code })).message).toBe('验证码错误或已过期');
  });

  it('50 parallel sends to one number issue one code within the resend interval', async () => {
    const answers = await all(50, () => post(t.app, '/api/appuser/sendcode', { phone: '13600000003', purpose: 'login' }));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    const rows = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.target, '13600000003'));
    expect(rows).toHaveLength(1);
  });

  it('50 parallel sends from one address never pass its daily cap', async () => {
    // The address has used all but 3 of its daily sends.
    await t.database.db.execute(sql`
      insert into verification_codes (channel, target, purpose, code_hash, ip, created_at, expires_at)
      select 'sms', '1350000' || lpad(g::text, 4, '0'), 'login', 'x', '10.9.9.9', now() - interval '2 hours', now()
      from generate_series(1, ${DAILY_CAP_PER_IP - 3}) g`);
    const answers = await all(50, (i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/appuser/sendcode',
        remoteAddress: '10.9.9.9',
        payload: { phone: `1340000${String(i).padStart(4, '0')}`, purpose: 'login' },
      }),
    );
    expect(answers.filter((a) => a.json<{ code: number }>().code === 0)).toHaveLength(3);
    const [n] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(verificationCodes)
      .where(eq(verificationCodes.ip, '10.9.9.9'));
    expect(Number(n!.n)).toBe(DAILY_CAP_PER_IP);
  });
});
