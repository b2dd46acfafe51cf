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

/** POST /api/message/read — some ids, or all. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: InputOf<'messageRead'>) => api.read('messageRead', v),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['workbench'] });
    },
  });
}
