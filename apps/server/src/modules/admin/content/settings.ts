import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { siteSettings } from '../../../db/schema/index.ts';
import type { AuditActor } from '../../audit/record.ts';
import { audited, siteContentChanged } from '../audited.ts';

/** Every site setting, by key. */
export const listSettings = (db: Db) => db.select().from(siteSettings).orderBy(asc(siteSettings.key));

/** Sets one site setting (statistics, hot keywords, filing numbers, QR code ...); audited, cache rebuilt. */
export async function saveSetting(db: Db, actor: AuditActor, key: string, value: unknown) {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(siteSettings).where(eq(siteSettings.key, key));
    const [after] = await tx
      .insert(siteSettings)
      .values({ key, value, updatedAt: new Date() })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } })
      .returning();
    await audited(tx, actor, 'setting.save', 'site_setting', key, before?.value ?? null, value);
    return after!;
  });
  siteContentChanged();
  return row;
}
