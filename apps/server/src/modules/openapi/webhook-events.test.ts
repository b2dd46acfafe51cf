import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { InvoiceStatus } from '@aquamall/shared';
import { openApiEndpoints as e } from '@aquamall/shared/endpoints';
import { domainEvents, webhookDeliveries } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  api,
  makeCompletedOrder,
  makeInvoiceTitle,
  makeOnSaleProduct,
  makePurchaser,
  makeSupplier,
  multipartBody,
} from '../../test/factories/index.ts';
import { makeEnquiry, makeQuotingSupplier } from '../../test/factories/quotations.ts';
import { callEndpoint } from '../../test/http.ts';
import { dispatchEvent } from '../events/dispatch.ts';
import { noticeConsumer } from '../notifications/event-consumer.ts';
import { webhookConsumer, webhookEventId } from './event-consumer.ts';
import { webhookSignature } from './signing.ts';
import { DeliveryStatus, DISPATCH_JOB_ID, WEBHOOK_DISPATCH } from './webhooks.ts';
import { jobRun, runDueJobs } from '../jobs/runner.ts';

/**
 * The invoice and quotation webhooks (docs/product/open-platform.md#webhooks): each step of an invoice request and
 * each offer is queued once per subscribed endpoint of the companies concerned, with the documented `data`, and
 * arrives signed so that the receiver can verify it.
 */

let t: TestApp;
let rest: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  rest = api(t.app);
});
afterAll(async () => t?.close());

const db = () => t.database.db;

/**
 * Dispatches the domain events still waiting, by hand (so no dispatch job of another test sends them meanwhile),
 * then runs each of them through the webhook consumer a second time, as a retried dispatch would: the outbox must
 * not grow. Answers the deliveries of the endpoints, oldest first.
 */
async function deliveriesOf(endpointIds: number[]) {
  const waiting = await db().select().from(domainEvents).where(isNull(domainEvents.dispatchedAt)).orderBy(asc(domainEvents.id));
  for (const ev of waiting)
    await db().transaction((tx) => dispatchEvent(tx, [noticeConsumer(t.app.outbound), webhookConsumer], ev.id));
  for (const ev of waiting) await db().transaction((tx) => webhookConsumer(tx, ev));
  return db()
    .select()
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.endpointId, endpointIds))
    .orderBy(asc(webhookDeliveries.id));
}

