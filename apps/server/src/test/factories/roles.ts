import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roleMenus, rolePermissions, roles, userRoles, webMenus } from '../../db/schema/index.ts';
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

/**
 * A role of the company holding the given workbench pages (menu link paths, e.g. '/customer/order') and action
 * permissions, given to `userId`; returns the role's id.
 */
export async function giveCustomRole(
  db: Db,
  user: { id: number; companyId: number; companyType: number },
  grants: { pages?: string[]; permissions?: string[] },
): Promise<number> {
  const [role] = await db
    .insert(roles)
    .values({ companyId: user.companyId, companyType: user.companyType, name: `角色${user.id}-${Date.now() % 100000}` })
    .returning({ id: roles.id });
  const roleId = role!.id;
  if (grants.pages?.length) {
    const menus = await db
      .select({ id: webMenus.id })
      .from(webMenus)
      .where(and(eq(webMenus.companyType, user.companyType), inArray(webMenus.linkPath, grants.pages)));
    if (menus.length !== grants.pages.length) throw new Error(`menu pages not found: ${grants.pages.join(', ')}`);
    await db.insert(roleMenus).values(menus.map((m) => ({ roleId, menuId: m.id })));
  }
  if (grants.permissions?.length)
    await db.insert(rolePermissions).values(grants.permissions.map((code) => ({ roleId, code })));
  await giveRole(db, user.id, roleId);
  return roleId;
}
