/**
 * A per-key sliding-window limiter kept in process memory. Good for one instance; with several instances
 * each enforces its own window (DESIGN §4 moves shared limits to Redis/PostgreSQL when REDIS_URL is set).
 */
export class MemoryRateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records a hit; false when the key already used its allowance in the window. */
  take(key: string): boolean {
    const t = this.now();
    const since = t - this.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((x) => x > since);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(t);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.prune(since);
    return true;
  }

  private prune(since: number) {
    for (const [k, v] of this.hits) if (!v.some((x) => x > since)) this.hits.delete(k);
  }
}
