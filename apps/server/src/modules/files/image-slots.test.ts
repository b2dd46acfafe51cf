import { describe, expect, it } from 'vitest';
import { Slots } from './image-slots.ts';

describe('Slots', () => {
  it('runs at most `size` tasks at once and all of them eventually', async () => {
    const slots = new Slots(2);
    let running = 0;
    let peak = 0;
    const task = (ms: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, ms));
      running--;
      return ms;
    };
    const results = await Promise.all([5, 1, 3, 2, 4].map((ms) => slots.run(task(ms))));
    expect(results).toEqual([5, 1, 3, 2, 4]);
    expect(peak).toBe(2);
  });

  it('frees the slot when a task fails', async () => {
    const slots = new Slots(1);
    await expect(slots.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(async () => 'next')).toBe('next');
  });
});
