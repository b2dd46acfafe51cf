import type { Redis, RedisOptions } from 'ioredis';
import { loadRedis } from './lazy.ts';
import { metrics } from './metrics.ts';

interface Logger {
  warn(obj: object, msg: string): void;
  info?(obj: object, msg: string): void;
}

/**
 * How every Redis connection behaves when Redis is slow or gone (docs/decisions/0166-redis-down.md): a command
 * never waits for a connection (no offline queue) and never longer than COMMAND_TIMEOUT_MS; the connection is
 * retried in the background for ever, at most every 2 s.
 */
export const COMMAND_TIMEOUT_MS = 500;
export const redisOptions = (): RedisOptions => ({
  connectTimeout: 1000,
  commandTimeout: COMMAND_TIMEOUT_MS,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  retryStrategy: (n: number) => Math.min(100 + n * 200, 2000),
  // A half-open TCP connection (a cut cable, a dead proxy) is noticed by the kernel too.
  keepAlive: 5000,
});

/**
 * The command connection to Redis when REDIS_URL is set: rate limits (plugins/rate-limit.ts), login failures
 * and lockouts (modules/auth/lockout.ts) and the per-user upload limit (modules/files/rate-limit.ts) live there,
 * shared by every instance. Pub/sub has connections of its own (lib/event-bus.ts).
 */
export async function openRedis(url: string, log: Logger): Promise<Redis> {
  const redis = new (await loadRedis())(url, redisOptions());
  let down = false;
  redis.on('error', (err: Error) => {
    if (!down)
      log.warn(
        { err: err.message },
        'Redis error: shared counters fall back to the database until it is back',
      );
    down = true;
  });
  redis.on('ready', () => {
    if (down) log.warn({}, 'Redis is back: shared counters use it again');
    down = false;
  });
  fallbackLog = log;
  // 1 while this process's Redis command connection is ready, 0 while it is down (absent without REDIS_URL).
  metrics.gauge('aquamall_redis_up', 'Whether the Redis command connection is ready (1) or down (0)', [], (g) => {
    const current = currentRedis();
    if (current) g.set(current.status === 'ready' ? 1 : 0);
  });
  return redis;
}

const fallbacks = metrics.counter(
  'aquamall_redis_fallbacks_total',
  'Operations done on the database because Redis was down or too slow',
  ['use'],
);

let fallbackLog: Logger | undefined;
const lastWarned = new Map<string, number>();
function fellBack(use: string, err: unknown) {
  fallbacks.inc({ use });
  const now = Date.now();
  if ((lastWarned.get(use) ?? 0) > now - 10_000) return;
  lastWarned.set(use, now);
  fallbackLog?.warn(
    { use, err: err instanceof Error ? err.message : String(err) },
    'Redis unavailable: using the database instead',
  );
}

/**
 * The rule for every shared counter kept in Redis (docs/decisions/0166-redis-down.md): use Redis when it is
 * connected and answers within COMMAND_TIMEOUT_MS, otherwise do the same on the database (PostgreSQL is
 * shared by every instance too), count it in `aquamall_redis_fallbacks_total{use}` and warn at most every 10 s.
 * Without REDIS_URL the database is the store and nothing is counted.
 */
export async function viaRedis<T>(
  use: string,
  redis: Redis | undefined,
  onRedis: (redis: Redis) => Promise<T>,
  onDatabase: () => Promise<T>,
): Promise<T> {
  if (!redis) return onDatabase();
  if (redis.status !== 'ready') {
    fellBack(use, new Error(`connection ${redis.status}`));
    return onDatabase();
  }
  let answer: T;
  try {
    answer = await onRedis(redis);
  } catch (err) {
    // A timeout on a connection that still looks open (a silent network): reconnect, so the next requests go to
    // the database at once instead of each waiting for its own timeout.
    if (err instanceof Error && /timed out/i.test(err.message) && redis.status === 'ready')
      redis.disconnect(true);
    fellBack(use, err);
    return onDatabase();
  }
  return answer;
}

/** The process's Redis for code without an app at hand; the latest started app's (several in tests). */
const clients: Redis[] = [];
export function registerRedis(redis: Redis): () => void {
  clients.push(redis);
  return () => {
    const i = clients.indexOf(redis);
    if (i >= 0) clients.splice(i, 1);
  };
}
export function currentRedis(): Redis | undefined {
  return clients[clients.length - 1];
}
