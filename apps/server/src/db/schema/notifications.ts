import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, atNow } from './columns.ts';
import { companies, users } from './company.ts';

/** Inbox messages: every state change that concerns a company notifies it (docs/product/workbench.md#inbox). */
export const messages = pgTable(
  'messages',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    userId: integer(),
    type: varchar({ length: 30 }).notNull(),
    /** Inbox tab (shared MessageCategory): 1 系统, 2 订单, 3 询价, 4 招标, 5 财务. */
    category: smallint().notNull().default(1),
    title: varchar({ length: 150 }).notNull(),
    content: text().notNull().default(''),
    linkPath: varchar({ length: 300 }).notNull().default(''),
    readAt: at(),
    /** Deleted from the company's inbox (kept for the record, never shown again). */
    deletedAt: at(),
    createdAt: atNow(),
  },
  (t) => [index().on(t.companyId, t.createdAt), index().on(t.companyId, t.category, t.createdAt)],
);

/**
 * Trade notifications outside the browser (docs/product/notifications.md): one row per recipient user per channel
 * per event, written in the transaction of the change that notifies. `dedupeKey` names the event occurrence, so
 * writing it again (a retried transaction, a second instance) adds nothing. The send job (notice_send) claims the
 * row (status 0 → 1) before it sends, so two runners never send one row twice. Status: 0 pending, 1 sending,
 * 2 sent, 3 failed (gave up), 4 skipped (channel switched off when it was due).
 */
export const noticeOutbox = pgTable(
  'notice_outbox',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    userId: integer().notNull(),
    event: varchar({ length: 40 }).notNull(),
    dedupeKey: varchar({ length: 80 }).notNull(),
    channel: varchar({ length: 8 }).notNull(),
    /** Phone, e-mail address or WeChat OpenID at the time of writing. */
    target: varchar({ length: 120 }).notNull(),
    /** The event's variables; every channel's text is rendered from the catalogue when sent. */
    vars: jsonb().$type<Record<string, string>>().notNull(),
    linkPath: varchar({ length: 300 }).notNull().default(''),
    status: smallint().notNull().default(0),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** Not before (the end of the recipient's SMS quiet hours). */
    sendAfter: at().notNull(),
    claimedAt: at(),
    sentAt: at(),
    createdAt: atNow(),
  },
  (t) => [
    uniqueIndex('notice_outbox_once').on(t.dedupeKey, t.userId, t.channel),
    index().on(t.companyId, t.createdAt),
  ],
);

/** A user's notification choices (消息设置): `category.channel` → on (absent: the catalogue's default), SMS quiet hours. */
export const noticeSettings = pgTable('notice_settings', {
  userId: integer()
    .primaryKey()
    .references(() => users.id),
  choices: jsonb().$type<Record<string, boolean>>().notNull().default({}),
  quietOn: boolean().notNull().default(false),
  quietStart: varchar({ length: 5 }).notNull().default('22:00'),
  quietEnd: varchar({ length: 5 }).notNull().default('08:00'),
  updatedAt: atNow(),
});

/**
 * 订单消息接收人 of a supplier (docs/product/notifications.md#recipients): the users and roles chosen by its company
 * administrator to receive the supplier-side order events (SUPPLIER_ORDER_EVENTS) outside the browser. No row,
 * or both lists empty: the default (administrators and the holders of each event's permission). Ids that no longer
 * name an enabled user of the company, or a role, are simply not matched.
 */
export const noticeReceivers = pgTable('notice_receivers', {
  companyId: integer()
    .primaryKey()
    .references(() => companies.id),
  userIds: jsonb().$type<number[]>().notNull().default([]),
  roleIds: jsonb().$type<number[]>().notNull().default([]),
  updatedBy: integer().references(() => users.id),
  updatedAt: atNow(),
});

/**
 * The domain-event outbox (docs/decisions/0211-one-event-outbox.md): a change records what happened here, in its
 * own transaction, once; a `domain_event.dispatch` job hands it to every consumer (outbound notices, webhooks).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: serial().primaryKey(),
    /** Names the occurrence (e.g. `order.shipped:12:3`): recording it twice keeps one row. */
    key: varchar({ length: 120 }).notNull(),
    /** What happened, e.g. order.placed, order.shipped, notice (an inbox notice with an outbound event). */
    type: varchar({ length: 40 }).notNull(),
    /** The facts of the event (the webhook payload's `data`). */
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The companies (and users) concerned, each with the outbound notice it gets, if any. */
    recipients: jsonb().$type<unknown[]>().notNull(),
    dispatchedAt: at(),
    createdAt: atNow(),
  },
  (t) => [uniqueIndex('domain_events_once').on(t.key)],
);

