import { useQuery } from '@tanstack/react-query';
import { CompanyType, type MyPrice } from '@aquamall/shared';
import { api } from '../../../lib/api.ts';
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
