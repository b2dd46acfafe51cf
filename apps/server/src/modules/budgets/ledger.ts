import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { BudgetEntryKind, BudgetOverMode, formatFen, toFen, toYuan } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { budgetEntries, budgets, budgetSettings, departmentMembers, departments, users } from '../../db/schema/index.ts';
import { userName } from '../auth/index.ts';
import type { OrderHooks } from '../orders/index.ts';
import { fail } from './messages.ts';
import { periodKeysOf, periodName } from './periods.ts';

/**
 * The budget ledger (docs/product/budgets.md, docs/decisions/0210-budgets-and-award-routing.md): a budget's
 * remaining amount is the sum of its rows, never a stored counter. Orders consume in the transaction that places
 * them (orders/create.ts createOrders), cancellations and refunds release in theirs (releaseBudget).
 */

export interface BudgetTarget {
  id: number;
  departmentId: number | null;
  userId: number | null;
  periodKey: string;
}

/** 部门：生产部 2026年12月预算 / 人员：张三 2026年度预算. */
export const budgetName = (targetName: string, periodKey: string) => `${targetName} ${periodName(periodKey)}预算`;

/** The remaining fen of these budgets (sum of their ledger rows), by budget. */
export async function remainingFen(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ budgetId: budgetEntries.budgetId, sum: sql<string>`coalesce(sum(${budgetEntries.amount}), 0)` })
    .from(budgetEntries)
    .where(inArray(budgetEntries.budgetId, [...ids]))
    .groupBy(budgetEntries.budgetId);
  const out = new Map<number, number>(ids.map((id) => [id, 0]));
  for (const r of rows) out.set(r.budgetId, toFen(r.sum));
  return out;
}

/**
 * The budgets an order of this user draws on at `now`: the user's own and their department's, for the China
 * month, quarter and year of `now`; with `lock`, locked FOR UPDATE in id order (parallel orders serialise here).
 */
export async function budgetsOf(db: Db, companyId: number, userId: number, now: Date, lock = false): Promise<BudgetTarget[]> {
  const dep = db.select({ id: departmentMembers.departmentId }).from(departmentMembers).where(eq(departmentMembers.userId, userId));
  const q = db
    .select({ id: budgets.id, departmentId: budgets.departmentId, userId: budgets.userId, periodKey: budgets.periodKey })
    .from(budgets)
    .where(
      and(
        eq(budgets.companyId, companyId),
        inArray(budgets.periodKey, periodKeysOf(now)),
        or(eq(budgets.userId, userId), and(isNotNull(budgets.departmentId), inArray(budgets.departmentId, dep))),
      ),
    )
    .orderBy(asc(budgets.id));
  return lock ? q.for('update', { of: budgets }) : q;
}

/** The target names of budgets: 部门：生产部 / 人员：张三. */
export async function targetNames(db: Db, rows: readonly Pick<BudgetTarget, 'departmentId' | 'userId'>[]): Promise<(r: Pick<BudgetTarget, 'departmentId' | 'userId'>) => string> {
  const depIds = [...new Set(rows.flatMap((r) => (r.departmentId !== null ? [r.departmentId] : [])))];
  const userIds = [...new Set(rows.flatMap((r) => (r.userId !== null ? [r.userId] : [])))];
  const [ds, us] = await Promise.all([
    depIds.length ? db.select({ id: departments.id, name: departments.name }).from(departments).where(inArray(departments.id, depIds)) : [],
    userIds.length ? db.select({ id: users.id, name: userName }).from(users).where(inArray(users.id, userIds)) : [],
  ]);
  const dn = new Map(ds.map((d) => [d.id, d.name]));
  const un = new Map(us.map((u) => [u.id, u.name]));
  return (r) => (r.departmentId !== null ? `部门：${dn.get(r.departmentId) ?? '已删除的部门'}` : `人员：${un.get(r.userId!) ?? '已删除的用户'}`);
}

/** The company's over-budget setting (拒绝下单 unless set). */
export async function overBudgetSetting(db: Db, companyId: number): Promise<{ overMode: number; ruleId: number | null }> {
  const [s] = await db.select().from(budgetSettings).where(eq(budgetSettings.companyId, companyId));
  return { overMode: s?.overMode ?? BudgetOverMode.REFUSE, ruleId: s?.ruleId ?? null };
}

export interface Shortfall {
  budget: string;
  remainingFen: number;
}

/** The first budget `amountFen` would exceed (null if none), from the given remaining amounts. */
async function firstShortfall(db: Db, targets: BudgetTarget[], remaining: Map<number, number>, amountFen: number): Promise<Shortfall | null> {
  const short = targets.find((b) => (remaining.get(b.id) ?? 0) < amountFen);
  if (!short) return null;
  const name = await targetNames(db, [short]);
  return { budget: budgetName(name(short), short.periodKey), remainingFen: remaining.get(short.id) ?? 0 };
}

/**
 * Would an order of `amountFen` by this user exceed one of their budgets now? A read without locks, for the
 * approval gate's routing; the placement itself checks again under the locks (consumeBudgets).
 */
