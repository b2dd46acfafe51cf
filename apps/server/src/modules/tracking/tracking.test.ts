import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { ORDER_CLOCKS, Code, MSG, OrderStatus, PARCEL_DELIVERED, RmaStatus, RmaType } from '@aquamall/shared';
import { orderEndpoints, rmaEndpoints, trackingEndpoints as e } from '@aquamall/shared/endpoints';
import { jobs, messages, trackedParcels, trackingEvents, trackingPushes } from '../../db/schema/index.ts';
import { loadTracker, pushSign, SandboxTracker, verifyPush } from '../../lib/partners/logistics.ts';
import { useTestApp } from '../../test/use-app.ts';
import { linesOf, makeCompletedOrder, makeOnSaleProduct, makePurchaser, makeSupplier, makeTradeOrder } from '../../test/factories/index.ts';
import { callEndpoint } from '../../test/http.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';
import { addDays, addHours } from '../jobs/schedule.ts';
import { jobRun, runDueJobs } from '../jobs/runner.ts';
import { SUBSCRIBE_JOB, Subscription } from './parcels.ts';
import { trackerOf } from './routes.ts';

const t = useTestApp();
expectCrossCompanyProbes('modules/tracking/tracking.test.ts');

const { db } = t;
const sandbox = () => trackerOf(t.app) as SandboxTracker;

/** An order paid and waiting to ship, and its two sides. */
async function paidOrder(name: string) {
  const { seller, buyer, id } = await makeTradeOrder(db(), name, { skus: [{ price: 10, stock: 100 }], quantity: 4, to: OrderStatus.TO_SHIP });
  return { seller, buyer, id };
}

/** The supplier ships everything with a catalogue carrier through the API; answers the parcel. */
async function shipAll(s: Awaited<ReturnType<typeof paidOrder>>, trackingNo = `SF${String(1e12 + s.id)}`) {
  const lines = await linesOf(db(), s.id);
  const res = await callEndpoint(t.app, s.seller.admin.token, orderEndpoints.orderShip, {
    orderId: s.id,
    lines: lines.map((l) => ({ lineId: l.id, quantity: l.quantity })),
    carrier: '顺丰速运',
    carrierCode: 'shunfeng',
    trackingNo: trackingNo.toLowerCase(),
  });
  expect(res.code).toBe(0);
  const [parcel] = await db().select().from(trackedParcels).where(eq(trackedParcels.orderId, s.id));
  return parcel!;
}

/** Runs the due jobs at `at` and waits for the detached subscription of the parcel. */
async function runJobs(at: Date, parcelId: number) {
  await runDueJobs(db(), at);
  await jobRun(SUBSCRIBE_JOB, parcelId);
}

const receiptClock = async (orderId: number) =>
  (
    await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, ORDER_CLOCKS.AUTO_RECEIVE), eq(jobs.refId, orderId), eq(jobs.status, 0)))
  )[0];

/** 快递100's push of a route, as a form. */
const push = (parcelId: number, param: string, sign: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/partners/kuaidi100/push?parcel=${parcelId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ param, sign }).toString(),
  });

describe('快递100 signatures', () => {
  it('signs a push as MD5(param + salt) upper case and refuses a tampered param or sign', () => {
    // MD5("abc") = 900150983cd24fb0d6963f7d28e17f72
    expect(pushSign('ab', 'c')).toBe('900150983CD24FB0D6963F7D28E17F72');
    const param = '{"lastResult":{"nu":"SF1"}}';
    const sign = pushSign(param, 'salt');
    expect(verifyPush(param, sign, 'salt')).toBe(true);
    expect(verifyPush(param, sign.toLowerCase(), 'salt')).toBe(true);
    expect(verifyPush(param.replace('SF1', 'SF2'), sign, 'salt')).toBe(false);
    expect(verifyPush(param, sign, 'other-salt')).toBe(false);
    expect(verifyPush(param, '', 'salt')).toBe(false);
  });

  it('chooses 快递100 when configured, the sandbox only in demo mode, otherwise none', () => {
    const env = { KUAIDI100_KEY: 'k', KUAIDI100_CUSTOMER: 'c', KUAIDI100_SALT: 's' };
    expect(loadTracker(false, env)?.name).toBe('kuaidi100');
    expect(loadTracker(true, {})?.name).toBe('sandbox');
    expect(loadTracker(false, {})).toBeNull();
    expect(loadTracker(false, { KUAIDI100_KEY: 'k' })).toBeNull();
  });
});

