import { sql } from 'drizzle-orm';
import { QuotationStatus, addDays, chinaDayLastMoment, chinaDayStart, chinaDay as chinaDayOf } from '@aquamall/shared';
import { quotations } from '../../db/schema/index.ts';

/** Stored statuses of a live offer (not decided, not withdrawn). */
export const LIVE_STATUSES: number[] = [QuotationStatus.QUOTED, QuotationStatus.REVISED];

/**
 * 已失效 is computed on read (docs/decisions/0121): a live offer whose validity date has passed shows 5, in
 * lists, counts and details alike; the stored status stays 1/2 so that revising it (which renews the validity)
 * needs no job to undo.
 */
export function effectiveStatus(q: { status: number; validUntil: Date }, now = new Date()): number {
  return LIVE_STATUSES.includes(q.status) && q.validUntil.getTime() < now.getTime()
    ? QuotationStatus.EXPIRED
    : q.status;
}

/** The same rule in SQL (lists and their status counts). */
export const effectiveStatusSql = sql<number>`(case when ${quotations.status} in (1, 2) and ${quotations.validUntil} < now() then 5 else ${quotations.status} end)`;

/**
 * Whether an offer may be awarded now: live (已报价/已修改, so neither withdrawn nor decided) and still valid.
 * The award use case (modules/enquiries) must call this on the locked quotation row.
 */
export function isAwardable(
  q: { status: number; validUntil: Date; withdrawnAt?: Date | null },
  now = new Date(),
): boolean {
  return LIVE_STATUSES.includes(q.status) && !q.withdrawnAt && q.validUntil.getTime() >= now.getTime();
}

/** The end of a China date (YYYY-MM-DD): an offer valid until that day is valid through it. */
export const endOfChinaDay = (d: string) => chinaDayLastMoment(d);
/** China-time midnight of a YYYY-MM-DD date, plus days. */
export const chinaDay = (d: string, plusDays = 0) => chinaDayStart(addDays(d, plusDays));
/** Today's date in China (YYYY-MM-DD). */
export const chinaToday = (now = new Date()) => chinaDayOf(now);
