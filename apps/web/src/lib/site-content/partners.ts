import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Partner } from '@aquamall/shared';
import { api } from '../api.ts';
import { controlList } from './controls.ts';

/** GET /api/page/web_cooperationcompany — partner companies. */
export const partnersQuery = queryOptions({
  queryKey: ['site', 'partners'],
  queryFn: async () => controlList<Partner>(await api.read('sitePartners', undefined, { suppressError: true }), 'web_cooperationcompany'),
  staleTime: 10 * 60_000,
});

export const usePartners = () => useQuery(partnersQuery);
