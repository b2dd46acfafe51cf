import { asc, eq } from 'drizzle-orm';
import type { AdminBannerInput } from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { banners } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import type { AuditActor } from '../../audit/index.ts';
import { audited, siteContentChanged } from '../audited.ts';

/** Banners of one position (or all), by position and sort. */
export const listBanners = (db: Db, position?: string) =>
  db
    .select()
    .from(banners)
    .where(position ? eq(banners.position, position) : undefined)
    .orderBy(asc(banners.position), asc(banners.sort), asc(banners.id));

/** Creates or changes a banner; audited, and the site cache is rebuilt. */
export async function saveBanner(db: Db, actor: AuditActor, { id, ...v }: Required<Omit<AdminBannerInput, 'id'>> & { id?: number }) {
  const row = await db.transaction(async (tx) => {
    const [before] = id ? await tx.select().from(banners).where(eq(banners.id, id)) : [null];
    if (id && !before) throw notFound();
    const [after] = id ? await tx.update(banners).set(v).where(eq(banners.id, id)).returning() : await tx.insert(banners).values(v).returning();
    await audited(tx, actor, id ? 'banner.update' : 'banner.create', 'banner', after!.id, before, after);
    return after!;
  });
  siteContentChanged();
  return row;
}

/** Deletes a banner; audited, and the site cache is rebuilt. */
export async function deleteBanner(db: Db, actor: AuditActor, id: number) {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(banners).where(eq(banners.id, id)).returning();
    if (!before) throw notFound();
    await audited(tx, actor, 'banner.delete', 'banner', before.id, before, null);
  });
  siteContentChanged();
}
