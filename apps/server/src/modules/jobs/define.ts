import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { registry, type JobSpec } from './registry.ts';
import { cancelJobs, jobsOf, scheduleJob } from './schedule.ts';
import type { JobRow } from './registry.ts';

export { recordId, type JobContext, type JobRow, type JobSpec } from './registry.ts';

/** A registered job kind: schedule and cancel it with a checked payload. */
export interface JobDefinition<P extends number> {
  readonly kind: string;
  readonly payload: z.ZodType<P>;
  /** Schedules (or moves) the pending job of this payload to `runAt`, inside the caller's transaction. */
  schedule(tx: Db, payload: P, runAt: Date): Promise<void>;
  /** Cancels the pending job of this payload (the clock stopped). */
  cancel(tx: Db, payload: P): Promise<void>;
  /** The jobs of this kind (any status) for this payload, oldest first. */
  jobsOf(db: Db, payload: P): Promise<JobRow[]>;
}

/**
 * Declares a job kind: its payload schema and handler. Registering the same kind again replaces the handler
 * (a module registered twice in one process, or a test app built after another).
 */
export function defineJob<P extends number>(spec: JobSpec<P>): JobDefinition<P> {
  if (spec.kind.length > 40) throw new Error(`job kind too long for jobs.kind: ${spec.kind}`);
  registry.set(spec.kind, spec);
  return {
    kind: spec.kind,
    payload: spec.payload,
    schedule: async (tx, payload, runAt) => scheduleJob(tx, spec.kind, spec.payload.parse(payload), runAt),
    cancel: async (tx, payload) => cancelJobs(tx, [spec.kind], spec.payload.parse(payload)),
    jobsOf: (db, payload) => jobsOf(db, [spec.kind], spec.payload.parse(payload)),
  };
}

