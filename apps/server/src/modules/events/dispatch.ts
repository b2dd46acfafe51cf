import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { domainEvents } from '../../db/schema/index.ts';
import { defineJob, recordId } from '../jobs/index.ts';
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

/** Registers the dispatch job with the app's consumers. */
export function startDomainEvents(consumers: readonly EventConsumer[]): void {
  defineJob({
    kind: DOMAIN_EVENT_DISPATCH,
    payload: recordId,
    handler: async (tx, id, { now }) => {
      await dispatchEvent(tx, consumers, id, now);
    },
  });
}
