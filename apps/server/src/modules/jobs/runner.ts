import { and, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { isConnectionError } from '../../db/connection-errors.ts';
import { isLockRace } from '../../db/pg-errors.ts';
import { withEvents, type EventBus } from '../../lib/event-bus.ts';
import { jobs } from '../../db/schema/index.ts';
import { defineJob } from './define.ts';
import { registry, type JobRow, type JobSpec } from './registry.ts';
import { scheduleJob } from './schedule.ts';

export type { JobRow } from './registry.ts';

/**
 * A timed rule's work for one due job in the untyped form of the first runner (tests register throwaway kinds
 * with it); new kinds use `defineJob` (jobs/define.ts) with a payload schema.
 */
export type JobHandler = (tx: Db, job: JobRow, now: Date) => Promise<void>;

/** Job status values (schema/jobs.ts `jobs`). */
export const JobStatus = { PENDING: 0, DONE: 1, CANCELLED: 2, FAILED: 3 } as const;

/** A job is given up (status failed) after this many failed attempts. */
export const MAX_ATTEMPTS = 5;
/**
 * Jobs one `runDueJobs` call runs at most (each in its own transaction); the rest wait for the next poll, so one
 * poll never runs unbounded.
 */
export const MAX_JOBS_PER_RUN = 200;

/** Registers the handler of a job kind whose payload is any integer (defineJob with `z.number().int()`). */
export function registerJob(kind: string, handler: JobHandler): void {
  defineJob({ kind, payload: z.number().int(), handler: (tx, _refId, { job, now }) => handler(tx, job, now) });
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
 * Registers maintenance that runs every `everyMs` on one instance at a time, as job rows like the timed rules
 * (its payload is the slot number): each run schedules the next slot in its own savepoint (a failed run retries
 * with backoff), and every instance makes sure the next slot exists when its runner starts
 * (`ensureRecurringJobs`).
 */
export function registerRecurringJob(kind: string, everyMs: number, handler: JobHandler): void {
  recurring.set(kind, everyMs);
  defineJob({
    kind,
    payload: z.number().int().positive(),
    handler: async (tx, _slot, { job, now }) => {
      await handler(tx, job, now);
      const next = nextSlot(everyMs, now);
      await scheduleJob(tx, kind, next.refId, next.runAt);
    },
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
  /** Failed attempts, lost lock races included. */
  failed: number;
  /** Of `failed`, the attempts that lost a lock race (deadlock, serialization failure): retried within seconds. */
  lockRaces: number;
}

const emptyResult = (): RunResult => ({ done: 0, failed: 0, lockRaces: 0 });

/** Detached runs (jobs/define.ts) this process started, by `kind:refId` (tests await them: `jobRun`). */
const detachedRuns = new Map<string, Promise<void>>();

/** The detached run of this job started by this process, if one is under way. */
export const jobRun = (kind: string, refId: number): Promise<void> | undefined => detachedRuns.get(`${kind}:${refId}`);

/** Resolves when every detached run this process has started so far has ended (tests, before closing the database). */
export const detachedRunsEnded = async (): Promise<void> => {
  await Promise.allSettled([...detachedRuns.values()]);
};

/** How soon a job that lost a lock race is tried again (with up to as much again of jitter). */
export const LOCK_RACE_RETRY_MS = 1_000;

const failure = (job: JobRow, attempts: number, err: unknown, now: Date) => {
  // Drizzle's "Failed query: <statement>" wraps the database's own words (deadlock detected, …) as its cause:
  // those first, then the statement (the message is cut at 2000 characters).
  const cause = err instanceof Error && err.cause instanceof Error ? `${err.cause.message} — ` : '';
  const message = cause + (err instanceof Error ? err.message : String(err));
  // A deadlock or serialization failure is not the job's fault: two handlers running at once on two instances
  // locked the same rows in different orders and PostgreSQL aborted one of them. Each job runs in its own
  // transaction, so this is rare (decision 0243); try again within seconds, not after the backoff
  // (docs/product/timed-rules.md#how-timed-rules-run), and do not count it as an attempt.
  if (isLockRace(err))
    return {
      attempts: job.attempts,
      lastError: message.slice(0, 2000),
      status: JobStatus.PENDING,
      runAt: new Date(now.getTime() + LOCK_RACE_RETRY_MS + Math.floor(Math.random() * LOCK_RACE_RETRY_MS)),
      doneAt: null,
    };
  return {
    attempts,
    lastError: message.slice(0, 2000),
    status: attempts >= MAX_ATTEMPTS ? JobStatus.FAILED : JobStatus.PENDING,
    runAt: new Date(now.getTime() + retryDelayMs(attempts)),
    doneAt: attempts >= MAX_ATTEMPTS ? now : null,
  };
};

/**
 * Runs a claimed detached job outside any transaction; marks it done, or schedules a retry. Only while the row
 * still holds this run's lease (`leasedUntil`): a job scheduled again while it ran (its `runAt` moved, e.g. the
 * webhook dispatch woken by new deliveries) stays pending and runs again, instead of the wake-up being lost.
 */
async function runDetached(
  db: Db,
  spec: JobSpec<number>,
  job: JobRow,
  payload: number,
  now: Date,
  leasedUntil: Date,
): Promise<void> {
  const ours = and(eq(jobs.id, job.id), eq(jobs.status, JobStatus.PENDING), eq(jobs.runAt, leasedUntil));
  try {
    await spec.handler(db, payload, { now, job });
    await db.update(jobs).set({ status: JobStatus.DONE, doneAt: new Date() }).where(ours);
  } catch (err) {
    await db.update(jobs).set(failure(job, job.attempts + 1, err, new Date())).where(ours);
  }
}

/**
 * Claims ONE pending job matching `where` and due at `now` with `FOR UPDATE SKIP LOCKED` (another instance
 * claiming at the same time skips it and takes the next, so each fires once) and runs it in that same
 * transaction: an inline job's handler runs in a savepoint and the row is marked done, so its work and "done"
 * commit together, and its locks are held only while it runs (decision 0243: no batch holds earlier jobs' locks).
 * A failing handler's work is rolled back to its savepoint and the row keeps pending with attempts + 1, its error
 * and a later `runAt` (backoff), turning failed after MAX_ATTEMPTS. A payload its kind's schema refuses fails the
 * row at once. A process that dies mid-job leaves nothing: its transaction rolls back and the row, pending and
 * unlocked, is claimed by the next poll of any instance. A detached job's row is leased (its `runAt` moved ahead)
 * and its handler started once the transaction has committed. Answers whether a job was claimed.
 */
async function claimAndRunOne(
  db: Db,
  now: Date,
  where: SQL | undefined,
  result: RunResult,
  started: Promise<void>[],
): Promise<boolean> {
  let detached: { spec: JobSpec<number>; job: JobRow; payload: number; leasedUntil: Date } | undefined;
  const claimed = await db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.status, JobStatus.PENDING), lte(jobs.runAt, now), where))
      .orderBy(jobs.runAt, jobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return false;
    const spec = registry.get(job.kind);
    if (!spec) return false; // runJobNow of a kind this process does not run: left to one that does
    const parsed = spec.payload.safeParse(job.refId);
    if (!parsed.success) {
      await tx
        .update(jobs)
        .set({ status: JobStatus.FAILED, attempts: job.attempts + 1, lastError: `invalid payload ${job.refId}`, doneAt: now })
        .where(eq(jobs.id, job.id));
      result.failed++;
      return true;
    }
    if (spec.detached) {
      const leasedUntil = new Date(now.getTime() + spec.detached.leaseMs);
      await tx.update(jobs).set({ runAt: leasedUntil }).where(eq(jobs.id, job.id));
      detached = { spec, job, payload: parsed.data, leasedUntil };
      return true;
    }
    const inline = spec.handler as (tx: Db, payload: number, ctx: { now: Date; job: JobRow }) => Promise<void>;
    try {
      await tx.transaction((sp) => inline(sp, parsed.data, { now, job }));
      await tx
        .update(jobs)
        .set({ status: JobStatus.DONE, attempts: job.attempts + 1, doneAt: now })
        .where(eq(jobs.id, job.id));
      result.done++;
    } catch (err) {
      await tx.update(jobs).set(failure(job, job.attempts + 1, err, now)).where(eq(jobs.id, job.id));
      result.failed++;
      if (isLockRace(err)) result.lockRaces++;
    }
    return true;
  });
  if (detached) {
    const { spec, job, payload, leasedUntil } = detached;
    const key = `${job.kind}:${job.refId}`;
    const run = runDetached(db, spec, job, payload, now, leasedUntil).finally(() => {
      if (detachedRuns.get(key) === run) detachedRuns.delete(key);
    });
    detachedRuns.set(key, run);
    started.push(run);
  }
  return claimed;
}

