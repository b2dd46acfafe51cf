import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadEndpoint, type InputOf } from '../../../lib/api.ts';

/** Credit accounts (companyAccount/*): queries keyed under ['credit'], every command refreshes them all. */

export const useAccountList = (params: InputOf<'creditAccountList'>) =>
  useQuery({ queryKey: ['credit', 'list', params], queryFn: () => api.read('creditAccountList', params, { suppressError: true }), placeholderData: keepPreviousData });
export const useApplyList = (params: InputOf<'creditApplyList'>) =>
  useQuery({ queryKey: ['credit', 'applyList', params], queryFn: () => api.read('creditApplyList', params, { suppressError: true }), placeholderData: keepPreviousData });
export const useAccountDetail = (id: number | null) =>
  useQuery({ queryKey: ['credit', 'detail', id], queryFn: () => api.read('creditAccountDetail', { id: id! }, { suppressError: true }), enabled: id !== null });
export const useSupplierOptions = (keyword: string) =>
  useQuery({ queryKey: ['credit', 'suppliers', keyword], queryFn: () => api.read('creditSuppliers', { keyword: keyword || undefined }, { suppressError: true }) });
export const useRequestList = (params: InputOf<'creditRequestList'>) =>
  useQuery({ queryKey: ['credit', 'requests', params], queryFn: () => api.read('creditRequestList', params, { suppressError: true }), placeholderData: keepPreviousData });
export const useLedger = (params: InputOf<'creditLedger'>) =>
  useQuery({ queryKey: ['credit', 'ledger', params], queryFn: () => api.read('creditLedger', params, { suppressError: true }), placeholderData: keepPreviousData });
export const useStatementList = (params: InputOf<'statementList'>) =>
  useQuery({ queryKey: ['credit', 'statements', params], queryFn: () => api.read('statementList', params, { suppressError: true }), placeholderData: keepPreviousData });
/** GET statement/overlap — the standing statement a chosen period overlaps (the issue form warns at once), or null. */
export const useStatementOverlap = (params: InputOf<'statementOverlap'> | null) =>
  useQuery({
    queryKey: ['credit', 'statementOverlap', params],
    queryFn: () => api.read('statementOverlap', params!, { suppressError: true }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
export const useStatementDetail = (id: number | null) =>
  useQuery({ queryKey: ['credit', 'statement', id], queryFn: () => api.read('statementDetail', { id: id! }, { suppressError: true }), enabled: id !== null });

function useCreditMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: ['credit'] }) });
}

export const useApply = () => useCreditMutation((v: InputOf<'creditApply'>) => api.run('creditApply', v));
export const useApprove = () => useCreditMutation((v: InputOf<'creditApprove'>) => api.run('creditApprove', v));
export const useReject = () => useCreditMutation((v: InputOf<'creditReject'>) => api.run('creditReject', v));
export const useTerms = () => useCreditMutation((v: InputOf<'creditTerms'>) => api.run('creditTerms', v));
export const useFreeze = () => useCreditMutation((v: InputOf<'creditFreeze'>) => api.run('creditFreeze', v));
export const useUnfreeze = () => useCreditMutation((v: InputOf<'creditUnfreeze'>) => api.run('creditUnfreeze', v));
export const useAdjust = () => useCreditMutation((v: InputOf<'creditAdjust'>) => api.run('creditAdjust', v));
export const useRecharge = () => useCreditMutation((v: InputOf<'creditRecharge'>) => api.run('creditRecharge', v));
export const useCustomerRecharge = () => useCreditMutation((v: InputOf<'creditCustomerRecharge'>) => api.run('creditCustomerRecharge', v));
export const useRefund = () => useCreditMutation((v: InputOf<'creditRefund'>) => api.run('creditRefund', v));
export const useConfirmRequest = () => useCreditMutation((v: InputOf<'creditRequestConfirm'>) => api.run('creditRequestConfirm', v));
export const useRejectRequest = () => useCreditMutation((v: InputOf<'creditRequestReject'>) => api.run('creditRequestReject', v));
export const useIssueStatement = () => useCreditMutation((v: InputOf<'statementIssue'>) => api.run('statementIssue', v));
export const useConfirmStatement = () => useCreditMutation((v: InputOf<'statementConfirm'>) => api.run('statementConfirm', v));
export const useDisputeStatement = () => useCreditMutation((v: InputOf<'statementDispute'>) => api.run('statementDispute', v));

/** GET /api/companyAccount/payee — where a recharge transfer goes (the supplier's verified account and the note). */
export const useCreditPayee = (id: number | null) =>
  useQuery({ queryKey: ['credit', 'payee', id], queryFn: () => api.read('creditPayee', { id: id! }, { suppressError: true }), enabled: id !== null });

export const exportAccounts = (params: InputOf<'creditAccountExport'>) => downloadEndpoint('creditAccountExport', params);
export const exportLedger = (params: InputOf<'creditLedgerExport'>) => downloadEndpoint('creditLedgerExport', params);
export const exportStatementExcel = (id: number) => downloadEndpoint('statementExcel', { id });
export const exportStatementPdf = (id: number) => downloadEndpoint('statementPdf', { id });
