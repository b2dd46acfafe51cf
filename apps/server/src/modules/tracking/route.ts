import { eq } from 'drizzle-orm';
import { PARCEL_DELIVERED, parseChinaDateTime } from '@aquamall/shared';
import type { OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { trackedParcels, trackingEvents, trackingPushes, type TrackedParcelRow } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/executor.ts';
import { verifyPush, type Kuaidi100Push, type Kuaidi100Result, type LogisticsTracker } from '../../lib/partners/logistics.ts';
import { parcelDelivered } from './delivered.ts';
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
 * 签收 is recorded with what follows from it (`parcelDelivered`: the handler its document registered). Answers how many events were new.
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
  if (deliveredNow) await parcelDelivered(tx, { ...parcel, deliveredAt }, rules);
  return added.length;
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
