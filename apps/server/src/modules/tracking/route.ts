import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ORDER_CLOCKS,
  carrierOf,
  formatChinaDateTime,
  OrderStatus,
  PARCEL_DELIVERED,
  parseChinaDateTime,
} from '@aquamall/shared';
import type { OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { jobs, orders, rmas, shipments, trackedParcels, trackingEvents, trackingPushes, type TrackedParcelRow } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/executor.ts';
import { verifyPush, type Kuaidi100Push, type Kuaidi100Result, type LogisticsTracker } from '../../lib/partners/logistics.ts';
import { addDays, scheduleJob } from '../jobs/index.ts';
import { notify } from '../notifications/index.ts';
import { orderLink } from '../orders/index.ts';
import { rmaLink } from '../aftersales/index.ts';
import { lockParcel, Subscription } from './parcels.ts';

/** What a push came to (recorded in tracking_pushes.outcome). */
export type PushOutcome = 'accepted' | 'bad_sign' | 'bad_param' | 'unknown_parcel' | 'mismatch';

/** The events of a route as rows: each at its own time (China wall clock), unreadable times skipped. */
function eventRows(parcelId: number, route: Kuaidi100Result) {
  const rows = [];
  for (const e of route.data ?? []) {
    let time: Date;
    try {
      time = parseChinaDateTime(String(e.ftime || e.time));
    } catch {
      continue;
    }
    const context = String(e.context ?? '').slice(0, 500);
    if (!context) continue;
    rows.push({
      parcelId,
      time,
      context,
      status: String(e.status ?? '').slice(0, 20),
      areaName: String(e.areaName ?? '').slice(0, 100),
    });
  }
  return rows;
}

/**
 * Applies a route the partner reported (a push or a real-time query) to a locked parcel: its events are stored once
 * each by their own time and text (a repeat adds nothing), the parcel's state follows the route only when the
 * route is at least as new as what was applied before (a late, older push does not move it back), and the first
 * 签收 is recorded with what follows from it (`delivered`). Answers how many events were new.
 */
export async function applyRoute(
  tx: Db,
  parcel: TrackedParcelRow,
  route: Kuaidi100Result,
  rules: OrderRules,
  now: Date,
): Promise<number> {
  const rows = eventRows(parcel.id, route);
  const added = rows.length
    ? await tx.insert(trackingEvents).values(rows).onConflictDoNothing().returning({ id: trackingEvents.id })
    : [];
  const newest = rows.reduce<Date | null>((m, r) => (!m || r.time > m ? r.time : m), null);
  const state = Number(route.state);
  const fresher = newest !== null && (!parcel.lastEventAt || newest >= parcel.lastEventAt);
  const signed = rows.filter((r) => r.status.includes('签收')).sort((a, b) => b.time.getTime() - a.time.getTime())[0];
  const deliveredNow = !parcel.deliveredAt && (state === PARCEL_DELIVERED || signed !== undefined);
  const deliveredAt = deliveredNow ? (signed?.time ?? newest ?? now) : parcel.deliveredAt;
  if (fresher || deliveredNow) {
    await tx
      .update(trackedParcels)
      .set({
        ...(fresher && Number.isInteger(state) ? { state, lastEventAt: newest } : {}),
        ...(deliveredNow ? { deliveredAt, state: PARCEL_DELIVERED } : {}),
        subscription: parcel.subscription === Subscription.WAITING ? Subscription.SUBSCRIBED : parcel.subscription,
      })
      .where(eq(trackedParcels.id, parcel.id));
  }
  if (deliveredNow) await delivered(tx, { ...parcel, deliveredAt }, rules);
  return added.length;
}

/**
 * A parcel was signed for (docs/product/orders.md#parcel-tracking). An order's purchaser is told; when every
 * shipment of a 待收货 order is a tracked parcel and all are delivered, the automatic-receipt clock is moved to
 * start from the last delivery instead of the last shipment. A return parcel tells the supplier.
 */
async function delivered(tx: Db, parcel: TrackedParcelRow, rules: OrderRules): Promise<void> {
  const carrier = `${carrierOf(parcel.carrierCode)?.name ?? parcel.carrierCode} ${parcel.trackingNo}`;
  const at = formatChinaDateTime(parcel.deliveredAt);
  if (parcel.rmaId !== null) {
    const [rma] = await tx.select().from(rmas).where(eq(rmas.id, parcel.rmaId));
    if (rma)
      await notify(tx, rma.sellerCompanyId, {
        type: 'rma_delivered',
        title: `退货包裹已签收 ${rma.rmaNo}`,
        content: `采购商寄回的售后商品（${carrier}）已于 ${at} 签收，请验收后确认。`,
        linkPath: rmaLink(rma.id, 'seller'),
      });
    return;
  }
  const [order] = await tx.select().from(orders).where(eq(orders.id, parcel.orderId)).for('update');
  if (!order) return;
  const due = order.status === OrderStatus.TO_RECEIVE ? await receiptDueAfterDelivery(tx, order.id, rules) : null;
  if (due) await scheduleJob(tx, ORDER_CLOCKS.AUTO_RECEIVE, order.id, due);
  await notify(tx, order.buyerCompanyId, {
    type: 'shipment_delivered',
    title: `包裹已签收 ${order.orderNo}`,
    content: `订单 ${order.orderNo} 的包裹（${carrier}）已于 ${at} 签收${due ? `，将于 ${formatChinaDateTime(due)} 自动确认收货` : ''}。`,
    linkPath: orderLink(order, 'buyer'),
  });
}

/**
 * The automatic receipt's new due time when the order's clock is running and every shipment of the order is a
 * tracked parcel that has been delivered: the last delivery + the receipt days; else null (the clock keeps
 * counting from the last shipment).
 */
async function receiptDueAfterDelivery(tx: Db, orderId: number, rules: OrderRules): Promise<Date | null> {
  const [clock] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, ORDER_CLOCKS.AUTO_RECEIVE), eq(jobs.refId, orderId), eq(jobs.status, 0)));
  if (!clock) return null;
  const [row] = await tx
    .select({
      shipments: sql<number>`count(*)::int`,
      delivered: sql<number>`count(${trackedParcels.deliveredAt})::int`,
      last: sql`max(${trackedParcels.deliveredAt})`.mapWith(trackedParcels.deliveredAt),
    })
    .from(shipments)
    .leftJoin(
      trackedParcels,
      and(
        eq(trackedParcels.shipmentId, shipments.id),
        inArray(trackedParcels.subscription, [Subscription.WAITING, Subscription.SUBSCRIBED]),
      ),
    )
    .where(eq(shipments.orderId, orderId));
  if (!row || row.shipments === 0 || row.delivered !== row.shipments || !row.last) return null;
  return addDays(row.last, rules.autoReceiveDays);
}

