import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type InputOf } from '../../../lib/api.ts';

export type AgreementListParams = InputOf<'agreementList'>;

/** POST /api/agreement/list — the company's agreements on its side (purchaser or supplier), paged. */
export const useAgreementList = (params: AgreementListParams) =>
  useQuery({
    queryKey: ['agreement', 'list', params],
    queryFn: () => api.read('agreementList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/agreement/detail — one agreement with its lines (used / remaining), call-offs, history and actions. */
export const useAgreementDetail = (id: number | null) =>
  useQuery({
    queryKey: ['agreement', 'detail', id],
    queryFn: () => api.read('agreementDetail', { id: id! }, { suppressError: true }),
    enabled: id !== null,
  });

/** GET /api/agreement/buyers — purchaser companies by name (the supplier's form). */
export const useAgreementBuyers = (keyword: string) =>
  useQuery({
    queryKey: ['agreement', 'buyers', keyword],
    queryFn: () => api.read('agreementBuyers', { keyword }, { suppressError: true }),
    enabled: keyword.trim().length > 0,
  });

/** The purchaser's delivery addresses and invoice titles (the call-off form). */
export const useCallOffChoices = (enabled: boolean) => ({
  addresses: useQuery({
    queryKey: ['address', 'list'],
    queryFn: () => api.read('addressList', undefined, { suppressError: true }),
    enabled,
  }),
  titles: useQuery({
    queryKey: ['invoice-title', 'list'],
    queryFn: () => api.read('invoiceTitleList', undefined, { suppressError: true }),
    enabled,
  }),
});

/** An agreement command: afterwards every agreement query (and the orders) is refreshed. */
function useAgreementMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['agreement'] });
      void qc.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export const useCreateAgreement = () => useAgreementMutation((v: InputOf<'agreementCreate'>) => api.run('agreementCreate', v));
export const useEditAgreement = () => useAgreementMutation((v: InputOf<'agreementEdit'>) => api.run('agreementEdit', v));
export const useConfirmAgreement = () => useAgreementMutation((v: InputOf<'agreementConfirm'>) => api.run('agreementConfirm', v));
export const useRejectAgreement = () => useAgreementMutation((v: InputOf<'agreementReject'>) => api.run('agreementReject', v));
export const useAcceptAgreement = () => useAgreementMutation((v: InputOf<'agreementAccept'>) => api.run('agreementAccept', v));
export const useDeclineAgreement = () => useAgreementMutation((v: InputOf<'agreementDecline'>) => api.run('agreementDecline', v));
export const useTerminateAgreement = () => useAgreementMutation((v: InputOf<'agreementTerminate'>) => api.run('agreementTerminate', v));
export const useCallOff = () => useAgreementMutation((v: InputOf<'agreementCallOff'>) => api.run('agreementCallOff', v));
