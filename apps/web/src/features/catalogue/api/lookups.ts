import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /api/product/category — the 3-level category tree (for the editor's cascader and the list filter). */
export const categoryTreeQuery = queryOptions({
  queryKey: ['catalogue', 'lookups', 'categories'],
  queryFn: () => api.read('categoryTree', undefined, { suppressError: true }),
  staleTime: 5 * 60_000,
});

/** GET /api/areas — province → city → district (origin area). */
export const areaTreeQuery = queryOptions({
  queryKey: ['catalogue', 'lookups', 'areas'],
  queryFn: () => api.read('areaTree', undefined, { suppressError: true }),
  staleTime: 60 * 60_000,
});
