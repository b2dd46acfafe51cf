/**
 * A small in-process cache with a time limit and a size bound (oldest entry evicted first). Used for the
 * goods list's counts and the category subtrees: both change rarely, and a stale count for up to a few
 * seconds is acceptable for a public list (docs/decisions/0060). Concurrent misses share one promise.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 500,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { at: now, value });
    value.catch(() => this.entries.delete(key));
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }

  clear() {
    this.entries.clear();
  }
}
