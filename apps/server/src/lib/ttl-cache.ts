/**
 * A small in-process cache for facts that are read on every request and change rarely (the caller's session,
 * permissions, menus). Entries live `ttlMs` at most and carry tags (`u:12`, `c:3`, …) by which a change
 * forgets them at once on this instance; other instances forget them when their entries expire.
 *
 * A change may still be uncommitted when it forgets (inside a transaction), and a read that began before the
 * change may finish after it. So forgetting a tag also refuses to store entries with that tag for one TTL
 * and refuses any entry whose read began before the forget: such a read goes to the database again.
 */
export interface TtlCacheOptions {
  ttlMs: number;
  /** Most entries held; the oldest are dropped first. */
  max: number;
}

interface Entry<V> {
  value: V;
  until: number;
  tags: readonly string[];
}

/** Ticket of a read in flight: pass it back to `set` so a forget during the read is noticed. */
export type ReadTicket = number;

const ALL = '*';

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** When each tag (and ALL) was last forgotten. */
  private readonly forgotten = new Map<string, number>();
  /** Reads in flight by key (getOrLoad): concurrent misses share one. */
  private readonly loading = new Map<string, Promise<V>>();
  /** Replaced by tests to move time without waiting. */
  now: () => number = () => performance.now();

  constructor(private readonly opts: TtlCacheOptions) {}

  get ttlMs() {
    return this.opts.ttlMs;
  }

  get size() {
    return this.entries.size;
  }

  /** The value, or undefined when absent or expired. */
  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  /** Call before reading what will be stored, and hand the ticket to `set`. */
  ticket(): ReadTicket {
    return this.now();
  }

  /**
   * Stores a value read since `ticket`, for the TTL or until `notAfter` (e.g. the session's own expiry),
   * unless one of its tags was forgotten since the read began or within the last TTL.
   */
  set(key: string, value: V, tags: readonly string[], ticket: ReadTicket, notAfter = Infinity): void {
    const now = this.now();
    for (const tag of [ALL, ...tags]) {
      const at = this.forgotten.get(tag);
      if (at !== undefined && (at >= ticket || at + this.opts.ttlMs > now)) return;
    }
    const until = Math.min(now + this.opts.ttlMs, notAfter);
    if (until <= now) return;
    this.entries.delete(key);
    while (this.entries.size >= this.opts.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until, tags });
  }

  /**
   * The value of `key`, or one read shared by every concurrent miss of it, stored with the tags `tagsOf` gives
   * the value read (unless a forget came during the read, as `set`). A failed read is not kept. A forget also
   * drops the reads in flight: the next miss starts a fresh one.
   */
  getOrLoad(key: string, read: (ticket: ReadTicket) => Promise<V>, tagsOf: (value: V) => readonly string[] = () => []): Promise<V> {
    const hit = this.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const running = this.loading.get(key);
    if (running) return running;
    const ticket = this.ticket();
    const started: Promise<V> = read(ticket)
      .then((value) => {
        this.set(key, value, tagsOf(value), ticket);
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === started) this.loading.delete(key);
      });
    this.loading.set(key, started);
    return started;
  }

  /** Forgets every entry carrying one of the tags, now. */
  forget(...tags: string[]): void {
    const now = this.now();
    for (const tag of tags) this.forgotten.set(tag, now);
    this.loading.clear();
    const gone = new Set(tags);
    for (const [key, e] of this.entries) if (e.tags.some((t) => gone.has(t))) this.entries.delete(key);
    this.prune(now);
  }

  /** Forgets everything, now. */
  clear(): void {
    this.entries.clear();
    this.loading.clear();
    this.forgotten.set(ALL, this.now());
  }

  /** Forget marks older than any read could be (a minute, or ten TTLs) are of no further use. */
  private prune(now: number) {
    if (this.forgotten.size < 1000) return;
    const horizon = now - Math.max(60_000, 10 * this.opts.ttlMs);
    for (const [tag, at] of this.forgotten) if (at < horizon) this.forgotten.delete(tag);
  }
}

const dbIds = new WeakMap<object, number>();
let nextDbId = 1;

/** A short id per database handle, so one process serving several databases (tests) never mixes them. */
export function dbKey(db: object): number {
  let id = dbIds.get(db);
  if (id === undefined) dbIds.set(db, (id = nextDbId++));
  return id;
}
