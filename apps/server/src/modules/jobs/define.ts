import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { registry, type JobSpec } from './registry.ts';
import { jobsOf } from './schedule.ts';
import type { JobRow } from './registry.ts';

export { recordId, type JobContext, type JobRow, type JobSpec } from './registry.ts';

/**
 * A registered job kind. Commands and state tables start and stop it by kind (`scheduleJob`, `cancelJobs`, the
 * tables' clocks through `jobClocks`), which check the payload against this kind's schema once it is registered.
 */
export interface JobDefinition<P extends number> {
  readonly kind: string;
  readonly payload: z.ZodType<P>;
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
    jobsOf: (db, payload) => jobsOf(db, [spec.kind], spec.payload.parse(payload)),
  };
}

