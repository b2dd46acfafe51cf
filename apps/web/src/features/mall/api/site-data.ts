import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteData } from '@aquamall/shared';
import { api } from '../../../lib/api.ts';

/** POST /api/index — navigation, banners, statistics, footer and settings of the site (SPEC §3). */
export const siteDataQuery = queryOptions({
  queryKey: ['site', 'index'],
  queryFn: () => api.query<SiteData>('/api/index', {}, { suppressError: true }),
  staleTime: 5 * 60_000,
});

export const useSiteData = () => useQuery(siteDataQuery);
