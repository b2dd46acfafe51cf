import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { MSG } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { auditLogs, messages, twoFactorRecoveryCodes, userTwoFactor, wechatTickets } from '../../db/schema/index.ts';
import {
  DEMO_TOTP_SECRET,
  insertCompanyWithAdmin,
  insertPlatformAdmin,
  insertUser,
  lastCode,
  signIn,
  signedInCompanyAdmin,
  TEST_PASSWORD,
} from '../../test/factories/index.ts';
import { get, post } from '../../test/http.ts';
import { openSecret, sealSecret, totpStep } from './totp.ts';
import { MSG_BAD_TOTP, MSG_CHALLENGE_GONE, MSG_MUST_ENROL, MSG_REQUIRED, MSG_TOTP_USED } from './two-factor.ts';
import { MSG_LOCKED } from './messages.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/auth/two-factor.test.ts');

const now = () => Math.floor(Date.now() / 1000);
/** The code of a secret `steps` periods from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: now() + steps * 30 });

type Status = { enabled: boolean; required: boolean; recoveryCodesLeft: number };

let phoneSeq = 0;
const nextPhone = () => `137${String(process.pid % 10000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`;

/** A company administrator who can sign in by password, with a session token. */
async function companyUser(companyOverrides: Record<string, unknown> = {}) {
  const phone = nextPhone();
  const { company, user } = await insertCompanyWithAdmin(t.database.db, {
    company: { type: 4, ...companyOverrides },
    user: { phone, password: TEST_PASSWORD, email: `${phone}@example.com` },
  });
  const { token } = await signIn(t.database.db, user);
  return { company, user, phone, token };
}

/** Enrols through the API (enrol, then confirm with a code); answers the secret and the recovery codes. */
async function enrol(token: string) {
  const started = await post<{ secret: string; otpauthUrl: string; qrImage: string }>(t.app, '/api/appuser/2fa/enrol', {}, token);
  expect(started.code, started.message).toBe(0);
  const secret = started.data.secret;
  const confirmed = await post<{ recoveryCodes: string[] }>(t.app, '/api/appuser/2fa/confirm', { code: await codeAt(secret, 0) }, token);
  expect(confirmed.code, confirmed.message).toBe(0);
  return { secret, recoveryCodes: confirmed.data.recoveryCodes, started: started.data };
}

/** First factor by password: the pending token (fails the test when a session came back instead). */
async function firstStep(account: string, extra: object = {}, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/appuser/login', payload: { account, password: TEST_PASSWORD, ...extra }, headers });
  const body = res.json() as { code: number; message: string; data: { authToken?: string; twoFactor?: { token: string } } };
  expect(body.code, body.message).toBe(0);
  return body.data;
}

const verify = (token: string, code: string, rememberDevice = false) =>
  t.app.inject({ method: 'POST', url: '/api/appuser/2fa/verify', payload: { token, code, rememberDevice } });

describe('TOTP codes', () => {
  it('accepts the current step and one step either side, not two', async () => {
    const at = 1_900_000_000;
    const s = DEMO_TOTP_SECRET;
    const step = Math.floor(at / 30);
    expect(await totpStep(s, await generate({ secret: s, epoch: at }), at * 1000)).toBe(step);
    expect(await totpStep(s, await generate({ secret: s, epoch: at - 30 }), at * 1000)).toBe(step - 1);
    expect(await totpStep(s, await generate({ secret: s, epoch: at + 30 }), at * 1000)).toBe(step + 1);
    expect(await totpStep(s, await generate({ secret: s, epoch: at - 65 }), at * 1000)).toBeNull();
    expect(await totpStep(s, await generate({ secret: s, epoch: at + 65 }), at * 1000)).toBeNull();
    expect(await totpStep(s, 'abcdef', at * 1000)).toBeNull();
  });

  it('seals secrets with TWO_FACTOR_KEY and opens only with the same key', () => {
    const old = process.env.TWO_FACTOR_KEY;
    try {
      process.env.TWO_FACTOR_KEY = 'k1-test-key';
      const sealed = sealSecret(DEMO_TOTP_SECRET);
      expect(sealed.startsWith('gcm:')).toBe(true);
      expect(sealed).not.toContain(DEMO_TOTP_SECRET);
      expect(openSecret(sealed)).toBe(DEMO_TOTP_SECRET);
      process.env.TWO_FACTOR_KEY = 'another-key';
      expect(openSecret(sealed)).toBeNull();
    } finally {
      if (old === undefined) delete process.env.TWO_FACTOR_KEY;
      else process.env.TWO_FACTOR_KEY = old;
    }
  });
});

