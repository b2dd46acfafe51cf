import { index, integer, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { atNow, money } from './columns.ts';
import { companyRef, users } from './company.ts';
import { departments } from './approvals.ts';

/**
 * Budgets (预算) of a purchaser company per department or user and China month / quarter / year, kept as a ledger
 * (docs/product/budgets.md, docs/decisions/0210-budgets-and-award-routing.md).
 */

/**
 * A budget: whose (a department or one user) and which period. `periodKey` names the China period and its kind:
 * `2026-12` (month), `2026-Q4` (quarter), `2026` (year). The amounts live in `budget_entries` only.
 */
export const budgets = pgTable(
  'budgets',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    departmentId: integer().references(() => departments.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    periodKey: varchar({ length: 8 }).notNull(),
    createdAt: atNow(),
  },
  (t) => [
    uniqueIndex('budgets_target_period_uq').on(t.companyId, sql`coalesce(${t.departmentId}, 0)`, sql`coalesce(${t.userId}, 0)`, t.periodKey),
    index().on(t.companyId, t.periodKey),
  ],
);

/**
 * Every movement of a budget, append-only; the remaining amount is their sum. BudgetEntryKind: 1 下达 (allocation,
 * +), 2 订单占用 (consumption, −), 3 取消释放 (+), 4 退款释放 (+), 5 调整 (±). One consumption per order and budget.
 */
export const budgetEntries = pgTable(
  'budget_entries',
  {
    id: serial().primaryKey(),
    budgetId: integer()
      .notNull()
      .references(() => budgets.id, { onDelete: 'cascade' }),
    kind: smallint().notNull(),
    amount: money().notNull(),
    orderId: integer(),
    orderNo: varchar({ length: 32 }).notNull().default(''),
    rmaId: integer(),
    note: varchar({ length: 200 }).notNull().default(''),
    createdBy: integer(),
    createdByName: varchar({ length: 60 }).notNull().default(''),
    createdAt: atNow(),
  },
  (t) => [
    index().on(t.budgetId, t.createdAt),
    index().on(t.orderId),
    uniqueIndex('budget_entries_consume_uq').on(t.budgetId, t.orderId).where(sql`${t.kind} = 2`),
  ],
);

/**
 * A company's budget setting: what an order beyond a budget meets. overMode 0 拒绝下单, 1 转审批 (the steps of
 * approval rule `ruleId`, unless another rule already applies).
 */
export const budgetSettings = pgTable('budget_settings', {
  companyId: companyRef().primaryKey(),
  overMode: smallint().notNull().default(0),
  ruleId: integer(),
  updatedAt: atNow(),
});
