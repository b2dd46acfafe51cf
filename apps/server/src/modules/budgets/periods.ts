import { chinaDay, type Instant } from '@aquamall/shared';

/**
 * China budget periods (docs/product/budgets.md#periods): a month `2026-12`, a quarter `2026-Q4`, a year `2026`,
 * all on the Asia/Shanghai calendar whatever the zone of the process.
 */

/** The three period keys an instant falls in: its China month, quarter and year. */
export function periodKeysOf(t: Instant = new Date()): string[] {
  const day = chinaDay(t);
  const year = day.slice(0, 4);
  const month = Number(day.slice(5, 7));
  return [day.slice(0, 7), `${year}-Q${Math.ceil(month / 3)}`, year];
}

/** A period key in words: 2026年12月 / 2026年第4季度 / 2026年度. */
export function periodName(key: string): string {
  const year = key.slice(0, 4);
  if (key.length === 4) return `${year}年度`;
  if (key[5] === 'Q') return `${year}年第${key[6]}季度`;
  return `${year}年${Number(key.slice(5, 7))}月`;
}
