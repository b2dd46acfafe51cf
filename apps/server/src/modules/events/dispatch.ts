import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { domainEvents } from '../../db/schema/index.ts';
import { defineJob, recordId, registerRecurringJob } from '../jobs/index.ts';
import { DOMAIN_EVENT_DISPATCH } from './record.ts';

/**
 * The consumers of the domain-event outbox (record.ts, docs/decisions/0211-one-event-outbox.md). The dispatch
 * job runs inside the runner's claiming transaction: the event row is locked and marked dispatched together with
 * everything the consumers write, so a second runner or a retried job adds nothing (and each consumer's own
 * unique keys — outbox occurrence per user and channel, delivery per endpoint and event id — hold as well).
 *
 * The consumers are handed in by the composition root (app.ts): the outbound notices of `notifications` and the
 * webhooks of `openapi`. This module imports neither, so the modules that record events (orders, notifications)
 * and the ones that consume them never form a cycle (docs/architecture.md "Server layers").
 */

export type DomainEventRow = typeof domainEvents.$inferSelect;

/** One consumer of the outbox: writes its own rows for the event inside the dispatch transaction. */
export type EventConsumer = (tx: Db, row: DomainEventRow, now: Date) => Promise<void>;

export async function dispatchEvent(tx: Db, consumers: readonly EventConsumer[], id: number, now = new Date()): Promise<boolean> {
  const [row] = await tx
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.id, id), isNull(domainEvents.dispatchedAt)))
    .for('update');
  if (!row) return false;
  for (const consume of consumers) await consume(tx, row, now);
  await tx.update(domainEvents).set({ dispatchedAt: now }).where(eq(domainEvents.id, id));
  return true;
}

/** The daily clean-up of dispatched events (docs/operations.md#domain-events). */
export const DOMAIN_EVENT_PRUNE = 'domain_event.prune';
const DAY_MS = 86_400_000;
/** Rows deleted per statement, so one clean-up never holds a huge delete in one statement. */
const PRUNE_BATCH = 5_000;

/**
 * Deletes the events dispatched more than `keepDays` days before `now` (never an undispatched one); answers how
 * many. Their consumers' rows (outbox, webhook deliveries) keep their own copies of what they need. A key
 * recorded again after its row was pruned counts as a new occurrence, so `keepDays` stays longer than any
 * occurrence key can recur (the reminders name their clock's due time).
 */
export async function pruneDomainEvents(db: Db, keepDays: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - keepDays * DAY_MS);
  let total = 0;
  for (;;) {
    const batch = db
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(lt(domainEvents.dispatchedAt, before))
      .limit(PRUNE_BATCH);
    const gone = await db.delete(domainEvents).where(inArray(domainEvents.id, batch)).returning({ id: domainEvents.id });
    total += gone.length;
    if (gone.length < PRUNE_BATCH) return total;
  }
}

/**
 * Registers the dispatch job with the app's consumers, and the daily clean-up keeping dispatched events
 * `keepDays` days (EVENTS_KEEP_DAYS).
 */
export function startDomainEvents(consumers: readonly EventConsumer[], keepDays = 7): void {
  defineJob({
    kind: DOMAIN_EVENT_DISPATCH,
    payload: recordId,
    handler: async (tx, id, { now }) => {
      await dispatchEvent(tx, consumers, id, now);
    },
  });
  registerRecurringJob(DOMAIN_EVENT_PRUNE, DAY_MS, async (tx, _job, now) => {
    await pruneDomainEvents(tx, keepDays, now);
  });
}