/** A local receiver that answers 200 and keeps what it received. */
async function receiver() {
  const got: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ url: req.url ?? '', headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The receiver's check of one request: the signature over `timestamp.body` under the endpoint's secret. */
function verified(secret: string, req: { headers: http.IncomingHttpHeaders; body: string }) {
  const ts = String(req.headers['x-aqm-timestamp']);
  expect(Math.abs(Date.now() / 1000 - Number(ts))).toBeLessThan(300);
  expect(req.headers['x-aqm-signature']).toBe(webhookSignature(secret, ts, req.body));
  return JSON.parse(req.body) as { id: string; type: string; createdAt: string; data: Record<string, unknown> };
}

/** The job runner's poll starts the dispatch job; its sends are awaited. */
async function send() {
  await runDueJobs(db(), new Date());
  await jobRun(WEBHOOK_DISPATCH, DISPATCH_JOB_ID);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
async function invoicePdf(token: string) {
  const { payload, headers } = await multipartBody([{ name: '发票.pdf', body: PDF }]);
  const res = await t.app.inject({ method: 'POST', url: '/UploadHandler.ashx?appName=invoice', payload, headers: { ...headers, 'x-token': token } });
  const body = res.json<{ code: number; data: { fileRelativePath: string }[] }>();
  expect(body.code).toBe(0);
  return { name: '发票.pdf', path: body.data[0]!.fileRelativePath };
}

describe('invoice.updated', () => {
  it('each step of a request reaches both companies once, signed, with invoiceId, invoiceNo, action and status', async () => {
    const seller = await makeSupplier(db(), '发票推送供应商');
    const buyer = await makePurchaser(db(), '发票推送采购商');
    const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 100, stock: 100 }] });
    const order = await makeCompletedOrder(db(), buyer, seller, [{ skuId: skuIds[0]!, quantity: 5 }]);
    const titleId = await makeInvoiceTitle(db(), buyer.companyId, 2);
    const r = await receiver();
    try {
      const sellerHook = await callEndpoint(t.app, seller.admin.token, e.webhookCreate, { url: `${r.url}?side=seller`, events: ['invoice.updated'] });
      const buyerHook = await callEndpoint(t.app, buyer.token, e.webhookCreate, { url: `${r.url}?side=buyer`, events: ['invoice.updated'] });
      // An endpoint of the supplier that did not subscribe to invoices receives nothing.
      const otherHook = await callEndpoint(t.app, seller.admin.token, e.webhookCreate, { url: `${r.url}?side=other`, events: ['order.placed'] });
      expect([sellerHook.code, buyerHook.code, otherHook.code]).toEqual([0, 0, 0]);
      const hooks = [sellerHook.data.id, buyerHook.data.id, otherHook.data.id];
      await deliveriesOf(hooks); // whatever the completed order produced before the hooks mattered

      const asked = await rest.post<{ id: number; code: string }>(buyer.token, '/api/invoice/request', {
        kind: 2,
        remark: '',
        titleId,
        orders: [{ orderId: order.id }],
      });
      expect(asked.code, asked.message).toBe(0);
      const issued = await rest.post(seller.admin.token, '/api/invoice/issue', {
        id: asked.data.id,
        invoiceNo: '12345678',
        invoiceDate: '2026-01-05',
        amountExTax: 442.48,
        taxRate: 13,
        taxAmount: 57.52,
        files: [await invoicePdf(seller.admin.token)],
      });
      expect(issued.code, issued.message).toBe(0);

      const all = (await deliveriesOf(hooks)).filter((d) => d.eventType === 'invoice.updated');
      const of = (id: number) => all.filter((d) => d.endpointId === id);
      // Two steps, one delivery each per subscribed endpoint, none for the endpoint without the event.
      expect(of(sellerHook.data.id)).toHaveLength(2);
      expect(of(buyerHook.data.id)).toHaveLength(2);
      expect(of(otherHook.data.id)).toHaveLength(0);
      const data = { invoiceId: asked.data.id, invoiceNo: asked.data.code };
      expect(of(sellerHook.data.id).map((d) => d.payload)).toMatchObject([
        { type: 'invoice.updated', data: { ...data, action: 'request', status: InvoiceStatus.REQUESTED } },
        { type: 'invoice.updated', data: { ...data, action: 'issue', status: InvoiceStatus.ISSUED } },
      ]);
      // One occurrence, one event id for both companies; the body carries exactly the documented fields.
      expect(of(buyerHook.data.id).map((d) => d.eventId)).toEqual(of(sellerHook.data.id).map((d) => d.eventId));
      for (const d of all) {
        const body = d.payload as { id: string; type: string; createdAt: string; data: object };
        expect(Object.keys(body).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
        expect(body.id).toBe(d.eventId);
        expect(Object.keys(body.data).sort()).toEqual(['action', 'invoiceId', 'invoiceNo', 'status']);
      }
      // The event id is the one the domain event gives (stable across retries and redeliveries).
      const facts = await db().select().from(domainEvents).where(eq(domainEvents.type, 'invoice.updated'));
      const ids = new Set(facts.map(webhookEventId));
      expect(all.every((d) => ids.has(d.eventId))).toBe(true);

      // Sent: each endpoint receives its two events once, signed with its own secret.
      await send();
      const sent = await db().select().from(webhookDeliveries).where(inArray(webhookDeliveries.endpointId, hooks.slice(0, 2)));
      expect(sent.filter((d) => d.eventType === 'invoice.updated').map((d) => [d.status, d.attempts])).toEqual([
        [DeliveryStatus.DELIVERED, 1],
        [DeliveryStatus.DELIVERED, 1],
        [DeliveryStatus.DELIVERED, 1],
        [DeliveryStatus.DELIVERED, 1],
      ]);
      const got = (side: string) => r.got.filter((g) => g.url.endsWith(`side=${side}`) && g.headers['x-aqm-event'] === 'invoice.updated');
      expect(got('other')).toHaveLength(0);
      for (const [side, secret] of [['seller', sellerHook.data.secret], ['buyer', buyerHook.data.secret]] as const) {
        const bodies = got(side).map((g) => verified(secret, g));
        expect(bodies.map((b) => b.data.action).sort()).toEqual(['issue', 'request']);
        expect(new Set(got(side).map((g) => g.headers['x-aqm-event-id'])).size).toBe(2);
        for (const g of got(side)) expect(() => verified(side === 'seller' ? buyerHook.data.secret : sellerHook.data.secret, g)).toThrow();
      }
    } finally {
      await r.close();
    }
  });
});

