import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type InputOf } from '../../../lib/api.ts';

/** POST /api/tender/list — the purchaser's tenders by status tab. */
export const useTenderList = (params: InputOf<'tenderList'>) =>
  useQuery({
    queryKey: ['tenders', 'list', params],
    queryFn: () => api.read('tenderList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** POST /api/tender/supplierList — my tenders (scope 0) or open tenders I qualify for (scope 1). */
export const useSupplierTenders = (params: InputOf<'tenderSupplierList'>) =>
  useQuery({
    queryKey: ['tenders', 'supplier', params],
    queryFn: () => api.read('tenderSupplierList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/tender/detail — one tender, as the purchaser or a supplier sees it. */
export const useTender = (id: number | null) =>
  useQuery({
    queryKey: ['tenders', 'detail', id],
    queryFn: () => api.read('tenderDetail', { id: id! }, { suppressError: true }),
    enabled: id !== null,
  });

/** GET /api/tender/rules — the platform's sealed-bid windows (shortest bidding window, days after a change). */
export const useTenderRules = () =>
  useQuery({
    queryKey: ['tenders', 'rules'],
    queryFn: () => api.read('tenderRules', undefined, { suppressError: true }),
    staleTime: 3_600_000,
  });

/** Open supplier shops by name (the invited-supplier picker). */
export const useShopOptions = (name: string) =>
  useQuery({
    queryKey: ['tenders', 'shops', name],
    queryFn: () => api.read('shopList', { name, pageIndex: 1, pageSize: 20 }, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** A tender command: afterwards every tender query is refreshed. */
function useTenderMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['tenders'] });
    },
  });
}

export const useSaveTender = () => useTenderMutation((v: InputOf<'tenderSave'>) => api.run('tenderSave', v));
export const usePublishTender = () => useTenderMutation((v: InputOf<'tenderPublish'>) => api.run('tenderPublish', v));
export const useAnswerQuestion = () => useTenderMutation((v: InputOf<'tenderAnswer'>) => api.run('tenderAnswer', v));
export const useScoreBids = () => useTenderMutation((v: InputOf<'tenderScore'>) => api.run('tenderScore', v));
export const useAwardLot = () => useTenderMutation((v: InputOf<'tenderAward'>) => api.run('tenderAward', v));
export const usePublishResult = () => useTenderMutation((v: InputOf<'tenderPublishResult'>) => api.run('tenderPublishResult', v));
export const useRepublish = () => useTenderMutation((v: InputOf<'tenderRepublish'>) => api.run('tenderRepublish', v));
export const useReplyObjection = () => useTenderMutation((v: InputOf<'tenderReplyObjection'>) => api.run('tenderReplyObjection', v));
export const useRegister = () => useTenderMutation((v: InputOf<'tenderRegister'>) => api.run('tenderRegister', v));
// The editor tells the outcome itself: a new version, or nothing changed (decision 0185).
export const useSubmitBid = () => useTenderMutation((v: InputOf<'tenderBid'>) => api.run('tenderBid', v, { suppressSuccess: true }));
export const useWithdrawBid = () => useTenderMutation((v: InputOf<'tenderWithdraw'>) => api.run('tenderWithdraw', v));
export const useReconfirmBid = () => useTenderMutation((v: InputOf<'tenderReconfirm'>) => api.run('tenderReconfirm', v));
export const useAskQuestion = () => useTenderMutation((v: InputOf<'tenderAsk'>) => api.run('tenderAsk', v));
export const useObject = () => useTenderMutation((v: InputOf<'tenderObject'>) => api.run('tenderObject', v));
