import { z } from 'zod';
import {
  approvalRuleInput,
  approvalRuleRow,
  approvalRuleUpdateInput,
  approvalSupplierOption,
  approvalSupplierQuery,
  departmentInput,
  departmentListQuery,
  departmentOption,
  departmentRow,
  departmentUpdateInput,
  purchaseRequestDecision,
  purchaseRequestDetail,
  purchaseRequestListQuery,
  purchaseRequestReject,
  purchaseRequestRow,
} from '../contracts/approvals.ts';
import { noData, pagedOf, pageQuery, sysNoInput } from '../envelope.ts';
import { can, COMPANY, endpoint } from './endpoint.ts';
import { CREATES, exempt, probedIn } from './isolation.ts';

const PROBE = probedIn('modules/approvals/approvals.test.ts');
const readDepartments = can('user:manage', 'approval:manage');
const manageDepartments = can('user:manage');
const manageRules = can('approval:manage');

/** Departments (部门) of a purchaser company, on the workbench users page (docs/product/approvals.md#departments). */
export const departmentEndpoints = {
  departmentList: endpoint({
    method: 'POST',
    path: '/api/department/list',
    summary: "The company's departments with their heads and members, paged",
    access: readDepartments,
    body: departmentListQuery,
    response: pagedOf(departmentRow),
    isolation: PROBE,
  }),
  departmentAll: endpoint({
    method: 'GET',
    path: '/api/department/all',
    summary: "Every department of the company (for selects)",
    access: readDepartments,
    response: z.array(departmentOption),
    isolation: PROBE,
  }),
  departmentCreate: endpoint({
    method: 'POST',
    path: '/api/department/create',
    summary: 'Create a department with its head and members',
    access: manageDepartments,
    body: departmentInput,
    response: z.object({ sysNo: z.number().int() }),
    isolation: PROBE,
  }),
  departmentUpdate: endpoint({
    method: 'POST',
    path: '/api/department/update',
    summary: 'Change a department: its name, head and members',
    access: manageDepartments,
    body: departmentUpdateInput,
    response: noData,
    isolation: PROBE,
  }),
  departmentDelete: endpoint({
    method: 'POST',
    path: '/api/department/delete',
    summary: 'Delete a department (its members keep their accounts)',
    access: manageDepartments,
    body: sysNoInput,
    response: noData,
    isolation: PROBE,
  }),
};

/** Approval rules (审批设置), kept by a purchaser company's administrator (docs/product/approvals.md#rules). */
export const approvalRuleEndpoints = {
  approvalRuleList: endpoint({
    method: 'POST',
    path: '/api/approval/rule/list',
    summary: "The company's approval rules in the order they are tried, paged",
    access: manageRules,
    body: pageQuery,
    response: pagedOf(approvalRuleRow),
    isolation: PROBE,
  }),
  approvalRuleSuppliers: endpoint({
    method: 'GET',
    path: '/api/approval/rule/suppliers',
    summary: 'Supplier shops a rule may be limited to, by name, paged (never the caller’s own company)',
    access: manageRules,
    query: approvalSupplierQuery,
    response: pagedOf(approvalSupplierOption),
    isolation: exempt('lists open supplier shops (public data) to pick for a rule'),
  }),
  approvalRuleCreate: endpoint({
    method: 'POST',
    path: '/api/approval/rule/create',
    summary: 'Create an approval rule',
    access: manageRules,
    body: approvalRuleInput,
    response: z.object({ sysNo: z.number().int() }),
    isolation: CREATES,
  }),
  approvalRuleUpdate: endpoint({
    method: 'POST',
    path: '/api/approval/rule/update',
    summary: 'Change an approval rule (requests already submitted keep their steps)',
    access: manageRules,
    body: approvalRuleUpdateInput,
    response: noData,
    isolation: PROBE,
  }),
  approvalRuleDelete: endpoint({
    method: 'POST',
    path: '/api/approval/rule/delete',
    summary: 'Delete an approval rule',
    access: manageRules,
    body: sysNoInput,
    response: noData,
    isolation: PROBE,
  }),
};

/** Purchase requests (采购申请): a checkout caught by a rule, decided step by step (docs/product/approvals.md#lifecycle). */
export const purchaseRequestEndpoints = {
  purchaseRequestList: endpoint({
    method: 'POST',
    path: '/api/purchase-request/list',
    summary: "The caller's requests, those waiting for the caller's decision, or (审批设置) the company's, paged",
    access: COMPANY,
    body: purchaseRequestListQuery,
    response: pagedOf(purchaseRequestRow),
    isolation: PROBE,
  }),
  purchaseRequestDetail: endpoint({
    method: 'GET',
    path: '/api/purchase-request/detail',
    summary: 'One purchase request with its lines, steps, actions and history (requester, approvers, rule managers)',
    access: COMPANY,
    query: z.object({ sysNo: z.coerce.number().int().positive().max(2_147_483_647, '编号格式不正确') }),
    response: purchaseRequestDetail,
    isolation: PROBE,
  }),
  purchaseRequestApprove: endpoint({
    method: 'POST',
    path: '/api/purchase-request/approve',
    summary: 'Approve the step waiting for the caller; the last step places the orders',
    access: COMPANY,
    body: purchaseRequestDecision,
    response: z.object({ status: z.number().int(), orderIds: z.array(z.number().int()) }),
    isolation: PROBE,
  }),
  purchaseRequestReject: endpoint({
    method: 'POST',
    path: '/api/purchase-request/reject',
    summary: 'Reject the request at the step waiting for the caller, with the reason',
    access: COMPANY,
    body: purchaseRequestReject,
    response: noData,
    isolation: PROBE,
  }),
  purchaseRequestWithdraw: endpoint({
    method: 'POST',
    path: '/api/purchase-request/withdraw',
    summary: 'The requester withdraws an undecided request',
    access: COMPANY,
    body: sysNoInput,
    response: noData,
    isolation: PROBE,
  }),
};
