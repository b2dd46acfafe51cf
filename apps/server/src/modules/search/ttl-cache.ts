/**
 * A small in-process cache with a time limit and a size bound (oldest entry evicted first). Used for the
 * goods list's counts and the category subtrees: both change rarely, and a stale count for up to a few
 * seconds is acceptable for a public list (docs/decisions/0060). Concurrent misses share one promise.
 *
 * Stale while revalidating (docs/decisions/0061): for up to `staleMs` after it expired, an answered entry is
 * still returned at once while one background load replaces it, so a busy list never stalls every visitor
 * behind a recount of 30,000 matches each time the entry expires.
 */
interface Entry<V> {
  at: number;
  value: Promise<V>;
  /** The load answered (a failed or pending load is never served stale). */
  ready: boolean;
  refreshing: boolean;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 500,
    private readonly staleMs = ttlMs,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    if (hit && hit.ready && now - hit.at < this.ttlMs + this.staleMs) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        const next = load();
        next.then(
          () => this.entries.get(key) === hit && this.put(key, next, Date.now(), true),
          () => (hit.refreshing = false),
        );
      }
      return hit.value;
    }
    const value = load();
    const entry = this.put(key, value, now, false);
    value.then(
      () => (entry.ready = true),
      () => this.entries.get(key) === entry && this.entries.delete(key),
    );
    return value;
  }

  private put(key: string, value: Promise<V>, at: number, ready: boolean): Entry<V> {
    const entry: Entry<V> = { at, value, ready, refreshing: false };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    return entry;
  }

  clear() {
    this.entries.clear();
  }
}