describe('tracking a shipment', () => {
  it('checks the number against the carrier with a Chinese message', async () => {
    const s = await paidOrder('单号格式');
    const lines = await linesOf(db(), s.id);
    const res = await callEndpoint(t.app, s.seller.admin.token, orderEndpoints.orderShip, {
      orderId: s.id,
      lines: lines.map((l) => ({ lineId: l.id, quantity: l.quantity })),
      carrier: '顺丰速运',
      carrierCode: 'shunfeng',
      trackingNo: 'YT1234567890123',
    });
    expect(res.code).not.toBe(0);
    expect(res.message).toContain('顺丰速运运单号格式不正确');
  });

  it('subscribes after the shipment, plays the sandbox route to 已签收 and moves the receipt clock to the delivery', async () => {
    const s = await paidOrder('沙箱路由');
    const parcel = await shipAll(s);
    expect(parcel).toMatchObject({ carrierCode: 'shunfeng', subscription: Subscription.WAITING });
    const afterShip = (await receiptClock(s.id))!;
    expect(afterShip).toBeDefined();
    // Nothing is sent inside the ship request: the subscription is a job.
    const [sub] = await db().select().from(jobs).where(and(eq(jobs.kind, SUBSCRIBE_JOB), eq(jobs.refId, parcel.id)));
    expect(sub).toMatchObject({ status: 0 });

    await runJobs(new Date(), parcel.id);
    const subscribed = (await db().select().from(trackedParcels).where(eq(trackedParcels.id, parcel.id)))[0]!;
    expect(subscribed.subscription).toBe(Subscription.SUBSCRIBED);

    // The whole route is due 30 h / speed after the shipment.
    await runDueJobs(db(), addHours(parcel.createdAt, 31));
    const done = (await db().select().from(trackedParcels).where(eq(trackedParcels.id, parcel.id)))[0]!;
    expect(done.state).toBe(PARCEL_DELIVERED);
    expect(done.deliveredAt).not.toBeNull();
    const events = await db().select().from(trackingEvents).where(eq(trackingEvents.parcelId, parcel.id));
    expect(events).toHaveLength(5);
    const pushes = await db().select().from(trackingPushes).where(eq(trackingPushes.parcelId, parcel.id));
    expect(pushes.every((p) => p.verified && p.outcome === 'accepted')).toBe(true);

    const clock = (await receiptClock(s.id))!;
    expect(clock.runAt.getTime()).toBe(addDays(done.deliveredAt!, t.app.config.orderRules.autoReceiveDays).getTime());
    expect(clock.runAt.getTime()).toBeGreaterThan(afterShip.runAt.getTime());
    const inbox = await db().select().from(messages).where(eq(messages.companyId, s.buyer.companyId));
    expect(inbox.filter((m) => m.title.startsWith('包裹已签收'))).toHaveLength(1);

    // Both sides read the route, newest first.
    for (const token of [s.buyer.token, s.seller.admin.token]) {
      const read = await callEndpoint(t.app, token, e.trackingOfOrder, { orderId: s.id });
      expect(read.data).toMatchObject({ enabled: true, sandbox: true });
      const [p] = read.data!.parcels;
      expect(p).toMatchObject({ carrierName: '顺丰速运', state: PARCEL_DELIVERED });
      expect(p!.events.map((x) => x.status)).toEqual(['签收', '派件', '在途', '在途', '揽收']);
    }
  });

  it('refuses a bad signature and records it; repeats add nothing; a late older push does not move the state back', async () => {
    const s = await paidOrder('推送校验');
    const parcel = await shipAll(s);
    const tracker = sandbox();
    const at = parcel.createdAt;
    const full = tracker.pushParam(parcel.carrierCode, parcel.trackingNo, at, 5);
    const early = tracker.pushParam(parcel.carrierCode, parcel.trackingNo, at, 2);

    const tampered = await push(parcel.id, full.replace('签收', '拒收'), pushSign(full, tracker.salt));
    expect(tampered.statusCode).toBe(403);
    const noSign = await push(parcel.id, full, '');
    expect(noSign.statusCode).toBe(403);
    expect(await db().select().from(trackingEvents).where(eq(trackingEvents.parcelId, parcel.id))).toHaveLength(0);

    const first = await push(parcel.id, full, pushSign(full, tracker.salt));
    expect(first.json()).toEqual({ result: true, returnCode: '200', message: '成功' });
    const again = await push(parcel.id, full, pushSign(full, tracker.salt));
    expect(again.json()).toMatchObject({ result: true });
    const late = await push(parcel.id, early, pushSign(early, tracker.salt));
    expect(late.json()).toMatchObject({ result: true });

    const events = await db()
      .select()
      .from(trackingEvents)
      .where(eq(trackingEvents.parcelId, parcel.id))
      .orderBy(asc(trackingEvents.time));
    expect(events.map((x) => x.status)).toEqual(['揽收', '在途', '在途', '派件', '签收']);
    const row = (await db().select().from(trackedParcels).where(eq(trackedParcels.id, parcel.id)))[0]!;
    expect(row.state).toBe(PARCEL_DELIVERED);
    const pushes = await db()
      .select()
      .from(trackingPushes)
      .where(eq(trackingPushes.parcelId, parcel.id))
      .orderBy(asc(trackingPushes.id));
    expect(pushes.map((p) => [p.outcome, p.verified, p.newEvents])).toEqual([
      ['bad_sign', false, 0],
      ['bad_sign', false, 0],
      ['accepted', true, 5],
      ['accepted', true, 0],
      ['accepted', true, 0],
    ]);
    const inbox = await db().select().from(messages).where(eq(messages.companyId, s.buyer.companyId));
    expect(inbox.filter((m) => m.title.startsWith('包裹已签收'))).toHaveLength(1);

    // A push naming another number is recorded and changes nothing.
    const other = tracker.pushParam(parcel.carrierCode, 'SF9999999999999', at, 1);
    await push(parcel.id, other, pushSign(other, tracker.salt));
    const [last] = await db()
      .select()
      .from(trackingPushes)
      .where(eq(trackingPushes.parcelId, parcel.id))
      .orderBy(asc(trackingPushes.id))
      .then((r) => r.slice(-1));
    expect(last!.outcome).toBe('mismatch');
  });

  it('keeps the shipment clock when the carrier is outside the catalogue (no parcel)', async () => {
    const s = await paidOrder('无跟踪');
    const lines = await linesOf(db(), s.id);
    const res = await callEndpoint(t.app, s.seller.admin.token, orderEndpoints.orderShip, {
      orderId: s.id,
      lines: lines.map((l) => ({ lineId: l.id, quantity: l.quantity })),
      carrier: '本地货运',
      trackingNo: 'HY-001',
    });
    expect(res.code).toBe(0);
    expect(await db().select().from(trackedParcels).where(eq(trackedParcels.orderId, s.id))).toHaveLength(0);
    const read = await callEndpoint(t.app, s.buyer.token, e.trackingOfOrder, { orderId: s.id });
    expect(read.data!.parcels).toEqual([]);
  });

  it('refreshes on demand at most once per interval', async () => {
    const s = await paidOrder('刷新');
    const parcel = await shipAll(s);
    const first = await callEndpoint(t.app, s.buyer.token, e.trackingRefresh, { parcelId: parcel.id });
    expect(first.code).toBe(0);
    const second = await callEndpoint(t.app, s.seller.admin.token, e.trackingRefresh, { parcelId: parcel.id });
    expect(second.code).toBe(Code.CONFLICT);
    expect(second.message).toMatch(/刷新过于频繁，请 \d+ 分钟后再试/);
  });
});

