import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, isNull, sql } from 'drizzle-orm';
import { Code, OrderStatus, RmaStatus, RmaType } from '@aquamall/shared';
import { endpointGroups, type Endpoint } from '@aquamall/shared/endpoints';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { apiCalls, domainEvents, apiKeys, messages, orders, productSkus, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import {
  advanceOrder,
  linesOf,
  makeCompletedOrder,
  makeOnSaleProduct,
  makeOrder,
  makePurchaser,
  makeSupplier,
  signedCall,
  signedInUser,
  type TestApiKey,
} from '../../test/factories/index.ts';
import { call, callEndpoint } from '../../test/http.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';
import { openApiEndpoints as e, rmaEndpoints as rma } from '@aquamall/shared/endpoints';
import { jobRun, runDueJobs } from '../jobs/runner.ts';
import { dispatchEvent } from '../events/dispatch.ts';
import { noticeConsumer } from '../notifications/event-consumer.ts';
import { webhookConsumer } from './event-consumer.ts';
import { isPrivateAddress } from './ssrf.ts';
import { API_CALLS_PER_MINUTE } from './authenticate.ts';
import { hitShared } from '../../lib/rate-limit-store.ts';
import { canonicalRequest, sign, webhookSignature } from './signing.ts';
import {
  checkWebhookUrl,
  DeliveryStatus,
  DISABLE_AFTER_FAILURES,
  DISPATCH_JOB_ID,
  dispatchDeliveries,
  retryDelayMs,
  webhookAgent,
  WEBHOOK_DISPATCH,
} from './webhooks.ts';
import { DEMO_OPENAPI_MASTER_KEY } from '../../config.ts';
import { scheduleJob } from '../jobs/index.ts';
import { API_CALL_PRUNE } from './calls.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/openapi/openapi.test.ts');

const db = () => t.database.db;

async function scene(name: string) {
  const seller = await makeSupplier(db(), `${name}供应商`);
  const buyer = await makePurchaser(db(), `${name}采购商`);
  const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 100, stock: 50 }] });
  return { seller, buyer, skuIds };
}

async function newKey(token: string, scopes: string[], name = '对接ERP'): Promise<TestApiKey & { id: number }> {
  const res = await call(t.app, token, 'POST', '/api/openapi/key/create', { name, scopes });
  expect(res.code).toBe(0);
  return res.data;
}

const ALL_SCOPES = ['products:read', 'stock:write', 'orders:read', 'orders:ship', 'invoices:read'];

describe('signing scheme', () => {
  it('matches the worked example of docs/operations.md', () => {
    const parts = {
      method: 'POST',
      target: '/api/order/list',
      timestamp: '1764230400',
      nonce: '3f8a1c2e9b7d4f60a1b2c3d4e5f60718',
      body: '{"type":6,"pageIndex":1,"pageSize":20}',
    };
    expect(canonicalRequest(parts)).toBe(
      'POST\n/api/order/list\n1764230400\n3f8a1c2e9b7d4f60a1b2c3d4e5f60718\nbf23222b44884f932ac4a4035387fb06a7ba04e1445c11d98892af49e7a07df8',
    );
    expect(sign('sk_example_secret', parts)).toBe('3d32fad593ef66710e8e686fcf0d8207558443161db4e001a7af3ceacf857ff0');
    expect(webhookSignature('whsec_example', '1764230400', '{"id":"evt_1"}')).toBe(
      '28937346fa785a5423423c6e98e01e1637a352fc709ebbc81fe90a22ad9c7daa',
    );
  });
});

describe('API reference', () => {
  it('marks every opted-in operation with its scope and a signed example', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { 'x-api-scope'?: string; description?: string }>>;
    };
    const opted = Object.values(endpointGroups)
      .flatMap((g) => Object.values(g as Record<string, Endpoint>))
      .filter((d) => d.apiScope);
    for (const d of opted) {
      const op = doc.paths[d.path]?.[d.method.toLowerCase()];
      expect(op?.['x-api-scope'], d.path).toBe(d.apiScope);
      expect(op?.description, d.path).toContain('x-aqm-signature');
    }
    expect(doc.paths['/api/role/list']?.post?.['x-api-scope']).toBeUndefined();
  });
});

