/**
 * Several instances that behave as one (issue 15, docs/product/deployment.md#several-instances): two compiled servers on one PostgreSQL database
 * (and, in the second pass, one Redis) behind a round-robin proxy on loopback. Through the proxy: sign-in by
 * WeChat QR with the scan handled by the other instance, a message created on one instance arriving live on a
 * socket connected to the other, a site content edit on one seen at once on the other, the demo captcha peek
 * answered by the instance that did not draw it, and timed rules firing once while both instances run their job
 * runners. rolling-restart.test.ts and redis-chaos.test.ts beside it restart instances and cut Redis. Run by `npm test` after the PostgreSQL pass (scripts/test-all.mjs); needs TEST_DATABASE_URL.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { OrderStatus, type LiveEvent } from '@aquamall/shared';
import { OutboxStatus } from '../src/modules/notifications/outbound.ts';
import type { Database } from '../src/db/client.ts';
import { messages, documentHistory, jobs, noticeOutbox, orders, sandboxOutbox } from '../src/db/schema/index.ts';
import {
  insertCompanyWithAdmin,
  makeOnSaleProduct,
  makeOrder,
  makePurchaser,
  makeSupplier,
  signedInPlatformAdmin,
  TEST_PASSWORD,
} from '../src/test/factories/index.ts';
import { signedHeaders, type TestApiKey } from '../src/test/factories/openapi.ts';
import { redisReachable, TEST_REDIS_URL } from '../src/test/redis.ts';
import { startCluster, type Cluster } from './cluster.ts';
import type { RoundRobinProxy } from './proxy.ts';

const hasPg = !!process.env.TEST_DATABASE_URL;
const hasRedis = await redisReachable();
if (!hasPg) console.log('Skipping the two-instance harness: TEST_DATABASE_URL is not set');
if (hasPg && !hasRedis)
  console.log('Skipping the Redis pass of the two-instance harness: no Redis at 127.0.0.1:6379');

const transports = [
  { name: 'PostgreSQL LISTEN/NOTIFY', redis: false, enabled: hasPg },
  { name: 'Redis pub/sub', redis: true, enabled: hasPg && hasRedis },
];

for (const transport of transports) {
  describe.skipIf(!transport.enabled)(`two instances behind a round-robin proxy (${transport.name})`, () => {
    let cluster: Cluster;
    let proxy: RoundRobinProxy;
    let database: Database;
    let steer: (i: number) => Promise<void>;

    beforeAll(async () => {
      cluster = await startCluster({ REDIS_URL: transport.redis ? TEST_REDIS_URL : undefined, JOBS_POLL_MS: '200' });
      ({ proxy, database, steer } = cluster);
    });
    afterAll(async () => cluster?.close());

    const wsUrl = (p: string) => `${proxy.url.replace('http', 'ws')}${p}`;
    const json = async <T>(res: Response) => (await res.json()) as { code: number; message: string; data: T };

    it('signs in by WeChat QR when the scan reaches the other instance', async () => {
      const openId = `o-harness-${Date.now()}`;
      await insertCompanyWithAdmin(database.db, {
        company: { type: 4 },
        user: { wechatOpenId: openId, password: TEST_PASSWORD },
      });
      const clientId = `browser-${Date.now()}`;
      const qr = (
        await json<{ ticket: string; scanUrl: string }>(
          await fetch(`${proxy.url}/api/wx/getwxoaqrcode/${clientId}`),
        )
      ).data;
      expect(qr.ticket).toBeTruthy();

      const socketOn = proxy.peek();
      const ws = new WebSocket(wsUrl(`/api/wxoaqrcodesocket?ticket=${qr.ticket}`));
      const seen: string[] = [];
      const confirmed = new Promise<void>((resolve) =>
        ws.on('message', (raw) => {
          seen.push((JSON.parse(String(raw)) as { status: string }).status);
          if (seen.includes('confirmed')) resolve();
        }),
      );
      await new Promise((r) => ws.once('open', r));
      expect(proxy.log.at(-1)).toMatchObject({
        path: expect.stringContaining('/api/wxoaqrcodesocket'),
        upstream: socketOn,
      });

      await steer(1 - socketOn);
      const scan = await fetch(`${proxy.url}/api/wx/sandbox/scan`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ticket: qr.ticket, openId }).toString(),
      });
      expect(scan.headers.get('x-upstream')).toBe(String(1 - socketOn));
      expect(await scan.text()).toContain('已扫码');
      // No polling any more: the event crossed through the bus (well under the old 1 s poll).
      const t0 = Date.now();
      await confirmed;
      expect(Date.now() - t0).toBeLessThan(2000);

      const login = await json<{ authToken: string }>(
        await fetch(`${proxy.url}/api/appuser/wtcWxlogin?ticket=${qr.ticket}&id=${clientId}`),
      );
      expect(login.code).toBe(0);
      expect(login.data.authToken).toBeTruthy();
      await new Promise<void>((resolve) => {
        if (seen.includes('done')) resolve();
        else ws.on('message', () => seen.includes('done') && resolve());
      });
      ws.close();
      // The session works on both instances.
      for (let i = 0; i < 2; i++) {
        const me = await json<unknown>(
          await fetch(`${proxy.url}/api/appuser/loginuserinfo`, {
            headers: { 'x-token': login.data.authToken },
          }),
        );
        expect(me.code).toBe(0);
      }
    });

    it('a message created on one instance arrives live on a socket connected to the other; another company hears nothing', async () => {
      const buyer = await makePurchaser(database.db, '实时消息采购商');
      const other = await makePurchaser(database.db, '无关采购商');
      const admin = await signedInPlatformAdmin(database.db);

      const open = async (token: string) => {
        const upstream = proxy.peek();
        const ws = new WebSocket(wsUrl('/api/ws'));
        const events: LiveEvent[] = [];
        ws.on('message', (raw) => events.push(JSON.parse(String(raw)) as LiveEvent));
        await new Promise((r) => ws.once('open', r));
        ws.send(JSON.stringify({ type: 'auth', token }));
        for (let i = 0; i < 100 && !events.some((e) => e.type === 'hello'); i++)
          await new Promise((r) => setTimeout(r, 50));
        expect(events[0]).toEqual({ type: 'hello', unread: 0 });
        return { ws, events, upstream };
      };
      const mine = await open(buyer.token);
      await steer(mine.upstream);
      const theirs = await open(other.token);

      await steer(1 - mine.upstream);
      const t0 = Date.now();
      const res = await fetch(`${proxy.url}/admin/api/company/membership`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': admin.token },
        body: JSON.stringify({ id: buyer.companyId, memberLevel: 2, isMemberVail: 1 }),
      });
      expect(res.headers.get('x-upstream')).toBe(String(1 - mine.upstream));
      expect((await json(res)).code).toBe(0);
      for (let i = 0; i < 100 && !mine.events.some((e) => e.type === 'message'); i++)
        await new Promise((r) => setTimeout(r, 20));
      const got = mine.events.find((e) => e.type === 'message');
      expect(got).toMatchObject({
        type: 'message',
        unread: 1,
        message: { title: '会员等级已调整', category: 1, linkPath: '/customer/authentication/member' },
      });
      expect(Date.now() - t0).toBeLessThan(2000);
      await new Promise((r) => setTimeout(r, 300));
      expect(theirs.events.filter((e) => e.type !== 'hello')).toEqual([]);
      mine.ws.close();
      theirs.ws.close();
    });

    it('a site content edit on one instance shows on the other at once (no 30 s wait)', async () => {
      const admin = await signedInPlatformAdmin(database.db);
      const banners = async (i: number) => {
        await steer(i);
        const res = await fetch(`${proxy.url}/api/indexbanner`);
        expect(res.headers.get('x-upstream')).toBe(String(i));
        return JSON.stringify(await res.json());
      };
      const title = `多实例横幅${Date.now()}`;
      // Both instances have the banners cached.
      for (const i of [0, 1]) expect(await banners(i)).not.toContain(title);
      await steer(0);
      const saved = await fetch(`${proxy.url}/admin/api/content/banner/save`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-token': admin.token },
        body: JSON.stringify({ position: 'web_topbanner', title, imgUrl: '/f/u/banner.jpg', linkUrl: '', sort: 1 }),
      });
      expect((await json(saved)).code).toBe(0);
      expect(await banners(0)).toContain(title);
      const t0 = Date.now();
      let seen = false;
      while (!seen && Date.now() - t0 < 3000) {
        seen = (await banners(1)).includes(title);
        if (!seen) await new Promise((r) => setTimeout(r, 100));
      }
      expect(seen).toBe(true);
    });

    it('the demo captcha peek answers whichever instance drew the picture', async () => {
      const id = `harness-cap-${Date.now()}`;
      await steer(0);
      const drawn = await fetch(`${proxy.url}/api/ImgVerificationCode?id=${id}`);
      expect(drawn.headers.get('x-upstream')).toBe('0');
      await steer(1);
      const peek = await fetch(`${proxy.url}/api/dev/captcha?id=${id}`);
      expect(peek.headers.get('x-upstream')).toBe('1');
      const body = await json<{ text: string }>(peek);
      expect(body.code).toBe(0);
      expect(body.data.text).toMatch(/^\w{4}$/);
    });

    it('timed rules fire once with both instances running their job runners', async () => {
      const seller = await makeSupplier(database.db, '定时规则供应商');
      const buyer = await makePurchaser(database.db, '定时规则采购商');
      const { skuIds } = await makeOnSaleProduct(database.db, seller, { skus: [{ price: 10, stock: 1000 }] });
      // Orders placed 49 hours ago: their "supplier confirms within 48 h" rule is due now, on both instances.
      const placed = new Date(Date.now() - 49 * 3_600_000);
      const ids: number[] = [];
      for (let i = 0; i < 12; i++)
        ids.push(
          (
            await makeOrder(database.db, buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 1 }], {
              now: placed,
            })
          ).id,
        );

      const cancelled = async () =>
        (
          await database.db
            .select({ id: orders.id })
            .from(orders)
            .where(and(inArray(orders.id, ids), eq(orders.status, OrderStatus.CANCELLED)))
        ).length;
      for (let i = 0; i < 150 && (await cancelled()) < ids.length; i++)
        await new Promise((r) => setTimeout(r, 100));
      // On failure, say why the jobs left have not run (their last error), not only how many are missing.
      const why = async () =>
        JSON.stringify(
          (await database.db.select({ kind: jobs.kind, refId: jobs.refId, attempts: jobs.attempts, lastError: jobs.lastError }).from(jobs).where(inArray(jobs.refId, ids))).filter(
            (j) => j.lastError,
          ),
        );
      expect(await cancelled(), await why()).toBe(ids.length);
      // Give a double run every chance to show itself, then count: one cancellation and one notice per order and side.
      await new Promise((r) => setTimeout(r, 1000));
      const history = await database.db
        .select({ orderId: documentHistory.docId })
        .from(documentHistory)
        .where(and(eq(documentHistory.docType, 'order'), inArray(documentHistory.docId, ids), eq(documentHistory.toStatus, OrderStatus.CANCELLED)));
      expect(history).toHaveLength(ids.length);
      expect(new Set(history.map((h) => h.orderId)).size).toBe(ids.length);
      const notices = (companyId: number) =>
        database.db.$count(messages, and(eq(messages.companyId, companyId), eq(messages.type, 'order')));
      expect(await notices(buyer.companyId)).toBe(ids.length); // cancelled by the system
      expect(await notices(seller.id)).toBe(2 * ids.length); // the new order, then its cancellation
      // Each job runs in its own transaction (decision 0243), so the instances' jobs rarely lose a lock race to
      // each other; the runners log the ones that did (retried within seconds). Printed, not asserted: a race
      // remains possible and is handled.
      const lockRaces = cluster.servers
        .flatMap((s) => s.output().split('\n'))
        .filter((line) => line.includes('jobs lost a lock race'))
        .reduce((n, line) => n + ((JSON.parse(line) as { lockRaces?: number }).lockRaces ?? 0), 0);
      // A raced job keeps the race's error as its last error: which statement lost, for whoever reads the output.
      const raced = (await database.db.select({ kind: jobs.kind, lastError: jobs.lastError }).from(jobs))
        .filter((j) => /deadlock|serialize/i.test(j.lastError ?? ''))
        .map((j) => `${j.kind}: ${j.lastError!.slice(0, 160).replace(/\s+/g, ' ')}`);
      console.log(
        `timed rules on two instances (${transport.name}): ${ids.length} orders, ${lockRaces} lost lock races${raced.length ? `\n${raced.join('\n')}` : ''}`,
      );

      // Outside the browser (issue 32): each new order's SMS to the supplier's administrator is queued once and sent
      // once, though both instances' runners dispatch the events and send the outbox.
      const orderNos = (await database.db.select({ no: orders.orderNo }).from(orders).where(inArray(orders.id, ids))).map((o) => o.no);
      const smsRows = () =>
        database.db
          .select({ status: noticeOutbox.status, dedupeKey: noticeOutbox.dedupeKey })
          .from(noticeOutbox)
          .where(and(eq(noticeOutbox.userId, seller.admin.id), eq(noticeOutbox.event, 'order.created'), eq(noticeOutbox.channel, 'sms')));
      for (let i = 0; i < 150 && (await smsRows()).filter((r) => r.status === OutboxStatus.SENT).length < ids.length; i++)
        await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 1000));
      const rows = await smsRows();
      expect(rows.map((r) => r.status)).toEqual(ids.map(() => OutboxStatus.SENT));
      expect(new Set(rows.map((r) => r.dedupeKey)).size).toBe(ids.length);
      const texts = (await database.db.select({ body: sandboxOutbox.body }).from(sandboxOutbox).where(eq(sandboxOutbox.target, seller.admin.phone))).map((m) => m.body);
      for (const no of orderNos) expect(texts.filter((b) => b.includes(no)), no).toHaveLength(1);
    });

    it('an API key revoked through one instance is refused at once by the other (issue 32)', async () => {
      const seller = await makeSupplier(database.db, '密钥停用供应商');
      const post = async <T>(target: string, body: unknown, headers: Record<string, string>) =>
        json<T>(await fetch(`${proxy.url}${target}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }));
      const signed = async (key: TestApiKey) => {
        const body = JSON.stringify({ pageIndex: 1, pageSize: 10 });
        const res = await fetch(`${proxy.url}/api/stock/list`, { method: 'POST', headers: signedHeaders(key, 'POST', '/api/stock/list', body), body });
        return { ...(await json<unknown>(res)), identity: res.headers.get('x-error-id') };
      };
      await steer(0);
      const created = await post<TestApiKey & { id: number }>('/api/openapi/key/create', { name: '对接ERP', scopes: ['products:read'] }, { 'x-token': seller.admin.token });
      expect(created.code, created.message).toBe(0);
      const key = created.data;
      for (const i of [0, 1]) {
        await steer(i);
        expect((await signed(key)).code, `instance ${i}`).toBe(0);
      }
      await steer(0);
      expect((await post('/api/openapi/key/revoke', { id: key.id }, { 'x-token': seller.admin.token })).code).toBe(0);
      // The very next call, on either instance, is refused: no instance keeps the key in a cache.
      for (const i of [1, 0]) {
        await steer(i);
        const refused = await signed(key);
        expect(refused.identity, `instance ${i}`).toBe('SIGN_KEY_INVALID');
        expect(refused.message).toMatch(/[\u4e00-\u9fa5]/);
      }
    });
  });
}
