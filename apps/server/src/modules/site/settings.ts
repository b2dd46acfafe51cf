import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/index.ts';
import { invalidateSiteData } from './cache.ts';

export const listSettings = (db: Db) => db.select().from(siteSettings).orderBy(asc(siteSettings.key));

/** Records the change in the operation log, inside the saving transaction (the caller knows the actor). */
export type RecordSettingChange = (tx: Db, key: string, before: unknown, after: unknown) => Promise<unknown>;

/**
 * Sets one site setting (statistics, hot keywords, filing numbers, QR code, the platform's bank account ...);
 * `record` audits it in the same transaction; the cached site data is rebuilt.
 */
export async function saveSetting(db: Db, key: string, value: unknown, record: RecordSettingChange) {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(siteSettings).where(eq(siteSettings.key, key));
    const [after] = await tx
      .insert(siteSettings)
      .values({ key, value, updatedAt: new Date() })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } })
      .returning();
    await record(tx, key, before?.value ?? null, value);
    return after!;
  });
  invalidateSiteData();
  return row;
}
