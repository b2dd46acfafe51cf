import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { toMenuModel } from '../lib/menu-tree.ts';

/** GET /api/appuser/getWebMenus — the caller's menu, kept as the flat list and the tree (docs/product/workbench.md#menus). */
export const webMenusQuery = queryOptions({
  queryKey: ['workbench', 'menus'],
  queryFn: () => api.read('webMenus'),
  select: toMenuModel,
  staleTime: 5 * 60_000,
});

export const useWebMenus = () => useQuery(webMenusQuery);
