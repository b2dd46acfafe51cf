import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roleMenus, rolePermissions, roles, webMenus } from '../../db/schema/index.ts';
import { forgetAccess } from './access-cache.ts';
import { DEFAULT_MENUS, menuCode, ROLE_PRESETS, type MenuDef } from './default-menus.ts';

/**
 * Inserts the default workbench menus of both company types and the role presets when they are missing.
 * Idempotent and safe to run from several instances at once (unique codes, ON CONFLICT DO NOTHING); never
 * changes rows that exist, so later edits by the platform are kept.
 */
export async function ensureAccessDefaults(db: Db): Promise<void> {
  for (const [type, defs] of Object.entries(DEFAULT_MENUS)) {
    await ensureMenus(db, Number(type), defs, null);
  }
  await ensurePresets(db);
  forgetAccess();
}

async function ensureMenus(db: Db, companyType: number, defs: MenuDef[], parentId: number | null) {
  for (const [i, def] of defs.entries()) {
    const code = menuCode(companyType, def.code);
    await db
      .insert(webMenus)
      .values({
        code,
        companyType,
        parentId,
        name: def.name,
        icon: def.icon ?? '',
        linkPath: def.linkPath ?? '',
        sort: (i + 1) * 10,
        everyone: !!def.everyone,
      })
      .onConflictDoNothing({ target: webMenus.code });
    if (def.children?.length) {
      const [row] = await db.select({ id: webMenus.id }).from(webMenus).where(eq(webMenus.code, code));
      await ensureMenus(db, companyType, def.children, row!.id);
    }
  }
}

async function ensurePresets(db: Db) {
  for (const preset of ROLE_PRESETS) {
    await db
      .insert(roles)
      .values({
        companyId: null,
        companyType: preset.companyType,
        presetKey: preset.key,
        name: preset.name,
        description: preset.description,
      })
      .onConflictDoNothing({ target: roles.presetKey });
    const [role] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.presetKey, preset.key), isNull(roles.companyId)));
    if (!role) continue;
    const codes = preset.menus.map((c) => menuCode(preset.companyType, c));
    const menus = await db.select({ id: webMenus.id }).from(webMenus).where(inArray(webMenus.code, codes));
    if (menus.length) {
      await db
        .insert(roleMenus)
        .values(menus.map((m) => ({ roleId: role.id, menuId: m.id })))
        .onConflictDoNothing();
    }
    if (preset.permissions.length) {
      await db
        .insert(rolePermissions)
        .values(preset.permissions.map((code) => ({ roleId: role.id, code })))
        .onConflictDoNothing();
    }
  }
}
