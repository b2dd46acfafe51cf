import crypto from 'node:crypto';
import { WEBHOOK_EVENT_CODES, type WebhookEvent } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import type { DomainEventRow, EventRecipient } from '../events/index.ts';
import { emitWebhookEvents } from './webhooks.ts';

const isWebhookEvent = (type: string): type is WebhookEvent => (WEBHOOK_EVENT_CODES as readonly string[]).includes(type);

/** The event id a webhook receiver sees: stable for the event (redelivery and retries keep it), not a counter. */
export const webhookEventId = (row: { id: number; key: string }) =>
  `evt_${crypto.createHash('sha256').update(`${row.id}:${row.key}`).digest('hex').slice(0, 32)}`;

/**
 * The webhook consumer of the domain-event outbox (events/dispatch.ts): a delivery for every company concerned
 * when the type is one of the webhook catalogue's.
 */
export async function webhookConsumer(tx: Db, row: DomainEventRow): Promise<void> {
  if (!isWebhookEvent(row.type)) return;
  const eventId = webhookEventId(row);
  const companies = [...new Set((row.recipients as EventRecipient[]).map((r) => r.companyId))];
  await emitWebhookEvents(
    tx,
    companies.map((companyId) => ({ companyId, type: row.type as WebhookEvent, data: row.data, eventId })),
    row.createdAt,
  );
}
