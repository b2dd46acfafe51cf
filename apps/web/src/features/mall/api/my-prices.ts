import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CompanyType, type MyPrice } from '@aquamall/shared';
import { api, type InputOf } from '../../../lib/api.ts';
import { useSession } from '../../session/index.ts';
import { useMallCompanyType } from './session-user.ts';

/**
 * POST /api/pricing/mine — the signed-in purchaser company's negotiated prices for the products on screen. The
 * goods answers stay public and cached for everyone; this small call overlays the caller's own prices
 * (docs/decisions/0209-contract-price-management.md). Visitors and suppliers never call it.
 */
export function useMyPrices(productIds: readonly number[]) {
  const { token } = useSession();
  const purchaser = useMallCompanyType() === CompanyType.PURCHASER;
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  return useQuery({
    queryKey: ['pricing', 'mine', token, ids],
    queryFn: async (): Promise<MyPrice[]> => (await api.read('pricingMine', { productIds: ids }, { suppressError: true })).skus,
    enabled: !!token && purchaser && ids.length > 0,
    staleTime: 60_000,
  });
}

/**
 * The same prices for a goods list page named by its own query (the body of `useGoods`): sent at the same time
 * as the list instead of after it, so the page waits for one round trip, not two (decision 0248). The previous
 * page's prices stay while the next loads, as the list's cards do.
 */
export function useMyPricesForGoods(goods: InputOf<'goodsQuery'>) {
  const { token } = useSession();
  const purchaser = useMallCompanyType() === CompanyType.PURCHASER;
  return useQuery({
    queryKey: ['pricing', 'mine', token, 'goods', goods],
    queryFn: async (): Promise<MyPrice[]> => (await api.read('pricingMine', { goods }, { suppressError: true })).skus,
    enabled: !!token && purchaser,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
