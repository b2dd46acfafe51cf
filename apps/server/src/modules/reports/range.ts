import { sql, type SQL } from 'drizzle-orm';
import type { ReportFilter, ReportGranularity } from '@aquamall/shared';

/** The instants a report covers: China midnight of dateFrom up to (excluding) China midnight after dateTo. */
export function reportRange(q: ReportFilter): { from: Date; to: Date } {
  const from = new Date(`${q.dateFrom}T00:00:00+08:00`);
  const to = new Date(new Date(`${q.dateTo}T00:00:00+08:00`).getTime() + 86_400_000);
  return { from, to };
}

/**
 * The period of a timestamp column on the Asia/Shanghai calendar, as a local timestamp truncated to the day,
 * month or quarter: cheap to group 100,000 rows by; `periodLabel` turns the few groups into their keys.
 */
export function periodStart(column: SQL, g: ReportGranularity): SQL {
  return sql`date_trunc(${sql.raw(`'${g}'`)}, ${column} at time zone 'Asia/Shanghai')`;
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
  const end = Date.parse(`${q.dateTo}T00:00:00Z`);
  for (let t = Date.parse(`${q.dateFrom}T00:00:00Z`); t <= end; t += 86_400_000) {
    const key = periodOf(new Date(t).toISOString().slice(0, 10), q.granularity);
    if (out[out.length - 1] !== key) out.push(key);
  }
  return out;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const nextMonth = (day: string) => {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};
/** China midnight starting a calendar day. */
const chinaMidnight = (day: string) => new Date(`${day}T00:00:00+08:00`);

/**
 * The range cut for the monthly rollups (decision 0133): the whole China months inside it (first days,
 * `to` excluded), read from the rollups, and the partial months at its edges as instants, read from the orders.
 */
export function monthSplit(q: ReportFilter): {
  months: { from: string; to: string } | null;
  edges: { from: Date; to: Date }[];
} {
  const end = nextDay(q.dateTo);
  const first = q.dateFrom.endsWith('-01') ? q.dateFrom : nextMonth(q.dateFrom);
  const last = `${end.slice(0, 7)}-01`;
  if (first >= last) return { months: null, edges: [{ from: chinaMidnight(q.dateFrom), to: chinaMidnight(end) }] };
  const edges = [];
  if (q.dateFrom < first) edges.push({ from: chinaMidnight(q.dateFrom), to: chinaMidnight(first) });
  if (last < end) edges.push({ from: chinaMidnight(last), to: chinaMidnight(end) });
  return { months: { from: first, to: last }, edges };
}
