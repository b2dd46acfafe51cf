import { lt, sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Old windows are deleted now and then (about once per PRUNE_EVERY hits), never on the hot path's answer. */
const PRUNE_EVERY = 500;
const KEEP_MS = 24 * 3600_000;

/**
 * One hit on `key` in the fixed window that contains `now`: a single atomic upsert that either increments the
 * current window's counter or starts a new window at 1. Answers the count including this hit and the time
 * left in the window.
 */
export async function hitWindow(db: Db, key: string, windowMs: number, now = Date.now()): Promise<{ current: number; ttl: number }> {
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

/**
 * A store for @fastify/rate-limit over the application database (PGlite or PostgreSQL), used when there is
 * no REDIS_URL. The plugin constructs it with its options and asks for a child per route.
 */
export function databaseRateLimitStore(db: Db, onError: (err: unknown) => void) {
  let hits = 0;
  return class DatabaseRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      hitWindow(db, `${this.prefix}${key}`.slice(0, 300), timeWindow).then(
        (result) => callback(null, result),
        (err: Error) => callback(err),
      );
      if (++hits % PRUNE_EVERY === 0) pruneWindows(db).catch(onError);
    }

    child(routeOptions: RouteOptions & { routeInfo?: { method?: string | string[]; url?: string } }): DatabaseRateLimitStore {
      const info = routeOptions.routeInfo ?? routeOptions;
      return new DatabaseRateLimitStore(undefined, `${String(info.method)} ${info.url}|`);
    }
  };
}