const day = (plus: number) => new Date(Date.now() + 8 * 3_600_000 + plus * 86_400_000).toISOString().slice(0, 10);

/** The supplier's offer on an enquiry (as the quotation page sends it). */
async function quote(token: string, enquiryId: number, itemIds: number[], baseVersion: number, price = 100) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/quotation/submit',
    headers: { 'x-token': token, 'idempotency-key': crypto.randomUUID() },
    payload: {
      enquiryId,
      baseVersion,
      lines: itemIds.map((id) => ({ enquiryItemId: id, unitPrice: price, taxRate: 13 })),
      freight: 0,
      leadDays: 7,
      validUntil: day(30),
      remark: '',
      contactName: '王经理',
      contactPhone: '13800001111',
    },
  });
  const body = res.json<{ code: number; message: string; data: { id: number; version: number; totalAmount: string } }>();
  expect(body.code, body.message).toBe(0);
  return body.data;
}

describe('quotation.submitted', () => {
  it('a new offer and a revision reach the purchaser once each; a sealed offer names neither supplier nor price', async () => {
    const buyer = await makePurchaser(db(), '报价推送采购商');
    const seller = await makeQuotingSupplier(db(), '报价推送供应商');
    const r = await receiver();
    try {
      const buyerHook = await callEndpoint(t.app, buyer.token, e.webhookCreate, { url: `${r.url}?side=buyer`, events: ['quotation.submitted'] });
      // The supplier's own endpoint is not told of its own offer.
      const sellerHook = await callEndpoint(t.app, seller.admin.token, e.webhookCreate, { url: `${r.url}?side=seller`, events: ['quotation.submitted'] });
      expect([buyerHook.code, sellerHook.code]).toEqual([0, 0]);
      const hooks = [buyerHook.data.id, sellerHook.data.id];

      const open = await makeEnquiry(db(), buyer.companyId);
      const first = await quote(seller.admin.token, open.enquiry.id, open.items.map((i) => i.id), 0, 100);
      const revised = await quote(seller.admin.token, open.enquiry.id, open.items.map((i) => i.id), 1, 90);
      expect([first.version, revised.version]).toEqual([1, 2]);
      const sealed = await makeEnquiry(db(), buyer.companyId, { sealed: true });
      const hidden = await quote(seller.admin.token, sealed.enquiry.id, sealed.items.map((i) => i.id), 0, 120);

      const all = await deliveriesOf(hooks);
      expect(all.filter((d) => d.endpointId === sellerHook.data.id)).toHaveLength(0);
      const mine = all.filter((d) => d.endpointId === buyerHook.data.id);
      expect(mine.map((d) => d.eventType)).toEqual(['quotation.submitted', 'quotation.submitted', 'quotation.submitted']);
      expect(new Set(mine.map((d) => d.eventId)).size).toBe(3);
      const [a, b, c] = mine.map((d) => (d.payload as { data: Record<string, unknown> }).data);
      const named = { enquiryId: open.enquiry.id, enquiryNo: open.enquiry.code, quotationId: first.id, sealed: false, supplierCompanyName: '报价推送供应商' };
      expect(a).toEqual({ ...named, version: 1, revision: false, totalAmount: first.totalAmount });
      expect(b).toEqual({ ...named, version: 2, revision: true, totalAmount: revised.totalAmount });
      expect(first.totalAmount).toBe('500.00');
      expect(revised.totalAmount).toBe('450.00');
      // Sealed before the deadline: the purchaser learns that an offer moved, not by whom or at what price.
      expect(c).toEqual({ enquiryId: sealed.enquiry.id, enquiryNo: sealed.enquiry.code, quotationId: hidden.id, version: 1, revision: false, sealed: true });

      await send();
      const got = r.got.filter((g) => g.headers['x-aqm-event'] === 'quotation.submitted');
      expect(got.every((g) => g.url.endsWith('side=buyer'))).toBe(true);
      expect(got).toHaveLength(3);
      const bodies = got.map((g) => verified(buyerHook.data.secret, g));
      expect(bodies.map((x) => x.id).sort()).toEqual(mine.map((d) => d.eventId).sort());
      expect(bodies.find((x) => x.data.sealed === true)).not.toHaveProperty('data.totalAmount');
    } finally {
      await r.close();
    }
  });
});
