import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoleInput } from '@aquamall/shared';
import { api, type InputOf } from '../../../lib/api.ts';

export type RoleListParams = InputOf<'roleList'>;

/** POST /api/role/list — the company's roles and the presets of its type, paged. */
export const useRoleList = (params: RoleListParams) =>
  useQuery({
    queryKey: ['workbench', 'roles', 'list', params],
    queryFn: () => api.read('roleList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/role/all — every assignable role (for selects). */
export const allRolesQuery = queryOptions({
  queryKey: ['workbench', 'roles', 'all'],
  queryFn: () => api.read('roleAll'),
});

/** GET /api/role/grants — what a role may grant: menus and permissions of the company type. */
export const useRoleGrants = (enabled: boolean) =>
  useQuery({
    queryKey: ['workbench', 'roles', 'grants'],
    queryFn: () => api.read('roleGrants'),
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
    v.sysNo ? api.run('roleUpdate', { ...v, sysNo: v.sysNo }) : api.run('roleCreate', v),
  );

export const useDeleteRole = () =>
  useRoleMutation((sysNo: number) => api.run('roleDelete', { sysNo }));
