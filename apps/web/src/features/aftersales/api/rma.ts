import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PARCEL_DELIVERED } from '@aquamall/shared';
import { api, type InputOf } from '../../../lib/api.ts';

/** POST /api/rma/list — the purchaser's (type 0) or the supplier's (type 1) after-sales requests. */
export const useRmaList = (params: InputOf<'rmaList'>) =>
  useQuery({
    queryKey: ['rma', 'list', params],
    queryFn: () => api.read('rmaList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/rma/counts — requests per status (tab badges). */
export const useRmaCounts = (type: number) =>
  useQuery({
    queryKey: ['rma', 'counts', type],
    queryFn: () => api.read('rmaCounts', { type }, { suppressError: true }),
  });

/** GET /api/rma/detail — one request with lines, photos and history. */
export const useRmaDetail = (id: number | null) =>
  useQuery({
    queryKey: ['rma', 'detail', id],
    queryFn: () => api.read('rmaDetail', { id: id! }, { suppressError: true }),
    enabled: id !== null,
  });

/** GET /api/rma/applyInfo — a completed order's lines with what may still be claimed. */
export const useRmaApplyInfo = (orderId: number | null) =>
  useQuery({
    queryKey: ['rma', 'applyInfo', orderId],
    queryFn: () => api.read('rmaApplyInfo', { orderId: orderId! }, { suppressError: true }),
    enabled: orderId !== null,
  });

/** An after-sales command: afterwards every after-sales query is refreshed. */
function useRmaMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['rma'] });
    },
  });
}

/**
 * POST /api/tracking/rma — the return parcel of a request and its route (快递100), polled every 15 s while the goods
 * are on their way back (`live`) and the parcel is not signed for yet.
 */
export const useRmaTracking = (rmaId: number, live: boolean) =>
  useQuery({
    queryKey: ['rma', 'tracking', rmaId],
    queryFn: () => api.read('trackingOfRma', { rmaId }, { suppressError: true }),
    refetchInterval: (q) => (live && !q.state.data?.parcels.every((p) => p.state === PARCEL_DELIVERED) ? 15_000 : false),
  });
/** POST /api/tracking/refresh — asks the carrier now for the return parcel (rate-limited per parcel by the server). */
export const useRefreshRmaParcel = () => useRmaMutation((parcelId: number) => api.run('trackingRefresh', { parcelId }));

export const useApplyRma = () => useRmaMutation((v: InputOf<'rmaApply'>) => api.run('rmaApply', v));
export const useWithdrawRma = () => useRmaMutation((v: InputOf<'rmaWithdraw'>) => api.run('rmaWithdraw', v));
export const useApproveRma = () => useRmaMutation((v: InputOf<'rmaApprove'>) => api.run('rmaApprove', v));
export const useRejectRma = () => useRmaMutation((v: InputOf<'rmaReject'>) => api.run('rmaReject', v));
export const useShipBackRma = () => useRmaMutation((v: InputOf<'rmaShipBack'>) => api.run('rmaShipBack', v));
export const useReceiveRma = () => useRmaMutation((v: InputOf<'rmaReceive'>) => api.run('rmaReceive', v));
export const useRefundRma = () => useRmaMutation((v: InputOf<'rmaRefund'>) => api.run('rmaRefund', v));
export const useExchangeRma = () => useRmaMutation((v: InputOf<'rmaExchange'>) => api.run('rmaExchange', v));
export const useEscalateRma = () => useRmaMutation((v: InputOf<'rmaEscalate'>) => api.run('rmaEscalate', v));

/** GET /api/address/list — the supplier's address book (the approve dialog offers its return addresses). */
export const useAddressBook = (enabled: boolean) =>
  useQuery({
    queryKey: ['buying', 'addresses'],
    queryFn: () => api.read('addressList', undefined, { suppressError: true }),
    enabled,
  });

/** GET /api/enums/areas — 省/市/区 for a return address typed in on approval. */
export const useAreaTree = (enabled: boolean) =>
  useQuery({
    queryKey: ['buying', 'areas'],
    queryFn: () => api.read('areaTree', undefined, { suppressError: true }),
    staleTime: 60 * 60_000,
    enabled,
  });
