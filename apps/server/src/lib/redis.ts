import type { Redis } from 'ioredis';
import { loadRedis } from './lazy.ts';

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * The command connection to Redis when REDIS_URL is set (DESIGN §4): rate limits (plugins/rate-limit.ts) and
 * login failures and lockouts (modules/auth/lockout.ts) live there, shared by every instance. Pub/sub has
 * connections of its own (lib/event-bus.ts).
 */
export async function openRedis(url: string, log: Logger): Promise<Redis> {
  const redis = new (await loadRedis())(url, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
  redis.on('error', (err: Error) => log.warn({ err: err.message }, 'Redis error'));
  return redis;
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
