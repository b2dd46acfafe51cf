import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CompanyOpenInfo,
  Paged,
  PurchaserItem,
  PurchaserQueryInput,
  ShopCategory,
  ShopFloor,
  ShopInfo,
  ShopListItem,
  ShopQueryInput,
} from '@aquamall/shared';
import { api } from '../../../lib/api.ts';

const quiet = { suppressError: true };

/** POST /api/querycompanystore — open supplier shops by name. */
export const useShops = (query: ShopQueryInput, enabled = true) =>
  useQuery({
    queryKey: ['mall', 'shops', query],
    queryFn: () => api.query<Paged<ShopListItem>>('/api/querycompanystore', query, quiet),
    placeholderData: keepPreviousData,
    enabled,
  });

/** POST /api/purchaser/query — purchaser companies (public facts only). */
export const usePurchasers = (query: PurchaserQueryInput) =>
  useQuery({
    queryKey: ['mall', 'purchasers', query],
    queryFn: () => api.query<Paged<PurchaserItem>>('/api/purchaser/query', query, quiet),
    placeholderData: keepPreviousData,
  });

/** GET /api/companystoreinfo/{id} */
export const useShopInfo = (id: number | null) =>
  useQuery({
    queryKey: ['mall', 'shop-info', id],
    queryFn: () => api.get<ShopInfo>(`/api/companystoreinfo/${id}`, undefined, quiet),
    enabled: !!id,
    retry: false,
  });

/** GET /api/queryCompanyOpenInfo/{id} */
export const useCompanyOpenInfo = (id: number | null) =>
  useQuery({
    queryKey: ['mall', 'company-open-info', id],
    queryFn: () => api.get<CompanyOpenInfo>(`/api/queryCompanyOpenInfo/${id}`, undefined, quiet),
    enabled: !!id,
    retry: false,
  });

/** GET /api/queryFloorData/{id} */
export const useShopFloors = (id: number | null) =>
  useQuery({
    queryKey: ['mall', 'shop-floors', id],
    queryFn: () => api.get<ShopFloor[]>(`/api/queryFloorData/${id}`, undefined, quiet),
    enabled: !!id,
    retry: false,
  });

/** GET /api/companystore/categories/{id} */
export const useShopCategories = (id: number | null) =>
  useQuery({
    queryKey: ['mall', 'shop-categories', id],
    queryFn: () => api.get<ShopCategory[]>(`/api/companystore/categories/${id}`, undefined, quiet),
    enabled: !!id,
    retry: false,
  });
