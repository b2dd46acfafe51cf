import dayjs, { type Dayjs } from 'dayjs';
import { addDays, addMonths, chinaDay, formatChinaDateTime, lastChinaDays, monthStartOf, parseChinaDateTime, yearStartOf, type DayRange, type Instant } from '@aquamall/shared';

/**
 * Ant Design's pickers hold a dayjs in the browser's zone and draw its local calendar and clock. These adapters
 * make a picker show and return China days and China wall clocks whatever the browser's zone
 * (docs/architecture.md "China time"): a day picker's value is a China day written on the local calendar, a
 * date-time picker's value is a China wall clock written on the local clock. Nothing else in the web reads a
 * picker's instant (`toISOString`, `toDate`) or builds "today" with `dayjs()`.
 */

/** A day picker's value for a China day. */
export const dayToPicker = (day: string): Dayjs => dayjs(day);

/** The China day a day picker shows. */
export const pickerToDay = (d: Dayjs): string => d.format('YYYY-MM-DD');

/** An optional picker value as a China day (filters: cleared is undefined). */
export const pickerToDayOrUndefined = (d: Dayjs | null | undefined): string | undefined => (d ? pickerToDay(d) : undefined);

/** A date-time picker's value showing an instant's China wall clock. */
export const instantToPicker = (t: Instant): Dayjs => dayjs(formatChinaDateTime(t, '', true));

/** The instant (ISO) a date-time picker's wall clock names in China. */
export const pickerToInstant = (d: Dayjs): string => parseChinaDateTime(d.format('YYYY-MM-DD HH:mm:ss')).toISOString();

/** Today in China as a day picker value. */
export const chinaTodayPicker = (): Dayjs => dayToPicker(chinaDay());

/** Now in China as a date-time picker value. */
export const chinaNowPicker = (): Dayjs => instantToPicker(new Date());

/** `disabledDate` of a picker that refuses days after today in China. */
export const afterChinaToday = (d: Dayjs): boolean => d.isAfter(chinaTodayPicker(), 'day');

/** `disabledDate` of a picker that refuses days before today in China. */
export const beforeChinaToday = (d: Dayjs): boolean => d.isBefore(chinaTodayPicker(), 'day');

/** A range picker's value for a range of China days. */
export const rangeToPicker = (r: DayRange): [Dayjs, Dayjs] => [dayToPicker(r.from), dayToPicker(r.to)];

/** A range picker's value as China days (undefined ends when cleared), for list filters. */
export function pickerRange(v: readonly (Dayjs | null | undefined)[] | null | undefined): { dateFrom?: string; dateTo?: string } {
  return { dateFrom: pickerToDayOrUndefined(v?.[0]), dateTo: pickerToDayOrUndefined(v?.[1]) };
}

/**
 * The range every report opens with (docs/decisions/0183-china-time.md): the last 30 China days, today
 * included, whatever the report's granularity.
 */
export const REPORT_DEFAULT_DAYS = 30;
export const reportDefaultRange = (now: Instant = new Date()): DayRange => lastChinaDays(REPORT_DEFAULT_DAYS, now);

/** The range presets of a report or statement picker, in China days. */
export function chinaRangePresets(now: Instant = new Date()): { label: string; value: [Dayjs, Dayjs] }[] {
  const today = chinaDay(now);
  return [
    { label: '近7天', value: rangeToPicker(lastChinaDays(7, now)) },
    { label: '近30天', value: rangeToPicker(lastChinaDays(30, now)) },
    { label: '本月', value: rangeToPicker({ from: monthStartOf(today), to: today }) },
    { label: '近12个月', value: rangeToPicker({ from: addMonths(monthStartOf(today), -11), to: today }) },
    { label: '今年', value: rangeToPicker({ from: yearStartOf(today), to: today }) },
  ];
}

/** A China day `n` days after today (negative: before), as a day picker value. */
export const chinaDayPicker = (n: number): Dayjs => dayToPicker(addDays(chinaDay(), n));
