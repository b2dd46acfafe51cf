/**
 * A dedicated PostgreSQL connection that LISTENs on one channel and NOTIFYs on it. When it drops (a database
 * restart, a terminated backend: docs/decisions/0163-database-hiccups.md) it reconnects and LISTENs again,
 * after 250 ms and then with backoff (doubling to at most 1 s) while the database refuses. Used by the cache
 * bus (cache-bus.ts) and the event bus (event-bus.ts): pooled connections cannot LISTEN, so each gets a client
 * of its own. Notifications sent while it was down are lost (both buses are at-most-once).
 */
export interface PgChannel {
  /** NOTIFY on the channel; false when the connection is down (the caller decides what that costs). */
  send(payload: string): Promise<boolean>;
  /** True once connected and listening. */
  readonly connected: boolean;
  stop(): Promise<void>;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/** Reconnection delay after the n-th failed attempt in a row (0: the connection just dropped). */
export const reconnectDelayMs = (failures: number) => Math.min(1_000, 250 * 2 ** failures);

export async function listenPg(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  log: Logger,
  name: string,
): Promise<PgChannel> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  const { default: pg } = await import('pg');
  let client: InstanceType<typeof pg.Client> | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  /** Failed connection attempts since the last success (the backoff). */
  let failures = 0;

  const connect = async () => {
    const c = new pg.Client({
      connectionString: url,
      application_name: `aquamall ${name}`,
      // TCP keep-alive (first probe after 10 s), so a silently dead peer does not leave the channel deaf forever.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 5_000,
    });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload) onPayload(n.payload);
    });
    c.on('error', (err) => {
      // Once per connection (a terminated backend reports its FATAL message and then the closed socket), and
      // only for the live one: a failing connect is retried by its caller (onFail).
      if (client !== c) return;
      client = null;
      log.warn({ err: err.message }, `${name} lost its connection; reconnecting`);
      c.end().catch(() => undefined);
      retryLater();
    });
    try {
      await c.connect();
      await c.query(`listen ${channel}`);
    } catch (err) {
      c.end().catch(() => undefined);
      throw err;
    }
    failures = 0;
    if (stopped) await c.end();
    else client = c;
  };
  /** At most one reconnection pending at a time. */
  const retryLater = () => {
    clearTimeout(retry);
    if (!stopped) retry = setTimeout(() => void connect().catch(onFail), reconnectDelayMs(failures));
  };
  const onFail = (err: Error) => {
    failures++;
    log.warn({ err: err.message, retryInMs: reconnectDelayMs(failures) }, `${name} could not connect; retrying`);
    retryLater();
  };

  // Starting without it is allowed: the caller's fallback holds until it connects.
  await connect().catch(onFail);
  let queue: Promise<void> = Promise.resolve();
  return {
    get connected() {
      return client !== null;
    },
    send(payload: string) {
      // One query at a time on the connection (pg queues them anyway; pg@9 will refuse overlapping calls).
      const sent = queue.then(async () => {
        const c = client;
        if (!c) return false;
        try {
          await c.query('select pg_notify($1, $2)', [channel, payload]);
          return true;
        } catch (err) {
          log.warn({ err: (err as Error).message }, `${name}: notify failed`);
          return false;
        }
      });
      queue = sent.then(() => undefined);
      return sent;
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
