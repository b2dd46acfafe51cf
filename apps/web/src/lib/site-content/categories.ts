import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';

/** GET /api/product/category — the 3-level category tree. */
export const categoriesQuery = queryOptions({
  queryKey: ['site', 'categories'],
  queryFn: () => api.read('categoryTree', undefined, { suppressError: true }),
  staleTime: 10 * 60_000,
});

export const useCategories = () => useQuery(categoriesQuery);
