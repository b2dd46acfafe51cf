import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createPlatformAdmin } from './create-admin.ts';
import { enrolTwoFactor } from '../../test/factories/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('admin:create', () => {
  it('enforces the password rules and unique accounts', async () => {
    const db = t.database.db;
    expect(await createPlatformAdmin(db, { name: 'ops', phone: '13900000001', password: 'short1' })).toMatchObject({ ok: false });
    expect(await createPlatformAdmin(db, { name: 'ops', phone: '13900000001', password: 'onlyletters' })).toMatchObject({ ok: false, problem: '密码需同时包含字母和数字' });
    expect(await createPlatformAdmin(db, { name: 'ops', phone: '139', password: 'Ops@2026x' })).toMatchObject({ ok: false });
    const created = await createPlatformAdmin(db, { name: 'ops', phone: '13900000001', password: 'Ops@2026x' });
    expect(created.ok).toBe(true);
    expect(await createPlatformAdmin(db, { name: 'ops', phone: '13900000002', password: 'Ops@2026x' })).toMatchObject({ ok: false, problem: '该账号或手机号已存在' });
  });

  it('the new administrator can log in by name and reach the console', async () => {
    await createPlatformAdmin(t.database.db, { name: 'ops2', phone: '13900000003', password: 'Ops@2026y' });
    const login = await t.app.inject({ method: 'POST', url: '/api/appuser/login', payload: { account: 'ops2', password: 'Ops@2026y' } });
    const token = login.json().data?.authToken as string;
    expect(token).toBeTruthy();
    // Two-factor sign-in is mandatory for platform administrators: the console waits for the enrolment.
    const before = await t.app.inject({ method: 'GET', url: '/admin/api/me', headers: { 'x-token': token } });
    expect(before.json()).toMatchObject({ code: 3, message: '请先开启两步验证' });
    await enrolTwoFactor(t.database.db, login.json().data.userInfo.userId as number);
    const me = await t.app.inject({ method: 'GET', url: '/admin/api/me', headers: { 'x-token': token } });
    expect(me.json()).toMatchObject({ code: 0, data: { isPlatformAdmin: true } });
  });
});
