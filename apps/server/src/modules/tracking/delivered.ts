import { and, inArray, sql } from 'drizzle-orm';
import { carrierOf } from '@aquamall/shared';
import type { OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { trackedParcels, type TrackedParcelRow } from '../../db/schema/index.ts';
import { Subscription } from './parcels.ts';

/**
 * What follows a parcel's first 签收 belongs to the document it was sent for: orders tells the purchaser and may
 * move the automatic receipt, after-sales tells the supplier of a return. Those modules import tracking (they
 * start parcels); app.ts registers their handlers while it builds the app, so tracking imports neither of them
 * (docs/architecture.md "Server layers"). A handler runs inside the transaction that recorded the delivery.
 */
export type ParcelDelivered = (tx: Db, parcel: TrackedParcelRow, rules: OrderRules) => Promise<void>;

const handlers = new Map<'order' | 'rma', ParcelDelivered>();

/** Registers what a delivery means for an order's or a return's parcel (registering again replaces). */
export function registerParcelDelivered(document: 'order' | 'rma', handler: ParcelDelivered): void {
  handlers.set(document, handler);
}

/** A parcel was signed for: the handler of its document, if one is registered. */
export async function parcelDelivered(tx: Db, parcel: TrackedParcelRow, rules: OrderRules): Promise<void> {
  await handlers.get(parcel.rmaId !== null ? 'rma' : 'order')?.(tx, parcel, rules);
}

/** The carrier and number of a parcel as the notices name it (`顺丰速运 SF123`). */
export const parcelLabel = (parcel: Pick<TrackedParcelRow, 'carrierCode' | 'trackingNo'>): string =>
  `${carrierOf(parcel.carrierCode)?.name ?? parcel.carrierCode} ${parcel.trackingNo}`;

/**
 * Of these shipments, how many are tracked parcels (still or about to be subscribed) that have been delivered,
 * and the last delivery.
 */
export async function shipmentDeliveries(tx: Db, shipmentIds: readonly number[]): Promise<{ delivered: number; last: Date | null }> {
  if (!shipmentIds.length) return { delivered: 0, last: null };
  const [row] = await tx
    .select({
      delivered: sql<number>`count(${trackedParcels.deliveredAt})::int`,
      last: sql`max(${trackedParcels.deliveredAt})`.mapWith(trackedParcels.deliveredAt),
    })
    .from(trackedParcels)
    .where(
      and(
        inArray(trackedParcels.shipmentId, [...shipmentIds]),
        inArray(trackedParcels.subscription, [Subscription.WAITING, Subscription.SUBSCRIBED]),
      ),
    );
  return { delivered: row?.delivered ?? 0, last: row?.last ?? null };
}
