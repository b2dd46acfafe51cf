import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs `work` in a transaction holding PostgreSQL transaction-scoped advisory locks on the given keys (e.g.
 * `login:13800000000`), so a read-count-then-write on those keys is atomic across connections and server
 * instances. Keys are locked in sorted order, so two callers never deadlock on each other.
 */
export async function withKeyLocks<T>(db: Db, keys: string[], work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    for (const key of [...new Set(keys)].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    }
    return work(tx);
  });
}
