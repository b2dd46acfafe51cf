import { sql, type SQL } from 'drizzle-orm';
import { CHINA_TZ, chinaDayCompact, type Instant } from '@aquamall/shared';

/**
 * Document numbers, all one shape: a prefix, the China day the document is made (YYYYMMDD, Asia/Shanghai —
 * never the UTC date) and a zero-padded serial. `D2026112600000042` (order), `R…` (after-sales), `FP…`
 * (invoice), `XJ…` (enquiry), `TZ…` (stock adjustment), `ZB…` (tender). docs/architecture.md "China time".
 */

/** A number made in the database: the serial from a sequence, the day from the transaction's `now()`. */
export function documentNumberSql(prefix: string, sequence: string, width: number): SQL<string> {
  if (!/^[A-Z]{1,4}$/.test(prefix) || !/^[a-z_]+$/.test(sequence) || !Number.isInteger(width)) {
    throw new Error(`bad document number form: ${prefix} ${sequence} ${width}`);
  }
  // One raw text (constants only) so a column default reads exactly as the migrations wrote it.
  return sql.raw(
    `('${prefix}' || to_char(now() at time zone '${CHINA_TZ}', 'YYYYMMDD') || lpad(nextval('${sequence}')::text, ${width}, '0'))`,
  ) as SQL<string>;
}

/** A number made in the application: the serial given (a row id, or a ready string), padded to `width`. */
export function documentNumber(prefix: string, serial: number | string, width = 0, at: Instant = new Date()): string {
  return `${prefix}${chinaDayCompact(at)}${String(serial).padStart(width, '0')}`;
}

/** The shared sequence of order, after-sales, invoice and enquiry numbers (unique across instances). */
export const ORDER_NO_SEQUENCE = 'order_no_seq';
