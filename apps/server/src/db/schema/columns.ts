import { numeric, timestamp } from 'drizzle-orm/pg-core';

/**
 * Column helpers for the table files of this folder. Each call makes a fresh column builder named by its key
 * (the schema's snake_case casing), so a helper writes exactly the SQL its long form wrote
 * (docs/decisions/0190-schema-by-owner.md). Not exported from index.ts: they are not tables. The
 * reference to a company is `companyRef()` in company.ts, beside the table it points at.
 */

/** A moment: `timestamp with time zone`, nullable (chain `.notNull()` for a required one). */
export const at = () => timestamp({ withTimezone: true });

/** A moment stamped by the database when the row is written: `createdAt`, `updatedAt`, `submittedAt` … */
export const atNow = () => at().notNull().defaultNow();

/**
 * An amount in yuan with 2 decimals (`numeric(14, 2)`; tenders' budgets `money(16)`). Read as a string; the
 * arithmetic is integer fen through packages/shared/src/money.ts.
 */
export const money = (precision: 14 | 16 = 14) => numeric({ precision, scale: 2 });
