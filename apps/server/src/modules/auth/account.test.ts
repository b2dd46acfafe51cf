import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { peekCaptcha } from '../captcha/service.ts';
import { insertCompanyWithAdmin, lastCode, TEST_PASSWORD } from '../../test/factories/index.ts';
import { get, login, post } from '../../test/http.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function registerCode(phone: string) {
  await t.app.inject({ method: 'GET', url: `/api/ImgVerificationCode?id=reg-${phone}` });
  const r = await post(t.app, '/api/appuser/sendcode', { phone, purpose: 'register', captchaId: `reg-${phone}`, captchaCode: await peekCaptcha(t.database.db, `reg-${phone}`) });
  expect(r.code).toBe(0);
  return lastCode(t.app, phone);
}

const form = {
  password: 'Water2026ok',
  confirmPassword: 'Water2026ok',
  companyName: '清流环保科技有限公司',
  companyType: 2,
  registerType: 'merchant',
  agree: true,
};

describe('registration', () => {
  it('creates the company and its administrator and signs in', async () => {
    const code = await registerCode('13600000001');
    const r = await post<{ authToken: string; userInfo: { extension: { CompanyName: string; CompanyType: number; isCompanyAdmin: boolean } } }>(
      t.app,
      '/api/appuser/originregister',
      { ...form, phone: '13600000001', code },
    );
    expect(r.code).toBe(0);
    expect(r.data.userInfo.extension).toMatchObject({ CompanyName: '清流环保科技有限公司', CompanyType: 2, isCompanyAdmin: true });
    expect((await login(t.app, '13600000001', 'Water2026ok')).code).toBe(0);
  });

  it('refuses weak passwords, a missing agreement and a wrong code with clear messages', async () => {
    const base = { ...form, phone: '13600000002', code: '123456' };
    expect((await post(t.app, '/api/appuser/originregister', { ...base, password: 'abc', confirmPassword: 'abc' })).message).toBe('密码长度需为8-20位');
    expect((await post(t.app, '/api/appuser/originregister', { ...base, password: '12345678', confirmPassword: '12345678' })).message).toBe(
      '密码需同时包含字母和数字',
    );
    expect((await post(t.app, '/api/appuser/originregister', { ...base, password: 'password123', confirmPassword: 'password123' })).message).toBe(
      '密码过于简单，请换一个更安全的密码',
    );
    expect((await post(t.app, '/api/appuser/originregister', { ...base, agree: false })).message).toMatch(/请阅读并同意/);
    expect((await post(t.app, '/api/appuser/originregister', base)).message).toBe('验证码错误或已过期');
  });

  it('tells a taken number only after a valid code', async () => {
    await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { phone: '13600000003', password: TEST_PASSWORD } });
    expect((await post(t.app, '/api/appuser/originregister', { ...form, phone: '13600000003', code: '123456' })).message).toBe('验证码错误或已过期');
    const code = await registerCode('13600000003');
    expect((await post(t.app, '/api/appuser/originregister', { ...form, phone: '13600000003', code })).message).toBe('该手机号已注册');
  });
});

describe('passwords and sessions', () => {
  it('recovery by SMS code sets the password and ends every session', async () => {
    await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { phone: '13600000011', password: TEST_PASSWORD } });
    const before = (await login(t.app, '13600000011')).data.authToken;
    await post(t.app, '/api/appuser/sendcode', { phone: '13600000011', purpose: 'forget' });
    const code = await lastCode(t.app, '13600000011');
    const r = await post(t.app, '/api/appuser/forgetpwd', { phone: '13600000011', code, password: 'Fresh2026pw', confirmPassword: 'Fresh2026pw' });
    expect(r.code).toBe(0);
    expect((await get(t.app, '/api/appuser/loginuserinfo', before)).code).toBe(1);
    expect((await login(t.app, '13600000011')).code).not.toBe(0);
    expect((await login(t.app, '13600000011', 'Fresh2026pw')).code).toBe(0);
  });

  it('password change proves the old one and ends all sessions, the current one included', async () => {
    await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { phone: '13600000012', password: TEST_PASSWORD } });
    const a = (await login(t.app, '13600000012')).data.authToken;
    const b = (await login(t.app, '13600000012')).data.authToken;
    const wrongOld = await post(t.app, '/api/appuser/modifypwd', { oldPassword: 'Nope2026x', password: 'Next2026pw', confirmPassword: 'Next2026pw' }, a);
    expect(wrongOld.message).toBe('原密码错误');
    const r = await post(t.app, '/api/appuser/modifypwd', { oldPassword: TEST_PASSWORD, password: 'Next2026pw', confirmPassword: 'Next2026pw' }, a);
    expect(r.code).toBe(0);
    expect((await get(t.app, '/api/appuser/loginuserinfo', a)).code).toBe(1);
    expect((await get(t.app, '/api/appuser/loginuserinfo', b)).code).toBe(1);
    expect((await login(t.app, '13600000012', 'Next2026pw')).code).toBe(0);
  });

  it('lists active sessions and ends the others', async () => {
    await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { phone: '13600000013', password: TEST_PASSWORD } });
    const a = (await login(t.app, '13600000013')).data.authToken;
    const b = (await login(t.app, '13600000013')).data.authToken;
    const list = await get<{ list: { id: number; current: boolean; device: string }[] }>(t.app, '/api/appuser/sessions', a);
    expect(list.data.list).toHaveLength(2);
    expect(list.data.list.filter((s) => s.current)).toHaveLength(1);
    expect((await post(t.app, '/api/appuser/endsessions', {}, a)).code).toBe(0);
    expect((await get(t.app, '/api/appuser/loginuserinfo', a)).code).toBe(0);
    expect((await get(t.app, '/api/appuser/loginuserinfo', b)).code).toBe(1);
  });
});

