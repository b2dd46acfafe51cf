import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { GoodsDetail, GoodsPage, GoodsQueryInput } from '@aquamall/shared';
import { api } from '../../../lib/api.ts';

/** POST /api/product/query — the public goods list (keyword, category, price, supplier, area, sort, paging). */
export function useGoods(query: GoodsQueryInput, enabled = true) {
  return useQuery({
    queryKey: ['mall', 'goods', query],
    queryFn: () => api.query<GoodsPage>('/api/product/query', query, { suppressError: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/product/{id} — one public product with its shop card and related goods. */
export function useGoodsDetail(id: number | null) {
  return useQuery({
    queryKey: ['mall', 'goods-detail', id],
    queryFn: () => api.get<GoodsDetail>(`/api/product/${id}`, undefined, { suppressError: true }),
    enabled: !!id,
    retry: false,
  });
}
