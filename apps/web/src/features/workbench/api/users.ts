import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type InputOf } from '../../../lib/api.ts';

/** The list's state on the page (the request takes these and more loosely typed numbers). */
export type UserListParams = InputOf<'userList'> & { pageIndex: number; pageSize: number };

/** POST /api/user/list — the company's users, paged. */
export const useUserList = (params: UserListParams) =>
  useQuery({
    queryKey: ['workbench', 'users', 'list', params],
    queryFn: () => api.read('userList', params, { suppressError: true }),
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
export const useInviteUser = () => useUserMutation((v: InputOf<'userInvite'>) => api.run('userInvite', v));

/** POST /api/user/invitations — the company's open invitations. */
export const useInvitations = (enabled: boolean) =>
  useQuery({
    queryKey: ['workbench', 'users', 'invitations'],
    queryFn: () => api.read('userInvitations', undefined, { suppressError: true }),
    enabled,
  });

/** POST /api/user/revokeinvite — withdraws an open invitation. */
export const useRevokeInvitation = () => useUserMutation((sysNo: number) => api.run('userRevokeInvite', { sysNo }));

/** POST /api/user/update — name and roles. */
export const useUpdateUser = () => useUserMutation((v: InputOf<'userUpdate'>) => api.run('userUpdate', v));

/** POST /api/user/disable — disabling ends the user's sessions at once. */
export const useSetUserDisabled = () => useUserMutation((v: InputOf<'userDisable'>) => api.run('userDisable', v));
