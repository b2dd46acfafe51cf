import crypto from 'node:crypto';

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
 * Listens on CACHE_CHANNEL with a connection of its own (reconnecting after a second when it drops) and
 * publishes this instance's forgets on it. Returns the function that stops it.
 */
export async function listenForForgets(url: string, log: Logger): Promise<() => Promise<void>> {
  const { default: pg } = await import('pg');
  const origin = crypto.randomUUID();
  let client: InstanceType<typeof pg.Client> | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const publish = (message: ForgetMessage) => {
    const body = JSON.stringify({ ...message, origin });
    client?.query('select pg_notify($1, $2)', [CACHE_CHANNEL, body]).catch((err: Error) => {
      log.warn({ err: err.message }, 'cache forget not sent to other instances (they catch up within the TTL)');
    });
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === CACHE_CHANNEL && n.payload) applyForget(n.payload, origin);
    });
    c.on('error', (err) => {
      log.warn({ err: err.message }, 'cache listener lost its connection; reconnecting');
      if (client === c) client = null;
      c.end().catch(() => undefined);
      retryLater();
    });
    try {
      await c.connect();
      await c.query(`listen ${CACHE_CHANNEL}`);
    } catch (err) {
      c.end().catch(() => undefined);
      throw err;
    }
    if (stopped) await c.end();
    else client = c;
  };
  /** At most one reconnection pending at a time. */
  const retryLater = () => {
    clearTimeout(retry);
    if (!stopped) retry = setTimeout(() => void connect().catch(onFail), 1000);
  };
  const onFail = (err: Error) => {
    log.warn({ err: err.message }, 'cache listener could not connect; retrying');
    retryLater();
  };

  // Starting without it is allowed: the other instances then catch up within the TTL until it connects.
  await connect().catch(onFail);
  publishers.add(publish);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    publishers.delete(publish);
    await client?.end().catch(() => undefined);
    client = null;
  };
}
