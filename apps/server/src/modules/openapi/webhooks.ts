import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { and, desc, eq, getTableColumns, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PageQuery, WebhookDeliveryRow, WebhookEvent, WebhookInput, WebhookRow } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/executor.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { pagedRows, totalOf } from '../../lib/paged.ts';
import { recordAudit } from '../audit/index.ts';
import { scheduleJob, scheduleJobsQuery } from '../jobs/index.ts';
import { notify } from '../notifications/index.ts';
import type { OpenApiCaller } from './keys.ts';
import { fail } from './messages.ts';
import { BlockedAddressError, guardedLookup, isPrivateAddress, resolveAll } from './ssrf.ts';
import { deriveSecret, webhookSignature } from './signing.ts';

/** The job kind that sends one delivery (a detached job: the send happens outside any transaction). */
export const WEBHOOK_DELIVER = 'webhook.deliver';
/** Deliveries are retried for this long after the event, then given up. */
export const RETRY_WINDOW_MS = 24 * 3600_000;
/** Failed attempts in a row after which an endpoint is disabled (and the company told in its inbox). */
export const DISABLE_AFTER_FAILURES = 15;
/** Endpoints a company may register. */
export const MAX_ENDPOINTS = 10;
/** How long one attempt may take. */
export const SEND_TIMEOUT_MS = 10_000;
/** Delay before attempt n+1 after n failed attempts: 30 s, 1, 5, 15, 30 min, 1, 2, 4 h, then every 6 h. */
const BACKOFF_MS = [30_000, 60_000, 300_000, 900_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000];
export const retryDelayMs = (failed: number) => BACKOFF_MS[failed - 1] ?? 21_600_000;

export const DeliveryStatus = { PENDING: 0, DELIVERED: 1, GIVEN_UP: 2 } as const;

