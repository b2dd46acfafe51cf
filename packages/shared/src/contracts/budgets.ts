import { z } from 'zod';
import { pageQuery, recordId } from '../envelope.ts';
import { moneyInput } from '../money.ts';

/**
 * Budgets (预算) of a purchaser company per department or user and China month / quarter / year
 * (docs/product/budgets.md). A budget's amounts are a ledger; remaining = the sum of its rows.
 */

/** The kinds of a budget ledger row (budget_entries.kind). */
export const BudgetEntryKind = {
  ALLOCATE: 1,
  CONSUME: 2,
  RELEASE_CANCEL: 3,
  RELEASE_REFUND: 4,
  ADJUST: 5,
} as const;
export const BUDGET_ENTRY_KIND_TEXT: Record<number, string> = {
  1: '下达预算',
  2: '订单占用',
  3: '订单取消释放',
  4: '售后退款释放',
  5: '预算调整',
};

/** What an order beyond a budget meets (budget_settings.overMode). */
export const BudgetOverMode = { REFUSE: 0, APPROVE: 1 } as const;

/** A China period: `2026-12` (month), `2026-Q4` (quarter) or `2026` (year). */
export const budgetPeriodKey = z
  .string('请选择预算期间')
  .trim()
  .regex(/^\d{4}(-(0[1-9]|1[0-2])|-Q[1-4])?$/, '预算期间格式不正确');

/** The budget form's pickers: one of them is asked for, by the 预算对象 chosen. */
export const budgetDepartmentPick = z.number('请选择部门').int('请选择部门').positive('请选择部门');
export const budgetUserPick = z.number('请选择人员').int('请选择人员').positive('请选择人员');

const budgetAmount = moneyInput('预算金额', { max: 999_999_999, positive: true });

export const budgetInput = z
  .object({
    departmentId: recordId.nullable().default(null),
    userId: recordId.nullable().default(null),
    periodKey: budgetPeriodKey,
    amount: budgetAmount,
    note: z.string().trim().max(200, '备注最多200个字符').default(''),
  })
  .refine((v) => (v.departmentId === null) !== (v.userId === null), { message: '请选择预算所属的部门或人员（二选一）', path: ['departmentId'] });
export type BudgetInput = z.infer<typeof budgetInput>;

export const budgetAdjustInput = z.object({
  sysNo: recordId,
  direction: z.enum(['increase', 'decrease'], '请选择调增或调减'),
  amount: moneyInput('调整金额', { max: 999_999_999, positive: true }),
  note: z.string().trim().min(1, '请填写调整原因').max(200, '调整原因最多200个字符'),
});

export const budgetListQuery = pageQuery.extend({
  periodKey: z.string().trim().max(8).optional(),
});

export const budgetRow = z.object({
  sysNo: z.number().int(),
  /** 部门：生产部 / 人员：张三. */
  targetName: z.string(),
  departmentId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  periodKey: z.string(),
  /** 2026年12月 / 2026年第4季度 / 2026年度. */
  periodName: z.string(),
  /** Allocations and adjustments (yuan strings). */
  allocated: z.string(),
  /** Consumption net of releases. */
  used: z.string(),
  remaining: z.string(),
  /** The budget's period contains today (China time). */
  current: z.boolean(),
});
export type BudgetRow = z.infer<typeof budgetRow>;

export const budgetEntryRow = z.object({
  sysNo: z.number().int(),
  kind: z.number().int(),
  kindText: z.string(),
  amount: z.string(),
  orderId: z.number().int().nullable(),
  orderNo: z.string(),
  note: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export const budgetEntryQuery = pageQuery.extend({ sysNo: recordId });

export const budgetSettingsView = z.object({
  overMode: z.number().int(),
  ruleId: z.number().int().nullable(),
});
export const budgetSettingsInput = z
  .object({
    overMode: z.union([z.literal(0), z.literal(1)], '请选择超预算处理方式'),
    ruleId: recordId.nullable().default(null),
  })
  .refine((v) => v.overMode === 0 || v.ruleId !== null, { message: '转审批时请选择审批规则', path: ['ruleId'] });
