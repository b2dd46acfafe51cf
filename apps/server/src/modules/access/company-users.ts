import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../lib/sql.ts';
import { pagedRows, preparedFor, totalOf } from '../../lib/paged.ts';
import type { CompanyUserRow, Paged } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { roles, userRoles, users } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import { forgetSessions, revokeUserSessions, type AuthContext } from '../auth/index.ts';
import { forgetAccess } from './access-cache.ts';
import { assertAssignableRoles, permissionsOfRoles, permissionsOfUser } from './roles.ts';

type Caller = AuthContext & { companyId: number };

/**
 * Each user's roles as a JSON array `[{sysNo, name}]` (ordered by role), so a page is one query. Written out
 * with aliases: drizzle leaves columns of a one-table select unqualified, which inside this subquery would
 * name the subquery's tables.
 */
const rolesOfUser = () => sql<{ sysNo: number; name: string }[]>`coalesce((
    select json_agg(json_build_object('sysNo', r.id, 'name', r.name) order by r.id)
    from ${userRoles} ur join ${roles} r on r.id = ur.role_id
    where ur.user_id = ${users}.id), '[]'::json)`;

/** The page query of the user list (administrator first), with its total; not yet limited. */
const userPage = (db: Db, where: SQL | undefined) =>
  db
    .select({
      id: users.id,
      phone: users.phone,
      realName: users.realName,
      nickName: users.nickName,
      isCompanyAdmin: users.isCompanyAdmin,
      disabled: users.disabled,
      createdAt: users.createdAt,
      roles: rolesOfUser(),
      total: totalOf(users, where),
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.isCompanyAdmin), asc(users.id));

/** The unfiltered list (what the page opens with), prepared once per database. */
const everyUserPage = preparedFor((db: Db) =>
  userPage(db, eq(users.companyId, sql.placeholder('companyId')))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('company_user_page'),
);

export async function listCompanyUsers(
  db: Db,
  companyId: number,
  q: { pageIndex: number; pageSize: number; keyword?: string; status?: 0 | 1 },
): Promise<Paged<CompanyUserRow>> {
  const kw = q.keyword ? `%${escapeLike(q.keyword)}%` : null;
  const where = and(
    eq(users.companyId, companyId),
    kw ? or(ilike(users.phone, kw), ilike(users.realName, kw), ilike(users.nickName, kw)) : undefined,
    q.status === undefined ? undefined : eq(users.disabled, q.status === 1),
  );
  const filtered = kw !== null || q.status !== undefined;
  const { list, total } = await pagedRows(
    filtered ? userPage(db, where) : (limit, offset) => everyUserPage(db).execute({ companyId, limit, offset }),
    q,
    () => db.$count(users, where),
  );
  return {
    total,
    list: list.map((r) => ({
      sysNo: r.id,
      phone: r.phone,
      realName: r.realName,
      nickName: r.nickName,
      isCompanyAdmin: r.isCompanyAdmin,
      disabled: r.disabled,
      roles: r.roles,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** A non-admin may only hand out roles whose permissions they hold themselves. */
export async function checkRoleAssignment(db: Db, caller: Caller, held: Set<string>, roleIds: number[]) {
  const ids = await assertAssignableRoles(db, caller, roleIds);
  if (!caller.isCompanyAdmin) {
    const granted = await permissionsOfRoles(db, ids);
    if (granted.some((c) => !held.has(c))) throw fail('USER_ROLE_BEYOND_OWN');
  }
  return ids;
}

async function setRoles(db: Db, userId: number, roleIds: number[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

/** A delegate (not the administrator) may not change a user who holds permissions the delegate lacks. */
async function assertNotAbove(db: Db, caller: Caller, held: Set<string>, userId: number) {
  if (caller.isCompanyAdmin) return;
  if ((await permissionsOfUser(db, userId)).some((c) => !held.has(c)))
    throw fail('USER_OUTRANKS_CALLER');
}

/** A user of the caller's company; other companies' users are simply not found. */
async function companyUser(db: Db, companyId: number, userId: number) {
  const [row] = await db
    .select({ id: users.id, isCompanyAdmin: users.isCompanyAdmin, disabled: users.disabled })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  if (!row) throw fail('USER_NOT_FOUND');
  return row;
}

export async function updateCompanyUser(
  db: Db,
  caller: Caller,
  held: Set<string>,
  input: { sysNo: number; realName: string; roleIds: number[] },
) {
  const target = await companyUser(db, caller.companyId, input.sysNo);
  if (target.isCompanyAdmin && !caller.isCompanyAdmin) throw fail('USER_IS_COMPANY_ADMIN');
  if (target.id === caller.userId && !caller.isCompanyAdmin) throw fail('USER_OWN_ROLE');
  await assertNotAbove(db, caller, held, target.id);
  const roleIds = await checkRoleAssignment(db, caller, held, input.roleIds);
  forgetAccess({ userIds: [target.id] });
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ realName: input.realName, updatedAt: new Date() })
      .where(and(eq(users.id, target.id), eq(users.companyId, caller.companyId)));
    await setRoles(tx, target.id, roleIds);
  });
}

/** Enables or disables a sub-user; disabling ends every session of that user at once. */
export async function setUserDisabled(
  db: Db,
  caller: Caller,
  held: Set<string>,
  userId: number,
  disabled: boolean,
) {
  const target = await companyUser(db, caller.companyId, userId);
  if (target.id === caller.userId) throw fail('USER_DISABLE_SELF');
  if (target.isCompanyAdmin) throw fail('USER_DISABLE_COMPANY_ADMIN');
  await assertNotAbove(db, caller, held, target.id);
  forgetSessions({ userIds: [target.id] });
  await db
    .update(users)
    .set({ disabled, updatedAt: new Date() })
    .where(and(eq(users.id, target.id), eq(users.companyId, caller.companyId)));
  if (disabled) await revokeUserSessions(db, target.id);
}
