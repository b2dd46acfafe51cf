import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, userRoles } from '../../db/schema/index.ts';
import { forgetAccess } from '../../modules/access/access-cache.ts';

/** The id of a platform preset role (e.g. 'goods'). */
export async function presetRoleId(db: Db, key: string): Promise<number> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.presetKey, key), isNull(roles.companyId)));
  if (!row) throw new Error(`no preset role ${key}`);
  return row.id;
}

/** Gives a user a role, as the user page would (the user's cached grants are forgotten). */
export async function giveRole(db: Db, userId: number, roleId: number) {
  await db.insert(userRoles).values({ userId, roleId });
  forgetAccess({ userIds: [userId] });
}
