import crypto from 'node:crypto';
import net from 'node:net';
import { Agent, request as undiciRequest } from 'undici';
import { and, desc, eq, getTableColumns, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PageQuery, WebhookDeliveryRow, WebhookEvent, WebhookInput, WebhookRow } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/executor.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { pagedRows, totalOf } from '../../lib/paged.ts';
import { recordAudit } from '../audit/index.ts';
import { scheduleJob } from '../jobs/index.ts';
import { notify } from '../notifications/index.ts';
import type { OpenApiCaller } from './keys.ts';
import { fail } from './messages.ts';
import { BlockedAddressError, guardedLookup, isPrivateAddress, resolveAll } from './ssrf.ts';
import { deriveSecret, webhookSignature } from './signing.ts';

/**
 * The job kind that sends the due deliveries in batches (a detached job: the sends happen outside any
 * transaction). One pending job for the whole outbox (payload 1): whoever writes deliveries, enables an endpoint
 * or asks for a redelivery schedules it now; the retry sweep schedules it when a retry falls due.
 */
export const WEBHOOK_DISPATCH = 'webhook.dispatch';
export const DISPATCH_JOB_ID = 1;
/** Deliveries claimed per batch, and sends in flight at once. */
export const CLAIM_BATCH = 200;
export const SEND_CONCURRENCY = 64;
/** A dispatch run stops taking new batches after this long (the job's lease is 60 s); the sweep starts the next. */
const RUN_BUDGET_MS = 25_000;
/** Deliveries are retried for this long after the event, then given up. */
export const RETRY_WINDOW_MS = 24 * 3600_000;
/** Failed attempts in a row after which an endpoint is disabled (and the company told in its inbox). */
export const DISABLE_AFTER_FAILURES = 15;
/** Endpoints a company may register. */
export const MAX_ENDPOINTS = 10;
/** How long one attempt may take. */
export const SEND_TIMEOUT_MS = 10_000;
/** How long a claimed delivery stays away from other dispatchers (one that died mid-batch: sent again after). */
const CLAIM_LEASE_MS = SEND_TIMEOUT_MS * 3;
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
    if (pending.length) await scheduleJob(tx, WEBHOOK_DISPATCH, DISPATCH_JOB_ID, now);
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
    await scheduleJob(tx, WEBHOOK_DISPATCH, DISPATCH_JOB_ID, now);
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
 * subscribed to the type, and wakes the dispatch job. Called by the domain-event dispatch (events/dispatch.ts),
 * inside the job runner's transaction, so the one dispatch job row is never contended by requests. An event no
 * endpoint wants costs one indexed read.
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
  if (inserted.length) await scheduleJob(tx, WEBHOOK_DISPATCH, DISPATCH_JOB_ID, now);
}

// ---- Delivery ----

export interface SendResult {
  statusCode: number | null;
  error: string;
}

/**
 * Keep-alive connections for the sends of one server (undici Agent: a pool per receiver origin). Every new
 * connection resolves its host through the SSRF guard, so the connection goes to the very address checked.
 */
export function webhookAgent(allowPrivate: boolean): Agent {
  return new Agent({
    connections: SEND_CONCURRENCY,
    keepAliveTimeout: 30_000,
    headersTimeout: SEND_TIMEOUT_MS,
    bodyTimeout: SEND_TIMEOUT_MS,
    connect: { lookup: guardedLookup(allowPrivate), timeout: SEND_TIMEOUT_MS },
  });
}

