import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code } from '@aquamall/shared';
import { createTestApp, testDbKind, type TestApp } from '../../test/app.ts';
import { CACHE_FORGET } from '../../lib/cache-bus.ts';
import { EVENT_CHANNEL } from '../../lib/event-bus.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import {
  insertUser,
  signedInCompanyAdmin,
  signedInPlatformAdmin,
  signedInUser,
  signIn,
  TEST_PASSWORD,
  type SignedInUser,
} from '../../test/factories/index.ts';
import { call } from '../../test/http.ts';
import { accessCache } from '../access/access-cache.ts';
import { forgetSessions, hashToken as hashOf, SESSION_CACHE_TTL_MS, sessionCache } from './sessions.ts';

let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInPlatformAdmin(t.database.db, { adminName: 'cache-ops' });
});
afterAll(async () => t?.close());

/** The caches' clocks, moved by the tests instead of waiting. */
let offset = 0;
const realNow = () => performance.now();
sessionCache.now = () => realNow() + offset;
accessCache.now = () => realNow() + offset;
afterEach(() => {
  offset += 10 * SESSION_CACHE_TTL_MS; // nothing cached leaks into the next test
});

const messages = (token: string) => call(t.app, token, 'GET', '/api/message/list?pageIndex=1&pageSize=20');
const users_ = (token: string) => call(t.app, token, 'POST', '/api/user/list', { pageIndex: 1, pageSize: 20 });

describe('cached sessions end at once on this instance', () => {
  it('after logout', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    expect((await messages(s.token)).code).toBe(0);
    expect((await call(t.app, s.token, 'POST', '/api/appuser/logout')).code).toBe(0);
    expect((await messages(s.token)).code).toBe(Code.LOGIN_EXPIRED);
  });

  it('after a password change (every session of the user)', async () => {
    const s = await signedInCompanyAdmin(t.database.db, { user: { password: TEST_PASSWORD } });
    const other = await signIn(t.database.db, s);
    expect((await messages(other.token)).code).toBe(0);
    const r = await call(t.app, s.token, 'POST', '/api/appuser/modifypwd', {
      oldPassword: TEST_PASSWORD,
      password: 'Next2026pw',
      confirmPassword: 'Next2026pw',
    });
    expect(r).toMatchObject({ code: 0 });
    expect((await messages(other.token)).code).toBe(Code.LOGIN_EXPIRED);
  });

  it('after ending chosen sessions on the security page', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    const other = await signIn(t.database.db, s);
    expect((await messages(other.token)).code).toBe(0);
    const [row] = await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, hashOf(other.token)));
    expect((await call(t.app, s.token, 'POST', '/api/appuser/endsessions', { ids: [row!.id] })).code).toBe(0);
    expect((await messages(other.token)).code).toBe(Code.LOGIN_EXPIRED);
    expect((await messages(s.token)).code).toBe(0);
  });

  it('after the company administrator disables a user', async () => {
    const boss = await signedInCompanyAdmin(t.database.db);
    const member = await signedInUser(t.database.db, { companyId: boss.companyId });
    expect((await messages(member.token)).code).toBe(0);
    expect((await call(t.app, boss.token, 'POST', '/api/user/disable', { sysNo: member.id, disabled: true })).code).toBe(0);
    expect((await messages(member.token)).code).toBe(Code.LOGIN_EXPIRED);
  });

  it('after the platform disables the company', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    expect((await users_(s.token)).code).toBe(0);
    const r = await call(t.app, admin.token, 'POST', '/admin/api/company/disable', { id: s.companyId, disabled: true, reason: '测试停用' });
    expect(r.code).toBe(0);
    expect((await users_(s.token)).code).toBe(Code.LOGIN_EXPIRED);
  });

  it('after the platform changes the member level (the gate sees the new level)', async () => {
    const s = await signedInCompanyAdmin(t.database.db, { company: { type: 2, memberLevel: 0, isMemberVail: 1 } });
    const detail = () => call(t.app, s.token, 'GET', '/api/myproduct/detail?id=999999');
    expect((await detail()).code).toBe(Code.MEMBER_REQUIRED);
    const r = await call(t.app, admin.token, 'POST', '/admin/api/company/membership', { id: s.companyId, memberLevel: 1, isMemberVail: 1 });
    expect(r.code).toBe(0);
    expect((await detail()).code).toBe(Code.NOT_FOUND);
  });
});

describe('the cache is short-lived', () => {
  it('serves a change made behind its back until the TTL passes, then reads the database again', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    expect((await messages(s.token)).code).toBe(0);
    // Another instance disabled the user: this instance does not hear of it…
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, s.id));
    expect((await messages(s.token)).code).toBe(0);
    // …until its entry expires.
    offset += SESSION_CACHE_TTL_MS + 1;
    expect((await messages(s.token)).code).toBe(Code.LOGIN_EXPIRED);
  });

  it('never outlives the session itself', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 1000) })
      .where(eq(sessions.tokenHash, hashOf(s.token)));
    expect((await messages(s.token)).code).toBe(0);
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, s.id));
    // Within the TTL but past the session's end (by the cache's clock): the entry is gone, the database answers.
    offset += 1500;
    expect((await messages(s.token)).code).toBe(Code.LOGIN_EXPIRED);
  });
});

