import { sql, type SQL } from 'drizzle-orm';
import { addDays, addMonths, CHINA_TZ, chinaDayRange, chinaDayStart, monthStartOf, type ReportFilter, type ReportGranularity } from '@aquamall/shared';

/** The instants a report covers: China midnight of dateFrom up to (excluding) China midnight after dateTo. */
export function reportRange(q: ReportFilter): { from: Date; to: Date } {
  const { start, end } = chinaDayRange(q.dateFrom, q.dateTo);
  return { from: start, to: end };
}

/**
 * The period of a timestamp column on the Asia/Shanghai calendar, as a local timestamp truncated to the day,
 * month or quarter: cheap to group 100,000 rows by; `periodLabel` turns the few groups into their keys.
 */
export function periodStart(column: SQL, g: ReportGranularity): SQL {
  return sql`date_trunc(${sql.raw(`'${g}'`)}, ${column} at time zone ${sql.raw(`'${CHINA_TZ}'`)})`;
}

/** The key of a period start: 2026-03-05, 2026-03 or 2026-Q1. */
export function periodLabel(start: SQL, g: ReportGranularity): SQL {
  if (g === 'day') return sql`to_char(${start}, 'YYYY-MM-DD')`;
  if (g === 'month') return sql`to_char(${start}, 'YYYY-MM')`;
  return sql`to_char(${start}, 'YYYY-"Q"Q')`;
}

/** The same key for a calendar date (YYYY-MM-DD), computed in JS (for the list of every period). */
export function periodOf(day: string, g: ReportGranularity): string {
  if (g === 'day') return day;
  if (g === 'month') return day.slice(0, 7);
  return `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
}

/** Every period of the range in order, so a chart shows the empty ones as 0. */
export function periodsOf(q: ReportFilter): string[] {
  const out: string[] = [];
  for (let day = q.dateFrom; day <= q.dateTo; day = addDays(day, 1)) {
    const key = periodOf(day, q.granularity);
    if (out[out.length - 1] !== key) out.push(key);
  }
  return out;
}

const nextMonth = (day: string) => addMonths(monthStartOf(day), 1);
const chinaMidnight = chinaDayStart;

/**
 * The range cut for the monthly rollups (decision 0133): the whole China months inside it (first days,
 * `to` excluded), read from the rollups, and the partial months at its edges as instants, read from the orders.
 */
export function monthSplit(q: ReportFilter): {
  months: { from: string; to: string } | null;
  edges: { from: Date; to: Date }[];
} {
  const end = addDays(q.dateTo, 1);
  const first = q.dateFrom.endsWith('-01') ? q.dateFrom : nextMonth(q.dateFrom);
  const last = `${end.slice(0, 7)}-01`;
  if (first >= last) return { months: null, edges: [{ from: chinaMidnight(q.dateFrom), to: chinaMidnight(end) }] };
  const edges = [];
  if (q.dateFrom < first) edges.push({ from: chinaMidnight(q.dateFrom), to: chinaMidnight(first) });
  if (last < end) edges.push({ from: chinaMidnight(last), to: chinaMidnight(end) });
  return { months: { from: first, to: last }, edges };
}
