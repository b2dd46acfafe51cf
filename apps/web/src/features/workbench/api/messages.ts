import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageRow } from '@aquamall/shared';
import { api, type InputOf } from '../../../lib/api.ts';

/** A row of the company inbox (GET /api/message/list). */
export type InboxMessage = MessageRow;

export const useMessages = (params: InputOf<'messageList'>) =>
  useQuery({
    queryKey: ['workbench', 'messages', params],
    queryFn: () => api.read('messageList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/message/unreadcount — the total and per category (the tabs' badges); refreshed by the live socket. */
export const useUnreadCounts = () =>
  useQuery({
    queryKey: ['workbench', 'messages', 'unread'],
    queryFn: () => api.read('messageUnreadCount', undefined, { suppressError: true }),
  });

/** POST /api/message/read — some ids, all, or all of one category. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: InputOf<'messageRead'>) => api.read('messageRead', v),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['workbench'] });
    },
  });
}

/** POST /api/message/delete — some ids of the company's inbox. */
export function useDeleteMessages() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: InputOf<'messageDelete'>) => api.run('messageDelete', v),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['workbench'] });
    },
  });
}
