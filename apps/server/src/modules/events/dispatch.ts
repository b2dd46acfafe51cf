import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { WEBHOOK_EVENT_CODES, type WebhookEvent } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { domainEvents } from '../../db/schema/index.ts';
import { defineJob, recordId } from '../jobs/define.ts';
import { routeNotice, type OutboundChannels } from '../notifications/outbound.ts';
import { emitWebhookEvents } from '../openapi/webhooks.ts';
import { DOMAIN_EVENT_DISPATCH, type EventRecipient } from './record.ts';

/**
 * The consumers of the domain-event outbox (record.ts, docs/decisions/0211-one-event-outbox.md). The dispatch
 * job runs inside the runner's claiming transaction: the event row is locked and marked dispatched together with
 * everything the consumers write, so a second runner or a retried job adds nothing (and each consumer's own
 * unique keys — outbox occurrence per user and channel, delivery per endpoint and event id — hold as well).
 */

const isWebhookEvent = (type: string): type is WebhookEvent => (WEBHOOK_EVENT_CODES as readonly string[]).includes(type);

/** The event id a webhook receiver sees: stable for the event (redelivery and retries keep it), not a counter. */
export const webhookEventId = (row: { id: number; key: string }) =>
  `evt_${crypto.createHash('sha256').update(`${row.id}:${row.key}`).digest('hex').slice(0, 32)}`;

export async function dispatchEvent(tx: Db, ch: OutboundChannels, id: number, now = new Date()): Promise<boolean> {
  const [row] = await tx
    .select()
    .from(domainEvents)
    .where(and(eq(domainEvents.id, id), isNull(domainEvents.dispatchedAt)))
    .for('update');
  if (!row) return false;
  const recipients = row.recipients as EventRecipient[];
  // Outbound notices: the occurrence key of the outbox is the event's (unique per user and channel).
  for (const r of recipients) {
    if (!r.notice) continue;
    await routeNotice(
      tx,
      ch,
      r.companyId,
      { event: r.notice.event, vars: r.notice.vars, dedupeKey: `${r.notice.event}#e${row.id}`, linkPath: r.notice.linkPath },
      r.userId,
      now,
    );
  }
  // Webhooks: every company concerned, when the type is one of the webhook catalogue's.
  if (isWebhookEvent(row.type)) {
    const eventId = webhookEventId(row);
    const companies = [...new Set(recipients.map((r) => r.companyId))];
    await emitWebhookEvents(
      tx,
      companies.map((companyId) => ({ companyId, type: row.type as WebhookEvent, data: row.data, eventId })),
      row.createdAt,
    );
  }
  await tx.update(domainEvents).set({ dispatchedAt: now }).where(eq(domainEvents.id, id));
  return true;
}

/** Registers the dispatch job; the channels are the app's (`app.outbound`). */
export function startDomainEvents(app: FastifyInstance): void {
  defineJob({
    kind: DOMAIN_EVENT_DISPATCH,
    payload: recordId,
    handler: async (tx, id, { now }) => {
      await dispatchEvent(tx, app.outbound, id, now);
    },
  });
}
