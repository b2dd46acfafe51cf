import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { jobs } from '../../db/schema/index.ts';

export type JobRow = typeof jobs.$inferSelect;

/** What a handler is told besides its payload: the runner's clock and the job row it runs. */
export interface JobContext {
  now: Date;
  job: JobRow;
}

/**
 * The payload of a job: the one number a job row carries (`refId`), typed and checked per kind. Every job kind
 * names one record (an order, a tender, a company, an import …) or a recurring slot, and the pending-job index
 * (`jobs_one_pending`: one pending job per kind and payload) keys on it (docs/decisions/0191-jobs-and-events-spine.md).
 */
export type JobPayload = z.ZodType<number>;
/** A record id: the payload of every timed rule. */
export const recordId = z.number().int().positive();

/**
 * A timed rule: runs inside the transaction that claimed its row alone (in a savepoint), which marks the row done
 * as it commits: it re-reads and locks its document and leaves it alone when the document has moved on; a failure
 * rolls its work back and retries with backoff.
 */
interface InlineJob<P extends number> {
  kind: string;
  payload: z.ZodType<P>;
  handler: (tx: Db, payload: P, ctx: JobContext) => Promise<void>;
  detached?: undefined;
}

/**
 * Long work (a product import): the runner claims the row by moving its `runAt` `leaseMs` ahead (so no other
 * instance takes it meanwhile), commits, and runs the handler outside any transaction; the row is done when the
 * handler returns. A process that dies mid-run leaves the row pending: it is claimed again when the lease ends.
 * The handler keeps its own state where the user sees it (progress rows) and must tolerate a second start.
 */
interface DetachedJob<P extends number> {
  kind: string;
  payload: z.ZodType<P>;
  detached: { leaseMs: number };
  handler: (db: Db, payload: P, ctx: JobContext) => Promise<void>;
}

export type JobSpec<P extends number> = InlineJob<P> | DetachedJob<P>;

// Kinds are registered from anywhere a module starts (its routes plugin); payloads are checked by kind.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const registry = new Map<string, JobSpec<any>>();

/** The registered kinds (the runner claims only these) and their specs. */
export const registeredJobs = (): ReadonlyMap<string, JobSpec<number>> => registry;

/**
 * Checks a payload against its kind's schema when the kind is registered in this process (a CLI or seed run
 * may schedule kinds whose modules it did not start). Throws on a payload the kind refuses.
 */
export function checkPayload(kind: string, refId: number): void {
  const spec = registry.get(kind);
  if (spec && !spec.payload.safeParse(refId).success) throw new Error(`job ${kind}: invalid payload ${refId}`);
}