/** One POST with a timeout over the agent's kept-alive connections; the answer's body is read and dropped. Never throws. */
export async function send(
  agent: Agent,
  url: string,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
): Promise<SendResult> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { statusCode: null, error: 'invalid url' };
  }
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && (u.protocol !== 'https:' || (net.isIP(host) && isPrivateAddress(host)))) {
    return { statusCode: null, error: `blocked address ${host}` };
  }
  const abort = AbortSignal.timeout(SEND_TIMEOUT_MS);
  try {
    const res = await undiciRequest(u, { method: 'POST', headers, body, dispatcher: agent, signal: abort });
    try {
      await res.body.dump({ limit: 64 * 1024 });
    } catch {
      // A broken answer body after the status line: the status counts.
    }
    return { statusCode: res.statusCode, error: '' };
  } catch (err) {
    const cause = (err as { cause?: unknown }).cause;
    const e = cause instanceof BlockedAddressError ? cause : err;
    return { statusCode: null, error: (e instanceof Error ? e.message : String(e)) || 'error' };
  }
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

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type EndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * Claims up to `limit` due deliveries in one statement: their next attempt moves a lease ahead, so another
 * dispatcher (instance) skips them (`FOR UPDATE SKIP LOCKED`) and a dispatcher that dies mid-batch leaves them
 * to be sent again once the lease ends.
 */
async function claimBatch(db: Db, now: Date, limit: number, only?: number): Promise<DeliveryRow[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, DeliveryStatus.PENDING),
        lte(webhookDeliveries.nextAttemptAt, now),
        only !== undefined ? eq(webhookDeliveries.id, only) : undefined,
      ),
    )
    .orderBy(webhookDeliveries.nextAttemptAt, webhookDeliveries.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
  return rows.sort((x, y) => x.id - y.id);
}

/** Runs `fn` over `items` with at most `limit` in flight; the results in the items' order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

interface Outcome {
  row: DeliveryRow;
  endpoint: EndpointRow | undefined;
  result: SendResult | null;
  durationMs: number;
}

/**
 * Records the outcomes of one batch in one transaction: the attempt rows, the delivered ones in one update, each
 * failed one's next attempt (backoff) or giving up after 24 h, the endpoints' failure counts (reset by a success,
 * counted after the last success of the batch) and the disabling of an endpoint after DISABLE_AFTER_FAILURES
 * failures in a row, with a notice to the company's inbox. A delivery whose endpoint is disabled or deleted waits
 * (no attempt) for it to be enabled again.
 */
async function recordOutcomes(db: Db, outcomes: readonly Outcome[], done: Date): Promise<void> {
  await inTransaction(db, async (tx) => {
    const waiting = outcomes.filter((o) => !o.result).map((o) => o.row.id);
    if (waiting.length)
      await tx.update(webhookDeliveries).set({ nextAttemptAt: null }).where(inArray(webhookDeliveries.id, waiting));
    const sent = outcomes.filter((o): o is Outcome & { result: SendResult; endpoint: EndpointRow } => !!o.result && !!o.endpoint);
    if (!sent.length) return;
    const okOf = (r: SendResult) => r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
    const errorOf = (r: SendResult) => (okOf(r) ? '' : r.error || `HTTP ${r.statusCode}`);
    await tx.insert(webhookAttempts).values(
      sent.map((o) => ({ deliveryId: o.row.id, statusCode: o.result.statusCode, error: errorOf(o.result).slice(0, 500), durationMs: o.durationMs })),
    );
    const delivered = sent.filter((o) => okOf(o.result));
    if (delivered.length)
      await tx
        .update(webhookDeliveries)
        .set({
          status: DeliveryStatus.DELIVERED,
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          lastStatusCode: sql`200 + 0`,
          lastError: null,
          deliveredAt: done,
          nextAttemptAt: null,
        })
        .where(inArray(webhookDeliveries.id, delivered.map((o) => o.row.id)));
    // The exact 2xx code of the delivered ones that did not answer 200 (rare: 201, 202, 204).
    for (const o of delivered)
      if (o.result.statusCode !== 200)
        await tx.update(webhookDeliveries).set({ lastStatusCode: o.result.statusCode }).where(eq(webhookDeliveries.id, o.row.id));
    for (const o of sent.filter((x) => !okOf(x.result))) {
      const attempts = o.row.attempts + 1;
      const next = new Date(done.getTime() + retryDelayMs(attempts));
      const givenUp = next.getTime() - o.row.createdAt.getTime() > RETRY_WINDOW_MS;
      await tx
        .update(webhookDeliveries)
        .set({
          status: givenUp ? DeliveryStatus.GIVEN_UP : DeliveryStatus.PENDING,
          attempts,
          lastStatusCode: o.result.statusCode,
          lastError: errorOf(o.result).slice(0, 2000),
          nextAttemptAt: givenUp ? null : next,
        })
        .where(eq(webhookDeliveries.id, o.row.id));
    }
    // Failures in a row per endpoint, in the batch's order.
    const byEndpoint = new Map<number, { endpoint: EndpointRow; success: boolean; failuresAfter: number }>();
    for (const o of sent) {
      const e = byEndpoint.get(o.endpoint.id) ?? { endpoint: o.endpoint, success: false, failuresAfter: 0 };
      if (okOf(o.result)) {
        e.success = true;
        e.failuresAfter = 0;
      } else e.failuresAfter++;
      byEndpoint.set(o.endpoint.id, e);
    }
    for (const { endpoint, success, failuresAfter } of byEndpoint.values()) {
      const [ep] = await tx
        .update(webhookEndpoints)
        .set({
          consecutiveFailures: success ? failuresAfter : sql`${webhookEndpoints.consecutiveFailures} + ${failuresAfter}`,
        })
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
    }
  });
}

