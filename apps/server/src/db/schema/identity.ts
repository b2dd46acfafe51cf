import { boolean, index, integer, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { at, atNow } from './columns.ts';
import { users } from './company.ts';

/**
 * Login sessions. The token itself is never stored: only its SHA-256. Revoked by logout, password change,
 * "end other sessions", or disabling the user (docs/product/accounts.md#tokens-and-sessions).
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
    createdAt: atNow(),
    lastSeenAt: atNow(),
    expiresAt: at().notNull(),
    revokedAt: at(),
  },
  (t) => [index().on(t.userId)],
);

/**
 * One-time codes sent by SMS or e-mail (docs/product/accounts.md#one-time-codes): 6 digits, stored as an HMAC-free SHA-256 of
 * (target, code) so a leaked table does not reveal live codes; valid 5 minutes, single use, 5 tries. Every
 * send attempt is a row (also for unknown numbers, which receive nothing), so resend and daily caps count
 * the same for every number and reveal nothing.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial().primaryKey(),
    /** 'sms' | 'email'. */
    channel: varchar({ length: 8 }).notNull(),
    /** Phone number or lower-cased e-mail address. */
    target: varchar({ length: 120 }).notNull(),
    /** What the code proves: login, register, forget, bind, oldphone, newphone. */
    purpose: varchar({ length: 16 }).notNull(),
    codeHash: varchar({ length: 64 }).notNull(),
    attempts: smallint().notNull().default(0),
    ip: varchar({ length: 64 }).notNull().default(''),
    createdAt: atNow(),
    expiresAt: at().notNull(),
    usedAt: at(),
  },
  (t) => [index().on(t.target, t.createdAt), index().on(t.ip, t.createdAt)],
);

/** Picture captchas: single use, 5 minutes. The id is chosen by the browser (random); the text is hashed. */
export const captchas = pgTable(
  'captchas',
  {
    id: varchar({ length: 64 }).primaryKey(),
    textHash: varchar({ length: 64 }).notNull(),
    /** Demo mode only: the text itself, for the captcha peek of automated browser tests (any worker answers it). */
    demoText: varchar({ length: 16 }),
    createdAt: atNow(),
    expiresAt: at().notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);

/**
 * Failed password logins, keyed by the normalised account string whether or not such an account exists, so
 * the captcha and lock answers are the same for unknown accounts (no enumeration). Cleared on success.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial().primaryKey(),
    account: varchar({ length: 64 }).notNull(),
    ip: varchar({ length: 64 }).notNull().default(''),
    createdAt: atNow(),
  },
  (t) => [index().on(t.account, t.createdAt)],
);

/**
 * WeChat QR login tickets. status: waiting → scanned (openId known) → done (a session was issued), or
 * expired. A scan of an unknown openId leaves the ticket `scanned` with no user: the browser asks to bind.
 */
export const wechatTickets = pgTable(
  'wechat_tickets',
  {
    ticket: varchar({ length: 128 }).primaryKey(),
    /** The browser's random id of GET /api/wx/getwxoaqrcode/{id}. */
    clientId: varchar({ length: 64 }).notNull(),
    status: varchar({ length: 12 }).notNull().default('waiting'),
    openId: varchar({ length: 64 }),
    userId: integer().references(() => users.id),
    createdAt: atNow(),
    expiresAt: at().notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);

/**
 * Messages "sent" by the SMS and e-mail sandboxes (docs/product/accounts.md#partner-services), shown on the dev outbox page. Only written
 * when a sandbox provider is active.
 */
export const sandboxOutbox = pgTable(
  'sandbox_outbox',
  {
    id: serial().primaryKey(),
    channel: varchar({ length: 8 }).notNull(),
    target: varchar({ length: 120 }).notNull(),
    subject: varchar({ length: 200 }).notNull().default(''),
    body: text().notNull(),
    createdAt: atNow(),
  },
  (t) => [index().on(t.target)],
);
