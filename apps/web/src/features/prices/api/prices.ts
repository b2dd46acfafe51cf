import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractPriceImportResult } from '@aquamall/shared';
import { api, downloadEndpoint, endpointUrl, request, type InputOf } from '../../../lib/api.ts';

export type ContractPriceListParams = InputOf<'contractPriceList'>;

/** POST /api/contractPrice/list — the supplier's contract price rules, filtered and paged. */
export const useContractPriceList = (params: ContractPriceListParams) =>
  useQuery({
    queryKey: ['contract-price', 'list', params],
    queryFn: () => api.read('contractPriceList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/agreement/buyers — purchaser companies by name (the same picker as framework agreements). */
export const usePurchaserSearch = (keyword: string) =>
  useQuery({
    queryKey: ['contract-price', 'buyers', keyword],
    queryFn: () => api.read('agreementBuyers', { keyword }, { suppressError: true }),
    enabled: keyword.trim().length > 0,
  });

/** GET /api/contractPrice/skus — the supplier's own SKUs by code or product name. */
export const useOwnSkuSearch = (keyword: string) =>
  useQuery({
    queryKey: ['contract-price', 'skus', keyword],
    queryFn: () => api.read('contractPriceSkus', { keyword }, { suppressError: true }),
    enabled: keyword.trim().length > 0,
  });

/** A rule command: afterwards the list is refreshed. */
function useRuleMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['contract-price', 'list'] }),
  });
}

export const useCreateContractPrice = () => useRuleMutation((v: InputOf<'contractPriceCreate'>) => api.run('contractPriceCreate', v));
export const useEditContractPrice = () => useRuleMutation((v: InputOf<'contractPriceEdit'>) => api.run('contractPriceEdit', v));
export const useEndContractPrice = () => useRuleMutation((id: number) => api.run('contractPriceEnd', { id }));
export const useDeleteContractPrice = () => useRuleMutation((id: number) => api.run('contractPriceDelete', { id }));

/** POST /api/contractPrice/export — the filtered rules as an Excel workbook (saved by the browser). */
export const exportContractPrices = (params: ContractPriceListParams) => downloadEndpoint('contractPriceExport', params);

/** GET /api/contractPrice/template — the price list template (sheet 协议价 and 填写说明). */
export const downloadPriceListTemplate = () => downloadEndpoint('contractPriceTemplate');

/**
 * POST /api/contractPrice/import — an edited template or export: every row checked, all imported or none (the
 * answer names the refused rows). The list is refreshed after an import.
 */
export const useImportPriceList = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return request<ContractPriceImportResult>('POST', endpointUrl('contractPriceImport'), form, { suppressSuccess: true, suppressError: true });
    },
    onSuccess: (r) => {
      if (r.imported) void qc.invalidateQueries({ queryKey: ['contract-price', 'list'] });
    },
  });
};

// Customer groups (客户分组): the supplier's named sets of purchasers, targets of contract prices.
export type CustomerGroupListParams = InputOf<'customerGroupList'>;
const GROUPS = ['customer-group'] as const;

export const useCustomerGroups = (params: CustomerGroupListParams, enabled = true) =>
  useQuery({
    queryKey: [...GROUPS, 'list', params],
    queryFn: () => api.read('customerGroupList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useCustomerGroupMembers = (params: InputOf<'customerGroupMembers'>, enabled: boolean) =>
  useQuery({
    queryKey: [...GROUPS, 'members', params],
    queryFn: () => api.read('customerGroupMembers', params, { suppressError: true }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** A group command: afterwards the groups (and the rule list, which names groups) are refreshed. */
function useGroupMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: GROUPS });
      void qc.invalidateQueries({ queryKey: ['contract-price', 'list'] });
    },
  });
}

export const useCreateCustomerGroup = () => useGroupMutation((name: string) => api.run('customerGroupCreate', { name }));
export const useRenameCustomerGroup = () => useGroupMutation((v: InputOf<'customerGroupRename'>) => api.run('customerGroupRename', v));
export const useDeleteCustomerGroup = () => useGroupMutation((id: number) => api.run('customerGroupDelete', { id }));
export const useAddGroupMembers = () => useGroupMutation((v: InputOf<'customerGroupAddMembers'>) => api.run('customerGroupAddMembers', v));
export const useRemoveGroupMembers = () => useGroupMutation((v: InputOf<'customerGroupRemoveMembers'>) => api.run('customerGroupRemoveMembers', v));