export interface WebhookOptions {
  masterKey: string;
  /** Demo mode and tests: http and private addresses allowed (local receivers). */
  allowPrivate: boolean;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---- Endpoints of a company ----

/** Refuses a URL a deployment must not send to: not https, or resolving to a private address (after DNS). */
export async function checkWebhookUrl(url: string, allowPrivate: boolean): Promise<void> {
  const u = new URL(url);
  if (allowPrivate) return;
  if (u.protocol !== 'https:') throw fail('WEBHOOK_URL_HTTPS');
  let addresses: string[];
  try {
    addresses = await resolveAll(u.hostname);
  } catch {
    throw fail('WEBHOOK_URL_UNRESOLVED');
  }
  if (!addresses.length) throw fail('WEBHOOK_URL_UNRESOLVED');
  if (addresses.some(isPrivateAddress)) throw fail('WEBHOOK_URL_PRIVATE');
}

const toWebhookRow = (r: typeof webhookEndpoints.$inferSelect): WebhookRow => ({
  id: r.id,
  url: r.url,
  events: r.events,
  enabled: r.enabled,
  consecutiveFailures: r.consecutiveFailures,
  disabledReason: r.disabledReason,
  createdAt: r.createdAt.toISOString(),
});

export async function listWebhooks(db: Db, caller: OpenApiCaller, q: PageQuery) {
  const where = and(eq(webhookEndpoints.companyId, caller.companyId), isNull(webhookEndpoints.deletedAt));
  const page = await pagedRows(
    db
      .select({ ...getTableColumns(webhookEndpoints), total: totalOf(webhookEndpoints, where) })
      .from(webhookEndpoints)
      .where(where)
      .orderBy(desc(webhookEndpoints.id)),
    q,
    () => db.$count(webhookEndpoints, where),
  );
  return { list: page.list.map(toWebhookRow), total: page.total };
}

export const webhookSecret = (masterKey: string, endpoint: { id: number; salt: string }) =>
  deriveSecret(masterKey, 'webhook', String(endpoint.id), endpoint.salt);

export async function createWebhook(db: Db, opts: WebhookOptions, caller: OpenApiCaller, input: WebhookInput) {
  await checkWebhookUrl(input.url, opts.allowPrivate);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(205, ${caller.companyId})`);
    const live = and(eq(webhookEndpoints.companyId, caller.companyId), isNull(webhookEndpoints.deletedAt));
    if ((await tx.$count(webhookEndpoints, live)) >= MAX_ENDPOINTS) throw fail('WEBHOOK_LIMIT', { max: MAX_ENDPOINTS });
    const salt = crypto.randomBytes(16).toString('hex');
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({ companyId: caller.companyId, url: input.url, events: [...new Set(input.events)], salt, createdBy: caller.userId })
      .returning();
    await recordAudit(tx, { userId: caller.userId, ip: '' }, {
      action: 'webhook.create',
      targetType: 'webhook_endpoint',
      targetId: row!.id,
      after: { url: input.url, events: input.events },
    });
    return { id: row!.id, secret: webhookSecret(opts.masterKey, row!) };
  });
}

async function lockOwnEndpoint(tx: Db, caller: OpenApiCaller, id: number) {
  const [row] = await tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, caller.companyId), isNull(webhookEndpoints.deletedAt)))
    .for('update');
  if (!row) throw fail('WEBHOOK_NOT_FOUND');
  return row;
}

/** Enables an endpoint again; its deliveries still pending are sent at once. */
export async function enableWebhook(db: Db, caller: OpenApiCaller, id: number, now = new Date()): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockOwnEndpoint(tx, caller, id);
    await tx
      .update(webhookEndpoints)
      .set({ enabled: true, consecutiveFailures: 0, disabledAt: null, disabledReason: '' })
      .where(eq(webhookEndpoints.id, id));
    const pending = await tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: now })
      .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, DeliveryStatus.PENDING)))
      .returning({ id: webhookDeliveries.id });
    if (pending.length) await scheduleJobsQuery(tx, pending.map((p) => ({ kind: WEBHOOK_DELIVER, refId: p.id, runAt: now })));
  });
}

export async function deleteWebhook(db: Db, caller: OpenApiCaller, id: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockOwnEndpoint(tx, caller, id);
    await tx.update(webhookEndpoints).set({ deletedAt: new Date(), enabled: false }).where(eq(webhookEndpoints.id, id));
    await tx
      .update(webhookDeliveries)
      .set({ status: DeliveryStatus.GIVEN_UP, nextAttemptAt: null, lastError: '接收地址已删除' })
      .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, DeliveryStatus.PENDING)));
    await recordAudit(tx, { userId: caller.userId, ip: '' }, { action: 'webhook.delete', targetType: 'webhook_endpoint', targetId: id });
  });
}

export async function listDeliveries(db: Db, caller: OpenApiCaller, q: PageQuery & { endpointId?: number }) {
  const where: SQL | undefined = and(
    eq(webhookDeliveries.companyId, caller.companyId),
    q.endpointId ? eq(webhookDeliveries.endpointId, q.endpointId) : undefined,
  );
  const page = await pagedRows(
    db
      .select({ ...getTableColumns(webhookDeliveries), total: totalOf(webhookDeliveries, where) })
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.id)),
    q,
    () => db.$count(webhookDeliveries, where),
  );
  return {
    list: page.list.map(
      (r): WebhookDeliveryRow => ({
        id: r.id,
        endpointId: r.endpointId,
        eventId: r.eventId,
        eventType: r.eventType,
        status: r.status,
        attempts: r.attempts,
        lastStatusCode: r.lastStatusCode,
        lastError: r.lastError,
        nextAttemptAt: iso(r.nextAttemptAt),
        createdAt: r.createdAt.toISOString(),
        deliveredAt: iso(r.deliveredAt),
      }),
    ),
    total: page.total,
  };
}

/** Sends a delivery again now (also a given-up one: it gets one more attempt). */
export async function redeliver(db: Db, caller: OpenApiCaller, id: number, now = new Date()): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.companyId, caller.companyId), isNull(webhookEndpoints.deletedAt)))
      .for('update', { of: webhookDeliveries });
    if (!row) throw fail('WEBHOOK_NOT_FOUND');
    await tx
      .update(webhookDeliveries)
      .set({ status: DeliveryStatus.PENDING, nextAttemptAt: now })
      .where(eq(webhookDeliveries.id, id));
    await scheduleJob(tx, WEBHOOK_DELIVER, id, now);
  });
}

// ---- Events into the outbox ----

export interface WebhookEventInput {
  companyId: number;
  type: WebhookEvent;
  data: Record<string, unknown>;
  /** Same id, same event: a second emit with it adds nothing (unique per endpoint). Default: a new id. */
  eventId?: string;
}

/**
 * Writes events into the outbox in the caller's transaction: one delivery per enabled endpoint of the company that
 * subscribed to the type, and the job that sends it. An event no endpoint wants costs one indexed read.
 */
export async function emitWebhookEvents(tx: Db, events: readonly WebhookEventInput[], now = new Date()): Promise<void> {
  if (!events.length) return;
  const companyIds = [...new Set(events.map((e) => e.companyId))];
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, companyId: webhookEndpoints.companyId, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(
      and(
        sql`${webhookEndpoints.companyId} in (${sql.join(companyIds.map((id) => sql`${id}`), sql`, `)})`,
        eq(webhookEndpoints.enabled, true),
        isNull(webhookEndpoints.deletedAt),
      ),
    );
  if (!endpoints.length) return;
  const rows = events.flatMap((e) => {
    const eventId = e.eventId ?? `evt_${crypto.randomUUID().replaceAll('-', '')}`;
    const payload = { id: eventId, type: e.type, createdAt: now.toISOString(), data: e.data };
    return endpoints
      .filter((ep) => ep.companyId === e.companyId && ep.events.includes(e.type))
      .map((ep) => ({ companyId: e.companyId, endpointId: ep.id, eventId, eventType: e.type, payload, nextAttemptAt: now }));
  });
  if (!rows.length) return;
  const inserted = await tx
    .insert(webhookDeliveries)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
  if (inserted.length) await scheduleJobsQuery(tx, inserted.map((r) => ({ kind: WEBHOOK_DELIVER, refId: r.id, runAt: now })));
}

// ---- Delivery ----

export interface SendResult {
  statusCode: number | null;
  error: string;
}

/** One POST with a timeout; the answer's body is read and dropped. Never throws. */
export function send(url: string, body: string, headers: Record<string, string>, allowPrivate: boolean): Promise<SendResult> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return Promise.resolve({ statusCode: null, error: 'invalid url' });
  }
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (u.protocol !== 'https:' || (net.isIP(host) && isPrivateAddress(host)))) {
    return Promise.resolve({ statusCode: null, error: `blocked address ${host}` });
  }
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = lib.request(
      u,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(allowPrivate),
        timeout: SEND_TIMEOUT_MS,
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ statusCode: res.statusCode ?? null, error: '' }));
        res.on('error', (err) => resolve({ statusCode: res.statusCode ?? null, error: err.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) =>
      resolve({ statusCode: null, error: err instanceof BlockedAddressError ? err.message : err.message || 'error' }),
    );
    req.end(body);
  });
}

/** The headers of one delivery: event, id, timestamp and the signature a receiver checks. */
export function deliveryHeaders(secret: string, eventId: string, eventType: string, body: string, now = Date.now()) {
  const timestamp = String(Math.floor(now / 1000));
  return {
    'content-type': 'application/json',
    'user-agent': 'AquaMall-Webhook/1',
    'x-aqm-event': eventType,
    'x-aqm-event-id': eventId,
    'x-aqm-timestamp': timestamp,
    'x-aqm-signature': webhookSignature(secret, timestamp, body),
  };
}

/**
 * Sends one delivery (the detached job's handler): claims it by moving its next attempt a lease ahead (so a
 * second wake-up does not send it twice), POSTs it outside any transaction, then records the attempt: delivered,
 * or the next attempt with backoff, or given up after 24 h; the endpoint is disabled after DISABLE_AFTER_FAILURES
 * failures in a row, with a notice to the company's inbox.
 */
export async function deliver(db: Db, opts: WebhookOptions, id: number, now = new Date()): Promise<void> {
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + SEND_TIMEOUT_MS * 3) })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.status, DeliveryStatus.PENDING),
        lte(webhookDeliveries.nextAttemptAt, now),
      ),
    )
    .returning();
  if (!claimed) return;
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, claimed.endpointId));
  if (!endpoint || !endpoint.enabled || endpoint.deletedAt) {
    // Waits for the endpoint to be enabled again (enableWebhook sends it then).
    await db.update(webhookDeliveries).set({ nextAttemptAt: null }).where(eq(webhookDeliveries.id, id));
    return;
  }
  const body = JSON.stringify(claimed.payload);
  const headers = deliveryHeaders(webhookSecret(opts.masterKey, endpoint), claimed.eventId, claimed.eventType, body, now.getTime());
  const started = Date.now();
  const result = await send(endpoint.url, body, headers, opts.allowPrivate);
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const error = ok ? '' : result.error || `HTTP ${result.statusCode}`;
  // The clock of the attempt is the runner's (`now`) plus the time the send took.
  const done = new Date(now.getTime() + (Date.now() - started));
  await inTransaction(db, async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: id,
      statusCode: result.statusCode,
      error: error.slice(0, 500),
      durationMs: Date.now() - started,
    });
    const attempts = claimed.attempts + 1;
    if (ok) {
      await tx
        .update(webhookDeliveries)
        .set({ status: DeliveryStatus.DELIVERED, attempts, lastStatusCode: result.statusCode, lastError: null, deliveredAt: done, nextAttemptAt: null })
        .where(eq(webhookDeliveries.id, id));
      await tx.update(webhookEndpoints).set({ consecutiveFailures: 0 }).where(eq(webhookEndpoints.id, endpoint.id));
      return;
    }
    const next = new Date(done.getTime() + retryDelayMs(attempts));
    const givenUp = next.getTime() - claimed.createdAt.getTime() > RETRY_WINDOW_MS;
    await tx
      .update(webhookDeliveries)
      .set({
        status: givenUp ? DeliveryStatus.GIVEN_UP : DeliveryStatus.PENDING,
        attempts,
        lastStatusCode: result.statusCode,
        lastError: error.slice(0, 2000),
        nextAttemptAt: givenUp ? null : next,
      })
      .where(eq(webhookDeliveries.id, id));
    const [ep] = await tx
      .update(webhookEndpoints)
      .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning({ failures: webhookEndpoints.consecutiveFailures, enabled: webhookEndpoints.enabled });
    if (ep && ep.enabled && ep.failures >= DISABLE_AFTER_FAILURES) {
      const reason = `连续${ep.failures}次推送失败，已自动停用`;
      await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledAt: done, disabledReason: reason })
        .where(eq(webhookEndpoints.id, endpoint.id));
      await notify(tx, endpoint.companyId, {
        type: 'system',
        title: '事件推送地址已停用',
        content: `${endpoint.url} ${reason}。请检查接收服务后在「开放平台」重新启用。`,
        linkPath: '/customer/openapi',
      });
    }
  });
}

/** Retries due (the sweep, a recurring job): schedules the send of every pending delivery whose next attempt is due. */
export async function scheduleDueRetries(tx: Db, now = new Date()): Promise<number> {
  const due = await tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, DeliveryStatus.PENDING), lte(webhookDeliveries.nextAttemptAt, now)))
    .limit(1000);
  if (due.length) await scheduleJobsQuery(tx, due.map((d) => ({ kind: WEBHOOK_DELIVER, refId: d.id, runAt: now })));
  return due.length;
}
