import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle.ts';

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, then at most once per window, ending with the latest call', () => {
    const seen: number[] = [];
    const t = throttle((n: number) => seen.push(n), 100);
    t(1);
    t(2);
    t(3);
    expect(seen).toEqual([1]);
    vi.advanceTimersByTime(100);
    expect(seen).toEqual([1, 3]);
    vi.advanceTimersByTime(500);
    expect(seen).toEqual([1, 3]);
  });

  it('can be cancelled', () => {
    const fn = vi.fn();
    const t = throttle(fn, 100);
    t();
    t();
    t.cancel();
    vi.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