describe('enrolment', () => {
  it('enrols with a QR and a key, confirms with a code, and never answers the secret again', async () => {
    const u = await companyUser();
    const before = await get<Status>(t.app, '/api/appuser/2fa/status', u.token);
    expect(before.data).toMatchObject({ enabled: false, required: false });
    // An unconfirmed enrolment does not turn anything on: sign-in still gives a session at once.
    const started = await post<{ secret: string; otpauthUrl: string; qrImage: string }>(t.app, '/api/appuser/2fa/enrol', {}, u.token);
    expect(started.data.otpauthUrl).toMatch(/^otpauth:\/\/totp\/AquaMall:/);
    expect(started.data.qrImage).toMatch(/^data:image\/png;base64,/);
    expect((await firstStep(u.phone)).authToken).toBeTruthy();
    expect((await post(t.app, '/api/appuser/2fa/confirm', { code: '000000' }, u.token)).message).toBe(MSG_BAD_TOTP);

    const { recoveryCodes } = await enrol(u.token);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const status = await get<Status>(t.app, '/api/appuser/2fa/status', u.token);
    expect(status.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(status.data)).not.toMatch(/secret/i);
    expect((await post(t.app, '/api/appuser/2fa/enrol', {}, u.token)).message).toBe('两步验证已开启');
    // Stored hashed (argon2id), never as typed.
    const rows = await t.database.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, u.user.id));
    expect(rows.every((r) => r.codeHash.startsWith('$argon2id$'))).toBe(true);
    // Audited and in the user's inbox.
    const audit = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'two_factor.enable'), eq(auditLogs.targetId, String(u.user.id))));
    expect(audit).toHaveLength(1);
    const inbox = await t.database.db.select().from(messages).where(and(eq(messages.userId, u.user.id), eq(messages.type, 'security_2fa')));
    expect(inbox.map((m) => m.title)).toContain('您已开启两步验证');
  });

  it('regenerates recovery codes (old ones stop working) and disables with a code or the password', async () => {
    const u = await companyUser();
    const { secret, recoveryCodes } = await enrol(u.token);
    const again = await post<{ recoveryCodes: string[] }>(t.app, '/api/appuser/2fa/recoverycodes', { code: await codeAt(secret, 1) }, u.token);
    expect(again.code, again.message).toBe(0);
    const pending = (await firstStep(u.phone)).twoFactor!;
    expect((await verify(pending.token, recoveryCodes[0]!)).json().message).toBe(MSG_BAD_TOTP);
    expect((await verify(pending.token, again.data.recoveryCodes[0]!)).json().code).toBe(0);

    expect((await post(t.app, '/api/appuser/2fa/disable', { password: 'Wrong1234' }, u.token)).message).toBe('登录密码错误');
    expect((await post(t.app, '/api/appuser/2fa/disable', { password: TEST_PASSWORD }, u.token)).code).toBe(0);
    expect((await get<Status>(t.app, '/api/appuser/2fa/status', u.token)).data).toMatchObject({ enabled: false });
    expect((await firstStep(u.phone)).authToken).toBeTruthy();
    const audit = await t.database.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.targetId, String(u.user.id)));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['two_factor.recovery_regenerate', 'two_factor.recovery_used', 'two_factor.disable']));
  });
});