export async function budgetShortfall(db: Db, companyId: number, userId: number, amountFen: number, now = new Date()): Promise<Shortfall | null> {
  if (amountFen <= 0) return null;
  const targets = await budgetsOf(db, companyId, userId, now);
  if (!targets.length) return null;
  return firstShortfall(db, targets, await remainingFen(db, targets.map((t) => t.id)), amountFen);
}

/** The refusal of an order beyond a budget, with the remaining amount. */
export const exceeded = (s: Shortfall, amountFen: number) =>
  fail('BUDGET_EXCEEDED', { budget: s.budget, remaining: formatFen(s.remainingFen), amount: formatFen(amountFen) });

export interface PlacedOrder {
  id: number;
  orderNo: string;
  companyId: number;
  userId: number;
  userName: string;
  totalFen: number;
  /** An approver allowed this order beyond the budget (a purchase request routed for it). */
  overBudgetApproved?: boolean;
}

/**
 * Consumes the budgets of newly placed orders, in the transaction that places them: per buyer, the budgets are
 * locked (id order, after the SKU locks of createOrders), their remaining amounts summed from the ledger, and an
 * order total beyond one of them refused with the remaining amount (unless approved beyond it); else one
 * consumption row per order and budget. Orders of 0 (replacements) consume nothing.
 */
export async function consumeBudgets(tx: Db, placed: readonly PlacedOrder[], now = new Date()): Promise<void> {
  const byBuyer = new Map<string, PlacedOrder[]>();
  for (const o of placed) {
    if (o.totalFen <= 0) continue;
    const key = `${o.companyId}:${o.userId}`;
    byBuyer.set(key, [...(byBuyer.get(key) ?? []), o]);
  }
  for (const list of byBuyer.values()) {
    const { companyId, userId } = list[0]!;
    const targets = await budgetsOf(tx, companyId, userId, now, true);
    if (!targets.length) continue;
    const totalFen = list.reduce((s, o) => s + o.totalFen, 0);
    if (!list.every((o) => o.overBudgetApproved)) {
      const short = await firstShortfall(tx, targets, await remainingFen(tx, targets.map((t) => t.id)), totalFen);
      if (short) throw exceeded(short, totalFen);
    }
    await tx.insert(budgetEntries).values(
      targets.flatMap((b) =>
        list.map((o) => ({
          budgetId: b.id,
          kind: BudgetEntryKind.CONSUME,
          amount: toYuan(-o.totalFen),
          orderId: o.id,
          orderNo: o.orderNo,
          note: o.overBudgetApproved ? '超预算经审批通过' : '',
          createdBy: o.userId,
          createdByName: o.userName.slice(0, 60),
          createdAt: now,
        })),
      ),
    );
  }
}

/**
 * Gives back what an order consumed, in the transaction that cancels or refunds it (one function for both hooks:
 * orders/order-tx.ts cancelLockedOrder and aftersales/transitions.ts refundRma). A cancellation releases all that
 * is still consumed; a refund releases its amount, at most what is still consumed. Per budget, one row; an order
 * that consumed nothing writes nothing. Releases only give amounts back, so they take no budget lock.
 */
export async function releaseBudget(
  tx: Db,
  order: { id: number },
  actor: { userId: number | null; userName: string },
  how: { kind: 'cancel' } | { kind: 'refund'; fen: number; rmaId: number },
  now = new Date(),
): Promise<void> {
  const rows = await tx
    .select({ budgetId: budgetEntries.budgetId, sum: sql<string>`sum(${budgetEntries.amount})`, orderNo: sql<string>`max(${budgetEntries.orderNo})` })
    .from(budgetEntries)
    .where(eq(budgetEntries.orderId, order.id))
    .groupBy(budgetEntries.budgetId);
  const values = rows.flatMap((r) => {
    const consumed = -toFen(r.sum);
    const fen = how.kind === 'cancel' ? consumed : Math.min(how.fen, consumed);
    if (fen <= 0) return [];
    return [
      {
        budgetId: r.budgetId,
        kind: how.kind === 'cancel' ? BudgetEntryKind.RELEASE_CANCEL : BudgetEntryKind.RELEASE_REFUND,
        amount: toYuan(fen),
        orderId: order.id,
        orderNo: r.orderNo,
        rmaId: how.kind === 'refund' ? how.rmaId : null,
        note: how.kind === 'cancel' ? '订单取消' : '售后退款',
        createdBy: actor.userId,
        createdByName: actor.userName.slice(0, 60),
        createdAt: now,
      },
    ];
  });
  if (values.length) await tx.insert(budgetEntries).values(values);
}

// Orders consume on placement and release on cancellation through the order hooks (orders/hooks.ts).
export const budgetOrderHooks: Partial<OrderHooks> = {
  placed: (tx, placed, now) => consumeBudgets(tx, placed, now),
  cancelled: (tx, order, actor, now) => releaseBudget(tx, order, actor, { kind: 'cancel' }, now),
};
