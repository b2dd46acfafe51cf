import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';
import { hitShared } from '../../lib/rate-limit-store.ts';

/**
 * A per-key limit shared by every instance and worker (fixed windows): in Redis when REDIS_URL is set, else —
 * and while Redis is down — in the database's `rate_limits` (lib/rate-limit-store.ts `hitShared`). Before it lived in
 * process memory, so N instances allowed N times the limit.
 */
export class SharedRateLimiter {
  constructor(
    private readonly db: Db,
    private readonly redis: Redis | undefined,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly prefix = 'upload|',
  ) {}

  /** Records a hit; false when the key already used its allowance in the window. */
  async take(key: string): Promise<boolean> {
    const { current } = await hitShared(
      'upload-limit',
      this.db,
      this.redis,
      `${this.prefix}${key}`,
      this.windowMs,
    );
    return current <= this.limit;
  }
}
