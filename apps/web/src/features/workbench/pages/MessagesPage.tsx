import { formatChinaDateTime } from '@aquamall/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  Badge,
  Button,
  Popconfirm,
  Segmented,
  Space,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import {
  useDeleteMessages,
  useMarkRead,
  useMessages,
  useUnreadCounts,
  type InboxMessage,
} from '../api/messages.ts';
import { CATEGORY_LABEL, CATEGORY_TABS } from '../lib/message-categories.ts';

/**
 * message/index: the company inbox (docs/product/workbench.md#inbox) — tabs 全部/系统/订单/询价/招标/财务 with unread
 * counts, all or unread only, mark read (one, the tab, everything), delete. New messages arrive live.
 */
export default function MessagesPage() {
  const { params, filter, page } = useListParams<{ category?: number; unread?: '1' }>({});
  const list = useMessages(params);
  const counts = useUnreadCounts();
  const markRead = useMarkRead();
  const remove = useDeleteMessages();
  const [selected, setSelected] = useState<number[]>([]);
  const category = params.category;
  const unreadOf = (c?: number) =>
    c ? (counts.data?.byCategory[String(c)] ?? 0) : (counts.data?.count ?? 0);
  const tabLabel = (label: string, c?: number) => (
    <span data-testid={`message-tab-${c ?? 0}`}>
      {label}
      {unreadOf(c) > 0 && (
        <span style={{ marginInlineStart: 4 }}>
          <Badge count={unreadOf(c)} size="small" overflowCount={99} />
        </span>
      )}
    </span>
  );
  const deleteIds = (ids: number[]) =>
    remove.mutate({ ids }, { onSuccess: () => setSelected((s) => s.filter((id) => !ids.includes(id))) });

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
      title: '分类',
      dataIndex: 'category',
      width: 80,
      render: (c: number) => <Tag>{CATEGORY_LABEL[c] ?? '系统'}</Tag>,
    },
    {
      title: '时间',
      dataIndex: 'createdAt',
      width: 150,
      render: (v: string) => formatChinaDateTime(v),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, m) => (
        <Space size={0}>
          {m.readAt ? (
            <Typography.Text type="secondary" style={{ padding: '0 7px' }}>
              已读
            </Typography.Text>
          ) : (
            <Button type="link" size="small" onClick={() => markRead.mutate({ ids: [m.id] })}>
              标为已读
            </Button>
          )}
          <Popconfirm
            title="删除这条消息？"
            okText="删除"
            cancelText="取消"
            onConfirm={() => deleteIds([m.id])}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const tabName = category ? CATEGORY_LABEL[category] : '';
  return (
    <ListPage
      title="我的消息"
      extra={
        <Button
          onClick={() => markRead.mutate(category ? { all: true, category } : { all: true })}
          loading={markRead.isPending}
          disabled={!unreadOf(category)}
          data-testid="mark-all-read"
        >
          {category ? `${tabName}消息全部标为已读` : '全部标为已读'}
        </Button>
      }
    >
      <Tabs
        activeKey={String(category ?? 0)}
        onChange={(k) => {
          filter({ category: Number(k) || undefined });
          setSelected([]);
        }}
        items={[
          { key: '0', label: tabLabel('全部') },
          ...CATEGORY_TABS.map((t) => ({ key: String(t.id), label: tabLabel(t.label, t.id) })),
        ]}
        tabBarExtraContent={
          <Segmented
            options={[
              { label: '全部消息', value: 'all' },
              { label: '未读消息', value: 'unread' },
            ]}
            value={params.unread ? 'unread' : 'all'}
            onChange={(v) => filter({ unread: v === 'unread' ? '1' : undefined })}
          />
        }
      />
      {selected.length > 0 && (
        <Space wrap style={{ marginBottom: 12 }}>
          <span>已选 {selected.length} 条</span>
          <Button onClick={() => markRead.mutate({ ids: selected })}>标为已读</Button>
          <Popconfirm
            title={`删除选中的 ${selected.length} 条消息？`}
            okText="删除"
            cancelText="取消"
            onConfirm={() => deleteIds(selected)}
          >
            <Button danger loading={remove.isPending}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      )}
      <ListTable<InboxMessage>
        rowKey="id"
        columns={columns}
        query={list}
        params={params}
        onPage={page}
        errorTitle="消息加载失败"
        emptyText={params.unread ? `没有未读${tabName}消息` : `暂无${tabName}消息`}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
      />
    </ListPage>
  );
}
