import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApprovalRuleInput } from '@aquamall/shared';
import { api, type InputOf } from '../../../lib/api.ts';

/** Purchase requests (采购申请) and approval rules (审批设置), docs/product/approvals.md. */
export type RequestListParams = InputOf<'purchaseRequestList'>;

/** POST /api/purchase-request/list — 待我审批, 我的采购申请 or the company's, paged. */
export const useRequestList = (params: RequestListParams) =>
  useQuery({
    queryKey: ['approvals', 'requests', params],
    queryFn: () => api.read('purchaseRequestList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/purchase-request/detail — one request with its steps, actions and history. */
export const useRequestDetail = (id: number | null) =>
  useQuery({
    queryKey: ['approvals', 'request', id],
    queryFn: () => api.read('purchaseRequestDetail', { sysNo: id! }, { suppressError: true }),
    enabled: id !== null,
  });

function useApprovalMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['approvals'] });
    },
  });
}

export const useApproveRequest = () =>
  useApprovalMutation((v: { sysNo: number; comment: string }) => api.run('purchaseRequestApprove', v));
export const useRejectRequest = () =>
  useApprovalMutation((v: { sysNo: number; comment: string }) => api.run('purchaseRequestReject', v));
export const useWithdrawRequest = () =>
  useApprovalMutation((sysNo: number) => api.run('purchaseRequestWithdraw', { sysNo }));

/** POST /api/approval/rule/list — the company's rules in the order they are tried. */
export const useRuleList = (params: InputOf<'approvalRuleList'>) =>
  useQuery({
    queryKey: ['approvals', 'rules', params],
    queryFn: () => api.read('approvalRuleList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

export const useSaveRule = () =>
  useApprovalMutation((v: ApprovalRuleInput & { sysNo?: number }) =>
    v.sysNo ? api.run('approvalRuleUpdate', { ...v, sysNo: v.sysNo }) : api.run('approvalRuleCreate', v),
  );
export const useDeleteRule = () => useApprovalMutation((sysNo: number) => api.run('approvalRuleDelete', { sysNo }));

/** The choices a rule's form offers: the company's departments, roles and users. */
export const departmentChoices = queryOptions({ queryKey: ['approvals', 'departments'], queryFn: () => api.read('departmentAll') });
export const roleChoices = queryOptions({ queryKey: ['approvals', 'roles'], queryFn: () => api.read('roleAll') });
export const userChoices = queryOptions({
  queryKey: ['approvals', 'users'],
  queryFn: () => api.read('userList', { pageIndex: 1, pageSize: 100 }),
});

/** GET /api/approval/rule/suppliers — supplier shops a rule may be limited to, by name (the first page). */
export const useRuleSupplierOptions = (keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: ['approvals', 'suppliers', keyword],
    queryFn: () => api.read('approvalRuleSuppliers', { keyword: keyword || undefined, pageIndex: 1, pageSize: 20 }, { suppressError: true }),
    enabled,
    placeholderData: keepPreviousData,
  });
