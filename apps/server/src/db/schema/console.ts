import { index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { rmas } from './orders.ts';

/**
 * A refused after-sales request one of its parties took to the platform (申请平台介入, decision 0187): at most
 * one per request (the unique rma_id), decided once by a platform administrator.
 */
export const rmaDisputes = pgTable(
  'rma_disputes',
  {
    id: serial().primaryKey(),
    rmaId: integer()
      .notNull()
      .unique()
      .references(() => rmas.id),
    /** Side (1 purchaser, 2 supplier) of the party who escalated. */
    raisedBySide: smallint().notNull(),
    raisedByCompanyId: integer().notNull(),
    raisedByUserId: integer(),
    reason: varchar({ length: 300 }).notNull(),
    /** RmaDisputeStatus: 0 awaiting the platform, 1 purchaser supported, 2 supplier supported. */
    status: smallint().notNull().default(0),
    decisionReason: varchar({ length: 300 }),
    decidedBy: integer(),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.status, t.createdAt)],
);
