import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EnquirySheetLines } from '@aquamall/shared';
import { api, downloadEndpoint, endpointUrl, request, type InputOf } from '../../../lib/api.ts';

/** POST /api/enquiry/mine — the purchaser's enquiries of one tab. */
export const useMyEnquiries = (params: InputOf<'enquiryMine'>) =>
  useQuery({
    queryKey: ['enquiries', 'list', params],
    queryFn: () => api.read('enquiryMine', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** POST /api/enquiry/export — the list under the same tab and filters as an Excel file. */
export const exportMyEnquiries = (params: InputOf<'enquiryMineExport'>) => downloadEndpoint('enquiryMineExport', params);

/** GET /api/enquiry/counts — enquiries per status tab. */
export const useEnquiryCounts = () =>
  useQuery({ queryKey: ['enquiries', 'counts'], queryFn: () => api.read('enquiryCounts', undefined, { suppressError: true }) });

/** GET /api/enquiry/mineDetail — one enquiry with lines, invitations, award orders and actions. */
export const useMyEnquiry = (id: number | null) =>
  useQuery({
    queryKey: ['enquiries', 'detail', id],
    queryFn: () => api.read('enquiryMineDetail', { id: id! }, { suppressError: true }),
    enabled: id !== null,
  });

/** GET /api/enquiry/offers — the comparison (sealed: counts only before the deadline). */
const offerComparison = (enquiryId: number | null) => ({
  queryKey: ['enquiries', 'offers', enquiryId],
  queryFn: () => api.read('enquiryOffers', { enquiryId: enquiryId! }, { suppressError: true }),
});
export const useOfferComparison = (enquiryId: number | null) =>
  useQuery({ ...offerComparison(enquiryId), enabled: enquiryId !== null });

/**
 * Starts loading the comparison of enquiry/offerList?id=N while the page's code loads (the route's loader), so
 * the two no longer wait on each other (decision 0123). Answers at once; the page's useQuery picks it up.
 */
export function prefetchOfferComparison(client: QueryClient, url: string): null {
  const id = Number(new URL(url).searchParams.get('id'));
  if (Number.isInteger(id) && id > 0) void client.prefetchQuery(offerComparison(id));
  return null;
}

/** GET /api/enquiry/offer — one offer with every version. */
export const useOfferDetail = (quotationId: number | null) =>
  useQuery({
    queryKey: ['enquiries', 'offer', quotationId],
    queryFn: () => api.read('enquiryOfferDetail', { quotationId: quotationId! }, { suppressError: true }),
    enabled: quotationId !== null,
  });

/** GET /api/enquiry/fromProduct — line 1 and the supplier to invite for 询价 from a goods page (decision 0185). */
export const useEnquiryFromProduct = (productId: number | null, skuId: number | null) =>
  useQuery({
    queryKey: ['enquiries', 'fromProduct', productId, skuId],
    queryFn: () => api.read('enquiryFromProduct', { productId: productId!, skuId: skuId ?? undefined }, { suppressError: true }),
    enabled: productId !== null,
    staleTime: Infinity,
  });

/** GET /api/enquiry/suppliers — approved suppliers to invite. */
export const useSupplierOptions = (keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: ['enquiries', 'suppliers', keyword],
    queryFn: () => api.read('enquirySuppliers', { keyword: keyword || undefined }, { suppressError: true }),
    enabled,
    placeholderData: keepPreviousData,
  });

/** POST /api/product/query — catalogue goods to pick a line from. */
export const useGoodsPick = (keyword: string) =>
  useQuery({
    queryKey: ['enquiries', 'goods', keyword],
    queryFn: () => api.read('goodsQuery', { productName: keyword, pageIndex: 1, pageSize: 10 }, { suppressError: true }),
    enabled: keyword.length > 0,
    placeholderData: keepPreviousData,
  });

export const exportOffers = (enquiryId: number) => downloadEndpoint('enquiryOffersExport', { enquiryId });

/** POST /api/enquiry/importLines — lines read from an .xlsx. */
export function importSheet(file: File): Promise<EnquirySheetLines> {
  const form = new FormData();
  form.append('file', file, file.name);
  return request<EnquirySheetLines>('POST', endpointUrl('enquiryImportLines'), form, { suppressSuccess: true });
}

/** An enquiry command: afterwards every enquiry query (and order lists after an award) is refreshed. */
function useEnquiryMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['enquiries'] });
      void qc.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export const useSaveEnquiry = () => useEnquiryMutation((v: InputOf<'enquirySave'>) => api.run('enquirySave', v));
export const useExtendEnquiry = () => useEnquiryMutation((v: InputOf<'enquiryExtend'>) => api.run('enquiryExtend', v));
export const useWithdrawEnquiry = () => useEnquiryMutation((v: InputOf<'enquiryWithdraw'>) => api.run('enquiryWithdraw', v));
export const useAwardEnquiry = () => useEnquiryMutation((v: InputOf<'enquiryAward'>) => api.run('enquiryAward', v));

/** GET /api/area/tree — 省/市/区 for the delivery area. */
export const useAreaTree = () =>
  useQuery({ queryKey: ['enquiries', 'areas'], queryFn: () => api.read('areaTree', undefined, { suppressError: true }), staleTime: 60 * 60_000 });
