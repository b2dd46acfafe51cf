import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Code, type CompanyInvitationRow, type CompanyUserRow, type Paged } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { companyInvitations, sandboxOutbox, users } from '../../db/schema/index.ts';
import { verifyPassword } from '../../lib/password.ts';
import { ageCodes, type CompanyWithAdmin, insertCompany, lastCode, newPhone, presetRoleId, signedInUser, twoSuppliers } from '../../test/factories/index.ts';
import { call } from '../../test/http.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

let t: TestApp;
let a: CompanyWithAdmin;
let b: CompanyWithAdmin;

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b } = await twoSuppliers(t.database.db));
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/access/invitations.test.ts');

const post = <T = unknown>(token: string | null, url: string, body: unknown = {}) => call<T>(t.app, token, 'POST', url, body);
const accept = (phone: string, code: string, password = 'Water2026x') =>
  post<{ authToken: string; userInfo: { userId: number } }>(null, '/api/appuser/acceptinvite', {
    phone,
    code,
    password,
    confirmPassword: password,
  });
const outboxFor = (phone: string) => t.database.db.select().from(sandboxOutbox).where(eq(sandboxOutbox.target, phone));
const invitations = async (token: string) => (await post<CompanyInvitationRow[]>(token, '/api/user/invitations')).data;

