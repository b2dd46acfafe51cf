import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type InputOf } from '../../../lib/api.ts';
import { useRecord } from './record.ts';

/** POST /api/product/query — the public goods list (keyword, category, price, supplier, area, sort, paging). */
export function useGoods(query: InputOf<'goodsQuery'>, enabled = true) {
  return useQuery({
    queryKey: ['mall', 'goods', query],
    queryFn: () => api.read('goodsQuery', query, { suppressError: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /api/product/{id} — one public product with its shop card and related goods. */
export const useGoodsDetail = (id: number | null) => useRecord('goodsDetail', 'goods-detail', id);
