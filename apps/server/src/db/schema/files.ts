import { boolean, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { atNow } from './columns.ts';

/** Stored files (uploads and seeded images); `path` is relative to the file host's /f/. */
export const files = pgTable('files', {
  id: serial().primaryKey(),
  path: varchar({ length: 300 }).notNull().unique(),
  originalName: varchar({ length: 200 }).notNull().default(''),
  mime: varchar({ length: 100 }).notNull(),
  size: integer().notNull(),
  companyId: integer(),
  userId: integer(),
  /**
   * A private document (transfer proof, licence, ID image, invoice, attachment, bid file): the file host serves it
   * only to the uploader's company, the parties of the records that reference it and platform administrators
   * (modules/files/access.ts). Set at upload for the document folders and when a record takes the file.
   */
  private: boolean().notNull().default(false),
  createdAt: atNow(),
});