describe('account changes', () => {
  it('changes the phone with codes to the old and the new number (form-encoded)', async () => {
    await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { phone: '13600000021', password: TEST_PASSWORD } });
    const token = (await login(t.app, '13600000021')).data.authToken;
    await post(t.app, '/api/appuser/sendcode', { purpose: 'oldphone' }, token);
    await post(t.app, '/api/appuser/sendcode', { phone: '13600000022', purpose: 'newphone' }, token);
    const oldCode = await lastCode(t.app, '13600000021');
    const newCode = await lastCode(t.app, '13600000022');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appuser/replacecellphone',
      headers: { 'x-token': token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ oldCode, newPhone: '13600000022', newCode }).toString(),
    });
    expect(res.json()).toMatchObject({ code: 0 });
    expect((await login(t.app, '13600000022')).code).toBe(0);
    expect((await login(t.app, '13600000021')).code).not.toBe(0);
  });

  it('saves the user fields; an e-mail is bound only with the code sent to it, and only once', async () => {
    await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { phone: '13600000031', email: 'taken@example.com', password: TEST_PASSWORD } });
    await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { phone: '13600000032', password: TEST_PASSWORD } });
    const token = (await login(t.app, '13600000032')).data.authToken;
    const r = await post<{ realName: string; gender: number; email: string }>(
      t.app,
      '/api/appuser/modifyuserinfo',
      { realName: '李工', nickName: '老李', gender: 0, avatar: 'u/2026/11/abcdefghijklmnopqrstuv.jpg', email: '' },
      token,
    );
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ realName: '李工', gender: 0, email: '' });
    // Typing an address is not enough: it must be proved.
    expect((await post(t.app, '/api/appuser/modifyuserinfo', { email: 'Li@Example.com' }, token)).message).toBe('请通过邮箱验证码绑定邮箱');
    expect((await post(t.app, '/api/appuser/sendemailcode', { email: 'li@example.com', purpose: 'bind' })).code).toBe(1);
    expect((await post(t.app, '/api/appuser/sendemailcode', { email: 'Li@Example.com', purpose: 'bind' }, token)).code).toBe(0);
    const code = await lastCode(t.app, 'li@example.com');
    const wrong = String((Number(code) + 1) % 1e6).padStart(6, '0');
    expect((await post(t.app, '/api/appuser/bindemail', { email: 'li@example.com', code: wrong }, token)).message).toBe('验证码错误或已过期');
    const bound = await post<{ email: string }>(t.app, '/api/appuser/bindemail', { email: 'LI@example.com', code }, token);
    expect(bound).toMatchObject({ code: 0, data: { email: 'li@example.com' } });
    // Saving the profile keeps it.
    expect((await post<{ email: string }>(t.app, '/api/appuser/modifyuserinfo', { realName: '李工', email: 'li@example.com' }, token)).data.email).toBe(
      'li@example.com',
    );
    // An address bound to another account is refused even with its code.
    await post(t.app, '/api/appuser/sendemailcode', { email: 'TAKEN@example.com', purpose: 'bind' }, token);
    const takenCode = await lastCode(t.app, 'taken@example.com');
    expect((await post(t.app, '/api/appuser/bindemail', { email: 'TAKEN@example.com', code: takenCode }, token)).message).toBe('该邮箱已被其他账号绑定');
    const bad = await post(t.app, '/api/appuser/modifyuserinfo', { avatar: 'javascript:alert(1)' }, token);
    expect(bad.code).not.toBe(0);
  });

  it('the database keeps e-mails unique whatever their case', async () => {
    await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { phone: '13600000041', email: 'same@example.com', password: TEST_PASSWORD } });
    await expect(insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { phone: '13600000042', email: 'Same@Example.com', password: TEST_PASSWORD } })).rejects.toThrow();
  });
});
