import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, notification } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import type { LiveEvent } from '@aquamall/shared';
import { connectLive } from '../../../lib/live-socket.ts';
import { clientStore } from '../../../lib/storage.ts';
import { applyLiveEvent } from '../lib/live-events.ts';
import { CATEGORY_LABEL } from '../lib/message-categories.ts';

/**
 * Keeps the workbench live (docs/product/workbench.md#inbox): every /api/ws event refetches the header badge and the
 * inbox (lib/live-events.ts: the count an event carries is not ordered against the page's own reads), a new
 * message also pops up a notification, and a quotation thread that got a message refetches (decision 0122),
 * all without a reload. Renders nothing.
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
    const onEvent = (e: LiveEvent) => {
      const { qc, api, navigate } = latest.current;
      applyLiveEvent(qc, e);
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
