import { randomUUID } from 'node:crypto';
import type { NoticeEventKey } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { domainEvents } from '../../db/schema/index.ts';
import { scheduleJobsQuery } from '../jobs/index.ts';

/**
 * The domain-event outbox (docs/decisions/0211-one-event-outbox.md). A change records what happened with
 * `recordEvent`, in its own transaction; the `domain_event.dispatch` job (dispatch.ts) later hands the row to
 * every consumer: the outbound notices (SMS, WeChat, e-mail) of the recipients that carry one, and the webhooks
 * of every recipient company when the type is a webhook event. A new event is recorded once, here; the
 * recording module imports neither consumer. A rollback takes the event with it.
 */

/** The job kind that hands a recorded event to its consumers. */
export const DOMAIN_EVENT_DISPATCH = 'domain_event.dispatch';

/** A company (or one user of it) the event concerns, with the outbound notice it gets, if any. */
export interface EventRecipient {
  companyId: number;
  /** One user only (else the company's administrators and the holders of the notice's permission). */
  userId?: number;
  notice?: { event: NoticeEventKey; vars: Record<string, string>; linkPath: string };
}

export interface DomainEvent {
  /** Names the occurrence: recording the same key twice keeps the first (≤ 120 characters). */
  key: string;
  /** What happened: a webhook event code (order.placed, order.shipped, …), another fact, or `notice`. */
  type: string;
  data: Record<string, unknown>;
  recipients: readonly EventRecipient[];
}

/** Records events in the caller's transaction, one dispatch job each (a key recorded before adds nothing). */
export async function recordEvents(tx: Db, events: readonly DomainEvent[], now = new Date()): Promise<void> {
  const wanted = events.filter((e) => e.recipients.length);
  if (!wanted.length) return;
  const rows = await tx
    .insert(domainEvents)
    .values(
      wanted.map((e) => ({ key: e.key.slice(0, 120), type: e.type.slice(0, 40), data: e.data, recipients: [...e.recipients] })),
    )
    .onConflictDoNothing()
    .returning({ id: domainEvents.id });
  if (rows.length) await scheduleJobsQuery(tx, rows.map((r) => ({ kind: DOMAIN_EVENT_DISPATCH, refId: r.id, runAt: now })));
}

export const recordEvent = (tx: Db, event: DomainEvent, now = new Date()) => recordEvents(tx, [event], now);

/**
 * Records a fact for the webhooks of the companies concerned, without an outbound notice (an after-sales or
 * invoice step, a quotation, low stock: docs/product/open-platform.md#webhooks). Each call is its own occurrence.
 */
export const recordFact = (tx: Db, type: string, data: Record<string, unknown>, companyIds: readonly number[], now = new Date()) =>
  recordEvent(tx, { key: `${type}:${randomUUID()}`, type, data, recipients: [...new Set(companyIds)].map((companyId) => ({ companyId })) }, now);
