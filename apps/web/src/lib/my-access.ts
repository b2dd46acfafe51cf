import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';

/**
 * GET /api/role/mine — the caller's permissions (buttons the server would refuse are not offered). Shared by the
 * workbench and the mall pages that ask for something only some users may have (one cache entry for both).
 */
export const myAccessQuery = queryOptions({
  queryKey: ['workbench', 'access'],
  queryFn: () => api.read('myAccess'),
  staleTime: 5 * 60_000,
});
