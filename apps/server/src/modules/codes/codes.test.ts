import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { verificationCodes } from '../../db/schema/index.ts';
import { ageCodes, insertCompanyWithAdmin, lastCode, TEST_PASSWORD } from '../../test/factories/index.ts';
import { codeEndpoints as e } from '@aquamall/shared/endpoints';
import { callEndpoint, post } from '../../test/http.ts';
import { DAILY_CAP_PER_IP, DAILY_CAP_PER_TARGET } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const send = (phone: string, purpose = 'login') => post(t.app, '/api/appuser/sendcode', { phone, purpose });
const byPhone = (phone: string, code: string) =>
  post<{ authToken: string }>(t.app, '/api/appuser/loginbyphone', { phone, code });

describe('SMS codes', () => {
  it('logs in with the sandbox code; the code is single use', async () => {
    await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { phone: '13700000001', password: TEST_PASSWORD } });
    const s = await send('13700000001');
    expect(s).toMatchObject({ code: 0, message: '验证码已发送' });
    const code = await lastCode(t.app, '13700000001');
    expect(code).toMatch(/^\d{6}$/);
    const first = await byPhone('13700000001', code);
    expect(first.code).toBe(0);
    expect(first.data.authToken).toBeTruthy();
    expect((await byPhone('13700000001', code)).message).toBe('验证码错误或已过期');
  });

  it('expires after 5 minutes', async () => {
    await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { phone: '13700000002', password: TEST_PASSWORD } });
    await send('13700000002');
    const code = await lastCode(t.app, '13700000002');
    await ageCodes(t.database.db, '13700000002', 301);
    expect((await byPhone('13700000002', code)).message).toBe('验证码错误或已过期');
  });

  it('dies after 5 wrong tries, even for the right code afterwards', async () => {
    await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { phone: '13700000003', password: TEST_PASSWORD } });
    await send('13700000003');
    const code = await lastCode(t.app, '13700000003');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await byPhone('13700000003', wrong)).code).not.toBe(0);
    expect((await byPhone('13700000003', code)).message).toBe('验证码错误或已过期');
  });

  it('refuses a resend within 60 seconds and allows it after', async () => {
    await callEndpoint(t.app, null, e.codeSend, { phone: '13700000005' });
    const again = await callEndpoint(t.app, null, e.codeSend, { phone: '13700000005', purpose: 'login' });
    expect(again.code).not.toBe(0);
    expect(again.message).toMatch(/^请\d+秒后再获取验证码$/);
    expect(again.identity).toBe('CODE_RESEND_TOO_SOON');
    await ageCodes(t.database.db, '13700000005', 61);
    expect((await send('13700000005')).code).toBe(0);
  });

  it('caps sends per number and per IP per day', async () => {
    const phone = '13700000006';
    for (let i = 0; i < DAILY_CAP_PER_TARGET; i++) {
      await t.database.db.insert(verificationCodes).values({
        channel: 'sms', target: phone, purpose: 'login', codeHash: 'x', ip: '10.9.9.9',
        createdAt: new Date(Date.now() - 3600_000), expiresAt: new Date(Date.now() - 3000_000),
      });
    }
    expect((await send(phone)).message).toBe('今日验证码获取次数已达上限，请明天再试');
    // 127.0.0.1 is the inject client's address.
    for (let i = 0; i < DAILY_CAP_PER_IP; i++) {
      await t.database.db.insert(verificationCodes).values({
        channel: 'sms', target: `1360000${String(i).padStart(4, '0')}`, purpose: 'login', codeHash: 'x', ip: '127.0.0.1',
        createdAt: new Date(Date.now() - 3600_000), expiresAt: new Date(Date.now() - 3000_000),
      });
    }
    expect((await send('13700000007')).message).toBe('今日验证码获取次数已达上限，请明天再试');
    await t.database.db.delete(verificationCodes).where(eq(verificationCodes.ip, '127.0.0.1'));
  });

  it('answers the same for unknown numbers but delivers nothing to them', async () => {
    await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { phone: '13700000008', password: TEST_PASSWORD } });
    const known = await send('13700000008', 'forget');
    const unknown = await send('13700000009', 'forget');
    expect(unknown).toEqual(known);
    await expect(lastCode(t.app, '13700000009')).rejects.toThrow();
    // Recovery for an unknown number fails like a wrong code.
    const r = await post(t.app, '/api/appuser/forgetpwd', { phone: '13700000009', code: '123456', password: 'Newpass2026', confirmPassword: 'Newpass2026' });
    expect(r.message).toBe('验证码错误或已过期');
  });

  it('registration codes need the picture captcha', async () => {
    const r = await post(t.app, '/api/appuser/sendcode', { phone: '13700000010', purpose: 'register' });
    expect(r.message).toBe('图形验证码错误或已过期');
  });
});
