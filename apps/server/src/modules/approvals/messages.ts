import { defineErrors } from '@aquamall/shared';
import { raiserOf } from '../../lib/errors.ts';

/**
 * The errors of the approvals module (departments, approval rules, purchase requests) by identity, with their
 * kind and Chinese text (docs/errors.md).
 */
export const approvalsErrors = defineErrors({
  DEPARTMENT_NOT_FOUND: { kind: 'notFound', message: '部门不存在' },
  DEPARTMENT_NAME_TAKEN: { kind: 'conflict', message: '部门名称已存在' },
  DEPARTMENT_USER_UNKNOWN: { kind: 'invalid', message: '所选用户不存在' },
  DEPARTMENT_HEAD_NOT_MEMBER: { kind: 'invalid', message: '部门负责人须是本部门成员' },
  APPROVAL_RULE_NOT_FOUND: { kind: 'notFound', message: '审批规则不存在' },
  APPROVAL_RULE_ROLE_UNKNOWN: { kind: 'invalid', message: '所选角色不存在' },
  APPROVAL_RULE_DEPARTMENT_UNKNOWN: { kind: 'invalid', message: '所选部门不存在' },
  APPROVAL_RULE_CATEGORY_UNKNOWN: { kind: 'invalid', message: '所选类目不存在' },
  APPROVAL_RULE_SUPPLIER_UNKNOWN: { kind: 'invalid', message: '所选供应商不存在' },
  APPROVAL_RULE_USER_UNKNOWN: { kind: 'invalid', message: '所选审批人不存在' },
  APPROVAL_RULE_PURCHASERS_ONLY: { kind: 'forbidden', message: '审批设置仅对采购商开放' },
  APPROVAL_STEP_NO_APPROVER: {
    kind: 'conflict',
    message: (p: { rule: string; step: number; label: string }) =>
      `审批规则「${p.rule}」第${p.step}步（${p.label}）没有可用的审批人，请联系企业管理员完善审批设置`,
  },
  PURCHASE_REQUEST_NOT_FOUND: { kind: 'notFound', message: '记录不存在' },
  PURCHASE_REQUEST_ALL_FORBIDDEN: { kind: 'forbidden', message: '没有操作权限' },
  PURCHASE_REQUEST_NOT_YOUR_STEP: { kind: 'forbidden', message: '当前审批步骤不需要您审批' },
  PURCHASE_REQUEST_NOT_REQUESTER: { kind: 'forbidden', message: '只有申请人可以撤回采购申请' },
  AWARD_WAITING_APPROVAL: {
    kind: 'conflict',
    message: (p: { no: string }) => `该授标已提交采购申请 ${p.no}，正在审批中，不能重复授标`,
  },
  PURCHASE_REQUEST_LINE_UNAVAILABLE: {
    kind: 'conflict',
    message: (p: { name: string; problem: string }) => `「${p.name}」${p.problem}，请调整后重新提交`,
  },
});

/** Raises one of this module's errors: `throw fail('DEPARTMENT_NOT_FOUND')`. */
export const fail = raiserOf(approvalsErrors);
