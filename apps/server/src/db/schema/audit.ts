import { index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { atNow } from './columns.ts';

/**
 * Append-only log of every console action and review decision: who, what, when, before/after. No API updates
 * or deletes it, and a database trigger (migration `audit_append_only`) refuses UPDATE and DELETE.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: serial().primaryKey(),
    actorUserId: integer(),
    actorName: varchar({ length: 60 }).notNull().default(''),
    action: varchar({ length: 60 }).notNull(),
    targetType: varchar({ length: 40 }).notNull(),
    targetId: varchar({ length: 60 }).notNull().default(''),
    before: jsonb(),
    after: jsonb(),
    ip: varchar({ length: 64 }).notNull().default(''),
    /** The browser of the request that made the change (console and workbench alike). */
    userAgent: varchar({ length: 300 }).notNull().default(''),
    /** The actor's company (company users); null for platform administrators and jobs. */
    companyId: integer(),
    createdAt: atNow(),
  },
  (t) => [
    index().on(t.createdAt),
    index().on(t.actorUserId),
    index().on(t.targetType, t.targetId),
    index().on(t.action),
    index().on(t.companyId, t.createdAt),
  ],
);