describe('API keys', () => {
  it('are the company administrator’s: created with scopes, secret shown once, listed without it', async () => {
    const s = await scene('密钥');
    const key = await newKey(s.seller.admin.token, ['orders:read']);
    expect(key.accessKeyId).toMatch(/^AK[0-9a-f]{20}$/);
    expect(key.secret).toMatch(/^sk_/);
    const list = await callEndpoint(t.app, s.seller.admin.token, e.apiKeyList, { pageIndex: 1, pageSize: 20 });
    expect(list.data.total).toBe(1);
    expect(JSON.stringify(list.data)).not.toContain(key.secret);
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(key.secret);
    // Chinese validation messages.
    const bad = await call(t.app, s.seller.admin.token, 'POST', '/api/openapi/key/create', { name: '', scopes: [] });
    expect(bad.code).toBe(Code.INVALID);
    expect(bad.message).toMatch(/请输入名称|请至少选择/);
  });

  it('a signed call reads a new order and ships it as the company; the use is counted', async () => {
    const s = await scene('发货');
    const order = await makeOrder(db(), s.buyer, s.seller.id, [{ skuId: s.skuIds[0]!, quantity: 3 }]);
    await advanceOrder(db(), order.id, { buyerUserId: s.buyer.id, sellerUserId: s.seller.admin.id }, OrderStatus.TO_SHIP);
    const key = await newKey(s.seller.admin.token, ['orders:read', 'orders:ship']);
    const list = await signedCall(t.app, key, 'POST', '/api/order/list', { type: 6, all: 1, status: OrderStatus.TO_SHIP });
    expect(list.code).toBe(0);
    expect(list.data.list.map((o: { id: number }) => o.id)).toContain(order.id);
    const detail = await signedCall(t.app, key, 'GET', `/api/order/detail?type=6&id=${order.id}`);
    expect(detail.code).toBe(0);
    const lines = await linesOf(db(), order.id);
    const shipped = await signedCall(t.app, key, 'POST', '/api/order/ship', {
      orderId: order.id,
      lines: lines.map((l) => ({ lineId: l.id, quantity: l.quantity })),
      carrier: '顺丰速运',
      trackingNo: 'SF1234567890',
    });
    expect(shipped.code).toBe(0);
    const [o] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(o!.status).toBe(OrderStatus.TO_RECEIVE);
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.useCount).toBe(3);
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('refuses a wrong signature, a stale timestamp, a replayed nonce, a changed body, a revoked or rotated key', async () => {
    const s = await scene('签名');
    const key = await newKey(s.seller.admin.token, ['products:read']);
    const body = { pageIndex: 1, pageSize: 10 };
    expect((await signedCall(t.app, key, 'POST', '/api/stock/list', body)).code).toBe(0);
    expect((await signedCall(t.app, { ...key, secret: 'sk_wrong' }, 'POST', '/api/stock/list', body)).identity).toBe('SIGN_MISMATCH');
    const stale = String(Math.floor(Date.now() / 1000) - 301);
    expect((await signedCall(t.app, key, 'POST', '/api/stock/list', body, { timestamp: stale })).identity).toBe('SIGN_TIMESTAMP_OUT');
    const nonce = 'replay-nonce-0123456789';
    expect((await signedCall(t.app, key, 'POST', '/api/stock/list', body, { nonce })).code).toBe(0);
    const again = await signedCall(t.app, key, 'POST', '/api/stock/list', body, { nonce });
    expect(again.identity).toBe('SIGN_NONCE_REPLAYED');
    expect(again.code).toBe(Code.LOGIN_EXPIRED);
    // Signed over one body, sent with another.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stock/list',
      headers: (await import('../../test/factories/openapi.ts')).signedHeaders(key, 'POST', '/api/stock/list', '{"pageIndex":1}'),
      payload: '{"pageIndex":2}',
    });
    expect(res.headers['x-error-id']).toBe('SIGN_MISMATCH');
    // A token never rides along: the key decides.
    expect((await signedCall(t.app, { ...key, accessKeyId: 'AKnope' }, 'POST', '/api/stock/list', body)).identity).toBe('SIGN_KEY_INVALID');

    const rotated = await callEndpoint(t.app, s.seller.admin.token, e.apiKeyRotate, { id: key.id });
    expect(rotated.code).toBe(0);
    expect((await signedCall(t.app, key, 'POST', '/api/stock/list', body)).identity).toBe('SIGN_MISMATCH');
    const fresh = { accessKeyId: key.accessKeyId, secret: rotated.data.secret };
    expect((await signedCall(t.app, fresh, 'POST', '/api/stock/list', body)).code).toBe(0);
    expect((await callEndpoint(t.app, s.seller.admin.token, e.apiKeyRevoke, { id: key.id })).code).toBe(0);
    expect((await signedCall(t.app, fresh, 'POST', '/api/stock/list', body)).identity).toBe('SIGN_KEY_INVALID');
    expect((await callEndpoint(t.app, s.seller.admin.token, e.apiKeyRotate, { id: key.id })).identity).toBe('API_KEY_REVOKED');
  });

  it('limits each key to its calls per minute, in Chinese; another key of the company is not held back', async () => {
    const s = await scene('限流');
    const busy = await newKey(s.seller.admin.token, ['products:read'], '繁忙');
    const calm = await newKey(s.seller.admin.token, ['products:read'], '空闲');
    const body = { pageIndex: 1, pageSize: 10 };
    // The minute's calls used up through the shared counter the signed calls count on (as other instances would).
    for (let i = 0; i < API_CALLS_PER_MINUTE - 1; i++) await hitShared('openapi', db(), undefined, `apikey:${busy.id}`, 60_000);
    expect((await signedCall(t.app, busy, 'POST', '/api/stock/list', body)).code).toBe(0);
    const limited = await signedCall(t.app, busy, 'POST', '/api/stock/list', body);
    expect(limited).toMatchObject({ code: Code.RATE_LIMITED, message: '调用过于频繁，请稍后再试', identity: 'API_RATE_LIMITED' });
    expect((await signedCall(t.app, calm, 'POST', '/api/stock/list', body)).code).toBe(0);
  });

  it('enforces scopes on every opted-in route and refuses every route that did not opt in', async () => {
    const s = await scene('范围');
    const all = Object.values(endpointGroups).flatMap((g) => Object.values(g as Record<string, Endpoint>));
    const opted = all.filter((d) => d.apiScope);
    expect(opted.length).toBeGreaterThanOrEqual(8);
    for (const d of opted) {
      const others = ALL_SCOPES.filter((c) => c !== d.apiScope);
      const key = await newKey(s.seller.admin.token, others, `缺${d.apiScope}`.slice(0, 50));
      const res = await signedCall(t.app, key, d.method === 'GET' ? 'GET' : 'POST', d.path, d.method === 'GET' ? undefined : {});
      expect(res.identity, `${d.method} ${d.path}`).toBe('SCOPE_MISSING');
      await callEndpoint(t.app, s.seller.admin.token, e.apiKeyRevoke, { id: key.id });
    }
    const full = await newKey(s.seller.admin.token, ALL_SCOPES, '全部');
    for (const d of all.filter((x) => !x.apiScope && (x.method === 'GET' || x.method === 'POST'))) {
      const path = d.path.replace(/:[a-zA-Z]+/g, '1');
      const res = await signedCall(t.app, full, d.method as 'GET' | 'POST', path, d.method === 'GET' ? undefined : {});
      // The console's guard refuses first on /admin/api (no platform administrator), every other route by scope.
      if (d.path.startsWith('/admin/api/')) expect(res.code, d.path).toBe(Code.LOGIN_EXPIRED);
      else expect(res.identity, `${d.method} ${d.path}`).toBe('SCOPE_NOT_OPEN');
    }
  });

  it('isolation: another company’s administrator can neither rotate, revoke nor touch webhooks of a company', async () => {
    const a = await scene('隔离甲');
    const b = await makeSupplier(db(), '隔离乙供应商');
    const key = await newKey(a.seller.admin.token, ['orders:read']);
    const hook = await callEndpoint(t.app, a.seller.admin.token, e.webhookCreate, { url: 'http://127.0.0.1:9/hook', events: ['order.placed'] });
    await makeOrder(db(), a.buyer, a.seller.id, [{ skuId: a.skuIds[0]!, quantity: 1 }]);
    const [delivery] = await deliveriesOf(hook.data.id);
    const B = crossCompanyCaller(b.admin.token);
    for (const res of [
      await callEndpoint(t.app, B, e.apiKeyRotate, { id: key.id }),
      await callEndpoint(t.app, B, e.apiKeyRevoke, { id: key.id }),
      await callEndpoint(t.app, B, e.webhookEnable, { id: hook.data.id }),
      await callEndpoint(t.app, B, e.webhookDelete, { id: hook.data.id }),
      await callEndpoint(t.app, B, e.webhookRedeliver, { id: delivery!.id }),
    ]) {
      expect(res.message).toBe('记录不存在');
    }
    const log = await callEndpoint(t.app, B, e.webhookDeliveries, { pageIndex: 1, pageSize: 20, endpointId: hook.data.id });
    expect(log.data.total).toBe(0);
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.revokedAt).toBeNull();
  });
});

