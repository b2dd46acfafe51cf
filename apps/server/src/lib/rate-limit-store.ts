import { lt, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { viaRedis } from './redis.ts';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Old windows are deleted now and then (about once per PRUNE_EVERY hits), never on the hot path's answer. */
const PRUNE_EVERY = 500;
const KEEP_MS = 24 * 3600_000;

/**
 * One hit on `key` in the fixed window that contains `now`: a single atomic upsert that either increments the
 * current window's counter or starts a new window at 1. Answers the count including this hit and the time
 * left in the window.
 */
export async function hitWindow(
  db: Db,
  key: string,
  windowMs: number,
  now = Date.now(),
): Promise<{ current: number; ttl: number }> {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.hits} + 1 else 1 end`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ hits: rateLimits.hits });
  return { current: row?.hits ?? 1, ttl: windowStart + windowMs - now };
}

export async function pruneWindows(db: Db, now = Date.now()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, now - KEEP_MS));
}

/** Prefix of the shared counters' Redis keys (each key expires with its window). */
export const REDIS_LIMIT_PREFIX = 'aquamall-rl:';

/** One hit in Redis: INCR, and the window's expiry set by the first hit (the plugin's own script, simplified). */
const HIT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

/**
 * One hit on a counter shared by every instance: in Redis when there is one and it answers, otherwise (no
 * REDIS_URL, or Redis down: lib/redis.ts `viaRedis`) in the database's `rate_limits`. `use` names the caller
 * in the fallback metric.
 */
export async function hitShared(
  use: string,
  db: Db,
  redis: Redis | undefined,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  return viaRedis(
    use,
    redis,
    async (r) => {
      const [current, ttl] = (await r.eval(HIT_SCRIPT, 1, `${REDIS_LIMIT_PREFIX}${key}`, windowMs)) as [
        number,
        number,
      ];
      return { current, ttl };
    },
    () => hitWindow(db, key.slice(0, 300), windowMs),
  );
}

/**
 * A store for @fastify/rate-limit over Redis (REDIS_URL) with the database as its fallback, or over the
 * database alone (PGlite or PostgreSQL). The plugin constructs it with its options and asks for a child per
 * route. Every hit answers within Redis's command timeout: Redis down means the database counts, never a
 * request waiting for a connection or let through uncounted (docs/decisions/0166-redis-down.md).
 */
export function sharedRateLimitStore(db: Db, redis: Redis | undefined, onError: (err: unknown) => void) {
  let hits = 0;
  return class SharedRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      hitShared('rate-limit', db, redis, `${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (err: Error) => callback(err),
      );
      if (++hits % PRUNE_EVERY === 0) pruneWindows(db).catch(onError);
    }

    child(
      routeOptions: RouteOptions & { routeInfo?: { method?: string | string[]; url?: string } },
    ): SharedRateLimitStore {
      const info = routeOptions.routeInfo ?? routeOptions;
      return new SharedRateLimitStore(undefined, `${String(info.method)} ${info.url}|`);
    }
  };
}
