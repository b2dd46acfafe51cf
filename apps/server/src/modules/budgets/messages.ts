import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/** The errors of the budgets module by identity, with their kind and Chinese text (docs/errors.md). */
export const budgetsErrors = defineErrors({
  BUDGET_NOT_FOUND: { kind: 'notFound', message: '预算不存在' },
  BUDGET_EXISTS: { kind: 'conflict', message: '该部门或人员在此期间已有预算，请调整原预算' },
  BUDGET_TARGET_UNKNOWN: { kind: 'invalid', message: '所选部门或人员不存在' },
  BUDGET_RULE_UNKNOWN: { kind: 'invalid', message: '所选审批规则不存在' },
  BUDGET_PURCHASERS_ONLY: { kind: 'forbidden', message: '预算管理仅对采购商开放' },
  BUDGET_DECREASE_TOO_LARGE: {
    kind: 'conflict',
    message: (p: { remaining: string }) => `调减金额不能超过剩余预算 ${p.remaining}`,
  },
  BUDGET_EXCEEDED: {
    kind: 'conflict',
    message: (p: { budget: string; remaining: string; amount: string }) =>
      `超出预算：${p.budget}剩余 ${p.remaining}，本次采购 ${p.amount}，无法提交`,
  },
});

/** Raises one of this module's errors: `throw fail('BUDGET_NOT_FOUND')`. */
export const fail = raiserOf(budgetsErrors);
