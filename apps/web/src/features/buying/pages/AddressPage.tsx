import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Empty,
  Popconfirm,
  Result,
  Space,
  Table,
  Tag,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { MAX_ADDRESSES, type AddressRow } from '@aquamall/shared';
import { addressListQuery, useDefaultAddress, useDeleteAddress } from '../api/buying.ts';
import { AddressFormModal } from '../components/AddressFormModal.tsx';

/** /customer/address: the company's delivery addresses (at most 20, one default). */
export default function AddressPage() {
  const list = useQuery(addressListQuery);
  const remove = useDeleteAddress();
  const makeDefault = useDefaultAddress();
  const [editing, setEditing] = useState<{ address: AddressRow | null } | null>(null);
  const rows = list.data ?? [];
  const full = rows.length >= MAX_ADDRESSES;

  const columns: TableColumnsType<AddressRow> = [
    {
      title: '收货人',
      dataIndex: 'receiver',
      width: 120,
      render: (v: string, r) => (
        <Space>
          {v}
          {r.isDefault && <Tag color="blue">默认</Tag>}
        </Space>
      ),
    },
    { title: '手机号', dataIndex: 'phone', width: 130 },
    { title: '所在地区', dataIndex: 'areaName', width: 220 },
    { title: '详细地址', dataIndex: 'detail', ellipsis: true },
    {
      title: '操作',
      key: 'actions',
      width: 200,
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ address: r })}>
            编辑
          </Button>
          {!r.isDefault && (
            <Button type="link" size="small" onClick={() => void makeDefault.mutateAsync(r.sysNo)}>
              设为默认
            </Button>
          )}
          <Popconfirm
            title="删除这个收货地址？"
            okText="删除"
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(r.sysNo)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title="收货地址"
      variant="borderless"
      extra={
        <Tooltip title={full ? `最多保存${MAX_ADDRESSES}个地址` : undefined}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={full}
            onClick={() => setEditing({ address: null })}
            data-testid="address-add"
          >
            新增收货地址
          </Button>
        </Tooltip>
      }
    >
      {list.isError ? (
        <Result
          status="warning"
          title="收货地址加载失败"
          subTitle={list.error.message}
          extra={<Button onClick={() => void list.refetch()}>重试</Button>}
        />
      ) : (
        <Table<AddressRow>
          rowKey="sysNo"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          pagination={false}
          locale={{ emptyText: <Empty description="还没有收货地址" /> }}
          footer={() => `已保存 ${rows.length} 个，最多 ${MAX_ADDRESSES} 个`}
        />
      )}
      <AddressFormModal
        open={!!editing}
        address={editing?.address ?? null}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}