describe('second step of sign-in', () => {
  it('accepts a code once (replay guard) and the pending token once; the token is no session', async () => {
    const u = await companyUser();
    const { secret } = await enrol(u.token);
    const pending = (await firstStep(u.phone)).twoFactor!;
    expect((await get(t.app, '/api/appuser/loginuserinfo', pending.token)).code).toBe(1);
    const code = await codeAt(secret, 1);
    const ok = (await verify(pending.token, code)).json();
    expect(ok.code, ok.message).toBe(0);
    expect((await get<{ userId: number }>(t.app, '/api/appuser/loginuserinfo', ok.data.authToken)).data.userId).toBe(u.user.id);
    // The same pending token again, and the same code on a new sign-in: both refused.
    expect((await verify(pending.token, await codeAt(secret, 0))).json().message).toBe(MSG_CHALLENGE_GONE);
    const second = (await firstStep(u.phone)).twoFactor!;
    expect((await verify(second.token, code)).json().message).toBe(MSG_TOTP_USED);
    // An earlier step than the last accepted one is refused as well.
    expect((await verify(second.token, await codeAt(secret, 0))).json().message).toBe(MSG_TOTP_USED);
    // An expired pending token is refused.
    await t.database.db.execute(sql`update two_factor_challenges set expires_at = now() - interval '1 second' where user_id = ${u.user.id}`);
    expect((await verify(second.token, await codeAt(secret, 1))).json().message).toBe(MSG_CHALLENGE_GONE);
  });

  it('accepts each recovery code once', async () => {
    const u = await companyUser();
    const { recoveryCodes } = await enrol(u.token);
    const first = (await firstStep(u.phone)).twoFactor!;
    expect((await verify(first.token, recoveryCodes[3]!.toUpperCase())).json().code).toBe(0);
    const second = (await firstStep(u.phone)).twoFactor!;
    expect((await verify(second.token, recoveryCodes[3]!)).json().message).toBe(MSG_BAD_TOTP);
    expect((await verify(second.token, recoveryCodes[4]!)).json().code).toBe(0);
    expect((await get<Status>(t.app, '/api/appuser/2fa/status', u.token)).data.recoveryCodesLeft).toBe(8);
    const inbox = await t.database.db.select().from(messages).where(and(eq(messages.userId, u.user.id), eq(messages.type, 'security_2fa')));
    expect(inbox.filter((m) => m.title.includes('恢复码登录'))).toHaveLength(2);
  });

  it('locks after 10 wrong codes like passwords: then even the right code is refused', async () => {
    const u = await companyUser();
    const { secret } = await enrol(u.token);
    const pending = (await firstStep(u.phone)).twoFactor!;
    const answers: string[] = [];
    for (let i = 0; i < 10; i++) answers.push((await verify(pending.token, '000000')).json().message);
    expect(answers.slice(0, 9).every((m) => m === MSG_BAD_TOTP)).toBe(true);
    expect(answers[9]).toBe(MSG_LOCKED);
    expect((await verify(pending.token, await codeAt(secret, 1))).json().message).toBe(MSG_LOCKED);
  });

  it('every sign-in method asks for the second factor: password, SMS code, e-mail code, WeChat', async () => {
    const u = await companyUser();
    const { secret } = await enrol(u.token);
    expect((await firstStep(u.phone)).twoFactor?.token).toBeTruthy();

    expect((await post(t.app, '/api/appuser/sendcode', { phone: u.phone, purpose: 'login' })).code).toBe(0);
    const sms = await post<{ twoFactor?: { token: string }; authToken?: string }>(t.app, '/api/appuser/loginbyphone', { phone: u.phone, code: await lastCode(t.app, u.phone) });
    expect(sms.code, sms.message).toBe(0);
    expect(sms.data.authToken).toBeUndefined();
    expect(sms.data.twoFactor?.token).toBeTruthy();

    const email = `${u.phone}@example.com`;
    expect((await post(t.app, '/api/appuser/sendemailcode', { email, purpose: 'login' })).code).toBe(0);
    const byEmail = await post<{ twoFactor?: { token: string } }>(t.app, '/api/appuser/loginbyemail', { email, code: await lastCode(t.app, email) });
    expect(byEmail.code, byEmail.message).toBe(0);
    expect(byEmail.data.twoFactor?.token).toBeTruthy();

    await t.database.db.insert(wechatTickets).values({
      ticket: `ticket-two-factor-${u.user.id}-0000`,
      clientId: `client-two-factor-${u.user.id}-0000`,
      status: 'confirmed',
      openId: `open-${u.user.id}`,
      userId: u.user.id,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const wx = await get<{ twoFactor?: { token: string } }>(t.app, `/api/appuser/wtcWxlogin?ticket=ticket-two-factor-${u.user.id}-0000&id=client-two-factor-${u.user.id}-0000`);
    expect(wx.code, wx.message).toBe(0);
    expect(wx.data.twoFactor?.token).toBeTruthy();
    // The WeChat sign-in completes with a code.
    const done = (await verify(wx.data.twoFactor!.token, await codeAt(secret, 1))).json();
    expect(done.code, done.message).toBe(0);
  });

  it('a remembered device skips the second step for 30 days, then asks again', async () => {
    const u = await companyUser();
    const { secret } = await enrol(u.token);
    const pending = (await firstStep(u.phone)).twoFactor!;
    const res = await verify(pending.token, await codeAt(secret, 1), true);
    expect(res.json().code).toBe(0);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/aq2fa=[\w-]+;.*Max-Age=2592000;.*HttpOnly/);
    const cookie = setCookie.split(';')[0]!;
    expect((await firstStep(u.phone, {}, { cookie })).authToken).toBeTruthy();
    // Another user's device cookie does not count for this one.
    const other = await companyUser();
    await enrol(other.token);
    expect((await firstStep(other.phone, {}, { cookie })).twoFactor).toBeTruthy();
    // Expired: asked again.
    await t.database.db.execute(sql`update two_factor_devices set expires_at = now() - interval '1 second' where user_id = ${u.user.id}`);
    expect((await firstStep(u.phone, {}, { cookie })).twoFactor).toBeTruthy();
  });
});

describe('remembered devices', () => {
  type Device = { id: number; device: string; ip: string; lastUsedAt: string | null; current: boolean };
  const CHROME_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
  const SAFARI_IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  /** Signs in with the second step and 记住此设备 from a browser (user agent); answers its device cookie. */
  async function remember(phone: string, secret: string, steps: number, ua: string) {
    const pending = (await firstStep(phone, {}, { 'user-agent': ua })).twoFactor!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appuser/2fa/verify',
      payload: { token: pending.token, code: await codeAt(secret, steps), rememberDevice: true },
      headers: { 'user-agent': ua },
    });
    expect(res.json().code, res.json().message).toBe(0);
    return String(res.headers['set-cookie']).split(';')[0]!;
  }
  const call = async <T>(method: 'GET' | 'POST', url: string, token: string, cookie = '', payload?: object) => {
    const res = await t.app.inject({ method, url, payload, headers: { 'x-token': token, ...(cookie ? { cookie } : {}) } });
    return { body: res.json() as { code: number; message: string; data: T }, setCookie: String(res.headers['set-cookie'] ?? '') };
  };
  const list = async (token: string, cookie = '') => (await call<Device[]>('GET', '/api/appuser/2fa/devices', token, cookie)).body.data;

  it("lists the caller's own devices with browser, system, address and use; removes one or all; never another user's", async () => {
    const u = await companyUser();
    const { secret } = await enrol(u.token);
    const pc = await remember(u.phone, secret, 1, CHROME_WIN);
    // The replay guard accepts one code per step: the second browser's code is the same step's, let it pass.
    await t.database.db.update(userTwoFactor).set({ lastStep: 0 }).where(eq(userTwoFactor.userId, u.user.id));
    const phone = await remember(u.phone, secret, 1, SAFARI_IOS);
    const other = await companyUser();
    const o = await enrol(other.token);
    const otherCookie = await remember(other.phone, o.secret, 1, CHROME_WIN);

    // The PC signs in again without the second step: that use is recorded.
    expect((await firstStep(u.phone, {}, { cookie: pc, 'user-agent': CHROME_WIN })).authToken).toBeTruthy();
    const mine = await list(u.token, pc);
    expect(mine.map((d) => d.device).sort()).toEqual(['Windows · Chrome', 'iOS · Safari']);
    const pcRow = mine.find((d) => d.current)!;
    expect(pcRow.device).toBe('Windows · Chrome');
    expect(pcRow.lastUsedAt).toBeTruthy();
    expect(pcRow.ip).toBeTruthy();
    expect(mine.filter((d) => d.current)).toHaveLength(1);
    const phoneRow = mine.find((d) => !d.current)!;
    expect(phoneRow.lastUsedAt).toBeNull();

    // Another user sees only their own device and cannot remove this user's (same answer as a missing one).
    const theirs = await list(other.token, pc);
    expect(theirs.map((d) => d.id)).not.toContain(pcRow.id);
    expect(theirs.every((d) => !d.current)).toBe(true);
    const refused = await call('POST', '/api/appuser/2fa/devices/remove', other.token, otherCookie, { id: pcRow.id });
    expect(refused.body.message).toBe(MSG.recordNotFound);
    expect(await list(u.token)).toHaveLength(2);
    expect((await call('POST', '/api/appuser/2fa/devices/removeall', other.token)).body.data).toEqual({ removed: 1 });
    expect(await list(u.token)).toHaveLength(2);

    // Removing the current device drops its cookie; that browser asks for the second step again.
    const removed = await call('POST', '/api/appuser/2fa/devices/remove', u.token, pc, { id: pcRow.id });
    expect(removed.body.code, removed.body.message).toBe(0);
    expect(removed.setCookie).toMatch(/aq2fa=;.*Max-Age=0/);
    expect((await firstStep(u.phone, {}, { cookie: pc })).twoFactor).toBeTruthy();
    expect((await firstStep(u.phone, {}, { cookie: phone })).authToken).toBeTruthy();
    expect((await call('POST', '/api/appuser/2fa/devices/remove', u.token, '', { id: pcRow.id })).body.message).toBe(MSG.recordNotFound);

    const all = await call<{ removed: number }>('POST', '/api/appuser/2fa/devices/removeall', u.token);
    expect(all.body.data).toEqual({ removed: 1 });
    expect(await list(u.token)).toEqual([]);
    expect((await firstStep(u.phone, {}, { cookie: phone })).twoFactor).toBeTruthy();

    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, String(u.user.id)));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['two_factor.device_remove', 'two_factor.devices_remove_all']));
    const inbox = await t.database.db.select().from(messages).where(and(eq(messages.userId, u.user.id), eq(messages.type, 'security_2fa')));
    expect(inbox.map((m) => m.title)).toEqual(expect.arrayContaining(['您已移除记住的设备：Windows · Chrome', '您已移除全部记住的设备']));
  });
});

