import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  CompanyType,
  type CustomerGroupMember,
  type CustomerGroupRow,
  type customerGroupListQuery,
  type customerGroupMembersQuery,
} from '@aquamall/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/executor.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { companies, contractPrices, customerGroupMembers, customerGroups } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { Caller } from '../auth/index.ts';
import { fail } from './messages.ts';
import { forgetMyPrices } from './my-price-cache.ts';

/**
 * Customer groups (客户分组, docs/product/prices.md#customer-groups): a supplier's named sets of purchaser
 * companies, the target of contract prices for all of them at once. Another supplier's group reads as none
 * (客户分组不存在); every command is one transaction with its operation-log entry.
 */

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The caller supplier's groups, newest first, with member and rule counts. */
export async function listCustomerGroups(
  db: Db,
  caller: Caller,
  q: z.output<typeof customerGroupListQuery>,
): Promise<{ list: CustomerGroupRow[]; total: number }> {
  const conds = [eq(customerGroups.supplierCompanyId, caller.companyId)];
  if (q.keyword) conds.push(ilike(customerGroups.name, like(q.keyword)));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: customerGroups.id,
        name: customerGroups.name,
        updatedAt: customerGroups.updatedAt,
        memberCount: sql<number>`(select count(*) from ${customerGroupMembers} m where m.group_id = ${customerGroups.id})`.mapWith(Number),
        ruleCount: sql<number>`(select count(*) from ${contractPrices} r where r.group_id = ${customerGroups.id})`.mapWith(Number),
      })
      .from(customerGroups)
      .where(where)
      .orderBy(desc(customerGroups.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: count() }).from(customerGroups).where(where),
  ]);
  return { list: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })), total: Number(total?.n ?? 0) };
}

/** Locks one group of the caller supplier (another supplier's: 客户分组不存在). */
async function lockGroup(t: Db, caller: Caller, id: number) {
  const [g] = await t
    .select()
    .from(customerGroups)
    .where(and(eq(customerGroups.id, id), eq(customerGroups.supplierCompanyId, caller.companyId)))
    .for('update');
  if (!g) throw fail('CUSTOMER_GROUP_NOT_FOUND');
  return g;
}

/** Who did it, for the operation log. */
const actor = (caller: Caller) => ({ userId: caller.userId, ip: '' });

/** A name taken by another group of the supplier is refused in words (also when a parallel request took it). */
async function namedOnce<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw fail('CUSTOMER_GROUP_NAME_TAKEN', { name });
    throw err;
  }
}

async function assertNameFree(t: Db, caller: Caller, name: string, exceptId?: number) {
  const [same] = await t
    .select({ id: customerGroups.id })
    .from(customerGroups)
    .where(and(eq(customerGroups.supplierCompanyId, caller.companyId), eq(customerGroups.name, name)));
  if (same && same.id !== exceptId) throw fail('CUSTOMER_GROUP_NAME_TAKEN', { name });
}

export function createCustomerGroup(db: Db, caller: Caller, name: string): Promise<{ id: number }> {
  return namedOnce(name, () =>
    inTransaction(db, async (t) => {
      await assertNameFree(t, caller, name);
      const [g] = await t.insert(customerGroups).values({ supplierCompanyId: caller.companyId, name }).returning({ id: customerGroups.id });
      await recordAudit(t, actor(caller), { action: 'customer_group.create', targetType: 'customer_group', targetId: g!.id, after: { name } });
      return { id: g!.id };
    }),
  );
}

export function renameCustomerGroup(db: Db, caller: Caller, id: number, name: string): Promise<void> {
  return namedOnce(name, () =>
    inTransaction(db, async (t) => {
      const before = await lockGroup(t, caller, id);
      if (before.name === name) return;
      await assertNameFree(t, caller, name, id);
      await t.update(customerGroups).set({ name, updatedAt: new Date() }).where(eq(customerGroups.id, id));
      await recordAudit(t, actor(caller), { action: 'customer_group.rename', targetType: 'customer_group', targetId: id, before: { name: before.name }, after: { name } });
    }),
  );
}

