import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryNode } from '@aquamall/shared';
import { api } from '../../../lib/api.ts';

/** GET /api/product/category — the 3-level category tree. */
export const categoriesQuery = queryOptions({
  queryKey: ['site', 'categories'],
  queryFn: () => api.get<CategoryNode[]>('/api/product/category', undefined, { suppressError: true }),
  staleTime: 10 * 60_000,
});

export const useCategories = () => useQuery(categoriesQuery);
