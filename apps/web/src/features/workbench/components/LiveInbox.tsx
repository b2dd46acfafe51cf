import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, notification } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import type { LiveEvent, WorkbenchTodo } from '@aquamall/shared';
import { connectLive } from '../../../lib/live-socket.ts';
import { clientStore } from '../../../lib/storage.ts';
import { todoQuery } from '../api/access.ts';
import { CATEGORY_LABEL } from '../lib/message-categories.ts';

/**
 * Keeps the workbench live (DESIGN §3 Messages): the header badge follows the unread count pushed over
 * /api/ws, a new message pops up a notification and refreshes the inbox, and a quotation thread that got a
 * message refetches (decision 0122), all without a reload. Renders nothing.
 */
export function LiveInbox({ companyId }: { companyId: number | undefined }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [api, holder] = notification.useNotification({ placement: 'topRight', maxCount: 3 });
  // The connection lives as long as the company: re-renders (new hook identities) must not reconnect it, or
  // an event sent meanwhile is lost.
  const latest = useRef({ qc, api, navigate });
  latest.current = { qc, api, navigate };

  useEffect(() => {
    if (!companyId) return;
    const setUnread = (unread: number) =>
      latest.current.qc.setQueryData<WorkbenchTodo>(todoQuery.queryKey, (old) =>
        old ? { ...old, unreadMessages: unread } : old,
      );
    const onEvent = (e: LiveEvent) => {
      const { qc, api, navigate } = latest.current;
      if (e.type === 'thread') {
        // A message on a quotation thread this company takes part in: an open thread refetches at once
        // (QuotationThread's query), and the unread counts of the quotation lists follow.
        void qc.invalidateQueries({ queryKey: ['quotations', 'thread', e.quotationId] });
        return;
      }
      setUnread(e.unread);
      if (e.type === 'hello') return;
      // The inbox lists and the per-tab counts refetch (the badge was set above).
      void qc.invalidateQueries({ queryKey: ['workbench', 'messages'] });
      if (e.type !== 'message') return;
      const m = e.message;
      const to = m.linkPath.startsWith('/') ? m.linkPath : '/customer/message/index';
      const key = `message-${m.id}`;
      api.open({
        key,
        icon: <BellOutlined style={{ color: '#1677ff' }} />,
        message: `新${CATEGORY_LABEL[m.category] ?? ''}消息`,
        description: m.title,
        duration: 8,
        btn: (
          <Button
            type="primary"
            size="small"
            onClick={() => {
              api.destroy(key);
              void navigate(to);
            }}
          >
            查看
          </Button>
        ),
        props: { 'data-testid': 'live-notification' } as object,
      });
    };
    return connectLive({ getToken: () => clientStore.getToken(), onEvent });
  }, [companyId]);

  return holder;
}