describe('who must use it', () => {
  it('a company may require it: its users are refused workbench calls until they enrol', async () => {
    const admin = await companyUser();
    const member = await insertUser(t.database.db, { companyId: admin.company.id, phone: nextPhone(), password: TEST_PASSWORD });
    const { token: memberToken } = await signIn(t.database.db, member);
    expect((await post(t.app, '/api/user/list', { pageIndex: 1, pageSize: 10 }, admin.token)).code).toBe(0);

    const saved = await post(t.app, '/api/user/2fa/policy', { enforce: true }, admin.token);
    expect(saved.code, saved.message).toBe(0);
    expect((await get(t.app, '/api/user/2fa/policy', admin.token)).message).toBe(MSG_MUST_ENROL);
    const refused = await post(t.app, '/api/user/list', { pageIndex: 1, pageSize: 10 }, admin.token);
    expect(refused.message).toBe(MSG_MUST_ENROL);
    // Account calls still work, so the user can enrol.
    expect((await get<Status>(t.app, '/api/appuser/2fa/status', memberToken)).data).toMatchObject({ enabled: false, required: true });
    expect((await get(t.app, '/api/appuser/loginuserinfo', memberToken)).code).toBe(0);
    await enrol(admin.token);
    expect((await post(t.app, '/api/user/list', { pageIndex: 1, pageSize: 10 }, admin.token)).code).toBe(0);
    // Required: cannot be turned off.
    expect((await post(t.app, '/api/appuser/2fa/disable', { password: TEST_PASSWORD }, admin.token)).message).toBe(MSG_REQUIRED);
    const audit = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'two_factor.policy'), eq(auditLogs.targetId, String(admin.company.id))));
    expect(audit).toHaveLength(1);
  });

  it('platform administrators must enrol before the console answers', async () => {
    const admin = await insertPlatformAdmin(t.database.db, { password: TEST_PASSWORD });
    await t.database.db.delete(userTwoFactor).where(eq(userTwoFactor.userId, admin.id));
    const session = await firstStep(admin.adminName!);
    expect(session.authToken).toBeTruthy();
    expect((await get(t.app, '/admin/api/me', session.authToken)).message).toBe(MSG_MUST_ENROL);
    expect((await get<Status>(t.app, '/api/appuser/2fa/status', session.authToken)).data).toMatchObject({ enabled: false, required: true });
    await enrol(session.authToken!);
    expect((await get(t.app, '/admin/api/me', session.authToken)).code).toBe(0);
    // From now on the sign-in asks for the code.
    expect((await firstStep(admin.adminName!)).twoFactor).toBeTruthy();
  });
});

