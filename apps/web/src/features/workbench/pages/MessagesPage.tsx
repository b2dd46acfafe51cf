import { useState } from 'react';
import { Link } from 'react-router';
import {
  Badge,
  Button,
  Card,
  Empty,
  Result,
  Segmented,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { DEFAULT_PAGE_SIZE } from '@aquamall/shared';
import dayjs from 'dayjs';
import { useMarkRead, useMessages, type InboxMessage } from '../api/messages.ts';

/** message/index: the company inbox with unread filter and mark-as-read. */
export default function MessagesPage() {
  const [page, setPage] = useState({ pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useMessages({ ...page, ...(unreadOnly ? { unread: '1' as const } : {}) });
  const markRead = useMarkRead();

  const columns: TableColumnsType<InboxMessage> = [
    {
      title: '消息',
      key: 'title',
      render: (_, m) => (
        <div>
          <Badge dot={!m.readAt} offset={[6, 0]}>
            {m.linkPath.startsWith('/') ? (
              <Link to={m.linkPath} onClick={() => !m.readAt && markRead.mutate({ ids: [m.id] })}>
                {m.title}
              </Link>
            ) : (
              <Typography.Text strong={!m.readAt}>{m.title}</Typography.Text>
            )}
          </Badge>
          {m.content && <div style={{ color: '#8c8c8c', marginTop: 4 }}>{m.content}</div>}
        </div>
      ),
    },
    {
      title: '时间',
      dataIndex: 'createdAt',
      width: 160,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'read',
      width: 110,
      render: (_, m) =>
        m.readAt ? (
          <Typography.Text type="secondary">已读</Typography.Text>
        ) : (
          <Button type="link" size="small" onClick={() => markRead.mutate({ ids: [m.id] })}>
            标为已读
          </Button>
        ),
    },
  ];

  return (
    <Card
      title="我的消息"
      variant="borderless"
      extra={
        <Button onClick={() => markRead.mutate({ all: true })} loading={markRead.isPending}>
          全部标为已读
        </Button>
      }
    >
      <Segmented
        style={{ marginBottom: 16 }}
        options={[
          { label: '全部消息', value: 'all' },
          { label: '未读消息', value: 'unread' },
        ]}
        value={unreadOnly ? 'unread' : 'all'}
        onChange={(v) => {
          setUnreadOnly(v === 'unread');
          setPage((p) => ({ ...p, pageIndex: 1 }));
        }}
      />
      {list.isError ? (
        <Result
          status="warning"
          title="消息加载失败"
          extra={<Button onClick={() => void list.refetch()}>重试</Button>}
        />
      ) : (
        <Table<InboxMessage>
          rowKey="id"
          columns={columns}
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: <Empty description={unreadOnly ? '没有未读消息' : '暂无消息'} /> }}
          pagination={{
            current: page.pageIndex,
            pageSize: page.pageSize,
            total: list.data?.total ?? 0,
            hideOnSinglePage: true,
            onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
          }}
        />
      )}
    </Card>
  );
}
