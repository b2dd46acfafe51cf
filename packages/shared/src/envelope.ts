import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';

/** Response codes of the `{code, message, data}` envelope (SPEC §8). */
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
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** Paged queries take `{pageIndex (from 1), pageSize}` and answer `{list, total}` (DESIGN §1). */
export const pageQuery = z.object({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;
export interface Paged<T> {
  list: T[];
  total: number;
}
