import { z } from 'zod';
import { recordId, wireTimestamp } from '../envelope.ts';
import { CARRIER_CODES, trackingNoProblem } from '../logistics.ts';

/**
 * Parcel tracking (docs/product/orders.md#parcel-tracking): the carrier picked from the catalogue on a ship form,
 * and what both sides read of a shipment's route.
 */

/** The carrier picked from the catalogue (absent: a carrier outside it, shown but not tracked). */
export const carrierCodeInput = z.enum(CARRIER_CODES, '请选择物流公司').optional();

/** A ship form's tracking number must fit its catalogue carrier (logistics.ts `trackingNoProblem`). */
export function trackingNoFitsCarrier(v: { carrierCode?: string | undefined; trackingNo: string }, ctx: z.RefinementCtx): void {
  if (!v.carrierCode) return;
  const problem = trackingNoProblem(v.carrierCode, v.trackingNo);
  if (problem) ctx.addIssue({ code: 'custom', path: ['trackingNo'], message: problem });
}

export const trackingEventView = z.object({
  /** When the carrier says it happened (the event's own time, not when it reached us). */
  time: wireTimestamp,
  context: z.string(),
  /** The carrier's status word (在途, 揽收, 派件, 签收 …). */
  status: z.string(),
  areaName: z.string(),
});

export const parcelView = z.object({
  id: z.number().int(),
  shipmentId: z.number().int().nullable(),
  rmaId: z.number().int().nullable(),
  carrierCode: z.string(),
  carrierName: z.string(),
  trackingNo: z.string(),
  /** 快递100 state (logistics.ts PARCEL_STATES); null before the first event. */
  state: z.number().int().nullable(),
  /** 0 waiting to subscribe, 1 subscribed, 2 subscription refused by the partner, 3 tracking off. */
  subscription: z.number().int(),
  deliveredAt: wireTimestamp.nullable(),
  lastQueriedAt: wireTimestamp.nullable(),
  /** Newest first, at most the 100 newest. */
  events: z.array(trackingEventView),
});
export type ParcelView = z.infer<typeof parcelView>;

export const trackingAnswer = z.object({
  /** Whether this deployment tracks parcels (快递100 configured, or its sandbox in demo mode). */
  enabled: z.boolean(),
  sandbox: z.boolean(),
  parcels: z.array(parcelView),
});
export type TrackingAnswer = z.infer<typeof trackingAnswer>;

export const trackingOrderQuery = z.object({ orderId: recordId });
export const trackingRmaQuery = z.object({ rmaId: recordId });
export const trackingRefreshInput = z.object({ parcelId: recordId });

/** 快递100's push: a form with the JSON `param` and its `sign` (MD5(param + salt), upper case). */
export const kuaidi100PushBody = z.object({
  param: z.string().max(200_000),
  sign: z.string().max(64).default(''),
});
export const kuaidi100PushQuery = z.object({ parcel: z.coerce.number().int().positive().max(2_147_483_647) });
