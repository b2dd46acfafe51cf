import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, atNow } from './columns.ts';
import { companyRef, users } from './company.ts';

/**
 * Company API keys of the open platform (docs/product/open-platform.md, decision 0205). The secret is never
 * stored: it is derived from the server's OPENAPI_MASTER_KEY and the row's `salt` (rotation draws a new salt);
 * `secretHash` lets a support engineer compare a pasted secret without the master key.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    /** The public key id sent in x-aqm-key (`AK` + 20 hex). */
    accessKeyId: varchar({ length: 32 }).notNull(),
    name: varchar({ length: 50 }).notNull(),
    scopes: jsonb().$type<string[]>().notNull().default([]),
    salt: varchar({ length: 64 }).notNull(),
    secretHash: varchar({ length: 64 }).notNull(),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: atNow(),
    rotatedAt: at(),
    revokedAt: at(),
    lastUsedAt: at(),
    useCount: integer().notNull().default(0),
  },
  (t) => [uniqueIndex().on(t.accessKeyId), index().on(t.companyId, t.createdAt)],
);

/** Nonces seen in signed calls, kept for the signature window (a replay is refused on every instance). */
export const apiNonces = pgTable(
  'api_nonces',
  {
    keyId: integer().notNull(),
    nonce: varchar({ length: 64 }).notNull(),
    expiresAt: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.nonce] }), index().on(t.expiresAt)],
);

/**
 * One row per signed open-platform call whose key was found (answered or refused), written after the answer
 * (decision 0250) and pruned after API_CALL_KEEP_DAYS. `route` is the route pattern (`/api/order/list`), or the
 * path without its query when no route matched; `code` the envelope code of the answer, `errorId` its
 * x-error-id when it had one.
 */
export const apiCalls = pgTable(
  'api_calls',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    companyId: companyRef(),
    keyId: integer()
      .notNull()
      .references(() => apiKeys.id),
    method: varchar({ length: 8 }).notNull(),
    route: varchar({ length: 200 }).notNull(),
    httpStatus: smallint().notNull(),
    code: integer(),
    errorId: varchar({ length: 64 }),
    ip: varchar({ length: 64 }).notNull().default(''),
    durationMs: integer().notNull(),
    at: atNow(),
  },
  (t) => [index().on(t.companyId, t.at), index().on(t.keyId, t.at), index().on(t.at)],
);

/** HTTPS endpoints a company registered for webhook events. Their signing secret is derived like API keys'. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    url: varchar({ length: 500 }).notNull(),
    events: jsonb().$type<string[]>().notNull().default([]),
    salt: varchar({ length: 64 }).notNull(),
    enabled: boolean().notNull().default(true),
    /** Failed attempts in a row (reset by a success); the endpoint is disabled when it reaches the limit. */
    consecutiveFailures: integer().notNull().default(0),
    disabledAt: at(),
    disabledReason: varchar({ length: 200 }).notNull().default(''),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: atNow(),
    deletedAt: at(),
  },
  (t) => [index().on(t.companyId, t.createdAt)],
);

/**
 * The webhook outbox: one row per event and endpoint, written in the transaction of the event (the event id
 * makes it idempotent per endpoint); delivered by the job runner, retried with backoff for 24 hours.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id),
    eventId: varchar({ length: 80 }).notNull(),
    eventType: varchar({ length: 40 }).notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    /** 0 pending, 1 delivered, 2 given up. */
    status: smallint().notNull().default(0),
    attempts: integer().notNull().default(0),
    nextAttemptAt: at(),
    lastStatusCode: integer(),
    lastError: text(),
    createdAt: atNow(),
    deliveredAt: at(),
  },
  (t) => [
    uniqueIndex().on(t.endpointId, t.eventId),
    index().on(t.companyId, t.createdAt),
    index().on(t.status, t.nextAttemptAt),
  ],
);

/** Every attempt of a delivery: the delivery log the company reads (response code, error, time taken). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: serial().primaryKey(),
    deliveryId: integer()
      .notNull()
      .references(() => webhookDeliveries.id),
    statusCode: integer(),
    error: varchar({ length: 500 }).notNull().default(''),
    durationMs: integer().notNull().default(0),
    manual: boolean().notNull().default(false),
    at: atNow(),
  },
  (t) => [index().on(t.deliveryId, t.at)],
);
