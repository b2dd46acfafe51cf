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
import { JobStatus, registerRecurringJob, startJobRunner } from './runner.ts';

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
