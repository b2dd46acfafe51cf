import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import timezone from 'dayjs/plugin/timezone.js';

/**
 * China time: the one place that knows business dates are Asia/Shanghai days (docs/architecture.md "China time",
 * docs/decisions/0183-china-time.md). Whatever the zone of the process or the browser, a business day
 * (`'YYYY-MM-DD'`) is a day on the Asia/Shanghai calendar, a day range is the instants from its first midnight
 * to the midnight after its last day, and a date-time typed or shown is a wall clock in Asia/Shanghai.
 *
 * Instants go in as a `Date`, an ISO string or epoch milliseconds; days come out as `'YYYY-MM-DD'` strings.
 */
dayjs.extend(utc);
dayjs.extend(timezone);

export const CHINA_TZ = 'Asia/Shanghai';

/** An instant: a Date, an ISO 8601 string with its offset, or epoch milliseconds. */
export type Instant = Date | string | number;

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_RE = /^(\d{4})-(\d{2})$/;
const WALL_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

const inChina = (t: Instant): Dayjs => {
  const d = dayjs(t);
  if (!d.isValid()) throw new RangeError(`not an instant: ${String(t)}`);
  return d.tz(CHINA_TZ);
};

/** Whether a string is a real calendar day written `YYYY-MM-DD` (2026-02-30 is not). */
export function isChinaDay(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  const m = DAY_RE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

// Ranges take any day-shaped string (month 01–12, day 01–31) and roll an impossible one over like Date does
// (02-30 is 03-02), so a filter that only checked the shape behaves as before; isChinaDay is the strict check.
const DAY_SHAPE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const needDay = (day: string): string => {
  if (!DAY_SHAPE.test(day)) throw new RangeError(`not a day (YYYY-MM-DD): ${day}`);
  return day;
};

/** The Asia/Shanghai calendar day of an instant (now by default): `'2026-11-26'`. */
export function chinaDay(t: Instant = new Date()): string {
  return inChina(t).format('YYYY-MM-DD');
}

/** The China day of an instant without separators, as document numbers carry it: `'20261126'`. */
export function chinaDayCompact(t: Instant = new Date()): string {
  return inChina(t).format('YYYYMMDD');
}

/** The China month of an instant: `'2026-11'`. */
export function chinaMonth(t: Instant = new Date()): string {
  return inChina(t).format('YYYY-MM');
}

/** The day `n` days after (before, when negative) a day: calendar arithmetic, no zone involved. */
export function addDays(day: string, n: number): string {
  return dayjs.utc(needDay(day)).add(n, 'day').format('YYYY-MM-DD');
}

/** The day `n` months after a day, clamped to the month's end (01-31 + 1 month = 02-28). */
export function addMonths(day: string, n: number): string {
  return dayjs.utc(needDay(day)).add(n, 'month').format('YYYY-MM-DD');
}

/** The first day of the month a day is in. */
export const monthStartOf = (day: string): string => `${needDay(day).slice(0, 7)}-01`;

/** The first day of the year a day is in. */
export const yearStartOf = (day: string): string => `${needDay(day).slice(0, 4)}-01-01`;

/** The instant a China day starts (its midnight in Asia/Shanghai). */
export function chinaDayStart(day: string): Date {
  return dayjs.tz(needDay(day), CHINA_TZ).toDate();
}

/** The instant a China day ends: the next day's midnight (exclusive end). */
export function chinaDayEnd(day: string): Date {
  return chinaDayStart(addDays(day, 1));
}

/** The last millisecond of a China day (for an inclusive "valid until" end). */
export function chinaDayLastMoment(day: string): Date {
  return new Date(chinaDayEnd(day).getTime() - 1);
}

/** A half-open range of instants `[start, end)`. */
export interface InstantRange {
  start: Date;
  end: Date;
}

/** The instants of the China days `from` … `to`, both included: `[start of from, start of the day after to)`. */
export function chinaDayRange(from: string, to: string): InstantRange {
  return { start: chinaDayStart(from), end: chinaDayEnd(to) };
}

/** The instants of a China month (`'2026-11'`, or any day in it). */
export function chinaMonthRange(month: string): InstantRange {
  const first = MONTH_RE.test(month) ? `${month}-01` : monthStartOf(month);
  return { start: chinaDayStart(first), end: chinaDayStart(addMonths(first, 1)) };
}

/** A range of China days, both included. */
export interface DayRange {
  from: string;
  to: string;
}

/** The last `n` China days up to and including today (`n` = 7: today and the six days before). */
export function lastChinaDays(n: number, now: Instant = new Date()): DayRange {
  const to = chinaDay(now);
  return { from: addDays(to, -(Math.max(1, Math.floor(n)) - 1)), to };
}

/** This China month up to and including today. */
export function chinaMonthToDate(now: Instant = new Date()): DayRange {
  const to = chinaDay(now);
  return { from: monthStartOf(to), to };
}

/** An instant shown as its China day, `'2026-11-26'`; `empty` for a missing value. */
export function formatChinaDate(t: Instant | null | undefined, empty = '—'): string {
  return t === null || t === undefined || t === '' ? empty : chinaDay(t);
}

/** An instant shown as a China wall clock, `'2026-11-26 09:30'` (`seconds`: `'…:05'`); `empty` when missing. */
export function formatChinaDateTime(t: Instant | null | undefined, empty = '—', seconds = false): string {
  if (t === null || t === undefined || t === '') return empty;
  return inChina(t).format(seconds ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD HH:mm');
}

/** A China wall clock written in any format dayjs knows (`'MM-DD HH:mm'`, `'HH:mm'`). */
export function formatChina(t: Instant, pattern: string): string {
  return inChina(t).format(pattern);
}

/**
 * A business date-time typed in China (`'2026-12-01 17:00'`, `'2026-12-01T17:00:05'`, or a day `'2026-12-01'`
 * for its midnight) as the instant it names. Throws on anything else: the kernel never guesses a zone.
 */
export function parseChinaDateTime(wall: string): Date {
  if (isChinaDay(wall)) return chinaDayStart(wall);
  const m = WALL_RE.exec(wall);
  if (!m || !isChinaDay(`${m[1]}-${m[2]}-${m[3]}`) || Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59) {
    throw new RangeError(`not a China date-time (YYYY-MM-DD HH:mm[:ss]): ${wall}`);
  }
  return dayjs.tz(`${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6] ?? '00'}`, CHINA_TZ).toDate();
}
