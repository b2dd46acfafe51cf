/**
 * A dedicated PostgreSQL connection that LISTENs on one channel and NOTIFYs on it, reconnecting a second after
 * it drops. Used by the cache bus (cache-bus.ts) and the event bus (event-bus.ts): pooled connections cannot
 * LISTEN, so each gets a client of its own.
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

  const connect = async () => {
    const c = new pg.Client({ connectionString: url, application_name: `aquamall ${name}` });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload) onPayload(n.payload);
    });
    c.on('error', (err) => {
      log.warn({ err: err.message }, `${name} lost its connection; reconnecting`);
      if (client === c) client = null;
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
    if (stopped) await c.end();
    else client = c;
  };
  /** At most one reconnection pending at a time. */
  const retryLater = () => {
    clearTimeout(retry);
    if (!stopped) retry = setTimeout(() => void connect().catch(onFail), 1000);
  };
  const onFail = (err: Error) => {
    log.warn({ err: err.message }, `${name} could not connect; retrying`);
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
