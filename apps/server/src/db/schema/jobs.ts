import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, atNow } from './columns.ts';

/**
 * Timed rules (auto-cancel, auto-receipt, deadlines): one row per rule and document, due at `runAt`. Workers
 * claim one due row at a time with `FOR UPDATE SKIP LOCKED` and run it in that claiming transaction, so each fires
 * once with any number of instances and survives restarts. Status: 0 pending, 1 done, 2 cancelled, 3 failed.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial().primaryKey(),
    kind: varchar({ length: 40 }).notNull(),
    refId: integer().notNull(),
    runAt: at().notNull(),
    status: smallint().notNull().default(0),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: atNow(),
    doneAt: at(),
  },
  (t) => [
    index('jobs_due')
      .on(t.runAt)
      .where(sql`status = 0`),
    uniqueIndex('jobs_one_pending')
      .on(t.kind, t.refId)
      .where(sql`status = 0`),
  ],
);
