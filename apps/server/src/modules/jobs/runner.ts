import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { isConnectionError } from '../../db/connection-errors.ts';
import { jobs } from '../../db/schema/index.ts';
import { scheduleJob } from './schedule.ts';

export type JobRow = typeof jobs.$inferSelect;

/**
 * A timed rule's work for one due job, run inside the claiming transaction (in a savepoint): it re-reads and
 * locks its document and leaves it alone when the document has moved on. `now` is the runner's clock.
 */
export type JobHandler = (tx: Db, job: JobRow, now: Date) => Promise<void>;

/** Job status values (schema/jobs.ts `jobs`). */
export const JobStatus = { PENDING: 0, DONE: 1, CANCELLED: 2, FAILED: 3 } as const;

/** A job is given up (status failed) after this many failed attempts. */
export const MAX_ATTEMPTS = 5;
/** Due jobs claimed per transaction. */
export const CLAIM_BATCH = 20;

const handlers = new Map<string, JobHandler>();

/** Registers the handler of a job kind (modules register theirs when their routes are registered). */
export function registerJob(kind: string, handler: JobHandler): void {
  handlers.set(kind, handler);
}

const recurring = new Map<string, number>();

/**
 * The slot of a recurring job: the next multiple of `everyMs` after `now`. Its number is the job's refId, so
 * every instance (and the job's own rescheduling) names the same pending row (jobs_one_pending) and a
 * recurring kind never runs as two chains.
 */
export function nextSlot(everyMs: number, now: Date): { refId: number; runAt: Date } {
  const refId = Math.floor(now.getTime() / everyMs) + 1;
  return { refId, runAt: new Date(refId * everyMs) };
}

/**
 * Registers maintenance that runs every `everyMs` on one instance at a time, as job rows like the timed rules:
 * each run schedules the next slot in its own savepoint (a failed run retries with backoff), and every
 * instance makes sure the next slot exists when its runner starts (`ensureRecurringJobs`).
 */
export function registerRecurringJob(kind: string, everyMs: number, handler: JobHandler): void {
  recurring.set(kind, everyMs);
  registerJob(kind, async (tx, job, now) => {
    await handler(tx, job, now);
    const next = nextSlot(everyMs, now);
    await scheduleJob(tx, kind, next.refId, next.runAt);
  });
}

/** Schedules the next slot of every recurring kind registered in this process (idempotent across instances). */
export async function ensureRecurringJobs(db: Db, now = new Date()): Promise<void> {
  for (const [kind, everyMs] of recurring) {
    const next = nextSlot(everyMs, now);
    await scheduleJob(db, kind, next.refId, next.runAt);
  }
}

/** Retry delay after the n-th failed attempt: 1, 2, 4, 8 … minutes. */
export const retryDelayMs = (attempts: number) => 60_000 * 2 ** Math.max(0, attempts - 1);

export interface RunResult {
  done: number;
  failed: number;
}

/**
 * Runs the due jobs once: in ONE transaction claims up to `batch` pending rows due at `now` with
 * `FOR UPDATE SKIP LOCKED` (another instance claiming at the same time skips them, so each fires once), runs
 * each handler in a savepoint of that transaction and marks the row done. A failing handler's work is rolled
 * back to its savepoint; the row keeps pending with attempts + 1, its error and a later `runAt` (backoff), and
 * turns failed after MAX_ATTEMPTS. Kinds without a handler in this process are left for one that has it.
 * Repeats until no due job is left (at most `rounds` batches).
 */
export async function runDueJobs(
  db: Db,
  now = new Date(),
  opts: { batch?: number; rounds?: number } = {},
): Promise<RunResult> {
  const kinds = [...handlers.keys()];
  const result: RunResult = { done: 0, failed: 0 };
  if (!kinds.length) return result;
  const batch = opts.batch ?? CLAIM_BATCH;
  for (let round = 0; round < (opts.rounds ?? 10); round++) {
    const claimed = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(jobs)
        .where(and(eq(jobs.status, JobStatus.PENDING), lte(jobs.runAt, now), inArray(jobs.kind, kinds)))
        .orderBy(jobs.runAt, jobs.id)
        .limit(batch)
        .for('update', { skipLocked: true });
      for (const job of due) {
        const handler = handlers.get(job.kind)!;
        try {
          await tx.transaction((sp) => handler(sp, job, now));
          await tx
            .update(jobs)
            .set({ status: JobStatus.DONE, attempts: job.attempts + 1, doneAt: now })
            .where(eq(jobs.id, job.id));
          result.done++;
        } catch (err) {
          const attempts = job.attempts + 1;
          const message = err instanceof Error ? err.message : String(err);
          await tx
            .update(jobs)
            .set({
              attempts,
              lastError: message.slice(0, 2000),
              status: attempts >= MAX_ATTEMPTS ? JobStatus.FAILED : JobStatus.PENDING,
              runAt: new Date(now.getTime() + retryDelayMs(attempts)),
              doneAt: attempts >= MAX_ATTEMPTS ? now : null,
            })
            .where(eq(jobs.id, job.id));
          result.failed++;
        }
      }
      return due.length;
    });
    if (claimed < batch) break;
  }
  return result;
}

/** Pending jobs due at `now` (metrics, tests). */
export async function countDueJobs(db: Db, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.status, JobStatus.PENDING), lte(jobs.runAt, now)));
  return row?.n ?? 0;
}

/**
 * Polls for due jobs every `config.jobsPollMs` (and once at start) while the app runs; stops on close and
 * when the process drains. The timer never keeps the process alive (unref) and a run in progress finishes
 * before close completes. Every worker runs one; SKIP LOCKED keeps each job to one of them. A run that fails
 * (the database away: docs/decisions/0163-database-hiccups.md) is logged and the next poll tries again; the
 * recurring jobs are ensured by the first run that reaches the database.
 */
export function startJobRunner(
  app: Pick<FastifyInstance, 'db' | 'log' | 'lifecycle' | 'config'>,
): { stop: () => Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  let recurringEnsured = false;
  const tick = () => {
    if (stopped || app.lifecycle.draining) return;
    const start = recurringEnsured
      ? Promise.resolve()
      : ensureRecurringJobs(app.db).then(() => {
          recurringEnsured = true;
        });
    running = start
      .then(() => runDueJobs(app.db))
      .catch((err: unknown) =>
        isConnectionError(err)
          ? app.log.warn({ err: (err as Error).message }, 'timed rules: database unreachable; retrying at the next poll')
          : app.log.error({ err }, 'timed rules: run failed'),
      )
      .finally(() => {
        running = undefined;
        if (!stopped && !app.lifecycle.draining) {
          timer = setTimeout(tick, app.config.jobsPollMs);
          timer.unref();
        }
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
