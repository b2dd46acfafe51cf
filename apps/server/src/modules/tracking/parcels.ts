import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { carrierOf, type ParcelView, type TrackingAnswer } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { trackedParcels, trackingEvents, type TrackedParcelRow } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { LogisticsTracker } from '../../lib/partners/logistics.ts';
import { scheduleJob } from '../jobs/index.ts';
import { fail } from './messages.ts';
import { isDocumentParty } from './parties.ts';

/** The job that subscribes a new parcel with the partner (payload: the parcel id), run after the shipment commits. */
export const SUBSCRIBE_JOB = 'tracking.subscribe';

/** Subscription states of a parcel (schema/tracking.ts). */
export const Subscription = { WAITING: 0, SUBSCRIBED: 1, REFUSED: 2, OFF: 3 } as const;

/**
 * Starts tracking a shipment or return shipment sent with a catalogue carrier, inside the transaction that records
 * it: the parcel row, and the job that subscribes it with the partner once the transaction has committed (never
 * a network call inside the command). A carrier outside the catalogue is not tracked.
 */
export async function startParcel(
  tx: Db,
  p: {
    orderId: number;
    shipmentId?: number;
    rmaId?: number;
    buyerCompanyId: number;
    sellerCompanyId: number;
    carrierCode: string | undefined;
    trackingNo: string;
  },
  now = new Date(),
): Promise<void> {
  if (!p.carrierCode || !carrierOf(p.carrierCode)) return;
  const [row] = await tx
    .insert(trackedParcels)
    .values({
      orderId: p.orderId,
      shipmentId: p.shipmentId ?? null,
      rmaId: p.rmaId ?? null,
      buyerCompanyId: p.buyerCompanyId,
      sellerCompanyId: p.sellerCompanyId,
      carrierCode: p.carrierCode,
      trackingNo: p.trackingNo.trim().toUpperCase(),
      createdAt: now,
    })
    .returning({ id: trackedParcels.id });
  await scheduleJob(tx, SUBSCRIBE_JOB, row!.id, now);
}

/** At most this many events of a parcel are answered (the newest). */
const EVENTS_SHOWN = 100;

async function viewsOf(db: Db, parcels: TrackedParcelRow[]): Promise<ParcelView[]> {
  return Promise.all(
    parcels.map(async (p) => {
      const events = await db
        .select({
          time: trackingEvents.time,
          context: trackingEvents.context,
          status: trackingEvents.status,
          areaName: trackingEvents.areaName,
        })
        .from(trackingEvents)
        .where(eq(trackingEvents.parcelId, p.id))
        .orderBy(desc(trackingEvents.time), desc(trackingEvents.id))
        .limit(EVENTS_SHOWN);
      return {
        id: p.id,
        shipmentId: p.shipmentId,
        rmaId: p.rmaId,
        carrierCode: p.carrierCode,
        carrierName: carrierOf(p.carrierCode)?.name ?? p.carrierCode,
        trackingNo: p.trackingNo,
        state: p.state,
        subscription: p.subscription,
        deliveredAt: p.deliveredAt?.toISOString() ?? null,
        lastQueriedAt: p.lastQueriedAt?.toISOString() ?? null,
        events: events.map((e) => ({ ...e, time: e.time.toISOString() })),
      };
    }),
  );
}

const answer = async (db: Db, tracker: LogisticsTracker | null, parcels: TrackedParcelRow[]): Promise<TrackingAnswer> => ({
  enabled: tracker !== null,
  sandbox: tracker?.sandbox ?? false,
  parcels: await viewsOf(db, parcels),
});

/** The parcels of one order's shipments, for its purchaser or supplier (记录不存在 for anyone else). */
export async function trackingOfOrder(
  db: Db,
  tracker: LogisticsTracker | null,
  companyId: number,
  orderId: number,
): Promise<TrackingAnswer> {
  if (!(await isDocumentParty(db, 'order', companyId, orderId))) throw notFound();
  const parcels = await db
    .select()
    .from(trackedParcels)
    .where(and(eq(trackedParcels.orderId, orderId), isNull(trackedParcels.rmaId)))
    .orderBy(trackedParcels.id);
  return answer(db, tracker, parcels);
}

/** The return parcel of one after-sales request, for its purchaser or supplier (记录不存在 for anyone else). */
export async function trackingOfRma(
  db: Db,
  tracker: LogisticsTracker | null,
  companyId: number,
  rmaId: number,
): Promise<TrackingAnswer> {
  if (!(await isDocumentParty(db, 'rma', companyId, rmaId))) throw notFound();
  const parcels = await db.select().from(trackedParcels).where(eq(trackedParcels.rmaId, rmaId));
  return answer(db, tracker, parcels);
}

/**
 * Claims a real-time query of a parcel for its purchaser or supplier: stamps `lastQueriedAt` unless the parcel
 * was queried within the partner's interval (one statement, so two clicks at once make one query).
 */
export async function claimRefresh(
  db: Db,
  tracker: LogisticsTracker | null,
  companyId: number,
  parcelId: number,
  now = new Date(),
): Promise<TrackedParcelRow> {
  const mine = and(
    eq(trackedParcels.id, parcelId),
    or(eq(trackedParcels.buyerCompanyId, companyId), eq(trackedParcels.sellerCompanyId, companyId)),
  );
  const [parcel] = await db.select().from(trackedParcels).where(mine);
  if (!parcel) throw notFound();
  if (!tracker) throw fail('TRACKING_OFF');
  const since = new Date(now.getTime() - tracker.refreshIntervalMs);
  const [claimed] = await db
    .update(trackedParcels)
    .set({ lastQueriedAt: now })
    .where(and(mine, or(isNull(trackedParcels.lastQueriedAt), lt(trackedParcels.lastQueriedAt, since))))
    .returning();
  if (!claimed) {
    const waitMs = (parcel.lastQueriedAt?.getTime() ?? now.getTime()) + tracker.refreshIntervalMs - now.getTime();
    throw fail('TRACKING_REFRESH_TOO_SOON', { minutes: Math.max(1, Math.ceil(waitMs / 60_000)) });
  }
  return claimed;
}

/** Locks one parcel for an update of its route. */
export async function lockParcel(tx: Db, id: number): Promise<TrackedParcelRow | undefined> {
  const [p] = await tx.select().from(trackedParcels).where(eq(trackedParcels.id, id)).for('update');
  return p;
}
