import { describe, expect, it } from 'vitest';
import { redisReachable, TEST_REDIS_URL } from '../test/redis.ts';
import { EventBus } from './event-bus.ts';

const hasRedis = await redisReachable();
/** Ad-hoc channels of these tests. */
type AnyEvents = Record<string, unknown>;
const pgUrl = process.env.TEST_DATABASE_URL;

/** Resolves with the first payload `bus` hears on `channel`, or rejects after `ms`. */
const heard = (bus: EventBus<AnyEvents>, channel: string, ms = 3000) =>
  new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing on ${channel} within ${ms} ms`)), ms);
    const off = bus.subscribe(channel, (p) => {
      clearTimeout(timer);
      off();
      resolve(p);
    });
  });

describe('event bus', () => {
  it('delivers to subscribers of the channel in this process, once, and not to other channels', async () => {
    const bus = new EventBus<AnyEvents>();
    const got: unknown[] = [];
    const other: unknown[] = [];
    bus.subscribe('a', (p) => got.push(p));
    bus.subscribe('b', (p) => other.push(p));
    const off = bus.subscribe('a', (p) => got.push(['second', p]));
    off();
    bus.publish('a', { n: 1 });
    await new Promise((r) => setImmediate(r));
    expect(got).toEqual([{ n: 1 }]);
    expect(other).toEqual([]);
    expect(bus.transportKind).toBe('local');
  });

  it('ignores malformed bodies and its own echo', () => {
    const bus = new EventBus<AnyEvents>();
    const got: unknown[] = [];
    bus.subscribe('a', (p) => got.push(p));
    bus.receive('not json');
    bus.receive(JSON.stringify({ c: 'a', p: 1, o: bus.origin }));
    bus.receive(JSON.stringify({ c: 'a', p: 2, o: 'another-instance' }));
    expect(got).toEqual([2]);
  });

  for (const [kind, enabled, opts] of [
    ['PostgreSQL LISTEN/NOTIFY', !!pgUrl, { databaseUrl: pgUrl }],
    ['Redis pub/sub', hasRedis, { redisUrl: TEST_REDIS_URL }],
  ] as const) {
    it.skipIf(!enabled)(`crosses instances through ${kind}`, async () => {
      const one = new EventBus<AnyEvents>();
      const two = new EventBus<AnyEvents>();
      try {
        await one.connect(opts);
        await two.connect(opts);
        expect(one.transportKind).toBe(kind.startsWith('Redis') ? 'redis' : 'postgres');
        const channel = `t${Math.random().toString(36).slice(2)}`;
        const atTwo = heard(two, channel);
        const atOne = heard(one, channel);
        one.publish(channel, { hello: '你好', n: 7 });
        expect(await atTwo).toEqual({ hello: '你好', n: 7 });
        expect(await atOne).toEqual({ hello: '你好', n: 7 });
        // The sender hears its own event once (locally), not a second time through the transport.
        const echoes: unknown[] = [];
        one.subscribe(channel, (p) => echoes.push(p));
        const again = heard(two, channel);
        one.publish(channel, 'again');
        await again;
        await new Promise((r) => setTimeout(r, 200));
        expect(echoes).toEqual(['again']);
      } finally {
        await one.close();
        await two.close();
      }
    });
  }
});
