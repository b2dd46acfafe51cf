import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** GET /api/areas — the area tree (provinces and cities) for the origin filter; hidden when unavailable. */
export const useAreas = () =>
  useQuery({
    queryKey: ['site', 'areas'],
    queryFn: () => api.read('areaTree', undefined, { suppressError: true }),
    staleTime: 60 * 60_000,
    retry: false,
  });
