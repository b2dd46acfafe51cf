import { bigint, boolean, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { at, atNow } from './columns.ts';
import { users } from './company.ts';

/**
 * A user's authenticator (TOTP, docs/decisions/0150-two-factor.md). The secret is AES-256-GCM encrypted with
 * TWO_FACTOR_KEY when that is set (else stored as is) and never answered after enrolment. `enabledAt` null:
 * enrolment started, not yet confirmed with a code. `lastStep` is the replay guard: the time step of the last
 * accepted code; a code of that step or an earlier one is refused.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer()
    .primaryKey()
    .references(() => users.id),
  secret: varchar({ length: 200 }).notNull(),
  enabledAt: at(),
  lastStep: bigint({ mode: 'number' }).notNull().default(0),
  createdAt: atNow(),
});

/** Ten single-use recovery codes per enrolment, argon2id-hashed like passwords. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    codeHash: varchar({ length: 200 }).notNull(),
    usedAt: at(),
    createdAt: atNow(),
  },
  (t) => [index().on(t.userId)],
);

/**
 * A sign-in that passed its first factor and waits for the second: a short-lived token (SHA-256 stored), not a
 * session. Used once; `rememberMe` carries the first step's choice to the session it becomes.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: serial().primaryKey(),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    rememberMe: boolean().notNull().default(false),
    /** password, sms, email, wechat: the first factor, for the audit trail. */
    method: varchar({ length: 12 }).notNull(),
    createdAt: atNow(),
    expiresAt: at().notNull(),
    usedAt: at(),
  },
  (t) => [index().on(t.expiresAt)],
);

/** "记住此设备 30 天": a random cookie value whose SHA-256 is stored; it skips the second step until it expires. */
export const twoFactorDevices = pgTable(
  'two_factor_devices',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    userAgent: varchar({ length: 300 }).notNull().default(''),
    /** The address it was remembered from, then the address of its latest use (shown in the device list). */
    ip: varchar({ length: 64 }).notNull().default(''),
    createdAt: atNow(),
    /** When it last skipped the second step (null: not since it was remembered). */
    lastUsedAt: at(),
    expiresAt: at().notNull(),
  },
  (t) => [index().on(t.userId)],
);
