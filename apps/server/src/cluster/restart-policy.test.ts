import { describe, expect, it } from 'vitest';
import { RestartPolicy } from './primary.ts';

/** The supervisor's backoff (docs/decisions/0163-database-hiccups.md): quick deaths back off, never give up. */
describe('worker restart policy', () => {
  it('restarts a worker that ran for a while at once', () => {
    expect(new RestartPolicy().delay(0, 60_000)).toBe(0);
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s while a worker keeps dying soon after its start, and never stops', () => {
    const policy = new RestartPolicy();
    const delays = Array.from({ length: 12 }, () => policy.delay(0, 300));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000, 30_000, 30_000, 30_000]);
  });

  it('starts over once a replacement has run for a while', () => {
    const policy = new RestartPolicy();
    policy.delay(0, 100);
    policy.delay(0, 100);
    expect(policy.delay(0, 100)).toBe(4_000);
    expect(policy.delay(0, 20_000)).toBe(0);
    expect(policy.delay(0, 100)).toBe(1_000);
  });

  it('counts each worker slot on its own', () => {
    const policy = new RestartPolicy();
    policy.delay(0, 100);
    policy.delay(0, 100);
    expect(policy.delay(1, 100)).toBe(1_000);
  });
});
