import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyAccess, PermissionCode, WorkbenchTodo } from '@aquamall/shared';
import { api } from '../../../lib/api.ts';

/** GET /api/role/mine — the caller's permissions (buttons the server would refuse are not offered). */
export const myAccessQuery = queryOptions({
  queryKey: ['workbench', 'access'],
  queryFn: () => api.get<MyAccess>('/api/role/mine'),
  staleTime: 5 * 60_000,
});

export function useCan(code: PermissionCode): boolean {
  const { data } = useQuery(myAccessQuery);
  return !!data && (data.isCompanyAdmin || data.permissions.includes(code));
}

/** GET /api/workbench/todo — counts for customer-home. */
export const todoQuery = queryOptions({
  queryKey: ['workbench', 'todo'],
  queryFn: () => api.get<WorkbenchTodo>('/api/workbench/todo', undefined, { suppressError: true }),
  staleTime: 30_000,
});
