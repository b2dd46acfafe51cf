import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, or, sql } from 'drizzle-orm';
import type { SiteFeatures } from '@aquamall/shared';
import { createTestApp, testDbKind, type TestApp } from '../test/app.ts';
import { jobs, sandboxOutbox, users, verificationCodes } from '../db/schema/index.ts';
import { defineJob, recordId, scheduleJob } from '../modules/jobs/index.ts';
import { seedOnStart, seedRefusal } from '../db/seed/guard.ts';
import { partnersOf } from '../lib/partners/index.ts';
import { MSG_EMAIL_OFF, MSG_SMS_OFF, MSG_SMS_REGISTER_OFF, MSG_WECHAT_OFF } from '../lib/providers/availability.ts';
import { get, post } from '../test/http.ts';

/**
 * Every path of the demo tooling (docs/product/deployment.md#demo-mode): the dev outbox, its page, the captcha peek,
 * the WeChat scan page, and the browser tests' clocks (timed rules run as at their time, codes aged).
 */
const DEV_PATHS: { method: 'GET' | 'POST'; url: string }[] = [
  { method: 'GET', url: '/dev/outbox' },
  { method: 'GET', url: '/api/dev/outbox?phone=18800000002' },
  { method: 'GET', url: '/api/dev/captcha?id=abcd1234' },
  { method: 'GET', url: '/api/wx/sandbox/scan?ticket=abcdefghijklmnopqrstu' },
  { method: 'POST', url: '/api/wx/sandbox/scan' },
  { method: 'POST', url: '/api/dev/jobs/run' },
  { method: 'POST', url: '/api/dev/codes/age' },
];
const isDevRoute = (url: string) => url.startsWith('/api/dev/') || url.startsWith('/dev/') || url.startsWith('/api/wx/sandbox');

async function outboxRows(t: TestApp) {
  const [row] = await t.database.db.select({ n: count() }).from(sandboxOutbox);
  return row!.n;
}

describe.each([
  ['bound to 0.0.0.0', { HOST: '0.0.0.0' }],
  ['on a PostgreSQL DATABASE_URL', { DATABASE_URL: 'postgres://aquamall@db.internal:5432/aquamall' }],
])('a deployment (%s, no DEMO)', (_name, env) => {
  let t: TestApp;
  const routes: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ demo: false, env: { ...env, SEED_DEMO: '1' }, onRoute: (r) => routes.push(r.url) });
  });
  afterAll(async () => t?.close());

  it('is not in demo mode and registers no sandbox or dev route', async () => {
    expect(t.app.config.demo).toBe(false);
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter(isDevRoute)).toEqual([]);
    for (const p of DEV_PATHS) {
      const res = await t.app.inject({ method: p.method, url: p.url, payload: p.method === 'POST' ? { ticket: 'x', openId: 'o' } : undefined });
      expect(res.statusCode, p.url).toBe(404);
      expect(res.body).not.toContain('沙箱');
    }
  });

  it('answers SMS, e-mail and WeChat sign-in with "not available" and writes nothing to an outbox', async () => {
    const phone = '18800000002';
    expect(await post(t.app, '/api/appuser/sendcode', { phone, purpose: 'login' })).toMatchObject({ code: 2, message: MSG_SMS_OFF });
    expect(await post(t.app, '/api/appuser/loginbyphone', { phone, code: '123456' })).toMatchObject({ code: 2, message: MSG_SMS_OFF });
    expect(await post(t.app, '/api/appuser/sendcode', { phone, purpose: 'register', captchaId: 'abcd1234', captchaCode: 'abcd' })).toMatchObject({
      message: MSG_SMS_REGISTER_OFF,
    });
    const register = {
      phone,
      code: '123456',
      password: 'Abcdef123',
      confirmPassword: 'Abcdef123',
      companyName: '某某水务',
      companyType: 4,
      agree: true,
    };
    expect(await post(t.app, '/api/appuser/originregister', register)).toMatchObject({ code: 2, message: MSG_SMS_REGISTER_OFF });
    expect(await post(t.app, '/api/appuser/sendemailcode', { email: 'a@example.com' })).toMatchObject({ code: 2, message: MSG_EMAIL_OFF });
    expect(await post(t.app, '/api/appuser/loginbyemail', { email: 'a@example.com', code: '123456' })).toMatchObject({ message: MSG_EMAIL_OFF });
    expect(await get(t.app, '/api/wx/getwxoaqrcode/browser-dddd-0001')).toMatchObject({ code: 2, message: MSG_WECHAT_OFF });
    expect(await outboxRows(t)).toBe(0);
  });

  it('tells the web app which login methods exist', async () => {
    const r = await get<SiteFeatures>(t.app, '/api/site/features');
    expect(r.data).toEqual({ demo: false, loginMethods: { password: true, sms: false, email: false, wechat: false }, frameHosts: [] });
  });

  it('has no demo accounts after start: the start-up seed and the seed CLI refuse', async () => {
    expect(t.app.config.seedDemo).toBe(false);
    expect(await seedOnStart(t.app)).toBe(false);
    expect(seedRefusal(t.app.config)).toMatch(/DEMO=1/);
    const demo = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(or(eq(users.phone, '18800000002'), eq(users.adminName, 'admin')));
    expect(demo[0]!.n).toBe(0);
    expect((await post(t.app, '/api/appuser/login', { account: 'admin', password: 'Demo@2026' })).code).not.toBe(0);
  });

  it('has no partner sandbox: real-name, e-signing and the bank check say they are not available', async () => {
    const p = partnersOf(t.app);
    await expect(p.bank.sendDeposit({ accountName: 'x', bankName: 'y', accountNo: '6222000011112222' })).rejects.toThrow('暂未开通');
    await expect(
      p.realName.verify({ companyName: 'x', creditCode: 'y', legalPerson: 'z', handlerName: 'h', handlerIdNo: 'i' }),
    ).rejects.toThrow('暂未开通');
  });
});

