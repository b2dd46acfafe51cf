import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Empty, Popconfirm, Result, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';

/** A saved entry of the company (address, invoice title): its id and whether it is the default one. */
export interface SavedEntry {
  sysNo: number;
  isDefault: boolean;
}

/** The 默认 tag beside an entry's name. */
export const withDefaultTag = (name: ReactNode, entry: SavedEntry) => (
  <Space size={6} style={{ whiteSpace: 'nowrap' }}>
    {name}
    {entry.isDefault && <Tag color="blue">默认</Tag>}
  </Space>
);

/**
 * The page of a company's saved entries (收货地址, 发票抬头): a card with the add button (disabled at `max`),
 * the table with 编辑 / 设为默认 / 删除, the load error with a retry, and the count against the cap.
 */
export function SavedEntriesCard<T extends SavedEntry>({
  title,
  noun,
  max,
  query,
  columns,
  width,
  onAdd,
  onEdit,
  onDefault,
  onDelete,
  testId,
  children,
}: {
  title: string;
  /** What one entry is called: 收货地址, 发票抬头. */
  noun: string;
  max: number;
  query: UseQueryResult<T[]>;
  columns: TableColumnsType<T>;
  width: number;
  onAdd: () => void;
  onEdit: (entry: T) => void;
  onDefault: (entry: T) => Promise<unknown>;
  onDelete: (entry: T) => Promise<unknown>;
  testId: string;
  /** The editor dialog. */
  children: ReactNode;
}) {
  const rows = query.data ?? [];
  const full = rows.length >= max;
  const actions: TableColumnsType<T>[number] = {
    title: '操作',
    key: 'actions',
    width: 200,
    render: (_, r) => (
      <Space size={0}>
        <Button type="link" size="small" onClick={() => onEdit(r)}>
          编辑
        </Button>
        {!r.isDefault && (
          <Button type="link" size="small" onClick={() => void onDefault(r)}>
            设为默认
          </Button>
        )}
        <Popconfirm
          title={`删除这个${noun}？`}
          okText="删除"
          okButtonProps={{ danger: true }}
          onConfirm={() => onDelete(r)}
        >
          <Button type="link" size="small" danger>
            删除
          </Button>
        </Popconfirm>
      </Space>
    ),
  };

  return (
    <Card
      title={title}
      variant="borderless"
      extra={
        <Tooltip title={full ? `最多保存${max}个${noun}` : undefined}>
          <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={onAdd} data-testid={testId}>
            新增{noun}
          </Button>
        </Tooltip>
      }
    >
      {query.isError ? (
        <Result
          status="warning"
          title={`${noun}加载失败`}
          subTitle={query.error.message}
          extra={<Button onClick={() => void query.refetch()}>重试</Button>}
        />
      ) : (
        <Table<T>
          rowKey="sysNo"
          columns={[...columns, actions]}
          dataSource={rows}
          loading={query.isFetching}
          pagination={false}
          scroll={{ x: width }}
          locale={{ emptyText: query.data ? <Empty description={`还没有${noun}`} /> : ' ' }}
          footer={() => `已保存 ${rows.length} 个，最多 ${max} 个`}
        />
      )}
      {children}
    </Card>
  );
}
