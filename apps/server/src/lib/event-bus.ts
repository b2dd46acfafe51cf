import crypto from 'node:crypto';
import { loadRedis } from './lazy.ts';
import { listenPg } from './pg-listen.ts';
import { redisOptions } from './redis.ts';

/**
 * Events that cross instances (docs/product/deployment.md#several-instances): new inbox messages, WeChat QR ticket states. `publish` delivers to
 * this process's subscribers at once and sends the event to the other instances through the transport:
 * Redis pub/sub when REDIS_URL is set, otherwise PostgreSQL LISTEN/NOTIFY on a server database. The
 * embedded database is one process, so it needs no transport (docs/decisions/0141-live-events.md).
 *
 * Delivery is at most once and not transactional: a subscriber that needs the database row behind an event
 * (a message inserted in a transaction that commits a moment later) reads it itself and waits for it.
 */
export const EVENT_CHANNEL = 'aquamall_events';
/** NOTIFY payloads are limited to 8000 bytes; events are small ids and titles. */
const MAX_PAYLOAD = 7900;

type Handler = (payload: unknown) => void;
interface Logger {
  warn(obj: object, msg: string): void;
}

/** A way to reach the other instances. */
export interface Transport {
  readonly kind: 'postgres' | 'redis';
  send(body: string): Promise<boolean>;
  stop(): Promise<void>;
}

interface Envelope {
  /** Channel (e.g. `message`, `wx`), payload, and the sending process. */
  c: string;
  p: unknown;
  o: string;
}

/** Subscribers and the transport of one bus (one per process in production; tests make more). */
export class EventBus {
  readonly origin = crypto.randomUUID();
  private readonly handlers = new Map<string, Set<Handler>>();
  private transport: Transport | null = null;
  /** Events received from other instances, and sends that failed (exposed for metrics and tests). */
  readonly stats = { received: 0, sendFailures: 0 };
  private lastWarned = 0;

  constructor(private readonly log: Logger = { warn: () => undefined }) {}

  get transportKind(): 'postgres' | 'redis' | 'local' {
    return this.transport?.kind ?? 'local';
  }

