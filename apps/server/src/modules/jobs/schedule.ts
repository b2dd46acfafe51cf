import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import type { ClockStore } from '../../lib/transition.ts';
import { checkPayload } from './registry.ts';

/**
 * Timed rules (docs/product/timed-rules.md#how-timed-rules-run): a job row due at `runAt` for one document. At most one pending job per kind and
 * document (a unique partial index): scheduling again moves the pending one to the new time. Call inside the
 * transaction of the change that starts the clock, so the rule exists exactly when the change does. The kind's
 * payload schema (jobs/define.ts `defineJob`) checks `refId` when the kind is registered in this process; a
 * kind's own `schedule` does the same with a typed payload.
 */
export async function scheduleJob(tx: Db, kind: string, refId: number, runAt: Date): Promise<void> {
  checkPayload(kind, refId);
  await tx
    .insert(jobs)
    .values({ kind, refId, runAt })
    .onConflictDoUpdate({
      target: [jobs.kind, jobs.refId],
      targetWhere: sql`status = 0`,
      set: { runAt, attempts: 0, lastError: null },
    });
}

/**
 * The statement scheduling many jobs at once (several orders of one checkout), for the caller to run alone or
 * inside a larger statement; same upsert as scheduleJob.
 */
export function scheduleJobsQuery(tx: Db, rows: readonly { kind: string; refId: number; runAt: Date }[]) {
  for (const r of rows) checkPayload(r.kind, r.refId);
  return tx
    .insert(jobs)
    .values(rows.map((r) => ({ kind: r.kind, refId: r.refId, runAt: r.runAt })))
    .onConflictDoUpdate({
      target: [jobs.kind, jobs.refId],
      targetWhere: sql`status = 0`,
      set: { runAt: sql`excluded.run_at`, attempts: 0, lastError: null },
    });
}

/** Cancels the pending jobs of these kinds for a document (the clock stopped: the order moved on). */
export async function cancelJobs(tx: Db, kinds: readonly string[], refId: number): Promise<void> {
  if (!kinds.length) return;
  await tx
    .update(jobs)
    .set({ status: 2, doneAt: new Date() })
    .where(and(inArray(jobs.kind, [...kinds]), eq(jobs.refId, refId), eq(jobs.status, 0)));
}

export const addHours = (d: Date, hours: number) => new Date(d.getTime() + hours * 3_600_000);
export const addDays = (d: Date, days: number) => addHours(d, days * 24);

/** The job functions a state table's clocks run on (lib/transition.ts `jobs`): one store for every module. */
export const jobClocks: ClockStore = { schedule: scheduleJob, cancel: cancelJobs };

/**
 * The jobs (any status) of record `refId` of these kinds, oldest first. Always by kind: `ref_id` is another
 * module's number space (an order, a tender and an agreement may share the number 7).
 */
export function jobsOf(db: Db, kinds: readonly string[], refId: number) {
  return db
    .select()
    .from(jobs)
    .where(and(inArray(jobs.kind, [...kinds]), eq(jobs.refId, refId)))
    .orderBy(asc(jobs.id));
}

/**
 * The earliest due time of the pending jobs of record `refId` whose kind is one of `kinds` (or starts with
 * `{ prefix }`), or null: the deadline a page shows, asked of the jobs module instead of reading its table.
 */
export async function nextPendingRun(db: Db, kinds: readonly string[] | { prefix: string }, refId: number): Promise<Date | null> {
  const kind = Array.isArray(kinds) ? inArray(jobs.kind, [...kinds]) : like(jobs.kind, `${(kinds as { prefix: string }).prefix}%`);
  const [row] = await db
    .select({ runAt: jobs.runAt })
    .from(jobs)
    .where(and(kind, eq(jobs.refId, refId), eq(jobs.status, 0)))
    .orderBy(asc(jobs.runAt))
    .limit(1);
  return row?.runAt ?? null;
}
