import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyInvitationRow, CompanyUserRow, Paged, UserInviteInput } from '@aquamall/shared';
import { api } from '../../../lib/api.ts';

export interface UserListParams {
  pageIndex: number;
  pageSize: number;
  keyword?: string;
  status?: 0 | 1;
}

/** POST /api/user/list — the company's users, paged. */
export const useUserList = (params: UserListParams) =>
  useQuery({
    queryKey: ['workbench', 'users', 'list', params],
    queryFn: () => api.query<Paged<CompanyUserRow>>('/api/user/list', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

function useUserMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['workbench'] });
    },
  });
}

/** POST /api/user/invite — invites a number; its owner accepts on /sso/invite by SMS code. */
export const useInviteUser = () =>
  useUserMutation((v: UserInviteInput) => api.command('/api/user/invite', v));

/** POST /api/user/invitations — the company's open invitations. */
export const useInvitations = (enabled: boolean) =>
  useQuery({
    queryKey: ['workbench', 'users', 'invitations'],
    queryFn: () => api.query<CompanyInvitationRow[]>('/api/user/invitations', {}, { suppressError: true }),
    enabled,
  });

/** POST /api/user/revokeinvite — withdraws an open invitation. */
export const useRevokeInvitation = () =>
  useUserMutation((sysNo: number) => api.command('/api/user/revokeinvite', { sysNo }));

/** POST /api/user/update — name and roles. */
export const useUpdateUser = () =>
  useUserMutation((v: { sysNo: number; realName: string; roleIds: number[] }) =>
    api.command('/api/user/update', v),
  );

/** POST /api/user/disable — disabling ends the user's sessions at once. */
export const useSetUserDisabled = () =>
  useUserMutation((v: { sysNo: number; disabled: boolean }) => api.command('/api/user/disable', v));
