import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepartmentInput } from '@aquamall/shared';
import { api, type InputOf } from '../../../lib/api.ts';

/** POST /api/department/list — the company's departments with heads and members, paged. */
export const useDepartmentList = (params: InputOf<'departmentList'>, enabled: boolean) =>
  useQuery({
    queryKey: ['workbench', 'departments', params],
    queryFn: () => api.read('departmentList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The company's users a department may hold (the first 100, as the user page's selects). */
export const departmentUserChoices = queryOptions({
  queryKey: ['workbench', 'departments', 'users'],
  queryFn: () => api.read('userList', { pageIndex: 1, pageSize: 100 }),
});

function useDepartmentMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['workbench', 'departments'] });
      void qc.invalidateQueries({ queryKey: ['approvals'] });
    },
  });
}

export const useSaveDepartment = () =>
  useDepartmentMutation((v: DepartmentInput & { sysNo?: number }) =>
    v.sysNo ? api.run('departmentUpdate', { ...v, sysNo: v.sysNo }) : api.run('departmentCreate', v),
  );
export const useDeleteDepartment = () => useDepartmentMutation((sysNo: number) => api.run('departmentDelete', { sysNo }));
