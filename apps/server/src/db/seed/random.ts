/**
 * A small seeded PRNG (mulberry32) so every seed run produces the same demo data. Dates are computed relative
 * to the seed time by the callers, so "3 days ago" stays 3 days ago whenever the seed runs.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A number in [min, max) rounded to `decimals`. */
  float(min: number, max: number, decimals = 2): number {
    const f = 10 ** decimals;
    return Math.round((min + this.next() * (max - min)) * f) / f;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** `n` distinct items (or all of them when there are fewer). */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, n);
  }
}

export const DAY_MS = 86_400_000;

/** A date `days` before (negative: after) `now`, at a pseudo-random time of that day. */
export function daysAgo(now: Date, days: number, rnd?: Random): Date {
  const jitter = rnd ? rnd.int(0, 8 * 3_600_000) : 0;
  return new Date(now.getTime() - days * DAY_MS - jitter);
}

/** The same day at 17:00 Beijing time (09:00 UTC): when tenders and enquiries customarily close. */
export function at1700Beijing(d: Date): Date {
  const r = new Date(d);
  r.setUTCHours(9, 0, 0, 0);
  return r;
}