/** A local receiver: answers `status()` and keeps what it received. */
async function receiver(status: () => number = () => 200) {
  const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.statusCode = status();
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const agents = { open: webhookAgent(true), guarded: webhookAgent(false) };
afterAll(async () => {
  await agents.open.close();
  await agents.guarded.close();
});
const opts = { masterKey: DEMO_OPENAPI_MASTER_KEY, allowPrivate: true, agent: agents.open };
/** One attempt at one delivery, as the dispatch job makes it (claimed only when due at `now`). */
const deliver = (id: number, now: Date, allowPrivate = true) =>
  dispatchDeliveries(db(), { ...opts, allowPrivate, agent: allowPrivate ? agents.open : agents.guarded }, now, id);
/** The job runner's polls: the domain events are dispatched into the outbox, then the dispatch job sends. */
async function runJobs(now = new Date()) {
  await runDueJobs(db(), now);
  await runDueJobs(db(), now);
  await jobRun(WEBHOOK_DISPATCH, DISPATCH_JOB_ID);
}
/**
 * The deliveries of an endpoint, once the orders' domain events were dispatched (decision 0211) — by hand, so that
 * no dispatch job of an earlier test sends them meanwhile.
 */
async function deliveriesOf(endpointId: number) {
  const waiting = await db().select({ id: domainEvents.id }).from(domainEvents).where(isNull(domainEvents.dispatchedAt));
  for (const ev of waiting) await db().transaction((tx) => dispatchEvent(tx, [noticeConsumer(t.app.outbound), webhookConsumer], ev.id));
  return db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(webhookDeliveries.id);
}

describe('webhooks', () => {
  it('an order placed is written to the outbox in its transaction and delivered signed; the receiver verifies it', async () => {
    const s = await scene('推送');
    const r = await receiver();
    try {
      const hook = await callEndpoint(t.app, s.seller.admin.token, e.webhookCreate, { url: r.url, events: ['order.placed', 'order.shipped'] });
      expect(hook.code).toBe(0);
      const order = await makeOrder(db(), s.buyer, s.seller.id, [{ skuId: s.skuIds[0]!, quantity: 2 }]);
      expect(await db().$count(webhookDeliveries, eq(webhookDeliveries.endpointId, hook.data.id))).toBe(0);
      const [d] = await deliveriesOf(hook.data.id);
      expect(d).toMatchObject({ eventType: 'order.placed', status: DeliveryStatus.PENDING });
      await runJobs();
      expect(r.got).toHaveLength(1);
      const { headers, body } = r.got[0]!;
      const ts = headers['x-aqm-timestamp'] as string;
      expect(headers['x-aqm-signature']).toBe(webhookSignature(hook.data.secret, ts, body));
      expect(JSON.parse(body)).toMatchObject({ id: d!.eventId, type: 'order.placed', data: { orderId: order.id } });
      const [after] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, d!.id));
      expect(after).toMatchObject({ status: DeliveryStatus.DELIVERED, attempts: 1, lastStatusCode: 200 });
      // The delivery log and a manual redelivery (same event id).
      const log = await callEndpoint(t.app, s.seller.admin.token, e.webhookDeliveries, { pageIndex: 1, pageSize: 20 });
      expect(log.data.list[0]).toMatchObject({ id: d!.id, status: 1, lastStatusCode: 200 });
      expect((await callEndpoint(t.app, s.seller.admin.token, e.webhookRedeliver, { id: d!.id })).code).toBe(0);
      await runJobs();
      expect(r.got).toHaveLength(2);
      expect(r.got[1]!.headers['x-aqm-event-id']).toBe(d!.eventId);
    } finally {
      await r.close();
    }
  });

  it('after-sales steps reach both companies and low stock the supplier, once when the warning is crossed', async () => {
    const s = await scene('推送售后');
    const events = ['aftersales.updated', 'invoice.updated', 'quotation.submitted', 'stock.low'] as const;
    const sellerHook = await callEndpoint(t.app, s.seller.admin.token, e.webhookCreate, { url: 'http://127.0.0.1:9/seller', events: [...events] });
    const buyerHook = await callEndpoint(t.app, s.buyer.token, e.webhookCreate, { url: 'http://127.0.0.1:9/buyer', events: ['aftersales.updated'] });
    expect([sellerHook.code, buyerHook.code]).toEqual([0, 0]);
    // 库存预警 45 of 50: an order of 6 leaves 44 available (crossed: one event), a second order stays below (none).
    await db().update(productSkus).set({ lowStock: 45 }).where(eq(productSkus.id, s.skuIds[0]!));
    await makeOrder(db(), s.buyer, s.seller.id, [{ skuId: s.skuIds[0]!, quantity: 6 }]);
    await makeOrder(db(), s.buyer, s.seller.id, [{ skuId: s.skuIds[0]!, quantity: 1 }]);
    const low = (await deliveriesOf(sellerHook.data.id)).filter((d) => d.eventType === 'stock.low');
    expect(low).toHaveLength(1);
    expect(low[0]!.payload).toMatchObject({ type: 'stock.low', data: { skuId: s.skuIds[0], available: 44, lowStock: 45 } });
    // An after-sales request of a completed order: both companies' endpoints, the same event id.
    const order = await makeCompletedOrder(db(), s.buyer, s.seller, [{ skuId: s.skuIds[0]!, quantity: 2 }]);
    const [line] = await linesOf(db(), order.id);
    const applied = await callEndpoint(t.app, s.buyer.token, rma.rmaApply, {
      orderId: order.id,
      type: RmaType.RETURN,
      lines: [{ orderLineId: line!.id, quantity: 1 }],
      reason: '质量问题',
    });
    expect(applied.code).toBe(0);
    const toSeller = (await deliveriesOf(sellerHook.data.id)).filter((d) => d.eventType === 'aftersales.updated');
    const toBuyer = (await deliveriesOf(buyerHook.data.id)).filter((d) => d.eventType === 'aftersales.updated');
    expect(toSeller).toHaveLength(1);
    expect(toBuyer).toHaveLength(1);
    expect(toSeller[0]!.eventId).toBe(toBuyer[0]!.eventId);
    expect(toSeller[0]!.payload).toMatchObject({ data: { rmaId: applied.data.id, orderId: order.id, action: 'apply', status: RmaStatus.PENDING } });
  });

  it('retries with backoff, disables the endpoint after repeated failure with an inbox notice, gives up after 24 h', async () => {
    const s = await scene('重试');
    const r = await receiver(() => 500);
    try {
      const hook = await callEndpoint(t.app, s.seller.admin.token, e.webhookCreate, { url: r.url, events: ['order.placed'] });
      await makeOrder(db(), s.buyer, s.seller.id, [{ skuId: s.skuIds[0]!, quantity: 1 }]);
      const [d] = await deliveriesOf(hook.data.id);
      let now = new Date(d!.createdAt.getTime() + 1000);
      await deliver(d!.id, now);
      let [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, d!.id));
      expect(row).toMatchObject({ status: DeliveryStatus.PENDING, attempts: 1, lastStatusCode: 500 });
      expect(row!.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(retryDelayMs(1) - 5000);
      // Not due yet: a second wake-up sends nothing.
      await deliver(d!.id, now);
      expect(r.got).toHaveLength(1);
      for (let i = 2; i < DISABLE_AFTER_FAILURES; i++) {
        now = new Date(row!.nextAttemptAt!.getTime() + 1);
        await deliver(d!.id, now);
        [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, d!.id));
        if (row!.status !== DeliveryStatus.PENDING) break;
      }
      const attempts = await db().$count(webhookAttempts, eq(webhookAttempts.deliveryId, d!.id));
      expect(attempts).toBe(row!.attempts);
      // Backoff grows: the 24 h window ends the retries before the endpoint's failure limit.
      expect(row!.status).toBe(DeliveryStatus.GIVEN_UP);
      expect(row!.nextAttemptAt).toBeNull();

      // Failures in a row across deliveries disable the endpoint and tell the company.
      const [ep] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.data.id));
      await db().update(webhookEndpoints).set({ consecutiveFailures: DISABLE_AFTER_FAILURES - 1 }).where(eq(webhookEndpoints.id, ep!.id));
      await makeOrder(db(), s.buyer, s.seller.id, [{ skuId: s.skuIds[0]!, quantity: 1 }]);
      const second = (await deliveriesOf(hook.data.id)).find((x) => x.id !== d!.id)!;
      await deliver(second.id, new Date(Date.now() + 1000));
      const [disabled] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep!.id));
      expect(disabled).toMatchObject({ enabled: false });
      const notices = await db().select().from(messages).where(eq(messages.companyId, s.seller.id));
      expect(notices.map((m) => m.title)).toContain('事件推送地址已停用');
      // While disabled nothing is sent; enabling sends what is pending.
      const sent = r.got.length;
      await makeOrder(db(), s.buyer, s.seller.id, [{ skuId: s.skuIds[0]!, quantity: 1 }]);
      expect(await deliveriesOf(ep!.id)).toHaveLength(2);
      expect((await callEndpoint(t.app, s.seller.admin.token, e.webhookEnable, { id: ep!.id })).code).toBe(0);
      await runJobs(new Date(Date.now() + 1000));
      expect(r.got.length).toBe(sent + 1);
    } finally {
      await r.close();
    }
  });

  it('SSRF guard: a deployment refuses private, loopback and link-local addresses, also at send time', async () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '223.5.5.5', '2400:3200::1']) expect(isPrivateAddress(a), a).toBe(false);
    await expect(checkWebhookUrl('https://127.0.0.1/hook', false)).rejects.toMatchObject({ identity: 'WEBHOOK_URL_PRIVATE' });
    await expect(checkWebhookUrl('https://localhost/hook', false)).rejects.toMatchObject({ identity: 'WEBHOOK_URL_PRIVATE' });
    await expect(checkWebhookUrl('https://[::1]/hook', false)).rejects.toMatchObject({ identity: 'WEBHOOK_URL_PRIVATE' });
    await expect(checkWebhookUrl('http://8.8.8.8/hook', false)).rejects.toMatchObject({ identity: 'WEBHOOK_URL_HTTPS' });
    await expect(checkWebhookUrl('https://8.8.8.8/hook', false)).resolves.toBeUndefined();
    await expect(checkWebhookUrl('http://127.0.0.1/hook', true)).resolves.toBeUndefined();

    // A delivery to a loopback receiver in a deployment: refused at connect time, the attempt logged.
    const s = await scene('防护');
    const r = await receiver();
    try {
      const hook = await callEndpoint(t.app, s.seller.admin.token, e.webhookCreate, { url: r.url.replace('127.0.0.1', 'localhost'), events: ['order.placed'] });
      await makeOrder(db(), s.buyer, s.seller.id, [{ skuId: s.skuIds[0]!, quantity: 1 }]);
      const [d] = await deliveriesOf(hook.data.id);
      await deliver(d!.id, new Date(Date.now() + 1000), false);
      expect(r.got).toHaveLength(0);
      const [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, d!.id));
      expect(row!.lastError).toMatch(/blocked address/);
    } finally {
      await r.close();
    }
  });
});