describe('reset', () => {
  it("a company administrator resets its own users only; a platform administrator anyone's", async () => {
    const a = await signedInCompanyAdmin(t.database.db, { company: { type: 4 } });
    crossCompanyCaller(a.token);
    const b = await companyUser();
    await enrol(b.token);
    expect((await post(t.app, '/api/user/2fa/reset', { userId: b.user.id }, a.token)).message).toBe('用户不存在');
    expect((await get<Status>(t.app, '/api/appuser/2fa/status', b.token)).data.enabled).toBe(true);

    const member = await insertUser(t.database.db, { companyId: b.company.id, phone: nextPhone(), password: TEST_PASSWORD });
    const memberSession = await signIn(t.database.db, member);
    await enrol(memberSession.token);
    expect((await post(t.app, '/api/user/2fa/reset', { userId: member.id }, b.token)).code).toBe(0);
    expect((await get<Status>(t.app, '/api/appuser/2fa/status', memberSession.token)).data.enabled).toBe(false);

    const admin = await insertPlatformAdmin(t.database.db);
    const { token: adminToken } = await signIn(t.database.db, admin);
    expect((await post(t.app, '/admin/api/user/2fa/reset', { userId: b.user.id }, adminToken)).code).toBe(0);
    expect((await get<Status>(t.app, '/api/appuser/2fa/status', b.token)).data.enabled).toBe(false);
    const audit = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'two_factor.reset'), eq(auditLogs.targetId, String(b.user.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(admin.id);
    const inbox = await t.database.db.select().from(messages).where(and(eq(messages.userId, b.user.id), eq(messages.type, 'security_2fa')));
    expect(inbox.map((m) => m.title)).toContain('您的两步验证已被管理员重置，请重新设置');
  });
});