/** A completed order and an approved return of one unit: the purchaser is to ship it back. */
async function approvedReturn(name: string) {
  const seller = await makeSupplier(db(), `${name}供应商`);
  const buyer = await makePurchaser(db(), `${name}采购商`);
  const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 10, stock: 100 }] });
  const order = await makeCompletedOrder(db(), buyer, seller, [{ skuId: skuIds[0]!, quantity: 4 }]);
  const [line] = await linesOf(db(), order.id);
  const applied = await callEndpoint(t.app, buyer.token, rmaEndpoints.rmaApply, {
    orderId: order.id,
    type: RmaType.RETURN,
    lines: [{ orderLineId: line!.id, quantity: 1 }],
    reason: '质量问题',
  });
  expect(applied.code, applied.message).toBe(0);
  const approved = await callEndpoint(t.app, seller.admin.token, rmaEndpoints.rmaApprove, {
    id: applied.data.id,
    address: { receiver: '退货仓', phone: '13800000002', area: [110000, 110100, 110101], detail: '东城区退货仓库2号门' },
  });
  expect(approved.code, approved.message).toBe(0);
  return { seller, buyer, orderId: order.id, rmaId: applied.data.id, rmaNo: applied.data.rmaNo };
}

describe('tracking a return', () => {
  it('a catalogue carrier on 寄回 checks the number, subscribes the return, and both sides follow it to 签收; the supplier is told', async () => {
    const r = await approvedReturn('退货跟踪');
    // A number that does not fit the carrier is refused in Chinese; nothing is shipped.
    const bad = await callEndpoint(t.app, r.buyer.token, rmaEndpoints.rmaShipBack, {
      id: r.rmaId,
      carrier: '顺丰速运',
      carrierCode: 'shunfeng',
      trackingNo: 'YT1234567890123',
    });
    expect(bad.code).not.toBe(0);
    expect(bad.message).toContain('顺丰速运运单号格式不正确');
    expect(await db().$count(trackedParcels, eq(trackedParcels.rmaId, r.rmaId))).toBe(0);

    const trackingNo = `SF${String(2e12 + r.rmaId)}`;
    const shipped = await callEndpoint(t.app, r.buyer.token, rmaEndpoints.rmaShipBack, {
      id: r.rmaId,
      carrier: '随便写的名字',
      carrierCode: 'shunfeng',
      trackingNo: trackingNo.toLowerCase(),
    });
    expect(shipped.code, shipped.message).toBe(0);
    const [parcel] = await db().select().from(trackedParcels).where(eq(trackedParcels.rmaId, r.rmaId));
    expect(parcel).toMatchObject({ orderId: r.orderId, shipmentId: null, carrierCode: 'shunfeng', trackingNo, subscription: Subscription.WAITING });
    // The catalogue's name is written on the request, whatever name came with the code.
    const detail = await callEndpoint(t.app, r.seller.admin.token, rmaEndpoints.rmaDetail, { id: r.rmaId });
    expect(detail.data).toMatchObject({ status: RmaStatus.RETURNED, returnCarrier: '顺丰速运', returnTrackingNo: trackingNo });
    // The return is not one of the order's shipments.
    const ofOrder = await callEndpoint(t.app, r.buyer.token, e.trackingOfOrder, { orderId: r.orderId });
    expect(ofOrder.data!.parcels.map((p) => p.id)).not.toContain(parcel!.id);

    await runJobs(new Date(), parcel!.id);
    await runDueJobs(db(), addHours(parcel!.createdAt, 31));
    const done = (await db().select().from(trackedParcels).where(eq(trackedParcels.id, parcel!.id)))[0]!;
    expect(done).toMatchObject({ subscription: Subscription.SUBSCRIBED, state: PARCEL_DELIVERED });
    expect(done.deliveredAt).not.toBeNull();

    // The supplier is told once that the return was signed for; the purchaser is not told of its own return.
    const told = (companyId: number) =>
      db()
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, companyId), eq(messages.type, 'rma_delivered')));
    const toSeller = await told(r.seller.id);
    expect(toSeller).toHaveLength(1);
    expect(toSeller[0]!.title).toBe(`退货包裹已签收 ${r.rmaNo}`);
    expect(toSeller[0]!.content).toContain(`顺丰速运 ${trackingNo}`);
    expect(await told(r.buyer.companyId)).toHaveLength(0);
    // A repeated push of the whole route tells nobody again.
    const tracker = sandbox();
    const again = tracker.pushParam(done.carrierCode, done.trackingNo, done.createdAt, 5);
    expect((await push(done.id, again, pushSign(again, tracker.salt))).statusCode).toBe(200);
    expect(await told(r.seller.id)).toHaveLength(1);

    // Both sides read the return's route, newest first, with its delivery.
    for (const token of [r.buyer.token, r.seller.admin.token]) {
      const read = await callEndpoint(t.app, token, e.trackingOfRma, { rmaId: r.rmaId });
      expect(read.data).toMatchObject({ enabled: true, sandbox: true });
      expect(read.data!.parcels).toHaveLength(1);
      const [p] = read.data!.parcels;
      expect(p).toMatchObject({ rmaId: r.rmaId, carrierName: '顺丰速运', trackingNo, state: PARCEL_DELIVERED, deliveredAt: done.deliveredAt!.toISOString() });
      expect(p!.events.map((x) => x.status)).toEqual(['签收', '派件', '在途', '在途', '揽收']);
    }
  });

  it('a carrier outside the catalogue is shipped back by name and not tracked; a third company reads no return', async () => {
    const r = await approvedReturn('退货不跟踪');
    const shipped = await callEndpoint(t.app, r.buyer.token, rmaEndpoints.rmaShipBack, { id: r.rmaId, carrier: '本地货运', trackingNo: 'LOCAL-001' });
    expect(shipped.code, shipped.message).toBe(0);
    expect(await db().$count(trackedParcels, eq(trackedParcels.rmaId, r.rmaId))).toBe(0);
    const read = await callEndpoint(t.app, r.seller.admin.token, e.trackingOfRma, { rmaId: r.rmaId });
    expect(read.data).toMatchObject({ enabled: true, parcels: [] });
    const other = await makeSupplier(db(), '退货跟踪第三供应商');
    const probe = await callEndpoint(t.app, crossCompanyCaller(other.admin.token), e.trackingOfRma, { rmaId: r.rmaId });
    expect(probe).toMatchObject({ code: Code.NOT_FOUND, message: MSG.recordNotFound });
  });
});

describe('isolation', () => {
  it('a third company reads and refreshes no parcel of another order', async () => {
    const s = await paidOrder('跟踪隔离');
    const parcel = await shipAll(s);
    const otherBuyer = await makePurchaser(db(), '跟踪隔离第三采购商');
    const otherSeller = await makeSupplier(db(), '跟踪隔离第三供应商');
    for (const token of [crossCompanyCaller(otherBuyer.token), crossCompanyCaller(otherSeller.admin.token)]) {
      const read = await callEndpoint(t.app, token, e.trackingOfOrder, { orderId: s.id });
      expect(read).toMatchObject({ code: Code.NOT_FOUND, message: MSG.recordNotFound });
      const refresh = await callEndpoint(t.app, token, e.trackingRefresh, { parcelId: parcel.id });
      expect(refresh).toMatchObject({ code: Code.NOT_FOUND, message: MSG.recordNotFound });
      const rma = await callEndpoint(t.app, token, e.trackingOfRma, { rmaId: 1 });
      expect(rma).toMatchObject({ code: Code.NOT_FOUND, message: MSG.recordNotFound });
    }
  });
});
