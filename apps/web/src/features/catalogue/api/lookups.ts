import { queryOptions } from '@tanstack/react-query';
import type { AreaNode, CategoryNode } from '@aquamall/shared';
import { api } from '../../../lib/api.ts';

/** GET /api/product/category — the 3-level category tree (for the editor's cascader and the list filter). */
export const categoryTreeQuery = queryOptions({
  queryKey: ['catalogue', 'lookups', 'categories'],
  queryFn: () => api.get<CategoryNode[]>('/api/product/category', undefined, { suppressError: true }),
  staleTime: 5 * 60_000,
});

/** GET /api/areas — province → city → district (origin area). */
export const areaTreeQuery = queryOptions({
  queryKey: ['catalogue', 'lookups', 'areas'],
  queryFn: () => api.get<AreaNode[]>('/api/areas', undefined, { suppressError: true }),
  staleTime: 60 * 60_000,
});
