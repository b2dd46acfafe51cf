import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { permissionsForType, type PermissionCode } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { rolePermissions, roles, userRoles } from '../../db/schema/index.ts';
import { forbidden, loginExpired } from '../../lib/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { cachedAccess } from './access-cache.ts';
import { canSeeMenuPath } from './menus.ts';
import { ownRolesCondition } from './scope.ts';

/**
 * The action permissions of a company user. Company administrators hold every permission of their company
 * type; platform administrators and users without a company hold none (they are not company users).
 */
export async function loadPermissions(db: Db, auth: AuthContext): Promise<Set<string>> {
  if (!auth.companyId) return new Set();
  const allowed = permissionsForType(auth.companyType).map((p) => p.code as string);
  if (auth.isCompanyAdmin) return new Set(allowed);
  const key = `perm:${auth.userId}:${auth.companyId}:${auth.companyType}`;
  const codes = await cachedAccess(db, key, [`u:${auth.userId}`], async () => {
    const rows = await db
      .selectDistinct({ code: rolePermissions.code })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
      .where(
        and(eq(userRoles.userId, auth.userId), ownRolesCondition(auth), inArray(rolePermissions.code, allowed)),
      );
    return rows.map((r) => r.code);
  });
  return new Set(codes);
}

const cache = new WeakMap<FastifyRequest, Promise<Set<string>>>();

/** The caller's permissions, loaded once per request. */
export function requestPermissions(request: FastifyRequest): Promise<Set<string>> {
  if (!request.auth) return Promise.resolve(new Set());
  let p = cache.get(request);
  if (!p) {
    p = loadPermissions(request.server.db, request.auth);
    cache.set(request, p);
  }
  return p;
}

/**
 * preHandler for workbench calls: a signed-in company user holding at least one of the given permission
 * codes (company administrators hold all of their type). Otherwise code 1 (no session) or `refusal`
 * (default 没有操作权限).
 */
export function requirePermission(codes: readonly PermissionCode[], refusal?: string): preHandlerAsyncHookHandler {
  return async function permissionGuard(request) {
    const auth = request.auth;
    if (!auth) throw loginExpired();
    if (!auth.companyId) throw forbidden();
    const held = await requestPermissions(request);
    if (!codes.some((c) => held.has(c))) throw forbidden(refusal);
  };
}

/**
 * preHandler for reads behind a menu entry: the caller's menu must hold one of these page paths (e.g.
 * '/customer/saleOrder'); company administrators see every entry of their type. Refuses with 没有操作权限.
 */
export function requireMenu(...paths: string[]): preHandlerAsyncHookHandler {
  return async function menuGuard(request) {
    const auth = request.auth;
    if (!auth) throw loginExpired();
    if (!auth.companyId) throw forbidden();
    for (const p of paths) if (await canSeeMenuPath(request.server.db, auth, p)) return;
    throw forbidden();
  };
}

/** For services that decide inside the handler (e.g. own records vs. everyone's). */
export async function hasPermission(request: FastifyRequest, code: PermissionCode): Promise<boolean> {
  return (await requestPermissions(request)).has(code);
}
