import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PermissionCode } from '@aquamall/shared';
import { api } from '../../../lib/api.ts';
import { myAccessQuery } from '../../../lib/my-access.ts';
import { sessionStore } from '../../session/index.ts';
import { webMenusQuery } from './menus.ts';

export { myAccessQuery };

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

/**
 * Starts loading what the workbench gate needs (the menu and the access list) as a /customer route is entered,
 * alongside the page's code, since the page itself renders only once both are known (shellGate). Without a
 * session nothing is asked (RequireAuth sends the visitor to login).
 */
export function prefetchWorkbenchGate(client: QueryClient): null {
  if (sessionStore.get().token) {
    void client.prefetchQuery(webMenusQuery);
    void client.prefetchQuery(myAccessQuery);
  }
  return null;
}
