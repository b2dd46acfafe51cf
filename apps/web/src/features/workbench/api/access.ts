import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PermissionCode } from '@aquamall/shared';
import { api } from '../../../lib/api.ts';

/** GET /api/role/mine — the caller's permissions (buttons the server would refuse are not offered). */
export const myAccessQuery = queryOptions({
  queryKey: ['workbench', 'access'],
  queryFn: () => api.read('myAccess'),
  staleTime: 5 * 60_000,
});

export function useCan(code: PermissionCode): boolean {
  const { data } = useQuery(myAccessQuery);
  return !!data && (data.isCompanyAdmin || data.permissions.includes(code));
}

/** GET /api/workbench/todo — counts for customer-home. */
export const todoQuery = queryOptions({
  queryKey: ['workbench', 'todo'],
  queryFn: () => api.read('workbenchTodo', undefined, { suppressError: true }),
  staleTime: 30_000,
});
