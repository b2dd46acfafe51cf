import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Checkbox, Form, Input, Modal, Popconfirm, Space, Switch, Tag, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { MAX_SHOPPING_LISTS, shoppingListInput, type ShoppingListRow } from '@aquamall/shared';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { zodRule } from '../../../lib/form-rules.ts';
import {
  useCreateShoppingList,
  useDeleteShoppingList,
  useShoppingLists,
  useUpdateShoppingList,
} from '../api/shopping-lists.ts';

/**
 * 常购清单 (/customer/shopping-list): the caller's lists and the company's shared ones, paged; create, rename,
 * share/unshare and delete (owner, or a company administrator on a shared list).
 */
export default function ShoppingListsPage() {
  const { params, filter, page } = useListParams({ keyword: '' });
  const list = useShoppingLists(params);
  const update = useUpdateShoppingList();
  const remove = useDeleteShoppingList();
  const [editing, setEditing] = useState<{ row: ShoppingListRow | null } | null>(null);

  const columns: TableColumnsType<ShoppingListRow> = [
    {
      title: '清单名称',
      dataIndex: 'name',
      render: (name: string, r) => (
        <Space wrap>
          <Link to={`/customer/shopping-list/detail?id=${r.id}`} data-testid="list-link">
            {name}
          </Link>
          {r.shared && <Tag color="blue">共享</Tag>}
        </Space>
      ),
    },
    { title: '商品数', dataIndex: 'itemCount', width: 80 },
    { title: '创建人', dataIndex: 'ownerName', width: 120, render: (v: string, r) => (r.mine ? '我' : v) },
    {
      title: '共享给同事',
      key: 'shared',
      width: 110,
      render: (_, r) => (
        <Tooltip title={r.editable ? undefined : '只有创建人和企业管理员可以修改'}>
          <Switch
            size="small"
            checked={r.shared}
            disabled={!r.editable}
            loading={update.isPending && update.variables?.id === r.id}
            onChange={(shared) => update.mutate({ id: r.id, shared })}
            aria-label={`共享清单${r.name}`}
            data-testid="list-share"
          />
        </Tooltip>
      ),
    },
    { title: '更新时间', dataIndex: 'updatedAt', width: 150 },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, r) => (
        <Space size={0}>
          <Link to={`/customer/shopping-list/detail?id=${r.id}`}>
            <Button type="link" size="small">
              查看
            </Button>
          </Link>
          {r.editable && (
            <>
              <Button type="link" size="small" onClick={() => setEditing({ row: r })}>
                重命名
              </Button>
              <Popconfirm
                title={`删除清单“${r.name}”？`}
                description={`清单中的 ${r.itemCount} 种商品将一并删除，不影响购物车和订单。`}
                okText="删除"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync(r.id)}
              >
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="常购清单"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })} data-testid="list-create">
          新建清单
        </Button>
      }
      filters={
        <Input.Search
          placeholder="按清单名称搜索"
          allowClear
          maxLength={40}
          style={{ width: 260, maxWidth: '100%' }}
          onSearch={(keyword) => filter({ keyword: keyword.trim() })}
        />
      }
    >
      <ListTable<ShoppingListRow>
        rowKey="id"
        columns={columns}
        query={list}
        params={params}
        onPage={page}
        errorTitle="常购清单加载失败"
        emptyText={params.keyword ? '没有匹配的清单' : '还没有常购清单：在商品详情页或订单详情中点“加入常购清单”即可创建'}
        showTotal={(total) => `共 ${total} 个清单（每人最多 ${MAX_SHOPPING_LISTS} 个）`}
      />
      {editing && <ListFormModal row={editing.row} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}

function ListFormModal({ row, onClose }: { row: ShoppingListRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string; shared: boolean }>();
  const create = useCreateShoppingList();
  const update = useUpdateShoppingList();
  const submit = async () => {
    const v = await form.validateFields();
    const done = row
      ? await update.mutateAsync({ id: row.id, name: v.name }).then(() => true, () => false)
      : await create.mutateAsync(v).then(() => true, () => false);
    if (done) onClose();
  };
  return (
    <Modal
      open
      title={row ? '重命名清单' : '新建清单'}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: row?.name ?? '', shared: false }}>
        <Form.Item name="name" label="清单名称" rules={[zodRule(shoppingListInput.shape.name)]}>
          <Input maxLength={40} placeholder="例如：每月常用药剂" data-testid="list-name" />
        </Form.Item>
        {!row && (
          <Form.Item name="shared" valuePropName="checked">
            <Checkbox>共享给本公司同事（同事可查看和购买，创建人和企业管理员可修改）</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