describe('call log (调用记录)', () => {
  const callsOf = (keyId: number) => db().select().from(apiCalls).where(eq(apiCalls.keyId, keyId)).orderBy(apiCalls.id);
  /** The record is written after the answer is sent: wait for it. */
  const settle = async (keyId: number, n: number) => {
    await vi.waitFor(async () => expect(await callsOf(keyId)).toHaveLength(n), { timeout: 5_000, interval: 20 });
    return callsOf(keyId);
  };

  it('records each signed call of a known key, answered or refused, with its fields; the administrator lists them', async () => {
    const s = await scene('调用记录');
    const key = await newKey(s.seller.admin.token, ['products:read'], '仓库ERP');
    const body = { pageIndex: 1, pageSize: 10 };
    expect((await signedCall(t.app, key, 'POST', '/api/stock/list', body)).code).toBe(0);
    expect((await signedCall(t.app, key, 'POST', '/api/order/list', { type: 6 })).identity).toBe('SCOPE_MISSING');
    expect((await signedCall(t.app, { ...key, secret: 'sk_wrong' }, 'GET', '/api/order/detail?type=6&id=1')).identity).toBe('SIGN_MISMATCH');
    const nonce = 'calllog-nonce-0123456789';
    expect((await signedCall(t.app, key, 'POST', '/api/stock/list', body, { nonce })).code).toBe(0);
    expect((await signedCall(t.app, key, 'POST', '/api/stock/list', body, { nonce })).identity).toBe('SIGN_NONCE_REPLAYED');
    // An unknown key names no company: nothing to record.
    expect((await signedCall(t.app, { ...key, accessKeyId: 'AKunknown' }, 'POST', '/api/stock/list', body)).identity).toBe('SIGN_KEY_INVALID');

    const rows = await settle(key.id, 5);
    expect(rows.every((r) => r.companyId === s.seller.id && r.ip === '127.0.0.1' && r.durationMs >= 0)).toBe(true);
    expect(rows.map((r) => [r.method, r.route, r.httpStatus, r.code, r.errorId])).toEqual([
      ['POST', '/api/stock/list', 200, 0, null],
      ['POST', '/api/order/list', 200, Code.FORBIDDEN, 'SCOPE_MISSING'],
      ['GET', '/api/order/detail', 200, Code.LOGIN_EXPIRED, 'SIGN_MISMATCH'],
      ['POST', '/api/stock/list', 200, 0, null],
      ['POST', '/api/stock/list', 200, Code.LOGIN_EXPIRED, 'SIGN_NONCE_REPLAYED'],
    ]);
    // The workbench's own calls (x-token) are not the open platform's: the list call below adds no row.
    const list = await callEndpoint(t.app, s.seller.admin.token, e.apiCallList, { pageIndex: 1, pageSize: 20 });
    expect(list.code).toBe(0);
    expect(list.data.total).toBe(5);
    expect(list.data.list[0]).toMatchObject({
      keyId: key.id,
      accessKeyId: key.accessKeyId,
      keyName: '仓库ERP',
      route: '/api/stock/list',
      errorId: 'SIGN_NONCE_REPLAYED',
      ip: '127.0.0.1',
    });
    expect(Date.parse(list.data.list[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await callsOf(key.id)).toHaveLength(5);
  });

  it('is the company administrator’s own: another company sees none, a member is refused, bad dates are refused', async () => {
    const s = await scene('调用隔离');
    const other = await makeSupplier(db(), '调用隔离他方');
    const key = await newKey(s.seller.admin.token, ['products:read']);
    expect((await signedCall(t.app, key, 'POST', '/api/stock/list', { pageIndex: 1, pageSize: 10 })).code).toBe(0);
    await settle(key.id, 1);
    const B = crossCompanyCaller(other.admin.token);
    for (const q of [{}, { keyId: key.id }]) {
      const res = await callEndpoint(t.app, B, e.apiCallList, { pageIndex: 1, pageSize: 20, ...q });
      expect(res.code).toBe(0);
      expect(res.data).toEqual({ list: [], total: 0 });
    }
    const buyer = await callEndpoint(t.app, s.buyer.token, e.apiCallList, { pageIndex: 1, pageSize: 20 });
    expect(buyer.data.total).toBe(0);
    const member = await signedInUser(db(), { companyId: s.seller.id, isCompanyAdmin: false });
    const refused = await callEndpoint(t.app, member.token, e.apiCallList, { pageIndex: 1, pageSize: 20 });
    expect(refused.code).not.toBe(0);
    expect(refused.data).toBeNull();
    const bad = await callEndpoint(t.app, s.seller.admin.token, e.apiCallList, { pageIndex: 1, pageSize: 20, dateFrom: '2026-12-05', dateTo: '2026-12-01' });
    expect(bad.code).toBe(Code.INVALID);
    expect(bad.message).toContain('开始日期不能晚于结束日期');
    const badDay = await callEndpoint(t.app, s.seller.admin.token, e.apiCallList, { pageIndex: 1, pageSize: 20, dateFrom: '12/01' });
    expect(badDay.message).toContain('日期格式不正确');
  });

  it('the record is written after the answer: a failing write leaves the answer and the key count as they are', async () => {
    const s = await scene('调用记录失败');
    const key = await newKey(s.seller.admin.token, ['products:read']);
    await db().execute(sql`CREATE FUNCTION api_calls_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'call log down'; END $$`);
    await db().execute(sql`CREATE TRIGGER api_calls_refuse BEFORE INSERT ON api_calls FOR EACH ROW EXECUTE FUNCTION api_calls_refuse()`);
    try {
      const res = await signedCall(t.app, key, 'POST', '/api/stock/list', { pageIndex: 1, pageSize: 10 });
      expect(res.code, res.message).toBe(0);
      // The write runs after the answer: give it the time a recorded call needs, then find nothing.
      await new Promise((r) => setTimeout(r, 300));
      expect(await callsOf(key.id)).toHaveLength(0);
    } finally {
      await db().execute(sql`DROP TRIGGER api_calls_refuse ON api_calls`);
      await db().execute(sql`DROP FUNCTION api_calls_refuse()`);
    }
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.useCount).toBe(1);
    expect((await signedCall(t.app, key, 'POST', '/api/stock/list', { pageIndex: 1, pageSize: 10 })).code).toBe(0);
    await settle(key.id, 1);
  });

  it('pages newest first and filters by key and by China day', async () => {
    const s = await scene('调用筛选');
    const k1 = await newKey(s.seller.admin.token, ['products:read'], '甲');
    const k2 = await newKey(s.seller.admin.token, ['products:read'], '乙');
    const row = (keyId: number, at: string) => ({
      companyId: s.seller.id, keyId, method: 'POST', route: '/api/stock/list', httpStatus: 200, code: 0, ip: '10.0.0.1', durationMs: 3, at: new Date(at),
    });
    // 2026-12-01 China ends at 2026-12-01T16:00Z.
    await db().insert(apiCalls).values([
      row(k1.id, '2026-11-30T16:00:00Z'), // 12-01 00:00 China
      row(k1.id, '2026-12-01T15:59:59Z'), // 12-01 23:59:59 China
      row(k2.id, '2026-12-01T16:00:00Z'), // 12-02 00:00 China
      row(k1.id, '2026-12-02T03:00:00Z'), // 12-02 11:00 China
      row(k2.id, '2026-11-30T15:59:59Z'), // 11-30 China
    ]);
    const list = (q: object) => callEndpoint(t.app, s.seller.admin.token, e.apiCallList, { pageIndex: 1, pageSize: 20, ...q });
    const ats = (r: Awaited<ReturnType<typeof list>>) => r.data.list.map((c: { at: string }) => c.at);
    const day1 = await list({ dateFrom: '2026-12-01', dateTo: '2026-12-01' });
    expect(ats(day1)).toEqual(['2026-12-01T15:59:59.000Z', '2026-11-30T16:00:00.000Z']);
    const fromDay2 = await list({ dateFrom: '2026-12-02' });
    expect(fromDay2.data.total).toBe(2);
    const k2Rows = await list({ keyId: k2.id });
    expect(ats(k2Rows)).toEqual(['2026-12-01T16:00:00.000Z', '2026-11-30T15:59:59.000Z']);
    expect((await list({ keyId: k1.id, dateTo: '2026-12-01' })).data.total).toBe(2);
    const page2 = await list({ pageIndex: 2, pageSize: 2 });
    expect(page2.data.total).toBe(5);
    expect(ats(page2)).toEqual(['2026-12-01T15:59:59.000Z', '2026-11-30T16:00:00.000Z']);
  });

  it('keeps 90 days: the daily prune job removes older records only', async () => {
    const s = await scene('调用清理');
    const key = await newKey(s.seller.admin.token, ['products:read']);
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    const base = { companyId: s.seller.id, keyId: key.id, method: 'POST', route: '/api/stock/list', httpStatus: 200, code: 0, durationMs: 1 };
    await db().insert(apiCalls).values([{ ...base, at: daysAgo(91) }, { ...base, at: daysAgo(90.5) }, { ...base, at: daysAgo(89) }, { ...base, at: daysAgo(1) }]);
    await scheduleJob(db(), API_CALL_PRUNE, 1, now);
    await runDueJobs(db(), now);
    const left = await callsOf(key.id);
    expect(left.map((r) => Math.round((now.getTime() - r.at.getTime()) / 86_400_000))).toEqual([89, 1]);
  });
});
