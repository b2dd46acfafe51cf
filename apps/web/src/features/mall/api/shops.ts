import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type InputOf } from '../../../lib/api.ts';
import { useRecord } from './record.ts';

const quiet = { suppressError: true };

/** POST /api/querycompanystore — open supplier shops by name. */
export const useShops = (query: InputOf<'shopList'>, enabled = true) =>
  useQuery({
    queryKey: ['mall', 'shops', query],
    queryFn: () => api.read('shopList', query, quiet),
    placeholderData: keepPreviousData,
    enabled,
  });

/** POST /api/purchaser/query — purchaser companies (public facts only). */
export const usePurchasers = (query: InputOf<'purchaserList'>) =>
  useQuery({
    queryKey: ['mall', 'purchasers', query],
    queryFn: () => api.read('purchaserList', query, quiet),
    placeholderData: keepPreviousData,
  });

/** GET /api/companystoreinfo/{id} */
export const useShopInfo = (id: number | null) => useRecord('shopInfo', 'shop-info', id);

/** GET /api/queryCompanyOpenInfo/{id} */
export const useCompanyOpenInfo = (id: number | null) => useRecord('shopCompanyInfo', 'company-open-info', id);

/** GET /api/queryFloorData/{id} */
export const useShopFloors = (id: number | null) => useRecord('shopFloors', 'shop-floors', id);

/** GET /api/companystore/categories/{id} */
export const useShopCategories = (id: number | null) => useRecord('shopCategories', 'shop-categories', id);
