import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * Request counters of the rate limits (plugins/rate-limit.ts) when there is no REDIS_URL: one row per
 * route + client address, counting hits in the current fixed window (window start in epoch milliseconds), so
 * several server instances on one PostgreSQL database share the limit. Rows of old windows are pruned.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar({ length: 300 }).primaryKey(),
  windowStart: bigint({ mode: 'number' }).notNull(),
  hits: integer().notNull(),
});