/** Deletes a group no contract price names (its rules are ended or deleted first; used rules keep it). */
export async function deleteCustomerGroup(db: Db, caller: Caller, id: number): Promise<void> {
  await inTransaction(db, async (t) => {
    const before = await lockGroup(t, caller, id);
    const [rules] = await t.select({ n: count() }).from(contractPrices).where(eq(contractPrices.groupId, id));
    if (Number(rules?.n ?? 0) > 0) throw fail('CUSTOMER_GROUP_HAS_RULES', { n: Number(rules!.n) });
    const members = await t.select({ companyId: customerGroupMembers.purchaserCompanyId }).from(customerGroupMembers).where(eq(customerGroupMembers.groupId, id));
    await t.delete(customerGroups).where(eq(customerGroups.id, id));
    await recordAudit(t, actor(caller), { action: 'customer_group.delete', targetType: 'customer_group', targetId: id, before: { name: before.name, members: members.map((m) => m.companyId) } });
  });
}

/** The purchaser companies of one of the caller's groups, by name. */
export async function customerGroupMembersOf(
  db: Db,
  caller: Caller,
  q: z.output<typeof customerGroupMembersQuery>,
): Promise<{ list: CustomerGroupMember[]; total: number }> {
  const [g] = await db
    .select({ id: customerGroups.id })
    .from(customerGroups)
    .where(and(eq(customerGroups.id, q.id), eq(customerGroups.supplierCompanyId, caller.companyId)));
  if (!g) throw fail('CUSTOMER_GROUP_NOT_FOUND');
  const where = eq(customerGroupMembers.groupId, g.id);
  const [list, [total]] = await Promise.all([
    db
      .select({ companyId: companies.id, name: companies.name })
      .from(customerGroupMembers)
      .innerJoin(companies, eq(companies.id, customerGroupMembers.purchaserCompanyId))
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: count() }).from(customerGroupMembers).where(where),
  ]);
  return { list, total: Number(total?.n ?? 0) };
}

/** Adds purchaser companies (only purchasers; a member already in stays once). */
export async function addCustomerGroupMembers(db: Db, caller: Caller, id: number, companyIds: readonly number[]): Promise<{ added: number }> {
  const wanted = [...new Set(companyIds)];
  const r = await inTransaction(db, async (t) => {
    await lockGroup(t, caller, id);
    const found = await t
      .select({ id: companies.id })
      .from(companies)
      .where(and(inArray(companies.id, wanted), eq(companies.type, CompanyType.PURCHASER)));
    if (found.length !== wanted.length) throw fail('CUSTOMER_GROUP_NOT_PURCHASER');
    const added = await t
      .insert(customerGroupMembers)
      .values(wanted.map((purchaserCompanyId) => ({ groupId: id, purchaserCompanyId })))
      .onConflictDoNothing()
      .returning({ companyId: customerGroupMembers.purchaserCompanyId });
    if (added.length) {
      await t.update(customerGroups).set({ updatedAt: new Date() }).where(eq(customerGroups.id, id));
      await recordAudit(t, actor(caller), { action: 'customer_group.add_members', targetType: 'customer_group', targetId: id, after: { companyIds: added.map((a) => a.companyId) } });
    }
    return { added: added.length };
  });
  forgetMyPrices({ supplierIds: [caller.companyId] });
  return r;
}

/** Removes purchaser companies from a group: the group's contract prices stop applying to them at once. */
export async function removeCustomerGroupMembers(db: Db, caller: Caller, id: number, companyIds: readonly number[]): Promise<void> {
  await inTransaction(db, async (t) => {
    await lockGroup(t, caller, id);
    const gone = await t
      .delete(customerGroupMembers)
      .where(and(eq(customerGroupMembers.groupId, id), inArray(customerGroupMembers.purchaserCompanyId, [...companyIds])))
      .returning({ companyId: customerGroupMembers.purchaserCompanyId });
    if (gone.length) {
      await t.update(customerGroups).set({ updatedAt: new Date() }).where(eq(customerGroups.id, id));
      await recordAudit(t, actor(caller), { action: 'customer_group.remove_members', targetType: 'customer_group', targetId: id, before: { companyIds: gone.map((g) => g.companyId) } });
    }
  });
  forgetMyPrices({ supplierIds: [caller.companyId] });
}