/**
 * Runs the due jobs of the kinds registered in this process (kinds without a handler here are left for an
 * instance that has it), one transaction per job (claimAndRunOne), until no due job is left or `max` have run.
 * Detached jobs are started, not awaited (`jobRun`).
 */
export async function runDueJobs(db: Db, now = new Date(), opts: { max?: number } = {}): Promise<RunResult> {
  const kinds = [...registry.keys()];
  const result = emptyResult();
  if (!kinds.length) return result;
  const started: Promise<void>[] = [];
  const max = opts.max ?? MAX_JOBS_PER_RUN;
  for (let n = 0; n < max; n++) if (!(await claimAndRunOne(db, now, inArray(jobs.kind, kinds), result, started))) break;
  return result;
}

/**
 * Runs the due jobs round after round, detached ones to their end, until a round finds none due (at most
 * `rounds`): the backlog a runner's first polls would work through. The build's demo template is settled with
 * it, so a data directory copied from the template starts without a backlog (db/seed/settle.ts, decision 0247).
 * Answers how many jobs ran; one that failed or lost a lock race is due again later and is left pending.
 */
export async function runUntilIdle(db: Db, rounds = 20): Promise<number> {
  let ran = 0;
  for (let round = 0; round < rounds; round++) {
    const result = await runDueJobs(db);
    const detached = [...detachedRuns.values()];
    await Promise.all(detached);
    const n = result.done + result.failed + detached.length;
    if (n === 0) break;
    ran += n;
  }
  return ran;
}

