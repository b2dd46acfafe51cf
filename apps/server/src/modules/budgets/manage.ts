import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import {
  BUDGET_ENTRY_KIND_TEXT,
  BudgetEntryKind,
  CompanyType,
  formatFen,
  toFen,
  toYuan,
  type BudgetInput,
  type BudgetRow,
  type Paged,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { approvalRules, budgetEntries, budgets, budgetSettings, departments, users } from '../../db/schema/index.ts';
import { pagedRows, totalOf } from '../../lib/paged.ts';
import { callerName, type Caller } from '../auth/index.ts';
import { budgetsOf, overBudgetSetting, remainingFen, targetNames, type BudgetTarget } from './ledger.ts';
import { fail } from './messages.ts';
import { periodKeysOf, periodName } from './periods.ts';

/** Budgets are a purchaser company's (docs/product/budgets.md). */
function assertPurchaser(caller: Caller): void {
  if (caller.companyType !== CompanyType.PURCHASER) throw fail('BUDGET_PURCHASERS_ONLY');
}

/** Allocated (allocations and adjustments) and used (consumption net of releases) of budgets, in fen. */
async function figures(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, { allocated: number; used: number }>();
  const rows = await db
    .select({
      budgetId: budgetEntries.budgetId,
      allocated: sql<string>`coalesce(sum(${budgetEntries.amount}) filter (where ${budgetEntries.kind} in (${BudgetEntryKind.ALLOCATE}, ${BudgetEntryKind.ADJUST})), 0)`,
      used: sql<string>`coalesce(-sum(${budgetEntries.amount}) filter (where ${budgetEntries.kind} in (${BudgetEntryKind.CONSUME}, ${BudgetEntryKind.RELEASE_CANCEL}, ${BudgetEntryKind.RELEASE_REFUND})), 0)`,
    })
    .from(budgetEntries)
    .where(sql`${budgetEntries.budgetId} in ${ids}`)
    .groupBy(budgetEntries.budgetId);
  return new Map(rows.map((r) => [r.budgetId, { allocated: toFen(r.allocated), used: toFen(r.used) }]));
}

/** Budget rows with their figures: remaining = allocated − used = the sum of the ledger. */
async function rowsOf(db: Db, list: BudgetTarget[], now: Date): Promise<BudgetRow[]> {
  const [fig, name] = await Promise.all([figures(db, list.map((b) => b.id)), targetNames(db, list)]);
  const current = new Set(periodKeysOf(now));
  return list.map((b) => {
    const f = fig.get(b.id) ?? { allocated: 0, used: 0 };
    return {
      sysNo: b.id,
      targetName: name(b),
      departmentId: b.departmentId,
      userId: b.userId,
      periodKey: b.periodKey,
      periodName: periodName(b.periodKey),
      allocated: toYuan(f.allocated),
      used: toYuan(f.used),
      remaining: toYuan(f.allocated - f.used),
      current: current.has(b.periodKey),
    };
  });
}

/** The company's budgets, latest period first, paged (预算管理). */
export async function listBudgets(
  db: Db,
  caller: Caller,
  q: { pageIndex: number; pageSize: number; periodKey?: string },
  now = new Date(),
): Promise<Paged<BudgetRow>> {
  assertPurchaser(caller);
  const where = and(eq(budgets.companyId, caller.companyId), q.periodKey ? eq(budgets.periodKey, q.periodKey) : undefined);
  const page = await pagedRows(
    db
      .select({ ...getTableColumns(budgets), total: totalOf(budgets, where) })
      .from(budgets)
      .where(where)
      .orderBy(desc(budgets.periodKey), desc(budgets.id)),
    q,
    () => db.$count(budgets, where),
  );
  return { total: page.total, list: await rowsOf(db, page.list, now) };
}

/** A department or user of the caller's company, or 所选部门或人员不存在. */
async function checkTarget(db: Db, caller: Caller, input: BudgetInput) {
  const [hit] =
    input.departmentId !== null
      ? await db.select({ id: departments.id }).from(departments).where(and(eq(departments.id, input.departmentId), eq(departments.companyId, caller.companyId)))
      : await db.select({ id: users.id }).from(users).where(and(eq(users.id, input.userId!), eq(users.companyId, caller.companyId)));
  if (!hit) throw fail('BUDGET_TARGET_UNKNOWN');
}

/** Allocates a budget: the budget row and its 下达预算 ledger row, in one transaction. */
export async function createBudget(db: Db, caller: Caller, input: BudgetInput): Promise<{ sysNo: number }> {
  assertPurchaser(caller);
  await checkTarget(db, caller, input);
  const by = await callerName(db, caller.userId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(budgets)
      .values({ companyId: caller.companyId, departmentId: input.departmentId, userId: input.userId, periodKey: input.periodKey })
      .onConflictDoNothing()
      .returning({ id: budgets.id });
    if (!row) throw fail('BUDGET_EXISTS');
    await tx.insert(budgetEntries).values({
      budgetId: row.id,
      kind: BudgetEntryKind.ALLOCATE,
      amount: toYuan(toFen(input.amount)),
      note: input.note,
      createdBy: caller.userId,
      createdByName: by.slice(0, 60),
    });
    return { sysNo: row.id };
  });
}

