import { index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One history for every document's status changes (docs/decisions/0194-state-machines.md): orders, after-sales
 * requests, invoice requests, credit requests and recharges, enquiries, quotations, tenders, merchant
 * applications, enterprise certifications and membership orders write the same row shape through `recordHistory`
 * (lib/transition.ts). `docType` names the document kind ('order', 'rma', 'invoice', …), `docId` its row id.
 */
export const documentHistory = pgTable(
  'document_history',
  {
    id: serial().primaryKey(),
    docType: varchar({ length: 20 }).notNull(),
    docId: integer().notNull(),
    /** The action's wire name in the document's state table (confirm, ship, approve, …) or `create`. */
    action: varchar({ length: 30 }).notNull(),
    fromStatus: smallint(),
    toStatus: smallint().notNull(),
    /** Side: 0 system (timed rule), 1 purchaser, 2 supplier, 3 platform. */
    side: smallint().notNull(),
    userId: integer(),
    userName: varchar({ length: 60 }).notNull().default(''),
    note: varchar({ length: 300 }).notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_history_doc_idx').on(t.docType, t.docId, t.id)],
);

export type DocumentHistoryRow = typeof documentHistory.$inferSelect;
