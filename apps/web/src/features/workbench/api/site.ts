import { queryOptions } from '@tanstack/react-query';
import type { SiteData } from '@aquamall/shared';
import { api } from '../../../lib/api.ts';

/** POST /api/index (shared cache key with the mall); the sider only needs the public-account QR code. */
export const siteIndexQuery = queryOptions({
  queryKey: ['site', 'index'],
  queryFn: () => api.query<SiteData>('/api/index', {}, { suppressError: true }),
  staleTime: 5 * 60_000,
  retry: false,
});
