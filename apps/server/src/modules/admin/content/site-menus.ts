import { asc, eq } from 'drizzle-orm';
import type { AdminSiteMenuInput } from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { siteMenus } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import type { AuditActor } from '../../audit/index.ts';
import { audited, siteContentChanged } from '../audited.ts';

/** The entries of one site navigation or footer menu (two levels), by sort. */
export const listSiteMenus = (db: Db, menuKey: string) =>
  db.select().from(siteMenus).where(eq(siteMenus.menuKey, menuKey)).orderBy(asc(siteMenus.sort), asc(siteMenus.id));

/** Creates or changes a site menu entry; audited, and the site cache is rebuilt. */
export async function saveSiteMenu(db: Db, actor: AuditActor, { id, ...v }: Required<Omit<AdminSiteMenuInput, 'id'>> & { id?: number }) {
  const row = await db.transaction(async (tx) => {
    const [before] = id ? await tx.select().from(siteMenus).where(eq(siteMenus.id, id)) : [null];
    if (id && !before) throw notFound();
    const [after] = id ? await tx.update(siteMenus).set(v).where(eq(siteMenus.id, id)).returning() : await tx.insert(siteMenus).values(v).returning();
    await audited(tx, actor, id ? 'menu.update' : 'menu.create', 'site_menu', after!.id, before, after);
    return after!;
  });
  siteContentChanged();
  return row;
}

/** Deletes a site menu entry with its children; audited, and the site cache is rebuilt. */
export async function deleteSiteMenu(db: Db, actor: AuditActor, id: number) {
  await db.transaction(async (tx) => {
    const children = await tx.delete(siteMenus).where(eq(siteMenus.parentId, id)).returning();
    const [before] = await tx.delete(siteMenus).where(eq(siteMenus.id, id)).returning();
    if (!before) throw notFound();
    await audited(tx, actor, 'menu.delete', 'site_menu', before.id, { ...before, children }, null);
  });
  siteContentChanged();
}
