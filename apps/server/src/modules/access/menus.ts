import { and, asc, eq } from 'drizzle-orm';
import { CompanyType, type MenuItem } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { roleMenus, roles, userRoles, webMenus } from '../../db/schema/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { cachedAccess } from './access-cache.ts';
import { ownRolesCondition } from './scope.ts';

type MenuRow = typeof webMenus.$inferSelect;

/** Every visible menu entry of a company type, parents before children, in display order. */
export async function menusOfType(db: Db, companyType: number | null): Promise<MenuRow[]> {
  if (companyType === null) return [];
  return cachedAccess(db, `menus:${companyType}`, [], async () => {
    const rows = await db
      .select()
      .from(webMenus)
      .where(and(eq(webMenus.companyType, companyType), eq(webMenus.hidden, false)))
      .orderBy(asc(webMenus.sort), asc(webMenus.id));
    return depthFirst(rows);
  });
}

/** Tree order: each parent followed by its subtree; entries whose parent is hidden or missing are dropped. */
function depthFirst(rows: MenuRow[]): MenuRow[] {
  const byParent = new Map<number, MenuRow[]>();
  for (const m of rows) byParent.set(m.parentId ?? 0, [...(byParent.get(m.parentId ?? 0) ?? []), m]);
  const out: MenuRow[] = [];
  const walk = (parent: number) => {
    for (const m of byParent.get(parent) ?? []) {
      out.push(m);
      walk(m.id);
    }
  };
  walk(0);
  return out;
}

export const toMenuItem = (m: MenuRow): MenuItem => ({
  sysNo: m.id,
  parentSysNo: m.parentId ?? 0,
  name: m.name,
  icon: m.icon,
  linkPath: m.linkPath,
});

/**
 * Closes a set of granted entries over the tree: a granted parent brings its children, and every visible
 * entry brings its ancestors so the tree can be drawn.
 */
export function expandGrants(all: MenuRow[], granted: Set<number>): Set<number> {
  const visible = new Set<number>();
  const byParent = new Map<number, MenuRow[]>();
  for (const m of all) {
    const key = m.parentId ?? 0;
    byParent.set(key, [...(byParent.get(key) ?? []), m]);
  }
  const addDown = (id: number) => {
    if (visible.has(id)) return;
    visible.add(id);
    for (const c of byParent.get(id) ?? []) addDown(c.id);
  };
  for (const m of all) if (granted.has(m.id) || m.everyone) addDown(m.id);
  const byId = new Map(all.map((m) => [m.id, m]));
  for (const id of [...visible]) {
    let parent = byId.get(id)?.parentId;
    while (parent && !visible.has(parent)) {
      visible.add(parent);
      parent = byId.get(parent)?.parentId;
    }
  }
  return visible;
}

/** Menu ids granted to a user by the roles they hold in their own company (or presets of its type). */
export async function grantedMenuIds(db: Db, auth: AuthContext): Promise<Set<number>> {
  const key = `menu:${auth.userId}:${auth.companyId}:${auth.companyType}`;
  const ids = await cachedAccess(db, key, [`u:${auth.userId}`], async () => {
    const rows = await db
      .selectDistinct({ menuId: roleMenus.menuId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .innerJoin(roleMenus, eq(roleMenus.roleId, roles.id))
      .where(and(eq(userRoles.userId, auth.userId), ownRolesCondition(auth)));
    return rows.map((r) => r.menuId);
  });
  return new Set(ids);
}

/** The caller's workbench menu as a flat list: all of the company type for admins, else what roles grant. */
export async function menusForCaller(db: Db, auth: AuthContext): Promise<MenuItem[]> {
  if (!auth.companyId) return [];
  const all = await menusOfType(db, auth.companyType);
  if (auth.isCompanyAdmin) return all.map(toMenuItem);
  const visible = expandGrants(all, await grantedMenuIds(db, auth));
  return all.filter((m) => visible.has(m.id)).map(toMenuItem);
}

const pathOf = (link: string) => link.split('?')[0]!.replace(/\/+$/, '');

/** Link paths of the company type's menu that the caller may not see (empty for administrators). */
export async function hiddenLinks(db: Db, auth: AuthContext): Promise<string[]> {
  if (!auth.companyId || auth.isCompanyAdmin) return [];
  const all = await menusOfType(db, auth.companyType);
  const visible = expandGrants(all, await grantedMenuIds(db, auth));
  const seen = new Set(all.filter((m) => visible.has(m.id) && m.linkPath).map((m) => m.linkPath));
  return [...new Set(all.filter((m) => m.linkPath && !seen.has(m.linkPath)).map((m) => m.linkPath))];
}

/** Menu link paths that only another company type's menu holds, with that type (none without a company). */
export async function otherTypeLinks(
  db: Db,
  auth: AuthContext,
): Promise<{ linkPath: string; companyType: number }[]> {
  if (!auth.companyId || auth.companyType === null) return [];
  const own = new Set((await menusOfType(db, auth.companyType)).flatMap((m) => (m.linkPath ? [pathOf(m.linkPath)] : [])));
  const out = new Map<string, number>();
  for (const type of Object.values(CompanyType)) {
    if (type === auth.companyType) continue;
    for (const m of await menusOfType(db, type)) {
      const p = m.linkPath ? pathOf(m.linkPath) : '';
      if (p && !own.has(p) && !out.has(p)) out.set(p, type);
    }
  }
  return [...out].map(([linkPath, companyType]) => ({ linkPath, companyType }));
}

/** The page paths (query dropped) of the caller's menu; administrators hold all of their company type's. */
export async function visibleMenuPaths(db: Db, auth: AuthContext): Promise<Set<string>> {
  if (!auth.companyId) return new Set();
  const menus = auth.isCompanyAdmin
    ? (await menusOfType(db, auth.companyType)).map(toMenuItem)
    : await menusForCaller(db, auth);
  return new Set(menus.filter((m) => m.linkPath).map((m) => pathOf(m.linkPath!)));
}

/** Whether the caller's menu holds an entry for this page path (query ignored); administrators hold all. */
export async function canSeeMenuPath(db: Db, auth: AuthContext, path: string): Promise<boolean> {
  return (await visibleMenuPaths(db, auth)).has(pathOf(path));
}
