import { afterAll, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  chinaDay,
  chinaDayCompact,
  chinaDayEnd,
  chinaDayLastMoment,
  chinaDayRange,
  chinaDayStart,
  chinaMonth,
  chinaMonthRange,
  chinaMonthToDate,
  formatChina,
  formatChinaDate,
  formatChinaDateTime,
  isChinaDay,
  lastChinaDays,
  parseChinaDateTime,
} from './china-time.ts';

// Node re-reads process.env.TZ when it is assigned: every case runs in a zone west of UTC, in UTC and in China,
// and must give the same answers. The naive local-zone versions are checked to differ, so the test can fail.
const ZONES = ['America/Los_Angeles', 'UTC', 'Asia/Shanghai', 'Pacific/Kiritimati'] as const;
// The shared package is typed without Node's globals: the process's environment, reached through globalThis.
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
const original = env.TZ;
afterAll(() => {
  if (original === undefined) delete env.TZ;
  else env.TZ = original;
});

describe.each(ZONES)('China time with the process in %s', (zone) => {
  it('runs in that zone', () => {
    env.TZ = zone;
    const offset = new Date('2026-11-01T00:00:00Z').getTimezoneOffset();
    expect(offset).toBe({ 'America/Los_Angeles': 420, UTC: 0, 'Asia/Shanghai': -480, 'Pacific/Kiritimati': -840 }[zone]);
  });

  it('chinaDay is the Asia/Shanghai calendar day', () => {
    env.TZ = zone;
    // 2026-10-31 16:00 UTC is the first minute of 11-01 in China and still 10-31 in Los Angeles and UTC.
    expect(chinaDay(new Date('2026-10-31T16:00:00Z'))).toBe('2026-11-01');
    expect(chinaDay('2026-10-31T15:59:59.999Z')).toBe('2026-10-31');
    expect(chinaDay(Date.parse('2026-12-31T16:30:00Z'))).toBe('2027-01-01');
    expect(chinaDayCompact('2026-12-31T16:30:00Z')).toBe('20270101');
    expect(chinaMonth('2026-11-30T16:00:00Z')).toBe('2026-12');
  });

  it('day ranges are Asia/Shanghai midnights', () => {
    env.TZ = zone;
    expect(chinaDayStart('2026-11-01').toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(chinaDayEnd('2026-11-26').toISOString()).toBe('2026-11-26T16:00:00.000Z');
    expect(chinaDayLastMoment('2026-11-26').toISOString()).toBe('2026-11-26T15:59:59.999Z');
    const r = chinaDayRange('2026-11-01', '2026-11-26');
    expect([r.start.toISOString(), r.end.toISOString()]).toEqual(['2026-10-31T16:00:00.000Z', '2026-11-26T16:00:00.000Z']);
    const m = chinaMonthRange('2026-02');
    expect([m.start.toISOString(), m.end.toISOString()]).toEqual(['2026-01-31T16:00:00.000Z', '2026-02-28T16:00:00.000Z']);
    expect(chinaMonthRange('2026-12-15').end.toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });

  it('last N days and month to date count China days', () => {
    env.TZ = zone;
    // 2026-11-30 20:00 UTC is 12-01 04:00 in China: the month is December there, November in Los Angeles.
    const now = new Date('2026-11-30T20:00:00Z');
    expect(lastChinaDays(7, now)).toEqual({ from: '2026-11-25', to: '2026-12-01' });
    expect(lastChinaDays(1, now)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(chinaMonthToDate(now)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
  });

  it('formats instants as China wall clocks', () => {
    env.TZ = zone;
    expect(formatChinaDate('2026-10-31T16:00:00Z')).toBe('2026-11-01');
    expect(formatChinaDateTime('2026-10-31T16:05:09Z')).toBe('2026-11-01 00:05');
    expect(formatChinaDateTime(new Date('2026-10-31T16:05:09Z'), '—', true)).toBe('2026-11-01 00:05:09');
    expect(formatChina('2026-10-31T16:05:09Z', 'MM-DD HH:mm')).toBe('11-01 00:05');
    expect(formatChinaDate(null)).toBe('—');
    expect(formatChinaDateTime(undefined, '无')).toBe('无');
  });

  it('parses business date-times typed in China', () => {
    env.TZ = zone;
    expect(parseChinaDateTime('2026-12-01 17:00').toISOString()).toBe('2026-12-01T09:00:00.000Z');
    expect(parseChinaDateTime('2026-12-01T00:30:15').toISOString()).toBe('2026-11-30T16:30:15.000Z');
    expect(parseChinaDateTime('2026-12-01').toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(() => parseChinaDateTime('2026-02-30 10:00')).toThrow(RangeError);
    expect(() => parseChinaDateTime('2026-12-01 24:00')).toThrow(RangeError);
    expect(() => parseChinaDateTime('12/01/2026')).toThrow(RangeError);
  });
});

describe('the naive local-zone code these replace', () => {
  it('gives another day outside China (so the cases above can fail)', () => {
    env.TZ = 'America/Los_Angeles';
    const t = new Date('2026-10-31T16:00:00Z');
    const local = `${t.getFullYear()}-${String(t.getMonth() + 1).padStart(2, '0')}-${String(t.getDate()).padStart(2, '0')}`;
    expect(local).not.toBe(chinaDay(t));
    expect(new Date('2026-12-01T17:00').toISOString()).not.toBe(parseChinaDateTime('2026-12-01 17:00').toISOString());
  });
});

describe('calendar arithmetic', () => {
  it('adds days and months and checks days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-01', -11)).toBe('2025-12-01');
    expect(isChinaDay('2026-02-29')).toBe(false);
    expect(isChinaDay('2028-02-29')).toBe(true);
    expect(isChinaDay('2026-1-1')).toBe(false);
    expect(() => chinaDayStart('2026-13-01')).toThrow(RangeError);
    expect(() => chinaDayStart('2026-1-01')).toThrow(RangeError);
    // A shape-checked filter day rolls over as Date did: 02-30 starts at 03-02's midnight.
    expect(chinaDayStart('2026-02-30').toISOString()).toBe(new Date('2026-02-30T00:00:00+08:00').toISOString());
  });
});