describe('the same server with DEMO=1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { HOST: '0.0.0.0', DEMO: '1' } });
  });
  afterAll(async () => t?.close());

  it('answers the dev outbox, the captcha peek and the sandbox scan page', async () => {
    expect(t.app.config.demo).toBe(true);
    const phone = '18800000099';
    expect(await post(t.app, '/api/appuser/sendcode', { phone, purpose: 'register', captchaId: 'none', captchaCode: 'none' })).toMatchObject({
      message: '图形验证码错误或已过期',
    });
    await t.app.inject({ method: 'GET', url: '/api/ImgVerificationCode?id=abcd1234' });
    const peek = await get<{ text: string }>(t.app, '/api/dev/captcha?id=abcd1234');
    expect(peek.data.text).toMatch(/^\w{4}$/);
    const sent = await post(t.app, '/api/appuser/sendcode', { phone, purpose: 'register', captchaId: 'abcd1234', captchaCode: peek.data.text });
    expect(sent.code).toBe(0);
    const outbox = await get<{ list: { body: string }[] }>(t.app, `/api/dev/outbox?phone=${phone}`);
    expect(outbox.data.list[0]!.body).toMatch(/\d{6}/);
    const scan = await t.app.inject({ method: 'GET', url: '/api/wx/sandbox/scan?ticket=abcdefghijklmnopqrstu' });
    expect(scan.statusCode).toBe(200);
    expect((await get(t.app, '/api/wx/getwxoaqrcode/browser-dddd-0002')).code).toBe(0);
  });

  it("runs a record's pending timed rules now, each as at its own time, and leaves other records' alone", async () => {
    const seen: { id: number; now: Date }[] = [];
    defineJob({ kind: 'test.dev-clock', payload: recordId, handler: async (_tx, id, { now }) => void seen.push({ id, now }) });
    const due = new Date(Date.now() + 3_600_000);
    await scheduleJob(t.database.db, 'test.dev-clock', 7, due);
    await scheduleJob(t.database.db, 'test.dev-clock', 8, due);
    const r = await post<{ jobs: { kind: string; status: number }[] }>(t.app, '/api/dev/jobs/run', { kinds: ['test.dev-clock'], refId: 7 });
    expect(r).toMatchObject({ code: 0, data: { jobs: [{ kind: 'test.dev-clock', status: 1 }] } });
    expect(seen).toEqual([{ id: 7, now: due }]);
    const [other] = await t.database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.refId, 8));
    expect(other!.status).toBe(0);
    expect((await post(t.app, '/api/dev/jobs/run', { kinds: [], refId: 7 })).code).not.toBe(0);
  });

  it("ages a number's codes so that the next code may be sent at once", async () => {
    const phone = '18800000098';
    const send = async () => {
      await t.app.inject({ method: 'GET', url: '/api/ImgVerificationCode?id=efgh5678' });
      const peek = await get<{ text: string }>(t.app, '/api/dev/captcha?id=efgh5678');
      return post(t.app, '/api/appuser/sendcode', { phone, purpose: 'register', captchaId: 'efgh5678', captchaCode: peek.data.text });
    };
    expect((await send()).code).toBe(0);
    expect((await send()).message).toMatch(/^请\d+秒后再获取验证码$/);
    expect(await post(t.app, '/api/dev/codes/age', { target: phone, seconds: 60 })).toMatchObject({ code: 0, data: { moved: 1 } });
    expect((await send()).code).toBe(0);
    const rows = await t.database.db.select({ at: verificationCodes.createdAt }).from(verificationCodes).where(eq(verificationCodes.target, phone));
    expect(rows).toHaveLength(2);
  });

  it.runIf(testDbKind === 'pg')('seeds the empty database at start and has PostgreSQL analyse it at once', async () => {
    const analysed = async () => {
      const res = (await t.database.db.execute(
        sql`select coalesce(last_analyze, last_autoanalyze)::text as at from pg_stat_user_tables where relname = 'orders'`,
      )) as unknown as { rows: { at: string | null }[] };
      return res.rows[0]?.at ?? null;
    };
    expect(await analysed()).toBeNull();
    expect(await seedOnStart(t.app)).toBe(true);
    const [demo] = await t.database.db.select({ n: count() }).from(users).where(eq(users.phone, '18800000002'));
    expect(demo!.n).toBe(1);
    expect(await analysed()).not.toBeNull();
    // A second start finds it seeded and leaves it alone.
    expect(await seedOnStart(t.app)).toBe(false);
  });

  it('offers every login method and allows the seed', async () => {
    const r = await get<SiteFeatures>(t.app, '/api/site/features');
    expect(r.data.loginMethods).toEqual({ password: true, sms: true, email: true, wechat: true });
    expect(seedRefusal(t.app.config)).toBeNull();
  });
});