/** A budget of the caller's company, locked; else 预算不存在. */
async function lockOwn(tx: Db, caller: Caller, id: number) {
  const [b] = await tx.select().from(budgets).where(and(eq(budgets.id, id), eq(budgets.companyId, caller.companyId))).for('update');
  if (!b) throw fail('BUDGET_NOT_FOUND');
  return b;
}

/** Raises or lowers a budget by a 预算调整 row; lowering stops at what remains (under the budget's lock). */
export async function adjustBudget(
  db: Db,
  caller: Caller,
  input: { sysNo: number; direction: 'increase' | 'decrease'; amount: number; note: string },
): Promise<void> {
  assertPurchaser(caller);
  const by = await callerName(db, caller.userId);
  await db.transaction(async (tx) => {
    const b = await lockOwn(tx, caller, input.sysNo);
    const fen = toFen(input.amount);
    if (input.direction === 'decrease') {
      const left = (await remainingFen(tx, [b.id])).get(b.id) ?? 0;
      if (fen > left) throw fail('BUDGET_DECREASE_TOO_LARGE', { remaining: formatFen(left) });
    }
    await tx.insert(budgetEntries).values({
      budgetId: b.id,
      kind: BudgetEntryKind.ADJUST,
      amount: toYuan(input.direction === 'decrease' ? -fen : fen),
      note: input.note,
      createdBy: caller.userId,
      createdByName: by.slice(0, 60),
    });
  });
}

/** A budget's ledger rows, newest first, paged. */
export async function budgetLedger(db: Db, caller: Caller, q: { sysNo: number; pageIndex: number; pageSize: number }) {
  assertPurchaser(caller);
  const [b] = await db.select({ id: budgets.id }).from(budgets).where(and(eq(budgets.id, q.sysNo), eq(budgets.companyId, caller.companyId)));
  if (!b) throw fail('BUDGET_NOT_FOUND');
  const where = eq(budgetEntries.budgetId, b.id);
  const page = await pagedRows(
    db
      .select({ ...getTableColumns(budgetEntries), total: totalOf(budgetEntries, where) })
      .from(budgetEntries)
      .where(where)
      .orderBy(desc(budgetEntries.createdAt), desc(budgetEntries.id)),
    q,
    () => db.$count(budgetEntries, where),
  );
  return {
    total: page.total,
    list: page.list.map((e) => ({
      sysNo: e.id,
      kind: e.kind,
      kindText: BUDGET_ENTRY_KIND_TEXT[e.kind] ?? '',
      amount: toYuan(toFen(e.amount)),
      orderId: e.orderId,
      orderNo: e.orderNo,
      note: e.note,
      createdByName: e.createdByName,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

export async function getSettings(db: Db, caller: Caller) {
  assertPurchaser(caller);
  return overBudgetSetting(db, caller.companyId);
}

/** Saves the over-budget setting; the approval rule named must be the company's. */
export async function saveSettings(db: Db, caller: Caller, input: { overMode: number; ruleId: number | null }) {
  assertPurchaser(caller);
  const ruleId = input.overMode === 1 ? input.ruleId : null;
  if (ruleId !== null) {
    const [r] = await db.select({ id: approvalRules.id }).from(approvalRules).where(and(eq(approvalRules.id, ruleId), eq(approvalRules.companyId, caller.companyId)));
    if (!r) throw fail('BUDGET_RULE_UNKNOWN');
  }
  await db
    .insert(budgetSettings)
    .values({ companyId: caller.companyId, overMode: input.overMode, ruleId })
    .onConflictDoUpdate({ target: budgetSettings.companyId, set: { overMode: input.overMode, ruleId, updatedAt: new Date() } });
}

/** The budgets the caller's orders draw on today, with their figures (checkout, 预算管理). */
export async function myBudgets(db: Db, caller: Caller, now = new Date()) {
  const list = await budgetsOf(db, caller.companyId, caller.userId, now);
  const { overMode } = await overBudgetSetting(db, caller.companyId);
  return { list: await rowsOf(db, list, now), overMode };
}
