/**
 * PostgreSQL's refusals as the code sees them (docs/decisions/0190-schema-by-owner.md). Drizzle wraps the driver's
 * error (node-postgres and PGlite both carry the SQLSTATE as `code`) in its own as `cause`, so the code is looked
 * for along the chain. Lost connections are connection-errors.ts.
 */
import { conflict } from '../lib/errors.ts';

/** SQLSTATEs the code answers in words. */
export const PgError = {
  UNIQUE_VIOLATION: '23505',
  FOREIGN_KEY_VIOLATION: '23503',
  CHECK_VIOLATION: '23514',
  /** `raise exception` in a trigger (a confirmed document, an append-only ledger). */
  RAISE_EXCEPTION: 'P0001',
  /** Two transactions waited on each other; PostgreSQL aborted one of them. */
  DEADLOCK_DETECTED: '40P01',
  SERIALIZATION_FAILURE: '40001',
} as const;

/** The statement lost a race with another transaction (deadlock or serialization failure): trying again is right. */
export const isLockRace = (err: unknown): boolean => {
  const code = pgErrorCode(err);
  return code === PgError.DEADLOCK_DETECTED || code === PgError.SERIALIZATION_FAILURE;
};

/** The SQLSTATE of a failed statement: of the error itself or of one it wraps (`cause`), else undefined. */
export function pgErrorCode(err: unknown): string | undefined {
  for (
    let e: unknown = err, i = 0;
    e && typeof e === 'object' && i < 4;
    e = (e as { cause?: unknown }).cause, i++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** The statement broke a unique constraint or index (two saves racing for one name, number or pair). */
export const isUniqueViolation = (err: unknown): boolean => pgErrorCode(err) === PgError.UNIQUE_VIOLATION;

/**
 * Runs a change and answers the database's refusals in words: each PostgreSQL error code in `messages`
 * becomes a conflict with its message (unique SKU code, available stock, a confirmed document …).
 */
export async function explainDbErrors<T>(
  messages: Record<string, string>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const message = messages[pgErrorCode(err) ?? ''];
    if (message) throw conflict(message);
    throw err;
  }
}
