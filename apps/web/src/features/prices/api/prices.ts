import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadEndpoint, type InputOf } from '../../../lib/api.ts';

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