/**
 * Runs one job now if it is pending, due and not claimed elsewhere (the product import starts its upload's job
 * right after the request instead of at the next poll). Resolves when its work is done (a detached job's run
 * too); a job another instance holds is left to it.
 */
export function runJobNow(db: Db, kind: string, refId: number, now = new Date()): Promise<void> {
  const key = `${kind}:${refId}`;
  const existing = detachedRuns.get(key);
  if (existing) return existing;
  const started: Promise<void>[] = [];
  const run = claimAndRunOne(db, now, and(eq(jobs.kind, kind), eq(jobs.refId, refId)), emptyResult(), started).then(
    async () => {
      await Promise.all(started);
    },
  );
  // Known at once, so that a caller asking for the run right after starting it finds it.
  const tracked = run.finally(() => {
    if (detachedRuns.get(key) === tracked) detachedRuns.delete(key);
  });
  detachedRuns.set(key, tracked);
  return tracked;
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
 * before close completes. Every worker runs one; SKIP LOCKED keeps each job to one of them. Jobs that lost a lock
 race are logged (a warning with their count). A run that fails
 * (the database away: docs/decisions/0163-database-hiccups.md) is logged and the next poll tries again; the
 * recurring jobs are ensured by the first run that reaches the database. Jobs run with the app's event bus in
 * scope, like requests.
 */
export function startJobRunner(
  app: Pick<FastifyInstance, 'db' | 'log' | 'lifecycle' | 'config'> & { bus?: EventBus },
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
      // The jobs' notices are published on this app's bus (lib/event-bus.ts `withEvents`).
      .then(() => (app.bus ? withEvents(app.bus, () => runDueJobs(app.db)) : runDueJobs(app.db)))
      .then((result) => {
        // Rare since each job runs in its own transaction (decision 0243); logged so that a rise shows.
        if (result.lockRaces) app.log.warn({ lockRaces: result.lockRaces }, 'timed rules: jobs lost a lock race; retrying them within seconds');
      })
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
