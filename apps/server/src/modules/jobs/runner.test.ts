/**
 * The job runner survives the database going away (docs/decisions/0163-database-hiccups.md): a poll that
 * fails is logged, the next one runs, and the recurring jobs are scheduled by the first poll that reaches the
 * database even when the very first one did not.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { defineJob, recordId } from './define.ts';
import {
  jobRun,
  JobStatus,
  LOCK_RACE_RETRY_MS,
  registerRecurringJob,
  retryDelayMs,
  runDueJobs,
  runJobNow,
  runUntilIdle,
  startJobRunner,
} from './runner.ts';
import { scheduleJob } from './schedule.ts';

const KIND = 'test.runner_resume';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('job runner while the database is away', () => {
  it('keeps polling through failures and schedules the recurring jobs once the database answers', async () => {
    let ran = 0;
    registerRecurringJob(KIND, 3_600_000, async () => {
      ran++;
    });
    let up = false;
    const lost = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    // The database as the runner sees it: every query fails with a refused connection until `up`.
    const db = new Proxy(t.database.db, {
      get(target, prop, receiver) {
        if (!up) throw lost();
        return Reflect.get(target, prop, receiver) as unknown;
      },
    }) as Db;
    const logged: string[] = [];
    const log = {
      warn: (_o: object, msg: string) => logged.push(`warn ${msg}`),
      error: (_o: object, msg: string) => logged.push(`error ${msg}`),
    } as unknown as TestApp['app']['log'];
    const runner = startJobRunner({
      db,
      log,
      lifecycle: { draining: false },
      config: { ...t.app.config, jobsPollMs: 50 },
    });
    try {
      await expect.poll(() => logged.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
      expect(logged[0]).toBe('warn timed rules: database unreachable; retrying at the next poll');
      up = true;
      const pending = () =>
        t.database.db
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(eq(jobs.kind, KIND), eq(jobs.status, JobStatus.PENDING)));
      await expect.poll(async () => (await pending()).length, { timeout: 5_000 }).toBe(1);
      expect(ran).toBe(0);
    } finally {
      await runner.stop();
    }
  });
});

describe('defineJob (docs/decisions/0191-jobs-and-events-spine.md)', () => {
  const T0 = new Date('2026-03-01T02:00:00Z');
  const rowOf = async (kind: string, refId: number) =>
    (await t.database.db.select().from(jobs).where(and(eq(jobs.kind, kind), eq(jobs.refId, refId))))[0]!;

  it('checks payloads when scheduling and when claiming: a refused payload never reaches the handler', async () => {
    const ran: number[] = [];
    defineJob({ kind: 'test.typed', payload: recordId, handler: async (_tx, id) => void ran.push(id) });
    await expect(scheduleJob(t.database.db, 'test.typed', 0, T0)).rejects.toThrow();
    await expect(scheduleJob(t.database.db, 'test.typed', -3, T0)).rejects.toThrow('invalid payload');
    await scheduleJob(t.database.db, 'test.typed', 7, T0);
    // A row written past the schema (an older version, a hand-made row) is failed at once, with the reason.
    await t.database.db.insert(jobs).values({ kind: 'test.typed', refId: -1, runAt: T0 });
    const r = await runDueJobs(t.database.db, new Date(T0.getTime() + 1000));
    expect(r).toMatchObject({ done: 1, failed: 1 });
    expect(ran).toEqual([7]);
    expect(await rowOf('test.typed', -1)).toMatchObject({ status: JobStatus.FAILED, lastError: 'invalid payload -1' });
  });

  it('tries a job that lost a lock race again within seconds, without counting it; any other failure backs off', async () => {
    const race = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    let raced = false;
    defineJob({
      kind: 'test.race',
      payload: recordId,
      handler: async (_tx, id) => {
        if (id === 1 && !raced) {
          raced = true;
          throw new Error('Failed query', { cause: race }); // drizzle wraps the driver's error
        }
        if (id === 2) throw new Error('broken');
      },
    });
    await scheduleJob(t.database.db, 'test.race', 1, T0);
    await scheduleJob(t.database.db, 'test.race', 2, T0);
    const at = new Date(T0.getTime() + 1000);
    expect(await runDueJobs(t.database.db, at)).toMatchObject({ done: 0, failed: 2 });
    const lost = await rowOf('test.race', 1);
    expect(lost).toMatchObject({ status: JobStatus.PENDING, attempts: 0, lastError: 'Failed query' });
    expect(lost.runAt.getTime() - at.getTime()).toBeGreaterThanOrEqual(LOCK_RACE_RETRY_MS);
    expect(lost.runAt.getTime() - at.getTime()).toBeLessThan(2 * LOCK_RACE_RETRY_MS);
    const broken = await rowOf('test.race', 2);
    expect(broken).toMatchObject({ status: JobStatus.PENDING, attempts: 1, lastError: 'broken' });
    expect(broken.runAt.getTime() - at.getTime()).toBe(retryDelayMs(1));
    // Two seconds later the raced job runs; the broken one waits for its backoff.
    expect(await runDueJobs(t.database.db, new Date(at.getTime() + 2 * LOCK_RACE_RETRY_MS))).toMatchObject({ done: 1, failed: 0 });
    expect(await rowOf('test.race', 1)).toMatchObject({ status: JobStatus.DONE, attempts: 1 });
  });

  it('runs a detached job once outside the claim, and claims it again when its lease ends unfinished', async () => {
    let calls = 0;
    let finish: () => void = () => undefined;
    defineJob({
      kind: 'test.detached',
      payload: recordId,
      detached: { leaseMs: 60_000 },
      handler: () => {
        calls++;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    await scheduleJob(t.database.db, 'test.detached', 11, T0);
    const at = new Date(T0.getTime() + 1000);
    // Two runners at the same time (two instances): one claims it, the other finds nothing due.
    await Promise.all([runDueJobs(t.database.db, at), runDueJobs(t.database.db, at), runJobNow(t.database.db, 'test.detached', 11, at)]);
    expect(calls).toBe(1);
    expect((await rowOf('test.detached', 11)).status).toBe(JobStatus.PENDING); // leased, still running
    expect((await rowOf('test.detached', 11)).runAt.getTime()).toBe(at.getTime() + 60_000);
    // The instance running it died: once the lease ends another claims it.
    await runDueJobs(t.database.db, new Date(at.getTime() + 61_000));
    expect(calls).toBe(2);
    finish();
    await jobRun('test.detached', 11);
    await expect.poll(async () => (await rowOf('test.detached', 11)).status).toBe(JobStatus.DONE);
  });
});

describe('runUntilIdle (the demo template settled at build time, decision 0247)', () => {
  // A database of its own: the other tests leave jobs of theirs pending.
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(async () => own?.close());

  it('works through a backlog round after round, detached jobs to their end, and stops once nothing is due', async () => {
    const db = own.database.db;
    const chain: number[] = [];
    const detached: number[] = [];
    // Each link schedules the next one, due at once: only a later round finds it.
    defineJob({
      kind: 'test.idle_chain',
      payload: recordId,
      handler: async (tx, id, { now }) => {
        chain.push(id);
        if (id < 3) await scheduleJob(tx, 'test.idle_chain', id + 1, now);
      },
    });
    defineJob({
      kind: 'test.idle_detached',
      payload: recordId,
      detached: { leaseMs: 60_000 },
      handler: async (_db, id) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        detached.push(id);
      },
    });
    defineJob({
      kind: 'test.idle_broken',
      payload: recordId,
      handler: async () => {
        throw new Error('broken');
      },
    });
    const due = new Date(Date.now() - 1000);
    await scheduleJob(db, 'test.idle_chain', 1, due);
    await scheduleJob(db, 'test.idle_detached', 5, due);
    await scheduleJob(db, 'test.idle_broken', 9, due);
    // Not due yet: left for later.
    await scheduleJob(db, 'test.idle_detached', 6, new Date(Date.now() + 3_600_000));

    expect(await runUntilIdle(db)).toBe(5);
    expect(chain).toEqual([1, 2, 3]);
    expect(detached).toEqual([5]);
    const row = async (kind: string, refId: number) =>
      (await db.select().from(jobs).where(and(eq(jobs.kind, kind), eq(jobs.refId, refId))))[0]!;
    // The detached run finished before runUntilIdle answered.
    expect(await row('test.idle_detached', 5)).toMatchObject({ status: JobStatus.DONE });
    expect(await row('test.idle_detached', 6)).toMatchObject({ status: JobStatus.PENDING });
    expect(await row('test.idle_broken', 9)).toMatchObject({ status: JobStatus.PENDING, attempts: 1, lastError: 'broken' });
    expect(await runUntilIdle(db)).toBe(0);
  });
});
