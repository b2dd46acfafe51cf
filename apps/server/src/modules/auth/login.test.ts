import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { loginFailures } from '../../db/schema/index.ts';
import { insertCompanyWithAdmin, insertPlatformAdmin, TEST_PASSWORD } from '../../test/factories/index.ts';
import { get, login, post } from '../../test/http.ts';
import { peekCaptcha } from '../captcha/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('password login', () => {
  it('logs in by phone and by admin name, and the token reads the user info', async () => {
    const { user } = await insertCompanyWithAdmin(t.database.db, { company: { type: 2 }, user: { phone: '13900000001', password: TEST_PASSWORD } });
    const r = await login(t.app, '13900000001');
    expect(r.code).toBe(0);
    expect(r.data.authToken.length).toBeGreaterThanOrEqual(40);
    expect(r.data.userInfo.userId).toBe(user.id);
    const info = await get<{ realName: string; extension: { CompanyType: number; CompanyName: string } }>(
      t.app,
      '/api/appuser/loginuserinfo?code=latest',
      r.data.authToken,
    );
    expect(info.code).toBe(0);
    expect(info.data.extension.CompanyType).toBe(2);
    expect(info.data.extension.CompanyName).toMatch(/测试企业/);

    await insertPlatformAdmin(t.database.db, { phone: '13900000009', adminName: 'admin', password: TEST_PASSWORD });
    const admin = await login(t.app, 'Admin');
    expect(admin.code).toBe(0);
    expect((admin.data.userInfo as unknown as { extension: { isPlatformAdmin: boolean } }).extension.isPlatformAdmin).toBe(true);
  });

  it('answers the same for a wrong password and an unknown account', async () => {
    await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { phone: '13900000002', password: TEST_PASSWORD } });
    const wrong = await login(t.app, '13900000002', 'Wrong1234');
    const unknown = await login(t.app, '13911112222', 'Wrong1234');
    expect(wrong.code).not.toBe(0);
    expect(wrong.message).toBe('账号或密码错误');
    expect(unknown).toEqual(wrong);
  });

  it('missing, forged, expired and revoked tokens answer code 1', async () => {
    expect((await get(t.app, '/api/appuser/loginuserinfo')).code).toBe(1);
    expect((await get(t.app, '/api/appuser/loginuserinfo', 'forged-token-abc')).code).toBe(1);
    await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { phone: '13900000003', password: TEST_PASSWORD } });
    const r = await login(t.app, '13900000003');
    const token = r.data.authToken;
    await t.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${r.data.userInfo.userId}`);
    expect((await get(t.app, '/api/appuser/loginuserinfo', token)).code).toBe(1);
    const r2 = await login(t.app, '13900000003');
    expect((await get(t.app, '/api/appuser/loginuserinfo', r2.data.authToken)).code).toBe(0);
    expect((await post(t.app, '/api/appuser/logout', {}, r2.data.authToken)).code).toBe(0);
    expect((await get(t.app, '/api/appuser/loginuserinfo', r2.data.authToken)).code).toBe(1);
  });

  it('asks for the captcha after 5 failures and locks after 10 in an hour, for unknown accounts too', async () => {
    await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { phone: '13900000004', password: TEST_PASSWORD } });
    for (const account of ['13900000004', '13900000005']) {
      for (let i = 0; i < 5; i++) expect((await login(t.app, account, 'Wrong1234')).message).toBe('账号或密码错误');
      expect((await post<{ needCaptcha: boolean }>(t.app, '/api/appuser/logincaptcha', { account })).data.needCaptcha).toBe(true);
      // The right password alone is no longer enough.
      expect((await login(t.app, account)).message).toBe('请输入图形验证码');
      const id = `cap-${account}`;
      for (let i = 0; i < 4; i++) {
        await t.app.inject({ method: 'GET', url: `/api/ImgVerificationCode?id=${id}` });
        expect((await login(t.app, account, 'Wrong1234', { captchaId: id, captchaCode: await peekCaptcha(t.database.db, id) })).message).toBe(
          '账号或密码错误',
        );
      }
      await t.app.inject({ method: 'GET', url: `/api/ImgVerificationCode?id=${id}` });
      const tenth = await login(t.app, account, 'Wrong1234', { captchaId: id, captchaCode: await peekCaptcha(t.database.db, id) });
      expect(tenth.message).toBe('登录失败次数过多，请30分钟后再试');
      // Even the right password is refused while locked.
      expect((await login(t.app, account)).message).toBe('登录失败次数过多，请30分钟后再试');
    }
    // 30 minutes later the lock is over (the captcha is still needed).
    await t.database.db
      .update(loginFailures)
      .set({ createdAt: sql`${loginFailures.createdAt} - interval '31 minutes'` })
      .where(eq(loginFailures.account, '13900000004'));
    await t.app.inject({ method: 'GET', url: '/api/ImgVerificationCode?id=cap-late' });
    const after = await login(t.app, '13900000004', undefined, { captchaId: 'cap-late', captchaCode: await peekCaptcha(t.database.db, 'cap-late') });
    expect(after.code).toBe(0);
  });

  it('a captcha is single use', async () => {
    const { verifyCaptcha } = await import('../captcha/service.ts');
    const res = await t.app.inject({ method: 'GET', url: '/api/ImgVerificationCode?id=once-1' });
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const text = (await peekCaptcha(t.database.db, 'once-1'))!;
    expect(text).toHaveLength(4);
    expect(await verifyCaptcha(t.database.db, 'once-1', text)).toBe(true);
    expect(await verifyCaptcha(t.database.db, 'once-1', text)).toBe(false);
  });
});

describe('password spraying', () => {
  it('many failures from one address bring the captcha for every account from it', async () => {
    const { loginFailures: lf } = await import('../../db/schema/index.ts');
    await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { phone: '13900000031', password: TEST_PASSWORD } });
    // A fresh app's inject address is 127.0.0.1; 20 failures over many accounts from it.
    await t.database.db.delete(lf);
    for (let i = 0; i < 20; i++) await t.database.db.insert(lf).values({ account: `1380000${String(i).padStart(4, '0')}`, ip: '127.0.0.1' });
    expect((await login(t.app, '13900000031')).message).toBe('请输入图形验证码');
    await t.database.db.delete(lf);
    expect((await login(t.app, '13900000031')).code).toBe(0);
  });
});