/**
 * A push from 快递100 (or the sandbox, through the same door): the signature is checked with the tracker's salt
 * before anything is read; every push is recorded with its outcome; a verified push for a known parcel applies
 * its route in one transaction. Repeats and late pushes are harmless (applyRoute).
 */
export async function acceptPush(
  db: Db,
  tracker: LogisticsTracker | null,
  rules: OrderRules,
  parcelId: number,
  param: string,
  sign: string,
  now = new Date(),
): Promise<PushOutcome> {
  const record = (outcome: PushOutcome, verified: boolean, newEvents = 0, tx: Db = db) =>
    tx.insert(trackingPushes).values({ parcelId, verified, outcome, newEvents, param: param.slice(0, 100_000), receivedAt: now });
  if (!tracker || !verifyPush(param, sign, tracker.salt)) {
    await record('bad_sign', false);
    return 'bad_sign';
  }
  let push: Kuaidi100Push;
  try {
    push = JSON.parse(param) as Kuaidi100Push;
    if (!push?.lastResult || !Array.isArray(push.lastResult.data)) throw new Error('no route');
  } catch {
    await record('bad_param', true);
    return 'bad_param';
  }
  return inTransaction(db, async (tx) => {
    const parcel = await lockParcel(tx, parcelId);
    if (!parcel) {
      await record('unknown_parcel', true, 0, tx);
      return 'unknown_parcel' as const;
    }
    if (String(push.lastResult.nu ?? '').trim().toUpperCase() !== parcel.trackingNo) {
      await record('mismatch', true, 0, tx);
      return 'mismatch' as const;
    }
    const added = await applyRoute(tx, parcel, push.lastResult, rules, now);
    await record('accepted', true, added, tx);
    return 'accepted' as const;
  });
}