describe('invitations', () => {
  it('the administrator sets no password; the number gets a code, sets its own password and joins with the roles', async () => {
    const phone = newPhone();
    const goods = await presetRoleId(t.database.db, 'supplier.goods');
    const res = await post<{ sysNo: number }>(a.admin.token, '/api/user/invite', { phone, realName: '王五', password: 'Chosen2026x', roleIds: [goods] });
    expect(res.code).toBe(0);
    expect(res.message).toContain('邀请已发送');
    // Nothing exists for the number until it accepts: the inviter cannot sign in as it.
    expect(await t.database.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
    expect((await post(null, '/api/appuser/login', { account: phone, password: 'Chosen2026x' })).code).not.toBe(0);
    expect((await invitations(a.admin.token)).map((i) => i.phone)).toEqual([phone]);
    // The invitee proves the number with the texted code and chooses a password.
    const code = await lastCode(t.app, phone);
    const joined = await accept(phone, code, 'Mine2026abc');
    expect(joined).toMatchObject({ code: 0, message: '已加入企业' });
    const [row] = await t.database.db.select().from(users).where(eq(users.phone, phone));
    expect(row).toMatchObject({ companyId: a.id, realName: '王五', isCompanyAdmin: false });
    expect(await verifyPassword(row!.passwordHash, 'Mine2026abc')).toBe(true);
    const list = await post<Paged<CompanyUserRow>>(a.admin.token, '/api/user/list', { pageIndex: 1, pageSize: 10, keyword: '王五' });
    expect(list.data.list).toMatchObject([{ phone, roles: [{ sysNo: goods, name: '商品管理员' }] }]);
    expect(await invitations(a.admin.token)).toEqual([]);
    // The code is spent; the company's own user cannot be invited again.
    expect((await accept(phone, code)).code).not.toBe(0);
    expect((await post(a.admin.token, '/api/user/invite', { phone, realName: '王五' })).message).toBe('该手机号已是本企业用户');
  });

  it('answers the same for a registered number, sends it nothing, and it can never be joined to the company', async () => {
    const taken = await signedInUser(t.database.db, { companyId: b.id });
    const fresh = newPhone();
    const forTaken = await post(a.admin.token, '/api/user/invite', { phone: taken.phone, realName: '某' });
    const forFresh = await post(a.admin.token, '/api/user/invite', { phone: fresh, realName: '某' });
    expect({ ...forTaken, data: null }).toEqual({ ...forFresh, data: null });
    expect(await outboxFor(taken.phone)).toHaveLength(0);
    expect(await outboxFor(fresh)).toHaveLength(1);
    // Asking for an invitation code on /sso/invite: the same answer, still nothing delivered.
    await ageCodes(t.database.db, taken.phone, 61);
    await ageCodes(t.database.db, fresh, 61);
    const sendTaken = await post(null, '/api/appuser/sendcode', { phone: taken.phone, purpose: 'invite' });
    const sendFresh = await post(null, '/api/appuser/sendcode', { phone: fresh, purpose: 'invite' });
    expect(sendTaken).toEqual(sendFresh);
    expect(await outboxFor(taken.phone)).toHaveLength(0);
    expect(await outboxFor(fresh)).toHaveLength(2);
    expect((await accept(taken.phone, '123456')).message).toBe('验证码错误或已过期');
    const [row] = await t.database.db.select().from(users).where(eq(users.phone, taken.phone));
    expect(row!.companyId).toBe(b.id);
  });

  it('the owner can still register the number while an invitation is pending; then the invitation cannot be used', async () => {
    const phone = newPhone();
    await post(a.admin.token, '/api/user/invite', { phone, realName: '某' });
    const code = await lastCode(t.app, phone);
    // The owner registers on their own (another company) meanwhile.
    const own = (await insertCompany(t.database.db, { type: 4 })).id;
    await t.database.db.insert(users).values({ companyId: own, phone, passwordHash: 'x', isCompanyAdmin: true });
    expect((await accept(phone, code)).code).not.toBe(0);
    const [row] = await t.database.db.select().from(users).where(eq(users.phone, phone));
    expect(row!.companyId).toBe(own);
  });

  it('a revoked or expired invitation cannot be accepted; another company cannot revoke it', async () => {
    crossCompanyCaller(b.admin.token);
    const revoked = newPhone();
    const inv = await post<{ sysNo: number }>(a.admin.token, '/api/user/invite', { phone: revoked, realName: '甲' });
    expect((await post(b.admin.token, '/api/user/revokeinvite', { sysNo: inv.data.sysNo })).code).not.toBe(0);
    expect(await invitations(b.admin.token)).toEqual([]);
    // B can neither hand out A's own role nor displace A's invitation by inviting the same number.
    const aRole = await post<{ sysNo: number }>(a.admin.token, '/api/role/create', { name: '甲的仓管', permissions: [], menuIds: [] });
    expect(aRole.code).toBe(0);
    const aPending = await invitations(a.admin.token);
    expect(await post(b.admin.token, '/api/user/invite', { phone: newPhone(), realName: '丙', roleIds: [aRole.data.sysNo] })).toMatchObject({
      code: Code.INVALID,
      message: '角色不存在',
    });
    const mine = await post<{ sysNo: number }>(b.admin.token, '/api/user/invite', { phone: revoked, realName: '乙邀请的', companyId: a.id });
    expect(mine.code).toBe(0);
    expect(await invitations(a.admin.token)).toEqual(aPending);
    expect((await invitations(b.admin.token)).map((i) => [i.sysNo, i.phone, i.roles])).toEqual([[mine.data.sysNo, revoked, []]]);
    expect((await post(b.admin.token, '/api/user/revokeinvite', { sysNo: mine.data.sysNo })).code).toBe(0);
    expect(await post(a.admin.token, '/api/user/revokeinvite', { sysNo: inv.data.sysNo })).toMatchObject({ code: 0, message: '邀请已撤销' });
    expect((await accept(revoked, await lastCode(t.app, revoked))).message).toContain('邀请不存在或已失效');

    const expired = newPhone();
    await post(a.admin.token, '/api/user/invite', { phone: expired, realName: '乙' });
    await t.database.db
      .update(companyInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(companyInvitations.phone, expired), eq(companyInvitations.companyId, a.id)));
    expect((await invitations(a.admin.token)).map((i) => i.phone)).not.toContain(expired);
    expect((await accept(expired, await lastCode(t.app, expired))).message).toContain('邀请不存在或已失效');
    expect(await t.database.db.select().from(users).where(eq(users.phone, expired))).toHaveLength(0);
  });

  it('refuses a bad number, a weak password and a wrong code with clear messages, creating nothing', async () => {
    expect((await post(a.admin.token, '/api/user/invite', { phone: '12345', realName: '某' })).message).toContain('请输入正确的11位手机号');
    const phone = newPhone();
    await post(a.admin.token, '/api/user/invite', { phone, realName: '某' });
    const code = await lastCode(t.app, phone);
    expect((await accept(phone, code, 'abcdefgh')).message).toContain('字母和数字');
    const wrong = String((Number(code) + 1) % 1e6).padStart(6, '0');
    expect((await accept(phone, wrong)).message).toBe('验证码错误或已过期');
    expect(await t.database.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
    expect((await accept(phone, code)).code).toBe(0);
  });
});
