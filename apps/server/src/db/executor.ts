import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

/**
 * What runs queries: the database, or a transaction inside it (docs/decisions/0190-schema-by-owner.md). Drizzle's
 * transaction class extends its database class, so a transaction passes wherever an `Executor` (or `Db`, the
 * same type) is asked for: no cast. A function that takes an `Executor` works alone or inside a caller's
 * transaction; `executor.transaction()` inside a transaction opens a savepoint.
 */
export type Executor = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The transaction handed to `inTransaction` and `db.transaction` callbacks (an `Executor` that can roll back). */
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  typeof schema,
  ExtractTablesWithRelations<typeof schema>
>;

/**
 * Runs `work` in one transaction (a savepoint when `db` is itself a transaction): everything it writes commits
 * together or not at all; a thrown error rolls it back and is rethrown.
 */
export const inTransaction = <T>(db: Executor, work: (tx: Transaction) => Promise<T>): Promise<T> =>
  db.transaction(work);
