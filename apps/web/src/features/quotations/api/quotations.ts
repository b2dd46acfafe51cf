import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadEndpoint, type InputOf } from '../../../lib/api.ts';

export type QuotationListParams = InputOf<'quotationList'>;

/** POST /api/quotation/list — the supplier's offers with status counts and unread messages. */
export const useQuotationList = (params: QuotationListParams) =>
  useQuery({
    queryKey: ['quotations', 'list', params],
    queryFn: () => api.read('quotationList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/quotation/detail — the enquiry with the caller's offer (by offer id or enquiry id). */
export const useQuotationDetail = (q: { id?: number; enquiryId?: number } | null) =>
  useQuery({
    queryKey: ['quotations', 'detail', q],
    queryFn: () => api.read('quotationDetail', q!, { suppressError: true }),
    enabled: q !== null,
  });

/** A quotation command: afterwards every quotation query is refreshed. */
function useQuotationMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['quotations'] });
    },
  });
}

/** POST /api/quotation/submit with the form's Idempotency-Key (kept until the form changes or succeeds). */
export const useSubmitQuotation = () =>
  useQuotationMutation((v: { key: string; body: InputOf<'quotationSubmit'> }) =>
    // The page tells the outcome itself: a new version, or nothing changed (decision 0185).
    api.run('quotationSubmit', v.body, { headers: { 'idempotency-key': v.key }, suppressSuccess: true }),
  );
export const useWithdrawQuotation = () =>
  useQuotationMutation((v: InputOf<'quotationWithdraw'>) => api.run('quotationWithdraw', v));

/** POST /api/quotation/export — the filtered list as an Excel file. */
export const exportQuotations = (params: QuotationListParams) => downloadEndpoint('quotationExport', params);
