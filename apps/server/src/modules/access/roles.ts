import { and, asc, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import { escapeLike } from '../../lib/sql.ts';
import { permissionsForType, type Paged, type RoleInput, type RoleRow } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { roleMenus, rolePermissions, roles, userRoles, users } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import type { AuthContext } from '../auth/index.ts';
import { expandGrants, grantedMenuIds, menusOfType } from './menus.ts';
import { forgetAccess } from './access-cache.ts';
import { ownRolesCondition } from './scope.ts';

type Company = Pick<AuthContext, 'companyId' | 'companyType'> & { companyId: number };

/** Roles of the company plus the presets of its type, paged; presets first. */
export async function listRoles(
  db: Db,
  company: Company,
  q: { pageIndex: number; pageSize: number; keyword?: string },
): Promise<Paged<RoleRow>> {
  const where = and(
    ownRolesCondition(company),
    q.keyword ? ilike(roles.name, `%${escapeLike(q.keyword)}%`) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(roles).where(where);
  const rows = await db
    .select()
    .from(roles)
    .where(where)
    .orderBy(sql`${roles.companyId} is not null`, desc(roles.createdAt), asc(roles.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return { list: await withGrants(db, company, rows), total };
}

/** Every role a company may assign (for selects), without paging. */
export async function allRoles(
  db: Db,
  company: Company,
): Promise<{ sysNo: number; name: string; isPreset: boolean }[]> {
  const rows = await db
    .select({ id: roles.id, name: roles.name, companyId: roles.companyId })
    .from(roles)
    .where(ownRolesCondition(company))
    .orderBy(sql`${roles.companyId} is not null`, asc(roles.id));
  return rows.map((r) => ({ sysNo: r.id, name: r.name, isPreset: r.companyId === null }));
}

async function withGrants(db: Db, company: Company, rows: (typeof roles.$inferSelect)[]): Promise<RoleRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [menus, perms, counts] = await Promise.all([
    db.select().from(roleMenus).where(inArray(roleMenus.roleId, ids)),
    db.select().from(rolePermissions).where(inArray(rolePermissions.roleId, ids)),
    // Users are counted within the caller's company only (presets are shared by many companies).
    db
      .select({ roleId: userRoles.roleId, n: count() })
      .from(userRoles)
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(and(inArray(userRoles.roleId, ids), eq(users.companyId, company.companyId)))
      .groupBy(userRoles.roleId),
  ]);
  return rows.map((r) => ({
    sysNo: r.id,
    name: r.name,
    description: r.description,
    isPreset: r.companyId === null,
    menuIds: menus.filter((m) => m.roleId === r.id).map((m) => m.menuId),
    permissions: perms.filter((p) => p.roleId === r.id).map((p) => p.code),
    userCount: counts.find((c) => c.roleId === r.id)?.n ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Checks a role's grants: menus of the company's type and permissions of its type; a caller who is not the
 * company administrator may only grant what they hold themselves (no self-escalation).
 */
async function checkGrants(db: Db, auth: AuthContext, held: Set<string>, input: RoleInput) {
  const typeMenus = await menusOfType(db, auth.companyType);
  const typeIds = new Set(typeMenus.map((m) => m.id));
  if (input.menuIds.some((id) => !typeIds.has(id))) throw fail('ROLE_MENU_UNKNOWN');
  const allowed = new Set(permissionsForType(auth.companyType).map((p) => p.code as string));
  if (input.permissions.some((c) => !allowed.has(c))) throw fail('ROLE_PERMISSION_UNKNOWN');
  if (auth.isCompanyAdmin) return;
  const mine = expandGrants(typeMenus, await grantedMenuIds(db, auth));
  if (input.menuIds.some((id) => !mine.has(id)) || input.permissions.some((c) => !held.has(c))) {
    throw fail('ROLE_GRANT_BEYOND_OWN');
  }
}

async function assertNameFree(db: Db, companyId: number, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        eq(roles.companyId, companyId),
        eq(roles.name, name),
        exceptId ? ne(roles.id, exceptId) : undefined,
      ),
    );
  if (taken) throw fail('ROLE_NAME_TAKEN');
}

async function writeGrants(db: Db, roleId: number, input: RoleInput) {
  await db.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  const menuIds = [...new Set(input.menuIds)];
  const codes = [...new Set(input.permissions)];
  if (menuIds.length) await db.insert(roleMenus).values(menuIds.map((menuId) => ({ roleId, menuId })));
  if (codes.length) await db.insert(rolePermissions).values(codes.map((code) => ({ roleId, code })));
}

export async function createRole(db: Db, auth: AuthContext & Company, held: Set<string>, input: RoleInput) {
  await checkGrants(db, auth, held, input);
  await assertNameFree(db, auth.companyId, input.name);
  forgetAccess();
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(roles)
        .values({
          companyId: auth.companyId,
          companyType: auth.companyType!,
          name: input.name,
          description: input.description,
        })
        .returning({ id: roles.id });
      await writeGrants(tx, row!.id, input);
      return { sysNo: row!.id };
    })
    .catch(nameTaken);
}

/** Two saves racing for one name: the unique index decides; answer as the pre-check would. */
function nameTaken(err: unknown): never {
  if (isUniqueViolation(err)) throw fail('ROLE_NAME_TAKEN');
  throw err;
}

/** A role of the caller's own company (presets and other companies' roles are not found / read-only). */
async function ownRole(db: Db, companyId: number, roleId: number) {
  const [row] = await db.select().from(roles).where(eq(roles.id, roleId));
  if (!row || (row.companyId !== null && row.companyId !== companyId)) throw fail('ROLE_NOT_FOUND');
  if (row.companyId === null) throw fail('ROLE_PRESET_LOCKED');
  return row;
}

export async function updateRole(
  db: Db,
  auth: AuthContext & Company,
  held: Set<string>,
  roleId: number,
  input: RoleInput,
) {
  await ownRole(db, auth.companyId, roleId);
  await checkGrants(db, auth, held, input);
  await assertNameFree(db, auth.companyId, input.name, roleId);
  forgetAccess();
  await db
    .transaction(async (tx) => {
      await tx
        .update(roles)
        .set({ name: input.name, description: input.description, updatedAt: new Date() })
        .where(and(eq(roles.id, roleId), eq(roles.companyId, auth.companyId)));
      await writeGrants(tx, roleId, input);
    })
    .catch(nameTaken);
}

/** Deletes a company role; users holding it simply lose it. */
export async function deleteRole(db: Db, companyId: number, roleId: number) {
  await ownRole(db, companyId, roleId);
  forgetAccess();
  await db.delete(roles).where(and(eq(roles.id, roleId), eq(roles.companyId, companyId)));
}

/** Keeps only role ids valid for the company (own roles and presets of its type); otherwise refuses. */
export async function assertAssignableRoles(db: Db, company: Company, roleIds: number[]): Promise<number[]> {
  const ids = [...new Set(roleIds)];
  if (!ids.length) return [];
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, ids), ownRolesCondition(company)));
  if (rows.length !== ids.length) throw fail('ROLE_UNKNOWN');
  return ids;
}

/** Permissions a user holds through their roles. */
export async function permissionsOfUser(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ code: rolePermissions.code })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return rows.map((r) => r.code);
}

/** Permissions carried by a set of roles (to stop a non-admin assigning more than they hold). */
export async function permissionsOfRoles(db: Db, roleIds: number[]): Promise<string[]> {
  if (!roleIds.length) return [];
  const rows = await db
    .selectDistinct({ code: rolePermissions.code })
    .from(rolePermissions)
    .where(inArray(rolePermissions.roleId, roleIds));
  return rows.map((r) => r.code);
}
