import crypto from 'node:crypto';
import { listenPg } from './pg-listen.ts';

/**
 * Tells the other instances (and cluster workers) sharing a PostgreSQL database to forget cached entries, by
 * NOTIFY on one channel (docs/decisions/0082-session-cache.md). A change forgets its entries locally at once;
 * the others hear of it a moment later, and at worst (the listener's connection is down) when their entries
 * expire. The embedded database is one process: nothing to tell.
 */
export const CACHE_CHANNEL = 'aquamall_cache';

/** What to forget in the cache named `cache`: entries with these tags, or everything (`tags: null`). */
export interface ForgetMessage {
  cache: string;
  tags: string[] | null;
}

type Apply = (tags: string[] | null) => void;
const caches = new Map<string, Apply>();
const publishers = new Set<(message: ForgetMessage) => void>();

/** Registers how a named cache forgets what another instance tells it to. */
export function registerCache(name: string, apply: Apply): void {
  caches.set(name, apply);
}

/** Tells the other instances to forget (no-op when this process listens on no database). */
export function broadcastForget(message: ForgetMessage): void {
  const publish = publishers.values().next().value;
  if (publish) publish(message);
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/** Applies a message another instance sent; ignores what this listener sent itself and anything malformed. */
export function applyForget(payload: string, origin: string): void {
  let m: (ForgetMessage & { origin?: string }) | null = null;
  try {
    m = JSON.parse(payload) as ForgetMessage & { origin?: string };
  } catch {
    return;
  }
  if (!m || m.origin === origin || typeof m.cache !== 'string') return;
  const tags = Array.isArray(m.tags) ? m.tags.filter((t): t is string => typeof t === 'string') : null;
  caches.get(m.cache)?.(tags);
}

/**
 * Listens on CACHE_CHANNEL with a connection of its own (lib/pg-listen.ts: reconnecting after a second when
 * it drops) and publishes this instance's forgets on it. Returns the function that stops it.
 */
export async function listenForForgets(url: string, log: Logger): Promise<() => Promise<void>> {
  const origin = crypto.randomUUID();
  // Starting without it is allowed: the other instances then catch up within the TTL until it connects.
  const channel = await listenPg(url, CACHE_CHANNEL, (payload) => applyForget(payload, origin), log, 'cache listener');
  const publish = (message: ForgetMessage) => {
    void channel.send(JSON.stringify({ ...message, origin })).then((sent) => {
      if (!sent) log.warn({ cache: message.cache }, 'cache forget not sent to other instances (they catch up within the TTL)');
    });
  };
  publishers.add(publish);
  return async () => {
    publishers.delete(publish);
    await channel.stop();
  };
}
