import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';

/** Response codes of the `{code, message, data}` envelope (docs/product/api-envelope.md#response-codes). */
export const Code = {
  OK: 0,
  LOGIN_EXPIRED: 1,
  /** Any other code is a business error with a Chinese message. */
  INVALID: 2,
  FORBIDDEN: 3,
  NOT_FOUND: 4,
  CONFLICT: 5,
  RATE_LIMITED: 6,
  MEMBER_REQUIRED: 7,
  SERVER_ERROR: 500,
  /** The database was briefly unreachable (HTTP 503): retry later (an order with the same Idempotency-Key). */
  UNAVAILABLE: 503,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** Paged queries take `{pageIndex (from 1), pageSize}` and answer `{list, total}` (docs/product/api-envelope.md#paged-queries). */
export const pageQuery = z.object({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;
export interface Paged<T> {
  list: T[];
  total: number;
}

/** Response schema of a paged query: `{list, total}` of the given row. */
export const pagedOf = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), total: z.number().int() });
/** Response schema of a command that answers no data. */
export const noData = z.null();

/** A record number (PostgreSQL integer). */
export const recordId = z.number('编号格式不正确').int('编号格式不正确').positive('编号格式不正确').max(2_147_483_647, '编号格式不正确');
/** Body of commands on one record: `{sysNo}`. */
export const sysNoInput = z.object({ sysNo: recordId });

/**
 * A timestamp on the wire: an ISO string. A handler may return the Date it read from the database: answers are
 * JSON-encoded before the serializer checks them, so the client always receives the string.
 */
export const wireTimestamp = z.string() as z.ZodType<string, string | Date>;
/** Any JSON value (jsonb columns); a handler returns what the database gave it. */
export const wireJson = z.json() as z.ZodType<z.core.util.JSONType, unknown>;
