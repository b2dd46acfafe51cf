import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { ORDER_CLOCKS, Code, MSG, OrderStatus, PARCEL_DELIVERED } from '@aquamall/shared';
import { orderEndpoints, trackingEndpoints as e } from '@aquamall/shared/endpoints';
import { jobs, messages, trackedParcels, trackingEvents, trackingPushes } from '../../db/schema/index.ts';
import { loadTracker, pushSign, SandboxTracker, verifyPush } from '../../lib/partners/logistics.ts';
import { useTestApp } from '../../test/use-app.ts';
import { linesOf, makePurchaser, makeSupplier, makeTradeOrder } from '../../test/factories/index.ts';
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
