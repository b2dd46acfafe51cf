import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@aquamall/shared';
import { merchantApplications, messages, sessions, users } from './db/schema/index.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { signedInCompanyAdmin } from './test/factories/index.ts';
import { call, login } from './test/http.ts';

/**
 * Cross-company isolation on the demo data: supplier 18800000002 (company A) aims every workbench call that takes
 * an id, or could be fooled by a smuggled `companyId`, at supplier 18800000003 (company B). Roles, users and the
 * file list have their own isolation tests (access/roles-users, files/upload); this covers the rest.
 */

let t: TestApp;
let a: { token: string; companyId: number; userId: number };
let b: { token: string; companyId: number; userId: number };

/** `call` as the token's holder; a server failure fails the test even where the answer is not asserted. */
async function as<T = unknown>(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const answer = await call<T>(t.app, token, method, url, payload);
  expect(answer.code).not.toBe(Code.SERVER_ERROR);
  return answer;
}

/** A demo supplier of the seed, signed in through the login API. */
async function signIn(account: string) {
  const token = (await login(t.app, account)).data.authToken;
  const [user] = await t.database.db.select().from(users).where(eq(users.phone, account));
  if (!user?.companyId) throw new Error(`demo user ${account} has no company`);
  return { token, companyId: user.companyId, userId: user.id };
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  a = await signIn('18800000002');
  b = await signIn('18800000003');
});
afterAll(async () => t?.close());

/** What company B sees of itself on its workbench. */
async function bView() {
  const [settings, bank, application] = await Promise.all([
    as(b.token, 'GET', '/api/store/settings'),
    as(b.token, 'GET', '/api/bank/account'),
    as(b.token, 'GET', '/api/merchant/application'),
  ]);
  return { settings: settings.data, bank: bank.data, application: application.data };
}

describe('one company never sees or changes another’s data', () => {
  it('messages: B’s messages are neither listed nor marked read for A', async () => {
    const db = t.database.db;
    const inserted = await db
      .insert(messages)
      .values([
        { companyId: b.companyId, type: 'system', title: '乙公司的私信一' },
        { companyId: b.companyId, type: 'system', title: '乙公司的私信二' },
      ])
      .returning({ id: messages.id });
    const ids = inserted.map((m) => m.id);
    const list = await as<{ list: { id: number; title: string }[] }>(a.token, 'GET', '/api/message/list?pageIndex=1&pageSize=100');
    expect(list.code).toBe(0);
    expect(list.data.list.map((m) => m.id)).not.toEqual(expect.arrayContaining([ids[0]]));
    expect(list.data.list.some((m) => m.title.startsWith('乙公司'))).toBe(false);
    expect((await as<{ updated: number }>(a.token, 'POST', '/api/message/read', { ids })).data.updated).toBe(0);
    await as(a.token, 'POST', '/api/message/read', { all: true });
    const rows = await db.select().from(messages).where(inArray(messages.id, ids));
    expect(rows.every((m) => m.readAt === null)).toBe(true);
    const unread = await as<{ count: number }>(b.token, 'GET', '/api/message/unreadcount');
    expect(unread.data.count).toBeGreaterThanOrEqual(2);
  });

  it('shop settings, bank account and merchant application: A reads only its own; a smuggled companyId changes nothing of B', async () => {
    const before = await bView();
    const mine = await as<{ shopName: string }>(a.token, 'GET', '/api/store/settings');
    expect(mine.code).toBe(0);
    expect(mine.data).not.toEqual(before.settings);

    const smuggled = { companyId: b.companyId, id: b.companyId, userId: b.userId };
    await as(a.token, 'POST', '/api/store/settings/save', { ...smuggled, shopName: '甲公司改名店铺' });
    await as(a.token, 'POST', '/api/bank/account/save', {
      ...smuggled,
      accountName: '甲公司对公账户',
      bankName: '中国银行',
      accountNo: '6222020000001234',
    });
    expect(await bView()).toEqual(before);
    expect((await as<{ shopName: string }>(a.token, 'GET', '/api/store/settings')).data.shopName).toBe('甲公司改名店铺');
  });

  it('merchant application: a smuggled companyId in a draft that really is saved lands on the caller only', async () => {
    // A supplier that is not a merchant yet, so the draft save reaches the write path (A and B are merchants).
    const { company: c, token } = await signedInCompanyAdmin(t.database.db, {
      company: { name: '丙公司（未入驻）', type: 2 },
      user: { phone: '13712340001' },
    });
    const before = await bView();
    const smuggled = { companyId: b.companyId, id: b.companyId, userId: b.userId };
    const saved = await as<{ id: number; shopName: string }>(token, 'POST', '/api/merchant/application/save', {
      ...smuggled,
      shopName: '丙公司草稿',
    });
    expect(saved).toMatchObject({ code: 0, data: { shopName: '丙公司草稿' } });
    const [row] = await t.database.db.select().from(merchantApplications).where(eq(merchantApplications.id, saved.data.id));
    expect(row!.companyId).toBe(c!.id);
    expect(await bView()).toEqual(before);
  });

  it('shop floors and own products: A can neither list nor showcase B’s products', async () => {
    const bProducts = await as<{ id: number }[]>(b.token, 'GET', '/api/store/products');
    const bIds = bProducts.data.map((p) => p.id);
    expect(bIds.length).toBeGreaterThan(0);
    const aIds = (await as<{ id: number }[]>(a.token, 'GET', '/api/store/products')).data.map((p) => p.id);
    expect(aIds.filter((id) => bIds.includes(id))).toEqual([]);
    const save = await as(a.token, 'POST', '/api/store/settings/save', {
      shopName: '甲公司店铺',
      shopFloors: [{ title: '借来的楼层', productIds: [bIds[0]] }],
    });
    expect(save).toMatchObject({ code: Code.INVALID, message: '楼层中包含不属于本店铺的商品' });
  });

  it('users: A cannot update or disable B’s administrator', async () => {
    const update = await as(a.token, 'POST', '/api/user/update', { sysNo: b.userId, realName: '被改', roleIds: [] });
    expect(update.code).toBe(Code.NOT_FOUND);
    const disable = await as(a.token, 'POST', '/api/user/disable', { sysNo: b.userId, disabled: true });
    expect(disable.code).toBe(Code.NOT_FOUND);
    expect((await as(b.token, 'GET', '/api/role/mine')).code).toBe(0);
  });

  it('sessions: A cannot end B’s sessions by id', async () => {
    const [bSession] = await t.database.db.select().from(sessions).where(eq(sessions.userId, b.userId));
    expect(bSession).toBeDefined();
    expect((await as(a.token, 'POST', '/api/appuser/endsessions', { ids: [bSession!.id] })).code).toBe(0);
    const [after] = await t.database.db.select().from(sessions).where(eq(sessions.id, bSession!.id));
    expect(after?.revokedAt).toBeNull();
    expect((await as(b.token, 'GET', '/api/role/mine')).code).toBe(0);
  });
});
