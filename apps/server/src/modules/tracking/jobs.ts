import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/executor.ts';
import { trackedParcels } from '../../db/schema/index.ts';
import { pushSign, SANDBOX_STEPS, SandboxTracker, type LogisticsTracker } from '../../lib/partners/logistics.ts';
import { defineJob, recordId } from '../jobs/index.ts';
import { scheduleJob } from '../jobs/index.ts';
import { SUBSCRIBE_JOB, Subscription } from './parcels.ts';
import { acceptPush } from './route.ts';

/** The sandbox's pushes: payload parcel id × 8 + step (1…SANDBOX_STEPS), one job per step. */
export const SANDBOX_PUSH_JOB = 'tracking.sandbox_push';
export const sandboxPushRef = (parcelId: number, step: number) => parcelId * 8 + step;

/** Where 快递100 pushes a parcel's route. */
export const pushUrl = (publicUrl: string, parcelId: number) => `${publicUrl}/api/partners/kuaidi100/push?parcel=${parcelId}`;

/**
 * The tracking jobs (docs/product/orders.md#parcel-tracking): subscribing a new parcel with the partner after its
 * shipment committed (detached: the partner is called outside any transaction; retried with backoff when the partner
 * fails), and the sandbox's timed pushes, which go through the same signature check as 快递100's.
 */
export function registerTrackingJobs(tracker: LogisticsTracker | null, rules: OrderRules, publicUrl: string): void {
  defineJob({
    kind: SUBSCRIBE_JOB,
    payload: recordId,
    detached: { leaseMs: 60_000 },
    handler: async (db: Db, parcelId: number) => {
      const [p] = await db.select().from(trackedParcels).where(eq(trackedParcels.id, parcelId));
      if (!p || p.subscription !== Subscription.WAITING) return;
      const waiting = and(eq(trackedParcels.id, parcelId), eq(trackedParcels.subscription, Subscription.WAITING));
      if (!tracker) {
        await db.update(trackedParcels).set({ subscription: Subscription.OFF }).where(waiting);
        return;
      }
      const outcome = await tracker.subscribe({ com: p.carrierCode, num: p.trackingNo, callbackUrl: pushUrl(publicUrl, p.id) });
      await inTransaction(db, async (tx) => {
        await tx
          .update(trackedParcels)
          .set({ subscription: outcome.ok ? Subscription.SUBSCRIBED : Subscription.REFUSED })
          .where(waiting);
        if (outcome.ok && tracker instanceof SandboxTracker)
          for (let step = 1; step <= SANDBOX_STEPS; step++)
            await scheduleJob(tx, SANDBOX_PUSH_JOB, sandboxPushRef(p.id, step), tracker.stepAt(p.createdAt, step));
      });
    },
  });
  defineJob({
    kind: SANDBOX_PUSH_JOB,
    payload: z.number().int().positive(),
    handler: async (tx, ref, { now }) => {
      if (!(tracker instanceof SandboxTracker)) return;
      const parcelId = Math.floor(ref / 8);
      const [p] = await tx.select().from(trackedParcels).where(eq(trackedParcels.id, parcelId));
      if (!p) return;
      const param = tracker.pushParam(p.carrierCode, p.trackingNo, p.createdAt, ref % 8);
      await acceptPush(tx, tracker, rules, parcelId, param, pushSign(param, tracker.salt), now);
    },
  });
}
