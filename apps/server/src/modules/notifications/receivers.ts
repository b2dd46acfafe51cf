import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { CompanyType, maskPhone, SUPPLIER_ORDER_EVENTS, type NoticeEventKey, type OrderReceivers, type OrderReceiversInput } from '@aquamall/shared';
import type { AuthContext } from '../../lib/caller.ts';
import type { Db } from '../../db/client.ts';
import { companies, noticeReceivers, rolePermissions, roles, userRoles, users } from '../../db/schema/index.ts';
import { ownRolesCondition } from '../access/index.ts';
import { recordAudit } from '../audit/index.ts';
import { fail } from './messages.ts';

/**
 * 订单消息接收人 (docs/product/notifications.md#recipients, decision 0228): a supplier's company administrator (or a
 * member who manages users) chooses the users and roles that receive its supplier-side order events outside the
 * browser. Without a choice, or when the choice reaches no enabled user, the default applies: the administrators
 * and the members holding each event's permission.
 */

type Caller = Pick<AuthContext, 'userId' | 'companyType'> & { companyId: number };

/** The users of the company a choice reaches: those chosen by name and the members of the chosen roles. */
const chosen = (userIds: readonly number[], roleIds: readonly number[]): SQL | undefined => {
  const parts: SQL[] = [];
  if (userIds.length) parts.push(inArray(users.id, [...userIds]));
  if (roleIds.length)
    parts.push(inArray(users.id, sql`(select ${userRoles.userId} from ${userRoles} where ${inArray(userRoles.roleId, [...roleIds])})`));
  return parts.length ? or(...parts) : undefined;
};

/** The default recipients of an event: the administrators and the members holding its permission. */
export const byPermission = (permission: string): SQL =>
  or(
    eq(users.isCompanyAdmin, true),
    inArray(
      users.id,
      sql`(select ${userRoles.userId} from ${userRoles} inner join ${rolePermissions} on ${eq(rolePermissions.roleId, userRoles.roleId)} where ${eq(rolePermissions.code, permission)})`,
    ),
  )!;

/**
 * Which of the company's users an event without a named user goes to: for a supplier-side order event of a company
 * that chose receivers, those receivers (if any of them is an enabled user); otherwise `fallback` (by permission).
 * The caller adds the company and the enabled users to the condition.
 */
export async function recipientsCondition(db: Db, companyId: number, event: NoticeEventKey, fallback: SQL): Promise<SQL> {
  if (!SUPPLIER_ORDER_EVENTS.includes(event)) return fallback;
  const [row] = await db.select().from(noticeReceivers).where(eq(noticeReceivers.companyId, companyId));
  const choice = row ? chosen(row.userIds, row.roleIds) : undefined;
  if (!choice) return fallback;
  const reached = await db.$count(users, and(eq(users.companyId, companyId), eq(users.disabled, false), choice));
  return reached ? choice : fallback;
}

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The setting of a supplier, with what may be chosen and who receives now. */
export async function orderReceiversOf(db: Db, caller: Caller): Promise<OrderReceivers> {
  if (caller.companyType !== CompanyType.SUPPLIER) throw fail('ORDER_RECEIVERS_SUPPLIER_ONLY');
  const [row] = await db.select().from(noticeReceivers).where(eq(noticeReceivers.companyId, caller.companyId));
  const userIds = row?.userIds ?? [];
  const roleIds = row?.roleIds ?? [];
  const [members, roleRows] = await Promise.all([
    db
      .select({
        id: users.id,
        realName: users.realName,
        nickName: users.nickName,
        phone: users.phone,
        isCompanyAdmin: users.isCompanyAdmin,
        disabled: users.disabled,
      })
      .from(users)
      .where(eq(users.companyId, caller.companyId))
      .orderBy(sql`${users.isCompanyAdmin} desc`, asc(users.id)),
    db
      .select({ id: roles.id, name: roles.name, companyId: roles.companyId })
      .from(roles)
      .where(ownRolesCondition(caller))
      .orderBy(sql`${roles.companyId} is not null`, asc(roles.id)),
  ]);
  const nameOf = (u: (typeof members)[number]) => u.realName || u.nickName || maskPhone(u.phone);
  // The representative event of the setting: a new order to confirm (order:ship by default).
  // recipientsCondition answers the very `byDefault` it was given when it falls back.
  const byDefault = byPermission('order:ship');
  const condition = await recipientsCondition(db, caller.companyId, 'order.created', byDefault);
  const custom = userIds.length + roleIds.length > 0;
  const receivers = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, caller.companyId), eq(users.disabled, false), condition))
    .orderBy(asc(users.id));
  const byId = new Map(members.map((m) => [m.id, m]));
  return {
    custom,
    fallback: custom && condition === byDefault,
    userIds,
    roleIds,
    users: members.map((m) => ({ id: m.id, name: nameOf(m), phone: maskPhone(m.phone), isCompanyAdmin: m.isCompanyAdmin, disabled: m.disabled })),
    roles: roleRows.map((r) => ({ id: r.id, name: r.name, isPreset: r.companyId === null })),
    receivers: receivers.map((r) => ({ id: r.id, name: nameOf(byId.get(r.id)!) })),
  };
}

/**
 * Saves the choice: every user must be one of the company's, every role one it may assign (its own or a preset of
 * its type), else 用户不存在 / 角色不存在. Both lists empty restores the default. A change is written to the audit log
 * (设置订单消息接收人, before and after) in the same transaction; saving the same choice again changes and records nothing.
 */
export async function saveOrderReceivers(db: Db, caller: Caller, input: OrderReceiversInput): Promise<OrderReceivers> {
  if (caller.companyType !== CompanyType.SUPPLIER) throw fail('ORDER_RECEIVERS_SUPPLIER_ONLY');
  const userIds = [...new Set(input.userIds)].sort((a, b) => a - b);
  const roleIds = [...new Set(input.roleIds)].sort((a, b) => a - b);
  if (userIds.length) {
    const found = await db.$count(users, and(eq(users.companyId, caller.companyId), inArray(users.id, userIds)));
    if (found !== userIds.length) throw fail('ORDER_RECEIVER_USER_NOT_FOUND');
  }
  if (roleIds.length) {
    const found = await db.$count(roles, and(ownRolesCondition(caller), inArray(roles.id, roleIds)));
    if (found !== roleIds.length) throw fail('ORDER_RECEIVER_ROLE_NOT_FOUND');
  }
  const values = { userIds, roleIds, updatedBy: caller.userId, updatedAt: new Date() };
  await db.transaction(async (tx) => {
    // The company row is locked first, so two administrators saving at once each record the choice they replaced.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, caller.companyId)).for('update');
    const [prior] = await tx.select().from(noticeReceivers).where(eq(noticeReceivers.companyId, caller.companyId));
    const before = { userIds: prior?.userIds ?? [], roleIds: prior?.roleIds ?? [] };
    if (same(before.userIds, userIds) && same(before.roleIds, roleIds)) return;
    await tx
      .insert(noticeReceivers)
      .values({ companyId: caller.companyId, ...values })
      .onConflictDoUpdate({ target: noticeReceivers.companyId, set: values });
    await recordAudit(tx, { userId: caller.userId, ip: '' }, {
      action: 'order_receivers.save',
      targetType: 'company',
      targetId: caller.companyId,
      before,
      after: { userIds, roleIds },
    });
  });
  return orderReceiversOf(db, caller);
}
