import { z } from 'zod';
import { pageQuery, recordId } from '../envelope.ts';
import { moneyInput } from '../money.ts';
import { documentHistoryView } from './history.ts';

/**
 * Departments, approval rules (审批设置) and purchase requests (采购申请) of a purchaser company
 * (docs/product/approvals.md).
 */

const optionalId = recordId.nullable().default(null);

export const departmentInput = z.object({
  name: z.string().trim().min(1, '请输入部门名称').max(30, '部门名称最多30个字符'),
  headUserId: optionalId,
  memberIds: z.array(recordId).max(500, '部门成员最多500人').default([]),
});
export type DepartmentInput = z.infer<typeof departmentInput>;
export const departmentUpdateInput = departmentInput.extend({ sysNo: recordId });
export const departmentListQuery = pageQuery.extend({ keyword: z.string().trim().max(30).optional() });

export const departmentRow = z.object({
  sysNo: z.number().int(),
  name: z.string(),
  headUserId: z.number().int().nullable(),
  headName: z.string(),
  members: z.array(z.object({ userId: z.number().int(), name: z.string() })),
  createdAt: z.string(),
});
export type DepartmentRow = z.infer<typeof departmentRow>;
export const departmentOption = z.object({ sysNo: z.number().int(), name: z.string() });

/** The parts of a step a form asks for, each with its own message. */
export const approvalStepKind = z.enum(['head', 'role', 'users'], '请选择审批人类型');
export const approverRoleId = z.number('请选择角色').int('请选择角色').positive('请选择角色').max(2_147_483_647, '请选择角色');
export const approverUserIds = z.array(recordId, '请选择审批人').min(1, '请选择审批人').max(20, '每步审批人最多20人');

/** Who approves a step: the requester's department head, any holder of a role, or any of named users. */
export const approvalStepInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('head') }),
    z.object({ kind: z.literal('role'), roleId: approverRoleId }),
    z.object({ kind: z.literal('users'), userIds: approverUserIds }),
  ],
  { error: '请选择审批人类型' },
);
export type ApprovalStepInput = z.infer<typeof approvalStepInput>;

export const approvalRuleInput = z.object({
  name: z.string().trim().min(1, '请输入规则名称').max(40, '规则名称最多40个字符'),
  priority: z.number('请输入优先级').int('优先级须为整数').min(0, '优先级不能为负数').max(999, '优先级最大为999').default(0),
  active: z.boolean().default(true),
  minAmount: moneyInput('金额门槛', { max: 999_999_999 }),
  categoryId: optionalId,
  sellerCompanyId: optionalId,
  departmentId: optionalId,
  roleId: optionalId,
  steps: z.array(approvalStepInput).min(1, '请至少设置一个审批步骤').max(5, '审批步骤最多5步'),
});
export type ApprovalRuleInput = z.infer<typeof approvalRuleInput>;
/** 审批设置's supplier picker: supplier shops by name (or shop name), paged. */
export const approvalSupplierQuery = pageQuery.extend({ keyword: z.string().trim().max(60, '供应商名称最多60个字符').optional() });
export const approvalSupplierOption = z.object({ id: z.number().int(), name: z.string(), shopName: z.string() });
export type ApprovalSupplierOption = z.infer<typeof approvalSupplierOption>;

export const approvalRuleUpdateInput = approvalRuleInput.extend({ sysNo: recordId });

export const approvalRuleRow = z.object({
  sysNo: z.number().int(),
  name: z.string(),
  priority: z.number().int(),
  active: z.boolean(),
  minAmount: z.string(),
  categoryId: z.number().int().nullable(),
  sellerCompanyId: z.number().int().nullable(),
  /** The supplier's name, for the form's picker when the rule is edited. */
  sellerCompanyName: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  roleId: z.number().int().nullable(),
  steps: z.array(approvalStepInput),
  /** The conditions and steps in words (金额≥¥50,000.00；部门：生产部 / 第1步 部门负责人 …). */
  summary: z.string(),
  stepsSummary: z.array(z.string()),
  createdAt: z.string(),
});
export type ApprovalRuleRow = z.infer<typeof approvalRuleRow>;

/** 'todo': waiting for the caller's decision (待我审批); 'mine': the caller's own; 'all': the company's (审批设置). */
export const purchaseRequestListQuery = pageQuery.extend({
  scope: z.enum(['todo', 'mine', 'all'], '列表范围不正确').default('mine'),
  status: z.coerce.number().int().min(0).max(5).optional(),
});

export const purchaseRequestRow = z.object({
  sysNo: z.number().int(),
  requestNo: z.string(),
  status: z.number().int(),
  /** PurchaseRequestKind: 0 checkout, 1 RFQ award (询价授标), 2 tender award (招标定标), 3 call-off (协议订单下达). */
  kind: z.number().int(),
  /** What it is about: '' for a checkout, else the enquiry or tender lot (「询价单 XJ… 授标」). */
  subject: z.string(),
  requesterName: z.string(),
  ruleName: z.string(),
  totalAmount: z.string(),
  lineCount: z.number().int(),
  currentStep: z.number().int(),
  stepCount: z.number().int(),
  /** The label of the step waiting for a decision ('' when none). */
  currentStepLabel: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type PurchaseRequestRow = z.infer<typeof purchaseRequestRow>;

export const purchaseRequestDetail = purchaseRequestRow.extend({
  reason: z.string(),
  lines: z.array(
    z.object({
      skuId: z.number().int(),
      sellerCompanyId: z.number().int(),
      shopName: z.string(),
      productName: z.string(),
      spec: z.string(),
      unit: z.string(),
      quantity: z.number().int(),
      unitPrice: z.string(),
      amount: z.string(),
    }),
  ),
  address: z.object({ contact: z.string(), phone: z.string(), text: z.string() }),
  invoiceText: z.string(),
  steps: z.array(z.object({ label: z.string(), approvers: z.array(z.string()) })),
  orders: z.array(z.object({ id: z.number().int(), orderNo: z.string() })),
  actions: z.array(z.string()),
  history: z.array(documentHistoryView),
});
export type PurchaseRequestDetail = z.infer<typeof purchaseRequestDetail>;

export const purchaseRequestDecision = z.object({
  sysNo: recordId,
  comment: z.string().trim().max(300, '审批意见最多300个字符').default(''),
});
export const purchaseRequestReject = z.object({
  sysNo: recordId,
  comment: z.string().trim().min(1, '请填写驳回原因').max(300, '驳回原因最多300个字符'),
});