describe('cached permissions follow role changes at once', () => {
  it('a member loses the user list when the permission leaves their role', async () => {
    const boss = await signedInCompanyAdmin(t.database.db);
    const role = await call<{ sysNo: number }>(t.app, boss.token, 'POST', '/api/role/create', { name: '人事', permissions: ['user:manage'], menuIds: [] });
    expect(role.code).toBe(0);
    const member = await signIn(t.database.db, await insertUser(t.database.db, { companyId: boss.companyId }));
    expect((await users_(member.token)).code).toBe(Code.FORBIDDEN);
    const give = await call(t.app, boss.token, 'POST', '/api/user/update', { sysNo: member.id, realName: '小王', roleIds: [role.data.sysNo] });
    expect(give.code).toBe(0);
    const list = await users_(member.token);
    expect(list.data).toMatchObject({ total: 2, list: [{ sysNo: boss.id, roles: [] }, { sysNo: member.id, roles: [{ sysNo: role.data.sysNo, name: '人事' }] }] });
    const take = await call(t.app, boss.token, 'POST', '/api/role/update', { sysNo: role.data.sysNo, name: '人事', permissions: [], menuIds: [] });
    expect(take.code).toBe(0);
    expect((await users_(member.token)).code).toBe(Code.FORBIDDEN);
  });
});

/** Waits for a condition another connection brings about (a NOTIFY's round trip), up to 10 s. */
async function eventually(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
  return check();
}

describe.runIf(testDbKind === 'pg')('other instances on the same PostgreSQL database', () => {
  it('forget what this instance announces, and this instance forgets what they announce', async () => {
    const { default: pg } = await import('pg');
    const other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    const frozen = sessionCache.now(); // no entry expires by itself meanwhile
    sessionCache.now = () => frozen;
    try {
      const heard: string[] = [];
      other.on('notification', (n) => heard.push(n.payload ?? ''));
      await other.query(`listen ${EVENT_CHANNEL}`);
      forgetSessions({ userIds: [424242] });
      // The forget travels as an event of the bus (lib/cache-bus.ts): {c: channel, p: payload, o: origin}.
      const forget = (body: string) => JSON.parse(body) as { c: string; p: { tags?: string[] } };
      expect(await eventually(() => heard.some((b) => forget(b).c === CACHE_FORGET && forget(b).p.tags?.includes('u:424242')))).toBe(true);

      // Another instance ends a session: the entry cached here goes without waiting for the TTL.
      const s = await signedInCompanyAdmin(t.database.db);
      expect((await messages(s.token)).code).toBe(0);
      await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, s.id));
      expect((await messages(s.token)).code).toBe(0); // still cached: nobody said anything yet
      const payload = JSON.stringify({ c: CACHE_FORGET, p: { cache: 'sessions', tags: [`u:${s.id}`] }, o: 'another-instance' });
      await other.query('select pg_notify($1, $2)', [EVENT_CHANNEL, payload]);
      expect(await eventually(async () => (await messages(s.token)).code === Code.LOGIN_EXPIRED)).toBe(true);
    } finally {
      sessionCache.now = () => realNow() + offset;
      await other.end();
    }
  });
});

describe('TtlCache', () => {
  const make = (max = 3) => {
    const c = new TtlCache<string>({ ttlMs: 100, max });
    let now = 0;
    c.now = () => now;
    return { c, tick: (ms: number) => (now += ms) };
  };

  it('expires entries after the TTL and drops the oldest beyond its size', () => {
    const { c, tick } = make();
    for (const k of ['a', 'b', 'c', 'd']) c.set(k, k, [], c.ticket());
    expect(c.get('a')).toBeUndefined();
    expect(c.get('d')).toBe('d');
    expect(c.size).toBe(3);
    tick(100);
    expect(c.get('d')).toBeUndefined();
  });

  it('forgets by tag, and refuses a value read before the forget or within one TTL after it', () => {
    const { c, tick } = make();
    c.set('x', 'x', ['u:1'], c.ticket());
    c.set('y', 'y', ['u:2'], c.ticket());
    const before = c.ticket();
    tick(1);
    c.forget('u:1');
    expect(c.get('x')).toBeUndefined();
    expect(c.get('y')).toBe('y');
    c.set('x', 'stale', ['u:1'], before);
    expect(c.get('x')).toBeUndefined();
    tick(50);
    c.set('x', 'maybe uncommitted', ['u:1'], c.ticket());
    expect(c.get('x')).toBeUndefined();
    tick(100);
    c.set('x', 'fresh', ['u:1'], c.ticket());
    expect(c.get('x')).toBe('fresh');
  });

  it('clear() forgets everything and refuses reads begun before it', () => {
    const { c, tick } = make();
    const before = c.ticket();
    c.set('x', 'x', [], before);
    tick(1);
    c.clear();
    expect(c.get('x')).toBeUndefined();
    tick(200);
    c.set('x', 'old read', [], before);
    expect(c.get('x')).toBeUndefined();
  });
});
