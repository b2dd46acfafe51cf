import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type InputOf } from '../../../lib/api.ts';

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
export const useShopInfo = (id: number | null) =>
  useQuery({
    queryKey: ['mall', 'shop-info', id],
    queryFn: () => api.read('shopInfo', { id }, quiet),
    enabled: !!id,
    retry: false,
  });

/** GET /api/queryCompanyOpenInfo/{id} */
export const useCompanyOpenInfo = (id: number | null) =>
  useQuery({
    queryKey: ['mall', 'company-open-info', id],
    queryFn: () => api.read('shopCompanyInfo', { id }, quiet),
    enabled: !!id,
    retry: false,
  });

/** GET /api/queryFloorData/{id} */
export const useShopFloors = (id: number | null) =>
  useQuery({
    queryKey: ['mall', 'shop-floors', id],
    queryFn: () => api.read('shopFloors', { id }, quiet),
    enabled: !!id,
    retry: false,
  });

/** GET /api/companystore/categories/{id} */
export const useShopCategories = (id: number | null) =>
  useQuery({
    queryKey: ['mall', 'shop-categories', id],
    queryFn: () => api.read('shopCategories', { id }, quiet),
    enabled: !!id,
    retry: false,
  });
