import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@aquamall/shared';
import { api } from '../../../lib/api.ts';

/** A row of the company inbox (GET /api/message/list). */
export interface InboxMessage {
  id: number;
  type: string;
  title: string;
  content: string;
  linkPath: string;
  readAt: string | null;
  createdAt: string;
}

export const useMessages = (params: { pageIndex: number; pageSize: number; unread?: '1' }) =>
  useQuery({
    queryKey: ['workbench', 'messages', params],
    queryFn: () => api.get<Paged<InboxMessage>>('/api/message/list', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** POST /api/message/read — some ids, or all. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { ids?: number[]; all?: boolean }) =>
      api.query<{ updated: number }>('/api/message/read', v),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['workbench'] });
    },
  });
}
