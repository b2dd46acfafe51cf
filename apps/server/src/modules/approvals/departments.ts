import { and, asc, desc, eq, ilike, inArray, ne, getTableColumns } from 'drizzle-orm';
import type { DepartmentInput, DepartmentRow, Paged } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { departmentMembers, departments, users } from '../../db/schema/index.ts';
import { pagedRows, totalOf } from '../../lib/paged.ts';
import { escapeLike } from '../../lib/sql.ts';
import type { Caller } from '../auth/index.ts';
import { fail } from './messages.ts';

/** A user's shown name (real name, nickname, else the phone). */
import { userName } from '../auth/index.ts';

export { userName };

/** Departments of the caller's company (docs/product/approvals.md#departments), paged, newest first. */
export async function listDepartments(
  db: Db,
  caller: Caller,
  q: { pageIndex: number; pageSize: number; keyword?: string },
): Promise<Paged<DepartmentRow>> {
  const where = and(
    eq(departments.companyId, caller.companyId),
    q.keyword ? ilike(departments.name, `%${escapeLike(q.keyword)}%`) : undefined,
  );
  const page = await pagedRows(
    db
      .select({ ...getTableColumns(departments), total: totalOf(departments, where) })
      .from(departments)
      .where(where)
      .orderBy(desc(departments.createdAt), desc(departments.id)),
    q,
    () => db.$count(departments, where),
  );
  const ids = page.list.map((d) => d.id);
  const members = ids.length
    ? await db
        .select({ departmentId: departmentMembers.departmentId, userId: users.id, name: userName })
        .from(departmentMembers)
        .innerJoin(users, eq(users.id, departmentMembers.userId))
        .where(inArray(departmentMembers.departmentId, ids))
        .orderBy(asc(users.id))
    : [];
  return {
    total: page.total,
    list: page.list.map((d) => {
      const own = members.filter((m) => m.departmentId === d.id);
      return {
        sysNo: d.id,
        name: d.name,
        headUserId: d.headUserId,
        headName: own.find((m) => m.userId === d.headUserId)?.name ?? '',
        members: own.map((m) => ({ userId: m.userId, name: m.name })),
        createdAt: d.createdAt.toISOString(),
      };
    }),
  };
}

/** Every department of the company, for selects. */
export async function allDepartments(db: Db, caller: Caller) {
  const rows = await db
    .select({ sysNo: departments.id, name: departments.name })
    .from(departments)
    .where(eq(departments.companyId, caller.companyId))
    .orderBy(asc(departments.name));
  return rows;
}

/** A department of the caller's company, or 部门不存在 (another company's too). */
export async function ownDepartment(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.id, id), eq(departments.companyId, companyId)));
  if (!row) throw fail('DEPARTMENT_NOT_FOUND');
  return row;
}

/** The members named are users of the company; the head is one of them. */
async function checkMembers(db: Db, companyId: number, input: DepartmentInput): Promise<number[]> {
  const ids = [...new Set(input.memberIds)];
  if (input.headUserId !== null && !ids.includes(input.headUserId)) throw fail('DEPARTMENT_HEAD_NOT_MEMBER');
  if (!ids.length) return ids;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.companyId, companyId)));
  if (found.length !== ids.length) throw fail('DEPARTMENT_USER_UNKNOWN');
  return ids;
}

/** The members move to this department (each user is in at most one: the primary key of department_members). */
async function writeMembers(db: Db, departmentId: number, ids: number[]) {
  await db.delete(departmentMembers).where(eq(departmentMembers.departmentId, departmentId));
  if (!ids.length) return;
  await db.delete(departmentMembers).where(inArray(departmentMembers.userId, ids));
  await db.insert(departmentMembers).values(ids.map((userId) => ({ userId, departmentId })));
}

function nameTaken(err: unknown): never {
  if (isUniqueViolation(err)) throw fail('DEPARTMENT_NAME_TAKEN');
  throw err;
}

async function assertNameFree(db: Db, companyId: number, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.companyId, companyId), eq(departments.name, name), exceptId ? ne(departments.id, exceptId) : undefined));
  if (taken) throw fail('DEPARTMENT_NAME_TAKEN');
}

export async function createDepartment(db: Db, caller: Caller, input: DepartmentInput) {
  const ids = await checkMembers(db, caller.companyId, input);
  await assertNameFree(db, caller.companyId, input.name);
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(departments)
        .values({ companyId: caller.companyId, name: input.name, headUserId: input.headUserId })
        .returning({ id: departments.id });
      await writeMembers(tx, row!.id, ids);
      return { sysNo: row!.id };
    })
    .catch(nameTaken);
}

export async function updateDepartment(db: Db, caller: Caller, id: number, input: DepartmentInput) {
  await ownDepartment(db, caller.companyId, id);
  const ids = await checkMembers(db, caller.companyId, input);
  await assertNameFree(db, caller.companyId, input.name, id);
  await db
    .transaction(async (tx) => {
      await tx
        .update(departments)
        .set({ name: input.name, headUserId: input.headUserId, updatedAt: new Date() })
        .where(and(eq(departments.id, id), eq(departments.companyId, caller.companyId)));
      await writeMembers(tx, id, ids);
    })
    .catch(nameTaken);
}

/** Deletes a department: its members are in none afterwards; rules limited to it go with it. */
export async function deleteDepartment(db: Db, caller: Caller, id: number) {
  await ownDepartment(db, caller.companyId, id);
  await db.delete(departments).where(and(eq(departments.id, id), eq(departments.companyId, caller.companyId)));
}

/** The department of a user (its id and head), or null. */
export async function departmentOf(db: Db, userId: number) {
  const [row] = await db
    .select({ id: departments.id, headUserId: departments.headUserId })
    .from(departmentMembers)
    .innerJoin(departments, eq(departments.id, departmentMembers.departmentId))
    .where(eq(departmentMembers.userId, userId));
  return row ?? null;
}
