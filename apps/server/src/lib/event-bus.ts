import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import { loadRedis } from './lazy.ts';
import { listenPg } from './pg-listen.ts';
import { redisOptions } from './redis.ts';

/**
 * Events that cross instances (docs/decisions/0141-live-events.md, 0191-jobs-and-events-spine.md): new inbox
 * messages, quotation threads, WeChat QR ticket states, and the caches' forgets (lib/cache-bus.ts). `publish`
 * delivers to this process's subscribers at once and sends the event to the other instances through the
 * transport: Redis pub/sub when REDIS_URL is set, otherwise PostgreSQL LISTEN/NOTIFY on a server database.
 * Events routed `database` (`routeViaDatabase`) always take LISTEN/NOTIFY on a server database, so they keep
 * crossing while Redis is down. The embedded database is one process, so it needs no transport.
 *
 * The bus is typed by an event map (`AppEvents`: channel → payload), which each module extends next to its
 * payload types (`declare module '.../lib/event-bus.ts' { interface AppEvents { … } }`). The app creates one
 * bus and hands it to what needs it (`app.bus`, parameters); there is no process-wide bus.
 *
 * Delivery is at most once and not transactional: a subscriber that needs the database row behind an event
 * (a message inserted in a transaction that commits a moment later) reads it itself and waits for it.
 */
export const EVENT_CHANNEL = 'aquamall_events';
/** NOTIFY payloads are limited to 8000 bytes; events are small ids and titles. */
const MAX_PAYLOAD = 7900;

/**
 * The events of the application: channel → payload. Modules add theirs by declaration merging. Payloads from
 * other instances arrive as parsed JSON: a subscriber that acts on a field checks it is there.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AppEvents {}

/** Any event map (the bus's tests use ad-hoc channels). */
export type EventMap = object;

type Handler = (payload: never) => void;
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

/** Subscribers and the transports of one bus (one per app; tests make more). */
export class EventBus<E extends EventMap = AppEvents> {
  readonly origin = crypto.randomUUID();
  private readonly handlers = new Map<string, Set<Handler>>();
  private transport: Transport | null = null;
  /** LISTEN/NOTIFY on a server database beside Redis, for the events routed `database`. */
  private databaseTransport: Transport | null = null;
  private readonly viaDatabase = new Set<string>();
  /** Events received from other instances, and sends that failed (exposed for metrics and tests). */
  readonly stats = { received: 0, sendFailures: 0 };
  private lastWarned = 0;

  constructor(private readonly log: Logger = { warn: () => undefined }) {}

  get transportKind(): 'postgres' | 'redis' | 'local' {
    return this.transport?.kind ?? 'local';
  }

  /** Sends this channel's events over LISTEN/NOTIFY when the bus has a server database (even beside Redis). */
  routeViaDatabase(channel: keyof E & string): void {
    this.viaDatabase.add(channel);
  }

  subscribe<K extends keyof E & string>(channel: K, handler: (payload: E[K]) => void): () => void {
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    const h = handler as Handler;
    set.add(h);
    return () => {
      set.delete(h);
    };
  }

  /**
   * Delivers here at once (in a microtask) and to the other instances through the transport; `here: false`
   * tells the other instances only (the caller has done the work here itself, e.g. a cache forget).
   */
  publish<K extends keyof E & string>(channel: K, payload: E[K], opts: { here?: boolean } = {}): void {
    if (opts.here !== false) queueMicrotask(() => this.deliver(channel, payload));
    const t = (this.viaDatabase.has(channel) && this.databaseTransport) || this.transport;
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
        (h as (p: unknown) => void)(payload);
      } catch (err) {
        this.log.warn({ err, channel }, 'event handler failed');
      }
    }
  }

  /**
   * Connects the transports: Redis when a URL is given, else PostgreSQL LISTEN/NOTIFY, else none; beside Redis
   * also LISTEN/NOTIFY on a server database when some channel is routed `database` (the same connection when
   * there is no Redis).
   */
  async connect(opts: { redisUrl?: string; databaseUrl?: string }): Promise<void> {
    const receive = (b: string) => this.receive(b);
    const pg = opts.databaseUrl && (!opts.redisUrl || this.viaDatabase.size) ? await postgresTransport(opts.databaseUrl, receive, this.log) : null;
    if (opts.redisUrl) {
      this.transport = await redisTransport(opts.redisUrl, receive, this.log);
      this.databaseTransport = pg;
    } else this.transport = pg;
  }

  async close(): Promise<void> {
    const ts = [this.transport, this.databaseTransport];
    this.transport = null;
    this.databaseTransport = null;
    for (const t of ts) await t?.stop();
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

const scope = new AsyncLocalStorage<EventBus>();

/**
 * Runs `fn` with `bus` as the bus of this unit of work: the app opens one for every request it handles and every
 * job its runner fires, so that deep code without the app at hand (`notify` in the use cases) publishes on the
 * bus of the app doing the work (docs/decisions/0191-jobs-and-events-spine.md).
 */
export function withEvents<T>(bus: EventBus, fn: () => T): T {
  return scope.run(bus, fn);
}

/** The bus of the unit of work in progress (`withEvents`); none outside one (seed scripts, CLI, tests calling use cases). */
export function eventsInScope(): EventBus | undefined {
  return scope.getStore();
}
