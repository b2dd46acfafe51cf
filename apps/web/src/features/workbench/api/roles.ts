import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged, RoleGrantOptions, RoleInput, RoleRow } from '@aquamall/shared';
import { api } from '../../../lib/api.ts';

export interface RoleListParams {
  pageIndex: number;
  pageSize: number;
  keyword?: string;
}

/** POST /api/role/list — the company's roles and the presets of its type, paged. */
export const useRoleList = (params: RoleListParams) =>
  useQuery({
    queryKey: ['workbench', 'roles', 'list', params],
    queryFn: () => api.query<Paged<RoleRow>>('/api/role/list', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/role/all — every assignable role (for selects). */
export const allRolesQuery = queryOptions({
  queryKey: ['workbench', 'roles', 'all'],
  queryFn: () => api.get<{ sysNo: number; name: string; isPreset: boolean }[]>('/api/role/all'),
});

/** GET /api/role/grants — what a role may grant: menus and permissions of the company type. */
export const useRoleGrants = (enabled: boolean) =>
  useQuery({
    queryKey: ['workbench', 'roles', 'grants'],
    queryFn: () => api.get<RoleGrantOptions>('/api/role/grants'),
    enabled,
    staleTime: 5 * 60_000,
  });

function useRoleMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['workbench'] });
    },
  });
}

export const useSaveRole = () =>
  useRoleMutation((v: RoleInput & { sysNo?: number }) =>
    v.sysNo ? api.command('/api/role/update', v) : api.command('/api/role/create', v),
  );

export const useDeleteRole = () =>
  useRoleMutation((sysNo: number) => api.command('/api/role/delete', { sysNo }));
