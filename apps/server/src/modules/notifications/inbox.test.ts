import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MessageCategory, type LiveEvent } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  signedInCompanyAdmin,
  signedInPlatformAdmin,
  type SignedInCompanyUser,
} from '../../test/factories/index.ts';
import { get, post } from '../../test/http.ts';
import { categoryOf, notify } from './notify.ts';
import { withEvents } from '../../lib/event-bus.ts';
import { CLOSE_FORBIDDEN, CLOSE_UNAUTHORIZED } from './live.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

/** notify() as a request or job of the test app calls it: with the app's event bus in scope (lib/event-bus.ts). */
const notifyLive = (...args: Parameters<typeof notify>) => withEvents(t.app.bus, () => notify(...args));

let t: TestApp;
let base: string;
let a: SignedInCompanyUser;
let b: SignedInCompanyUser;
beforeAll(async () => {
  t = await createTestApp();
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  a = await signedInCompanyAdmin(t.database.db, { company: { name: '甲水务', type: 4 } });
  b = await signedInCompanyAdmin(t.database.db, { company: { name: '乙环保', type: 2 } });
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/notifications/inbox.test.ts');

interface Row {
  id: number;
  category: number;
  title: string;
  readAt: string | null;
}
const list = (token: string, q = '') =>
  get<{ list: Row[]; total: number }>(t.app, `/api/message/list?pageIndex=1&pageSize=50${q}`, token);
const counts = (token: string) =>
  get<{ count: number; byCategory: Record<string, number> }>(t.app, '/api/message/unreadcount', token);

/** A live socket signed in with `token` (first message), collecting what it is sent. */
function live(token: string | null, opts: { header?: string } = {}) {
  const ws = new WebSocket(`${base}/api/ws`, opts.header ? { headers: { 'x-token': opts.header } } : {});
  const events: (LiveEvent | { type: 'error'; code: number })[] = [];
  const waiters: { pred: (e: LiveEvent) => boolean; resolve: (e: LiveEvent) => void }[] = [];
  ws.on('message', (raw) => {
    const e = JSON.parse(String(raw)) as LiveEvent;
    events.push(e);
    for (const w of waiters.filter((x) => x.pred(e))) w.resolve(e);
  });
  const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
  const opened = new Promise<void>((r) => ws.once('open', () => r()));
  if (token) void opened.then(() => ws.send(JSON.stringify({ type: 'auth', token })));
  const next = (pred: (e: LiveEvent) => boolean, ms = 5000) => {
    const seen = events.find((e) => pred(e as LiveEvent));
    if (seen) return Promise.resolve(seen as LiveEvent);
    return new Promise<LiveEvent>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching event in ${ms} ms: ${JSON.stringify(events)}`)),
        ms,
      );
      waiters.push({ pred, resolve: (e) => (clearTimeout(timer), resolve(e)) });
    });
  };
  return { ws, events, closed, opened, next };
}

describe('inbox categories', () => {
  it('maps notice types to categories, and an explicit category wins', () => {
    expect(categoryOf('order')).toBe(MessageCategory.ORDER);
    expect(categoryOf('rma')).toBe(MessageCategory.ORDER);
    expect(categoryOf('enquiry_award')).toBe(MessageCategory.ENQUIRY);
    expect(categoryOf('tender_closed')).toBe(MessageCategory.TENDER);
    expect(categoryOf('invoice_issued')).toBe(MessageCategory.FINANCE);
    expect(categoryOf('merchant_review')).toBe(MessageCategory.SYSTEM);
  });

  it('lists by category with unread counts per tab; mark all read of one category leaves the others', async () => {
    const db = t.database.db;
    await notify(db, a.companyId, { type: 'order', title: '订单已发货' });
    await notify(db, a.companyId, { type: 'order', title: '订单待付款' });
    await notify(db, a.companyId, { type: 'cert_review', title: '认证已通过' });
    await notify(db, a.companyId, {
      type: 'credit_apply',
      title: '授信已批准',
      category: MessageCategory.FINANCE,
    });
    await notify(db, a.companyId, {
      type: 'custom',
      title: '新的招标邀请',
      category: MessageCategory.TENDER,
    });

    const c = (await counts(a.token)).data;
    expect(c).toEqual({ count: 5, byCategory: { '1': 1, '2': 2, '4': 1, '5': 1 } });
    const orders = (await list(a.token, `&category=${MessageCategory.ORDER}`)).data;
    expect(orders.total).toBe(2);
    expect(orders.list.map((m) => m.title).sort()).toEqual(['订单已发货', '订单待付款'].sort());
    expect((await list(a.token, `&category=${MessageCategory.ENQUIRY}`)).data).toEqual({
      list: [],
      total: 0,
    });

    const r = await post<{ updated: number }>(
      t.app,
      '/api/message/read',
      { all: true, category: MessageCategory.ORDER },
      a.token,
    );
    expect(r.data.updated).toBe(2);
    expect((await counts(a.token)).data).toEqual({ count: 3, byCategory: { '1': 1, '4': 1, '5': 1 } });
    expect((await list(a.token, '&unread=1')).data.total).toBe(3);

    expect(
      (await post<{ updated: number }>(t.app, '/api/message/read', { all: true }, a.token)).data.updated,
    ).toBe(3);
    expect((await counts(a.token)).data).toEqual({ count: 0, byCategory: {} });
  });

  it('refuses a category outside 1–5 with a Chinese message', async () => {
    const r = await get(t.app, '/api/message/list?pageIndex=1&pageSize=10&category=9', a.token);
    expect(r.code).not.toBe(0);
    expect(r.message).toContain('消息分类不正确');
    const w = await post(t.app, '/api/message/read', { all: true, category: 0 }, a.token);
    expect(w.message).toContain('消息分类不正确');
  });

  it('pages the inbox', async () => {
    const c = await signedInCompanyAdmin(t.database.db);
    for (let i = 0; i < 12; i++)
      await notify(t.database.db, c.companyId, { type: 'order', title: `订单消息${i}` });
    const p2 = await get<{ list: Row[]; total: number }>(
      t.app,
      '/api/message/list?pageIndex=2&pageSize=5',
      c.token,
    );
    expect(p2.data.total).toBe(12);
    expect(p2.data.list.map((m) => m.title)).toEqual([
      '订单消息6',
      '订单消息5',
      '订单消息4',
      '订单消息3',
      '订单消息2',
    ]);
  });
});

describe('delete and isolation', () => {
  it("deletes from the company's own inbox only; another company's ids change nothing", async () => {
    crossCompanyCaller(a.token);
    const db = t.database.db;
    await notify(db, b.companyId, { type: 'order', title: '乙的订单消息' });
    const bRow = (await list(b.token)).data.list.find((m) => m.title === '乙的订单消息')!;
    await notify(db, a.companyId, { type: 'order', title: '甲要删除的消息' });
    const aRow = (await list(a.token)).data.list.find((m) => m.title === '甲要删除的消息')!;

    // A tries B's message: nothing deleted, nothing read, B still sees it unread.
    expect(
      (await post<{ deleted: number }>(t.app, '/api/message/delete', { ids: [bRow.id] }, a.token)).data
        .deleted,
    ).toBe(0);
    expect(
      (await post<{ updated: number }>(t.app, '/api/message/read', { ids: [bRow.id] }, a.token)).data.updated,
    ).toBe(0);
    const bNow = (await list(b.token)).data.list.find((m) => m.id === bRow.id)!;
    expect(bNow.readAt).toBeNull();
    expect((await list(a.token)).data.list.some((m) => m.id === bRow.id)).toBe(false);

    const before = (await counts(a.token)).data.count;
    expect(
      (await post<{ deleted: number }>(t.app, '/api/message/delete', { ids: [aRow.id] }, a.token)).data
        .deleted,
    ).toBe(1);
    expect((await list(a.token)).data.list.some((m) => m.id === aRow.id)).toBe(false);
    expect((await counts(a.token)).data.count).toBe(before - 1);
    // Deleting again is a no-op.
    expect(
      (await post<{ deleted: number }>(t.app, '/api/message/delete', { ids: [aRow.id] }, a.token)).data
        .deleted,
    ).toBe(0);
  });

  it('refuses an empty delete with a Chinese message, and visitors and platform admins', async () => {
    const r = await post(t.app, '/api/message/delete', { ids: [] }, a.token);
    expect(r.message).toContain('请选择要删除的消息');
    expect((await post(t.app, '/api/message/delete', { ids: [1] })).code).toBe(1);
    const admin = await signedInPlatformAdmin(t.database.db);
    expect((await post(t.app, '/api/message/delete', { ids: [1] }, admin.token)).code).not.toBe(0);
  });
});

describe('live socket /api/ws', () => {
  it('refuses a socket without a session, with a bad token, and a user of no company', async () => {
    const none = live(null);
    expect(await none.closed).toBe(CLOSE_UNAUTHORIZED); // no auth message within 5 s
    const bad = live('not-a-token');
    expect(await bad.closed).toBe(CLOSE_UNAUTHORIZED);
    expect(bad.events).toContainEqual({ type: 'error', code: 1 });
    const badHeader = live(null, { header: 'not-a-token' });
    expect(await badHeader.closed).toBe(CLOSE_UNAUTHORIZED);
    const admin = await signedInPlatformAdmin(t.database.db);
    const noCompany = live(admin.token);
    expect(await noCompany.closed).toBe(CLOSE_FORBIDDEN);
  }, 15_000);

  it('refuses a user whose company requires two-step sign-in and who has not enrolled yet', async () => {
    const owing = await signedInCompanyAdmin(t.database.db, { company: { name: '丙水务', type: 4, enforceTwoFactor: true } });
    for (const s of [live(owing.token), live(null, { header: owing.token })]) {
      expect(await s.closed).toBe(CLOSE_FORBIDDEN);
      expect(s.events).toEqual([{ type: 'error', code: 3 }]);
    }
  }, 15_000);

  it('pushes a new message with the unread count to every socket of the company, never to another company', async () => {
    const a1 = live(a.token);
    const a2 = live(null, { header: a.token });
    const b1 = live(b.token);
    await Promise.all([a1, a2, b1].map((s) => s.next((e) => e.type === 'hello')));
    const unreadBefore = (await counts(a.token)).data.count;

    await notifyLive(t.database.db, a.companyId, {
      type: 'order',
      title: '新订单：PAC 20 吨',
      linkPath: '/customer/order/detail?id=1',
    });
    for (const s of [a1, a2]) {
      const e = await s.next((x) => x.type === 'message');
      expect(e).toMatchObject({
        type: 'message',
        unread: unreadBefore + 1,
        message: {
          title: '新订单：PAC 20 吨',
          category: MessageCategory.ORDER,
          linkPath: '/customer/order/detail?id=1',
        },
      });
    }
    // B hears nothing of A's message (give the bus time to deliver, had it been sent).
    await new Promise((r) => setTimeout(r, 300));
    expect(b1.events.filter((e) => e.type !== 'hello')).toEqual([]);

    // Reading in one tab updates the other tabs' badge.
    await post(t.app, '/api/message/read', { all: true }, a.token);
    expect(await a1.next((x) => x.type === 'unread')).toEqual({ type: 'unread', unread: 0 });
    expect(b1.events.filter((e) => e.type !== 'hello')).toEqual([]);
    for (const s of [a1, a2, b1]) s.ws.close();
  });

  it('never pushes a message whose transaction rolled back', async () => {
    const s = live(a.token);
    await s.next((e) => e.type === 'hello');
    await t.database.db
      .transaction(async (tx) => {
        await notifyLive(tx, a.companyId, { type: 'order', title: '回滚的消息' });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await notifyLive(t.database.db, a.companyId, { type: 'order', title: '提交的消息' });
    const e = await s.next((x) => x.type === 'message');
    expect(e.type === 'message' && e.message.title).toBe('提交的消息');
    // The hub waits up to 3.6 s for an uncommitted row to appear; wait past that.
    await new Promise((r) => setTimeout(r, 4000));
    expect(s.events.some((x) => x.type === 'message' && x.message.title === '回滚的消息')).toBe(false);
    s.ws.close();
  }, 15_000);
});
