import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { domainEvents, jobs } from '../../db/schema/index.ts';
import { detachedRunsEnded, ensureRecurringJobs, runDueJobs } from '../jobs/runner.ts';
import { DOMAIN_EVENT_PRUNE, pruneDomainEvents } from './dispatch.ts';
import { recordEvent } from './record.ts';

/** The daily clean-up of dispatched domain events (docs/operations.md#domain-events), EVENTS_KEEP_DAYS=3. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { EVENTS_KEEP_DAYS: '3' } });
});
afterAll(async () => t?.close());
const db = () => t.database.db;
const DAY = 86_400_000;

async function eventAt(key: string, dispatchedAt: Date | null) {
  await recordEvent(db(), { key, type: 'prune.test', data: {}, recipients: [{ companyId: 1 }] });
  await db().update(domainEvents).set({ dispatchedAt }).where(eq(domainEvents.key, key));
}
const keysLeft = async (keys: string[]) =>
  (await db().select({ key: domainEvents.key }).from(domainEvents).where(inArray(domainEvents.key, keys))).map((r) => r.key).sort();

describe('pruning dispatched domain events', () => {
  it('deletes only the events dispatched longer ago than the days kept, never an undispatched one', async () => {
    const now = new Date('2026-12-07T02:00:00Z');
    await eventAt('old', new Date(now.getTime() - 4 * DAY));
    await eventAt('edge', new Date(now.getTime() - 3 * DAY + 60_000));
    await eventAt('recent', new Date(now.getTime() - DAY));
    await eventAt('waiting', null);
    expect(await pruneDomainEvents(db(), 3, now)).toBe(1);
    expect(await keysLeft(['old', 'edge', 'recent', 'waiting'])).toEqual(['edge', 'recent', 'waiting']);
    expect(await pruneDomainEvents(db(), 3, now)).toBe(0);
  });

  it('runs as a daily recurring job with the configured days, and schedules the next day', async () => {
    await db().delete(jobs).where(eq(jobs.kind, 'domain_event.dispatch'));
    const now = new Date();
    await eventAt('job-old', new Date(now.getTime() - 5 * DAY));
    await eventAt('job-kept', new Date(now.getTime() - 60_000));
    await ensureRecurringJobs(db(), now);
    const [slot] = await db().select().from(jobs).where(and(eq(jobs.kind, DOMAIN_EVENT_PRUNE), eq(jobs.status, 0)));
    expect(slot, 'every runner ensures the next slot').toBeTruthy();
    await runDueJobs(db(), new Date(slot!.runAt.getTime() + 1000));
    // The run also starts due detached jobs (the events' deliveries); they end before the database closes.
    await detachedRunsEnded();
    expect(await keysLeft(['job-old', 'job-kept'])).toEqual(['job-kept']);
    const pending = await db().select().from(jobs).where(and(eq(jobs.kind, DOMAIN_EVENT_PRUNE), eq(jobs.status, 0)));
    expect(pending).toHaveLength(1);
    expect(pending[0]!.runAt.getTime() - slot!.runAt.getTime()).toBe(DAY);
  });
});
