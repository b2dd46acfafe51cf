import { boolean, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './company.ts';

/**
 * Login sessions. The token itself is never stored: only its SHA-256. Revoked by logout, password change,
 * "end other sessions", or disabling the user (DESIGN §2).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    rememberMe: boolean().notNull().default(false),
    ip: varchar({ length: 64 }).notNull().default(''),
    userAgent: varchar({ length: 300 }).notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);