  subscribe(channel: string, handler: Handler): () => void {
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  /** Delivers here at once (in a microtask) and to the other instances through the transport. */
  publish(channel: string, payload: unknown): void {
    queueMicrotask(() => this.deliver(channel, payload));
    const t = this.transport;
    if (!t) return;
    const body = JSON.stringify({ c: channel, p: payload, o: this.origin } satisfies Envelope);
    if (body.length > MAX_PAYLOAD) {
      this.log.warn(
        { channel, bytes: body.length },
        'event too large for the bus; not sent to other instances',
      );
      return;
    }
    void t.send(body).then((sent) => {
      if (!sent) {
        this.stats.sendFailures++;
        // One line per 10 s is enough while the connection is down; stats.sendFailures counts them all.
        if (this.lastWarned > Date.now() - 10_000) return;
        this.lastWarned = Date.now();
        this.log.warn({ channel, failures: this.stats.sendFailures }, 'event not sent to other instances (bus connection down)');
      }
    });
  }

  /** An event body from the transport: delivered unless this bus sent it (it was delivered locally). */
  receive(body: string): void {
    let e: Envelope;
    try {
      e = JSON.parse(body) as Envelope;
    } catch {
      return;
    }
    if (!e || typeof e.c !== 'string' || e.o === this.origin) return;
    this.stats.received++;
    this.deliver(e.c, e.p);
  }

  private deliver(channel: string, payload: unknown): void {
    for (const h of this.handlers.get(channel) ?? []) {
      try {
        h(payload);
      } catch (err) {
        this.log.warn({ err, channel }, 'event handler failed');
      }
    }
  }

  /** Connects the transport: Redis when a URL is given, else PostgreSQL LISTEN/NOTIFY, else none. */
  async connect(opts: { redisUrl?: string; databaseUrl?: string }): Promise<void> {
    if (opts.redisUrl) this.transport = await redisTransport(opts.redisUrl, (b) => this.receive(b), this.log);
    else if (opts.databaseUrl)
      this.transport = await postgresTransport(opts.databaseUrl, (b) => this.receive(b), this.log);
  }

  async close(): Promise<void> {
    const t = this.transport;
    this.transport = null;
    await t?.stop();
    this.handlers.clear();
  }
}

export async function postgresTransport(
  url: string,
  onBody: (body: string) => void,
  log: Logger,
): Promise<Transport> {
  const channel = await listenPg(url, EVENT_CHANNEL, onBody, log, 'event bus');
  return { kind: 'postgres', send: (body) => channel.send(body), stop: () => channel.stop() };
}

/** How often the Redis subscriber connection is pinged (a silent dead connection is noticed within this + 0.5 s). */
const SUBSCRIBER_PING_MS = 2000;

/** Redis pub/sub (ioredis): a subscriber connection of its own, since a subscribed connection cannot publish. */
export async function redisTransport(
  url: string,
  onBody: (body: string) => void,
  log: Logger,
): Promise<Transport> {
  // No offline queue (lib/redis.ts): while Redis is down a publish fails at once and the event stays on this
  // instance (counted in stats.sendFailures), instead of piling up and arriving late.
  const options = { ...redisOptions(), autoResubscribe: false };
  const Redis = await loadRedis();
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  for (const c of [pub, sub]) {
    // One line when a connection drops (ioredis reports every failed reconnection), one when it is back.
    let down = false;
    c.on('error', (err: Error) => {
      if (!down) log.warn({ err: err.message }, 'event bus Redis error: events stay on this instance until it is back');
      down = true;
    });
    c.on('ready', () => {
      if (down) log.warn({}, 'event bus Redis is back');
      down = false;
    });
  }
  sub.on('message', (ch: string, body: string) => {
    if (ch === EVENT_CHANNEL) onBody(body);
  });
  // Subscribes on every (re)connection itself: ioredis only re-subscribes a subscription it had made, and the
  // first one fails when Redis is down at start.
  const subscribed = new Promise<void>((resolve) => {
    sub.on('ready', () => {
      sub.subscribe(EVENT_CHANNEL).then(
        () => resolve(),
        (err: Error) => log.warn({ err: err.message }, 'event bus could not subscribe'),
      );
    });
  });
  // Start without it when Redis is down (events stay on this instance until it is back), but not before trying.
  await Promise.race([subscribed, new Promise((r) => setTimeout(r, 2000).unref())]);
  // A subscriber only listens, so a connection that died without a word (a firewall or NAT that forgot it, a
  // Redis host gone while the network was cut) would never be noticed: ping it, and reconnect when the ping
  // times out. A publish that times out does the same for the publishing connection.
  const reconnectIfSilent = (c: typeof sub) => (err: Error) => {
    if (/timed out/i.test(err.message) && c.status === 'ready') c.disconnect(true);
  };
  const heartbeat = setInterval(() => {
    if (sub.status === 'ready') sub.ping().catch(reconnectIfSilent(sub));
  }, SUBSCRIBER_PING_MS);
  heartbeat.unref();
  return {
    kind: 'redis',
    async send(body) {
      try {
        await pub.publish(EVENT_CHANNEL, body);
        return true;
      } catch (err) {
        reconnectIfSilent(pub)(err as Error);
        return false;
      }
    },
    async stop() {
      clearInterval(heartbeat);
      sub.disconnect();
      pub.disconnect();
    },
  };
}

/**
 * The process's bus, for code that has no app at hand (notify(), the WeChat ticket service). The app sets it
 * on start; with several apps in one process (tests) the latest started one is used.
 */
const buses: EventBus[] = [];
export function registerBus(bus: EventBus): () => void {
  buses.push(bus);
  return () => {
    const i = buses.indexOf(bus);
    if (i >= 0) buses.splice(i, 1);
  };
}
export function currentBus(): EventBus | undefined {
  return buses[buses.length - 1];
}
/** Publishes on the process's bus; nothing when no app runs (seed scripts, CLI). */
export function publish(channel: string, payload: unknown): void {
  currentBus()?.publish(channel, payload);
}
