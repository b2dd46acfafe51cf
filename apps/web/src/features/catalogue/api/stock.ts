import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type InputOf } from '../../../lib/api.ts';
import { useCatalogueMutation } from './mutation.ts';

/** POST /api/stock/list — stock per SKU (optionally the low-stock warning list). */
export const useStockList = (params: InputOf<'stockList'>) =>
  useQuery({
    queryKey: ['catalogue', 'stock', 'list', params],
    queryFn: () => api.read('stockList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** POST /api/stock/ledger — a SKU's ledger, newest first. */
export const useLedger = (params: InputOf<'stockLedger'> | null) =>
  useQuery({
    queryKey: ['catalogue', 'stock', 'ledger', params],
    queryFn: () => api.read('stockLedger', params!, { suppressError: true }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });

/** POST /api/adjustment/list — adjustment documents. */
export const useAdjustmentList = (params: InputOf<'adjustmentList'>) =>
  useQuery({
    queryKey: ['catalogue', 'adjustments', 'list', params],
    queryFn: () => api.read('adjustmentList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/adjustment/detail — one document with its lines. */
export const adjustmentDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['catalogue', 'adjustments', 'detail', id],
    queryFn: () => api.read('adjustmentDetail', { id }, { suppressError: true }),
  });
export const useAdjustmentDetail = (id: number | null) => useQuery({ ...adjustmentDetailQuery(id ?? 0), enabled: id !== null });


export const useSetLowStock = () => useCatalogueMutation((v: InputOf<'stockSetLow'>) => api.run('stockSetLow', v));
export const useCreateAdjustment = () => useCatalogueMutation((v: InputOf<'adjustmentCreate'>) => api.run('adjustmentCreate', v));
export const useUpdateAdjustment = () => useCatalogueMutation((v: InputOf<'adjustmentUpdate'>) => api.run('adjustmentUpdate', v));
export const useConfirmAdjustment = () => useCatalogueMutation((sysNo: number) => api.run('adjustmentConfirm', { sysNo }));
export const useDeleteAdjustment = () => useCatalogueMutation((sysNo: number) => api.run('adjustmentDelete', { sysNo }));
