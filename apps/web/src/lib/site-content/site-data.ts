import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';

/** POST /api/index — navigation, banners, statistics, footer and settings of the site (docs/product/mall.md#site-data). */
export const siteDataQuery = queryOptions({
  queryKey: ['site', 'index'],
  queryFn: () => api.read('siteData', undefined, { suppressError: true }),
  staleTime: 5 * 60_000,
});

export const useSiteData = () => useQuery(siteDataQuery);
