import crypto from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { PERMISSION_CODES, type AdminPresetInput, type AdminWebMenuInput } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { roleMenus, rolePermissions, roles, webMenus } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import type { AuditActor } from '../audit/index.ts';
import { forgetAccess } from '../access/index.ts';
import { audited } from './audited.ts';

/** The workbench menu entries of one company type (served by getWebMenus). */
export const listWebMenus = (db: Db, companyType: number) =>
  db.select().from(webMenus).where(eq(webMenus.companyType, companyType)).orderBy(asc(webMenus.sort), asc(webMenus.id));

type WebMenuValues = Required<Omit<AdminWebMenuInput, 'id'>>;

/** Creates or changes a workbench menu entry; audited. Entries are hidden rather than deleted. */
export async function saveWebMenu(db: Db, actor: AuditActor, { id, ...v }: WebMenuValues & { id?: number }) {
  forgetAccess();
  return db.transaction(async (tx) => {
    if (v.parentId) {
      const [parent] = await tx.select().from(webMenus).where(eq(webMenus.id, v.parentId));
      if (!parent || parent.companyType !== v.companyType) throw fail('MENU_PARENT_NOT_FOUND');
    }
    const [before] = id ? await tx.select().from(webMenus).where(eq(webMenus.id, id)) : [null];
    if (id && !before) throw fail('MENU_NOT_FOUND');
    const [after] = id
      ? await tx.update(webMenus).set(v).where(eq(webMenus.id, id)).returning()
      : await tx.insert(webMenus).values({ ...v, code: `custom-${crypto.randomUUID().slice(0, 12)}` }).returning();
    await audited(tx, actor, id ? 'workbench.menu.update' : 'workbench.menu.create', 'web_menu', after!.id, before, after);
    return after!;
  });
}

/** The role presets (no company) with their granted menus and permissions. */
export async function listPresets(db: Db) {
  const list = await db.select().from(roles).where(isNull(roles.companyId)).orderBy(asc(roles.companyType), asc(roles.id));
  const menus = await db.select().from(roleMenus);
  const perms = await db.select().from(rolePermissions);
  return list.map((r) => ({
    ...r,
    menuIds: menus.filter((m) => m.roleId === r.id).map((m) => m.menuId),
    permissions: perms.filter((p) => p.roleId === r.id).map((p) => p.code),
  }));
}

/** Changes a role preset's name, menus (of its company type) and permissions; audited. */
export async function savePreset(db: Db, actor: AuditActor, b: Required<AdminPresetInput>) {
  const bad = b.permissions.find((p) => !(PERMISSION_CODES as string[]).includes(p));
  if (bad) throw fail('MENU_PERMISSION_UNKNOWN', { permission: bad });
  forgetAccess();
  await db.transaction(async (tx) => {
    const [role] = await tx.select().from(roles).where(and(eq(roles.id, b.id), isNull(roles.companyId)));
    if (!role) throw fail('PRESET_ROLE_NOT_FOUND');
    const beforeMenus = (await tx.select().from(roleMenus).where(eq(roleMenus.roleId, role.id))).map((m) => m.menuId);
    const beforePerms = (await tx.select().from(rolePermissions).where(eq(rolePermissions.roleId, role.id))).map((p) => p.code);
    const menus = b.menuIds.length ? await tx.select({ id: webMenus.id, t: webMenus.companyType }).from(webMenus) : [];
    const allowed = new Set(menus.filter((m) => m.t === role.companyType).map((m) => m.id));
    if (b.menuIds.some((m) => !allowed.has(m))) throw fail('MENU_COMPANY_TYPE_MISMATCH');
    await tx.update(roles).set({ name: b.name, description: b.description, updatedAt: new Date() }).where(eq(roles.id, role.id));
    await tx.delete(roleMenus).where(eq(roleMenus.roleId, role.id));
    if (b.menuIds.length) await tx.insert(roleMenus).values(b.menuIds.map((menuId) => ({ roleId: role.id, menuId })));
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, role.id));
    if (b.permissions.length) await tx.insert(rolePermissions).values(b.permissions.map((code) => ({ roleId: role.id, code })));
    await audited(
      tx,
      actor,
      'workbench.preset.update',
      'role',
      role.id,
      { name: role.name, menuIds: beforeMenus, permissions: beforePerms },
      { name: b.name, menuIds: b.menuIds, permissions: b.permissions },
    );
  });
}
