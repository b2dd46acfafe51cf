import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, atNow } from './columns.ts';
import { companyRef } from './company.ts';
import { orders, shipments } from './orders.ts';
import { rmas } from './aftersales.ts';

/**
 * Parcel tracking (modules/tracking, docs/product/orders.md#parcel-tracking): one parcel per shipment of an order
 * or return shipment of an after-sales request sent with a catalogue carrier, its route events as the carrier
 * (快递100) reported them, and every push received, verified or not.
 */
export const trackedParcels = pgTable(
  'tracked_parcels',
  {
    id: serial().primaryKey(),
    /** The order the parcel belongs to (an order shipment, or the order of a returned after-sales request). */
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    shipmentId: integer().references(() => shipments.id),
    rmaId: integer().references(() => rmas.id),
    buyerCompanyId: companyRef(),
    sellerCompanyId: companyRef(),
    /** 快递100 company code (packages/shared/src/logistics.ts CARRIERS). */
    carrierCode: varchar({ length: 20 }).notNull(),
    trackingNo: varchar({ length: 50 }).notNull(),
    /** 0 waiting to subscribe, 1 subscribed, 2 refused by the partner, 3 tracking off on this deployment. */
    subscription: smallint().notNull().default(0),
    /** The partner's latest state (logistics.ts PARCEL_STATES), from the newest event reported. */
    state: smallint(),
    /** The time of the newest event applied to `state` (an older push arriving late does not move it back). */
    lastEventAt: at(),
    deliveredAt: at(),
    lastQueriedAt: at(),
    createdAt: atNow(),
  },
  (t) => [
    uniqueIndex().on(t.shipmentId),
    uniqueIndex().on(t.rmaId),
    index().on(t.orderId),
    check('tracked_parcels_one_document', sql`(${t.shipmentId} is null) <> (${t.rmaId} is null)`),
  ],
);

/** A route event of a parcel, stored once by its own time and text (repeated pushes carry it again). */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: serial().primaryKey(),
    parcelId: integer()
      .notNull()
      .references(() => trackedParcels.id, { onDelete: 'cascade' }),
    time: at().notNull(),
    context: varchar({ length: 500 }).notNull(),
    status: varchar({ length: 20 }).notNull().default(''),
    areaName: varchar({ length: 100 }).notNull().default(''),
    createdAt: atNow(),
  },
  (t) => [uniqueIndex('tracking_events_once').on(t.parcelId, t.time, t.context)],
);

/** Every push the callback received: verified or refused (bad signature, unknown parcel, number mismatch). */
export const trackingPushes = pgTable(
  'tracking_pushes',
  {
    id: serial().primaryKey(),
    parcelId: integer(),
    verified: boolean().notNull(),
    /** accepted, bad_sign, unknown_parcel, mismatch, bad_param. */
    outcome: varchar({ length: 20 }).notNull(),
    /** New events stored from this push (0 for a repeat). */
    newEvents: integer().notNull().default(0),
    param: text().notNull(),
    receivedAt: atNow(),
  },
  (t) => [index().on(t.parcelId, t.receivedAt)],
);

export type TrackedParcelRow = typeof trackedParcels.$inferSelect;
