import { useState } from 'react';
import { Button, Drawer, Form, Input, Modal, Popconfirm, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { CUSTOMER_GROUP_NAME_MAX, customerGroupCreateInput, formatChinaDateTime, type CustomerGroupMember, type CustomerGroupRow } from '@aquamall/shared';
import { FilterForm, ListPage, ListTable, TextFilterItem, trimFilters, useListParams } from '../../../components/ListPage.tsx';
import { formRules } from '../../../lib/form-rules.ts';
import {
  useAddGroupMembers,
  useCreateCustomerGroup,
  useCustomerGroupMembers,
  useCustomerGroups,
  useDeleteCustomerGroup,
  usePurchaserSearch,
  useRemoveGroupMembers,
  useRenameCustomerGroup,
} from '../api/prices.ts';

const nameRules = formRules(customerGroupCreateInput).name;

/** 新建 / 重命名 one group. */
function GroupNameModal({ group, onClose }: { group: CustomerGroupRow | 'new' | null; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string }>();
  const create = useCreateCustomerGroup();
  const rename = useRenameCustomerGroup();
  const save = async () => {
    const { name } = await form.validateFields();
    if (group === 'new') await create.mutateAsync(name);
    else if (group) await rename.mutateAsync({ id: group.id, name });
    onClose();
  };
  return (
    <Modal
      open={group !== null}
      title={group === 'new' ? '新建客户分组' : '重命名分组'}
      onCancel={onClose}
      onOk={() => void save().catch(() => undefined)}
      okText="保存"
      okButtonProps={{ 'data-testid': 'customer-group-save' } as never}
      confirmLoading={create.isPending || rename.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: group && group !== 'new' ? group.name : '' }}>
        <Form.Item name="name" label="分组名称" rules={nameRules}>
          <Input maxLength={CUSTOMER_GROUP_NAME_MAX} placeholder="例如：华北水厂、年度大客户" data-testid="customer-group-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The purchasers of one group: paged, add by name search, remove. */
function MembersDrawer({ group, onClose }: { group: CustomerGroupRow | null; onClose: () => void }) {
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 });
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const members = useCustomerGroupMembers({ id: group?.id ?? 0, ...page }, group !== null);
  const buyers = usePurchaserSearch(keyword);
  const add = useAddGroupMembers();
  const remove = useRemoveGroupMembers();
  const columns: TableColumnsType<CustomerGroupMember> = [
    { title: '采购商', dataIndex: 'name' },
    {
      title: '操作',
      key: 'a',
      width: 90,
      render: (_, m) => (
        <Popconfirm
          title="移出后，该分组的协议价不再适用于这家采购商，确定移出？"
          onConfirm={() => remove.mutateAsync({ id: group!.id, companyIds: [m.companyId] })}
        >
          <Typography.Link type="danger">移出</Typography.Link>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Drawer open={group !== null} onClose={onClose} title={group ? `分组成员：${group.name}` : ''} width="min(560px, 100vw)" destroyOnHidden>
      <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
        <Select
          mode="multiple"
          showSearch
          filterOption={false}
          value={picked}
          onChange={setPicked}
          onSearch={setKeyword}
          loading={buyers.isFetching}
          placeholder="输入采购商名称搜索，可多选"
          notFoundContent={keyword ? '未找到该采购商' : '请输入采购商名称'}
          options={(buyers.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="customer-group-pick"
        />
        <Button
          type="primary"
          disabled={!picked.length}
          loading={add.isPending}
          onClick={() => void add.mutateAsync({ id: group!.id, companyIds: picked }).then(() => setPicked([]), () => undefined)}
          data-testid="customer-group-add"
        >
          加入分组
        </Button>
      </Space.Compact>
      <Table<CustomerGroupMember>
        rowKey="companyId"
        size="small"
        loading={members.isFetching}
        dataSource={members.data?.list ?? []}
        columns={columns}
        locale={{ emptyText: '分组内还没有采购商' }}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: members.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (pageIndex) => setPage((p) => ({ ...p, pageIndex })),
        }}
      />
    </Drawer>
  );
}

/**
 * price/groups (客户分组): the supplier's named sets of purchaser companies; a contract price for a group applies
 * to every member (docs/product/prices.md#customer-groups). Same permission as 协议价管理.
 */
export default function CustomerGroupPage() {
  const [form] = Form.useForm<{ keyword?: string }>();
  const { params, reset, page } = useListParams<{ keyword?: string }>({});
  const list = useCustomerGroups({ ...params, keyword: params.keyword ?? '' });
  const [naming, setNaming] = useState<CustomerGroupRow | 'new' | null>(null);
  const [members, setMembers] = useState<CustomerGroupRow | null>(null);
  const remove = useDeleteCustomerGroup();

  const columns: TableColumnsType<CustomerGroupRow> = [
    { title: '分组名称', dataIndex: 'name', ellipsis: true },
    { title: '采购商数', dataIndex: 'memberCount', width: 100, align: 'right' },
    { title: '协议价条数', dataIndex: 'ruleCount', width: 110, align: 'right' },
    { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (v: string) => formatChinaDateTime(v) },
    {
      title: '操作',
      key: 'a',
      width: 180,
      fixed: 'right',
      render: (_, g) => (
        <Space size="small">
          <Typography.Link onClick={() => setMembers(g)} data-testid="customer-group-members">
            成员
          </Typography.Link>
          <Typography.Link onClick={() => setNaming(g)}>重命名</Typography.Link>
          <Popconfirm title="确定删除该分组？分组内的采购商不受影响。" onConfirm={() => remove.mutateAsync(g.id)}>
            <Typography.Link type="danger">删除</Typography.Link>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title="客户分组"
      extra={
        <Button type="primary" onClick={() => setNaming('new')} data-testid="customer-group-new">
          新建分组
        </Button>
      }
      filters={
        <FilterForm<{ keyword?: string }> form={form} onSearch={(v) => reset(trimFilters(v))}>
          <TextFilterItem name="keyword" label="分组名称" placeholder="分组名称" maxLength={CUSTOMER_GROUP_NAME_MAX} />
        </FilterForm>
      }
    >
      <ListTable<CustomerGroupRow>
        rowKey="id"
        size="middle"
        query={list}
        params={params}
        onPage={page}
        columns={columns}
        scroll={{ x: 700 }}
        errorTitle="客户分组加载失败"
        emptyText="暂无客户分组。建立分组后，可以一次为分组内所有采购商设置协议价"
      />
      <GroupNameModal group={naming} onClose={() => setNaming(null)} />
      <MembersDrawer group={members} onClose={() => setMembers(null)} />
    </ListPage>
  );
}
