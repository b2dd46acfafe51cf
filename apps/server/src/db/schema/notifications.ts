import { index, integer, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { at, atNow } from './columns.ts';

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
