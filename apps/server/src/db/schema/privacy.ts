import { index, integer, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { at, atNow } from './columns.ts';
import { users } from './company.ts';

/**
 * Personal-data requests under PIPL (privacy terms (docs/product/merchants.md#privacy-policy): answered within 10 days, decision 0151). kind
 * `export` (下载我的数据) or `delete` (注销账号). status: 0 pending (waiting for the platform or the export
 * job), 1 done, 2 refused (with `reason`). An export's archive lives in file storage under `fileKey` and may
 * be fetched by its owner only until `expiresAt` (7 days after it was built).
 */
export const personalDataRequests = pgTable(
  'personal_data_requests',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** The user's company when the request was made (kept after anonymisation, for the console). */
    companyId: integer(),
    kind: varchar({ length: 10 }).notNull(),
    status: smallint().notNull().default(0),
    reason: varchar({ length: 300 }).notNull().default(''),
    createdAt: atNow(),
    /** createdAt + 10 days: the legal reply deadline the console tracks. */
    deadlineAt: at().notNull(),
    doneAt: at(),
    /** The platform administrator who carried out or refused it (null: done by the export job). */
    handledBy: integer(),
    fileKey: varchar({ length: 200 }),
    fileSize: integer(),
    expiresAt: at(),
  },
  (t) => [index().on(t.userId, t.createdAt), index().on(t.status, t.deadlineAt)],
);
