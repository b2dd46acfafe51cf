import { index, integer, jsonb, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { atNow } from './columns.ts';

/**
 * Repeated submits: the first request with a key stores its answer in the same transaction as its effect;
 * a repeat with the same key (same user, same scope) gets that answer. A concurrent repeat waits on the
 * unique index until the first commits (then replays) or rolls back (then runs itself).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial().primaryKey(),
    userId: integer().notNull(),
    scope: varchar({ length: 30 }).notNull(),
    key: varchar({ length: 100 }).notNull(),
    /** Hash of the request body: the same key with another body is refused. */
    requestHash: varchar({ length: 64 }).notNull(),
    response: jsonb().notNull(),
    createdAt: atNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_scope_key').on(t.userId, t.scope, t.key),
    index().on(t.createdAt),
  ],
);
