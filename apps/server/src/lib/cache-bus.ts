import type { EventBus } from './event-bus.ts';

/**
 * Tells the other instances (and cluster workers) to forget cached entries, as an event on the app's event bus
 * (lib/event-bus.ts, channel CACHE_FORGET; docs/decisions/0082-session-cache.md, 0191-jobs-and-events-spine.md).
 * A change forgets its entries locally at once; the others hear of it a moment later, and at worst (the
 * connection is down) when their entries expire. The channel is routed over LISTEN/NOTIFY on a server database
 * even when Redis carries the other events, so a Redis outage never delays a revoked session beyond this. The
 * embedded database is one process: nothing to tell.
 *
 * The caches are the process's (module-level TtlCaches shared by every app in it), so the link between them and
 * a bus is made once per app by the app itself (`linkCaches`), not looked up by the caches.
 */
export const CACHE_FORGET = 'cache.forget';

/** What to forget in the cache named `cache`: entries with these tags, or everything (`tags: null`). */
export interface ForgetMessage {
  cache: string;
  tags: string[] | null;
}

declare module './event-bus.ts' {
  interface AppEvents {
    [CACHE_FORGET]: ForgetMessage;
  }
}

type Apply = (tags: string[] | null) => void;
const caches = new Map<string, Apply>();
/** The buses of the apps running in this process (the first one tells the others). */
const linked: EventBus[] = [];

/** Registers how a named cache forgets what another instance tells it to. */
export function registerCache(name: string, apply: Apply): void {
  caches.set(name, apply);
}

/**
 * The forget of a tagged cache kept under `name` (a TtlCache): registers it, and returns the function that
 * forgets entries with these tags (null: everything) here at once and tells the other instances. An empty
 * list of tags forgets nothing.
 */
export function sharedForget(name: string, cache: { forget(...tags: string[]): void; clear(): void }): (tags: string[] | null) => void {
  const local = (tags: string[] | null) => {
    // Either also drops the reads in flight, which may have started before the change.
    if (tags) cache.forget(...tags);
    else cache.clear();
  };
  registerCache(name, local);
  return (tags) => {
    if (tags && !tags.length) return;
    local(tags);
    broadcastForget({ cache: name, tags });
  };
}

/** Tells the other instances to forget (no-op when no app runs in this process). */
export function broadcastForget(message: ForgetMessage): void {
  linked[0]?.publish(CACHE_FORGET, message, { here: false });
}

/** Applies a forget another instance sent; ignores anything malformed. */
export function applyForget(message: unknown): void {
  const m = message as Partial<ForgetMessage> | null;
  if (!m || typeof m.cache !== 'string') return;
  const tags = Array.isArray(m.tags) ? m.tags.filter((t): t is string => typeof t === 'string') : null;
  caches.get(m.cache)?.(tags);
}

/**
 * Links the process's caches to an app's bus: forgets published here travel on it, and forgets heard on it
 * from other instances are applied.
 * Call before the bus connects (it routes the channel over the database). Returns the function that unlinks.
 */
export function linkCaches(bus: EventBus): () => void {
  bus.routeViaDatabase(CACHE_FORGET);
  const off = bus.subscribe(CACHE_FORGET, applyForget);
  linked.push(bus);
  return () => {
    off();
    const i = linked.indexOf(bus);
    if (i >= 0) linked.splice(i, 1);
  };
}
