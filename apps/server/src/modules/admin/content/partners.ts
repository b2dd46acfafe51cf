import { asc, eq } from 'drizzle-orm';
import type { AdminPartnerInput } from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { partners } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import type { AuditActor } from '../../audit/index.ts';
import { audited, siteContentChanged } from '../audited.ts';

/** Partner companies shown on the site home, by sort. */
export const listPartners = (db: Db) => db.select().from(partners).orderBy(asc(partners.sort), asc(partners.id));

/** Creates or changes a partner company; audited, and the site cache is rebuilt. */
export async function savePartner(db: Db, actor: AuditActor, { id, ...v }: Required<Omit<AdminPartnerInput, 'id'>> & { id?: number }) {
  const row = await db.transaction(async (tx) => {
    const [before] = id ? await tx.select().from(partners).where(eq(partners.id, id)) : [null];
    if (id && !before) throw notFound();
    const [after] = id ? await tx.update(partners).set(v).where(eq(partners.id, id)).returning() : await tx.insert(partners).values(v).returning();
    await audited(tx, actor, id ? 'partner.update' : 'partner.create', 'partner', after!.id, before, after);
    return after!;
  });
  siteContentChanged();
  return row;
}

/** Deletes a partner company; audited, and the site cache is rebuilt. */
export async function deletePartner(db: Db, actor: AuditActor, id: number) {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(partners).where(eq(partners.id, id)).returning();
    if (!before) throw notFound();
    await audited(tx, actor, 'partner.delete', 'partner', before.id, before, null);
  });
  siteContentChanged();
}