export interface DispatchOptions extends WebhookOptions {
  agent: Agent;
}

/**
 * Sends the due deliveries (the detached dispatch job's handler): claims a batch (claimBatch), reads its endpoints
 * once, POSTs with at most SEND_CONCURRENCY in flight over kept-alive connections, records the batch
 * (recordOutcomes), and takes the next batch until none is due or the run's budget is spent. The clock of the
 * run is the runner's (`now`) plus the time spent. `only` limits the run to one delivery (tests).
 */
export async function dispatchDeliveries(
  db: Db,
  opts: DispatchOptions,
  now = new Date(),
  only?: number,
): Promise<number> {
  const started = Date.now();
  const clock = () => new Date(now.getTime() + (Date.now() - started));
  let total = 0;
  const endpoints = new Map<number, EndpointRow | undefined>();
  while (Date.now() - started < RUN_BUDGET_MS) {
    const batch = await claimBatch(db, clock(), CLAIM_BATCH, only);
    if (!batch.length) break;
    const missing = [...new Set(batch.map((d) => d.endpointId))].filter((id) => !endpoints.has(id));
    if (missing.length) {
      const rows = await db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, missing));
      for (const id of missing) endpoints.set(id, rows.find((r) => r.id === id));
    }
    const outcomes = await mapLimit(batch, SEND_CONCURRENCY, async (row): Promise<Outcome> => {
      const endpoint = endpoints.get(row.endpointId);
      if (!endpoint || !endpoint.enabled || endpoint.deletedAt) return { row, endpoint, result: null, durationMs: 0 };
      const body = JSON.stringify(row.payload);
      const at = clock();
      const headers = deliveryHeaders(webhookSecret(opts.masterKey, endpoint), row.eventId, row.eventType, body, at.getTime());
      const t0 = Date.now();
      const result = await send(opts.agent, endpoint.url, body, headers, opts.allowPrivate);
      return { row, endpoint, result, durationMs: Date.now() - t0 };
    });
    await recordOutcomes(db, outcomes, clock());
    // An endpoint disabled by this batch is read again by the next.
    for (const o of outcomes) if (o.endpoint && o.result) endpoints.delete(o.endpoint.id);
    total += batch.length;
    if (only !== undefined) break;
  }
  return total;
}

/** Retries due (the sweep, a recurring job): wakes the dispatch job when a pending delivery's next attempt is due. */
export async function scheduleDueRetries(tx: Db, now = new Date()): Promise<boolean> {
  const [due] = await tx
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.status, DeliveryStatus.PENDING), lte(webhookDeliveries.nextAttemptAt, now)))
    .limit(1);
  if (due) await scheduleJob(tx, WEBHOOK_DISPATCH, DISPATCH_JOB_ID, now);
  return !!due;
}
