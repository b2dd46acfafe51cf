/**
 * The job runner survives the database going away (docs/decisions/0163-database-hiccups.md): a poll that
 * fails is logged, the next one runs, and the recurring jobs are scheduled by the first poll that reaches the
 * database even when the very first one did not. Each job runs in its own transaction (decision 0243): parallel
 * runners run each job once, a failing job rolls back only its own work, and a runner that dies mid-job leaves
 * the job to the next one.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { jobs } from '../../db/schema/index.ts';
import { createTestApp, testDbKind, type TestApp } from '../../test/app.ts';
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
    expect(await runDueJobs(t.database.db, at)).toEqual({ done: 0, failed: 2, lockRaces: 1 });
    const lost = await rowOf('test.race', 1);
    expect(lost).toMatchObject({ status: JobStatus.PENDING, attempts: 0, lastError: 'deadlock detected — Failed query' });
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

describe('one transaction per job (docs/decisions/0243-one-transaction-per-job.md)', () => {
  // Before the jobs the tests above left pending (their retries), which these runs must not pick up.
  const T0 = new Date('2026-02-01T02:00:00Z');
  const at = new Date(T0.getTime() + 1000);
  // What the handlers do, written in their transaction: one effect row per run, and a counter every job bumps
  // (a row all jobs lock, as a supplier's rows are locked by all its orders' rules).
  beforeAll(async () => {
    await t.database.db.execute(sql`create table test_job_effects (kind text not null, ref_id int not null)`);
    await t.database.db.execute(sql`create table test_job_counter (kind text primary key, n int not null)`);
  });
  const select = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const effect = (tx: Db, kind: string, refId: number) =>
    tx.execute(sql`insert into test_job_effects (kind, ref_id) values (${kind}, ${refId})`);
  const effects = async (kind: string) =>
    (
      await select<{ ref_id: number }>(t.database.db, sql`select ref_id from test_job_effects where kind = ${kind} order by ref_id`)
    ).map((r) => Number(r.ref_id));
  const rowsOf = (kind: string) => t.database.db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.refId);

  it('runs each of 200 jobs exactly once with 4 runners looping at the same time, without lock races', async () => {
    const kind = 'test.parallel';
    await t.database.db.execute(sql`insert into test_job_counter (kind, n) values (${kind}, 0)`);
    defineJob({
      kind,
      payload: recordId,
      handler: async (tx, id) => {
        await effect(tx, kind, id);
        await tx.execute(sql`update test_job_counter set n = n + 1 where kind = ${kind}`);
      },
    });
    const ids = Array.from({ length: 200 }, (_, i) => i + 1);
    for (const id of ids) await scheduleJob(t.database.db, kind, id, T0);
    const loop = async () => {
      const total = { done: 0, failed: 0, lockRaces: 0 };
      for (;;) {
        const r = await runDueJobs(t.database.db, at, { max: 25 });
        total.done += r.done;
        total.failed += r.failed;
        total.lockRaces += r.lockRaces;
        if (!r.done && !r.failed) return total;
      }
    };
    const started = performance.now();
    const results = await Promise.all([loop(), loop(), loop(), loop()]);
    const ms = performance.now() - started;
    console.log(`${testDbKind}: 200 jobs, 4 runners: ${Math.round(ms)} ms, ${Math.round(200_000 / ms)} jobs/s`);
    expect(results.reduce((n, r) => n + r.done, 0)).toBe(200);
    expect(results.reduce((n, r) => n + r.failed + r.lockRaces, 0)).toBe(0);
    expect(await effects(kind)).toEqual(ids);
    const [counter] = await select<{ n: number }>(t.database.db, sql`select n from test_job_counter where kind = ${kind}`);
    expect(Number(counter!.n)).toBe(200);
    const rows = await rowsOf(kind);
    expect(rows.every((r) => r.status === JobStatus.DONE && r.attempts === 1)).toBe(true);
  });

  it('rolls back only the work of the job that throws, not its neighbours\', and retries it later', async () => {
    const kind = 'test.neighbours';
    defineJob({
      kind,
      payload: recordId,
      handler: async (tx, id) => {
        await effect(tx, kind, id);
        if (id === 3) throw new Error('第三个失败');
      },
    });
    for (const id of [1, 2, 3, 4, 5]) await scheduleJob(t.database.db, kind, id, T0);
    expect(await runDueJobs(t.database.db, at)).toEqual({ done: 4, failed: 1, lockRaces: 0 });
    expect(await effects(kind)).toEqual([1, 2, 4, 5]);
    const third = (await rowsOf(kind))[2]!;
    expect(third).toMatchObject({ refId: 3, status: JobStatus.PENDING, attempts: 1, lastError: '第三个失败' });
    expect(third.runAt.getTime() - at.getTime()).toBe(retryDelayMs(1));
  });

  // A runner that dies mid-job is a connection that goes away inside the job's transaction: only PostgreSQL has
  // connections to lose (the embedded database is the process itself).
  it.runIf(testDbKind === 'pg')(
    'leaves a job whose runner died mid-way to the next runner, its half-done work rolled back',
    async () => {
      const kind = 'test.dies';
      let calls = 0;
      let pid: (n: number) => void = () => undefined;
      const running = new Promise<number>((resolve) => (pid = resolve));
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      defineJob({
        kind,
        payload: recordId,
        handler: async (tx, id) => {
          calls++;
          await effect(tx, kind, id);
          if (calls === 1) {
            const [row] = await select<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
            pid(Number(row!.pid));
            await gate;
            await tx.execute(sql`select 1`);
          }
        },
      });
      await scheduleJob(t.database.db, kind, 21, T0);
      const dying = runDueJobs(t.database.db, at);
      const backend = await running;
      // While it runs another runner finds nothing to do: the row is locked by the running job.
      expect(await runDueJobs(t.database.db, at)).toEqual({ done: 0, failed: 0, lockRaces: 0 });
      // The runner's connection goes away mid-job (the process died, the network cut).
      await t.database.db.execute(sql`select pg_terminate_backend(${backend})`);
      release();
      await expect(dying).rejects.toThrow();
      expect((await rowsOf(kind))[0]).toMatchObject({ status: JobStatus.PENDING, attempts: 0 });
      expect(await effects(kind)).toEqual([]);
      // The next poll (of any instance) runs it, once.
      expect(await runDueJobs(t.database.db, at)).toEqual({ done: 1, failed: 0, lockRaces: 0 });
      expect(calls).toBe(2);
      expect(await effects(kind)).toEqual([21]);
      expect((await rowsOf(kind))[0]).toMatchObject({ status: JobStatus.DONE, attempts: 1 });
    },
  );
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
