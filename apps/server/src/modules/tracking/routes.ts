import type { FastifyInstance } from 'fastify';
import { trackingEndpoints as e } from '@aquamall/shared/endpoints';
import { inTransaction } from '../../db/executor.ts';
import { ok } from '../../lib/envelope.ts';
import { loadTracker, type LogisticsTracker } from '../../lib/partners/logistics.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { registerTrackingJobs } from './jobs.ts';
import { fail } from './messages.ts';
import { claimRefresh, lockParcel, trackingOfOrder, trackingOfRma } from './parcels.ts';
import { acceptPush, applyRoute } from './route.ts';

const trackers = new WeakMap<FastifyInstance, LogisticsTracker | null>();

/** The parcel tracker of an app (lib/partners/logistics.ts `loadTracker`): 快递100, its sandbox in demo mode, or none. */
export function trackerOf(app: FastifyInstance): LogisticsTracker | null {
  if (!trackers.has(app)) trackers.set(app, loadTracker(app.config.demo));
  return trackers.get(app) ?? null;
}

const RECEIPT = { result: true, returnCode: '200', message: '成功' };

/** Parcel tracking (docs/product/orders.md#parcel-tracking): routes of both sides, refresh, and 快递100's push. */
export default async function trackingRoutes(app: FastifyInstance) {
  const tracker = trackerOf(app);
  const rules = app.config.orderRules;
  registerTrackingJobs(tracker, rules, app.config.publicUrl);
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_r, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
  }

  route(app, e.trackingOfOrder, async (request) =>
    ok(await trackingOfOrder(app.db, tracker, companyCaller(request).companyId, request.body.orderId)),
  );
  route(app, e.trackingOfRma, async (request) =>
    ok(await trackingOfRma(app.db, tracker, companyCaller(request).companyId, request.body.rmaId)),
  );
  route(app, e.trackingRefresh, async (request) => {
    const parcel = await claimRefresh(app.db, tracker, companyCaller(request).companyId, request.body.parcelId);
    // The partner is asked outside any transaction; its answer is applied in one.
    const found = await tracker!
      .query({ com: parcel.carrierCode, num: parcel.trackingNo, subscribedAt: parcel.createdAt })
      .catch((err: unknown) => {
        request.log.warn({ err }, 'tracking: real-time query failed');
        throw fail('TRACKING_QUERY_FAILED');
      });
    if (found)
      await inTransaction(app.db, async (tx) => {
        const locked = await lockParcel(tx, parcel.id);
        if (locked) await applyRoute(tx, locked, found, rules, new Date());
      });
    return ok(null, found ? '物流信息已刷新' : '承运商暂无该运单的物流信息');
  });
  route(app, e.kuaidi100Push, async (request, reply) => {
    const outcome = await acceptPush(app.db, tracker, rules, request.query.parcel, request.body.param, request.body.sign);
    if (outcome === 'bad_sign')
      return reply.code(403).type('application/json').send({ result: false, returnCode: '403', message: '签名错误' });
    // A push for a parcel we do not know or with another number is recorded and acknowledged (retrying cannot help).
    return reply.type('application/json').send(outcome === 'bad_param' ? { result: false, returnCode: '500', message: '参数错误' } : RECEIPT);
  });
}
