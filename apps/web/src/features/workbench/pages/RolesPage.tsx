import { useState } from 'react';
import { Button, Input, Popconfirm, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PERMISSIONS, type RoleRow, formatChinaDateTime } from '@aquamall/shared';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { useCan } from '../api/access.ts';
import { useDeleteRole, useRoleList } from '../api/roles.ts';
import { RoleFormModal } from '../components/RoleFormModal.tsx';

const permissionName = (code: string) => PERMISSIONS.find((p) => p.code === code)?.name ?? code;

/** role/list: the company's roles (and read-only presets) with create, edit and delete. */
export default function RolesPage() {
  const { params, filter, page } = useListParams({ keyword: '' });
  const [editing, setEditing] = useState<{ role: RoleRow | null } | null>(null);
  const list = useRoleList({ ...params, keyword: params.keyword || undefined });
  const remove = useDeleteRole();
  const canManage = useCan('role:manage');

  const columns: TableColumnsType<RoleRow> = [
    {
      title: '角色名称',
      dataIndex: 'name',
      render: (name: string, r) => (
        <Space>
          {name}
          {r.isPreset && <Tag>系统预设</Tag>}
        </Space>
      ),
    },
    { title: '描述', dataIndex: 'description', ellipsis: true, render: (d: string) => d || '无' },
    {
      title: '操作权限',
      dataIndex: 'permissions',
      render: (codes: string[]) =>
        codes.length ? (
          codes.map((c) => <Tag key={c}>{permissionName(c)}</Tag>)
        ) : (
          <span style={{ color: '#bfbfbf' }}>无</span>
        ),
    },
    { title: '用户数', dataIndex: 'userCount', width: 80 },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 160,
      render: (v: string) => formatChinaDateTime(v),
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, r) =>
        r.isPreset || !canManage ? (
          <Button type="link" size="small" onClick={() => setEditing({ role: { ...r, isPreset: true } })}>
            查看
          </Button>
        ) : (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing({ role: r })}>
              编辑
            </Button>
            <Popconfirm
              title={`删除角色“${r.name}”？`}
              description={r.userCount ? `${r.userCount} 位用户将失去该角色的权限。` : '删除后不可恢复。'}
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
    <ListPage
      title="角色管理"
      extra={
        <Tooltip title={canManage ? undefined : '需要角色管理权限'}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!canManage}
            onClick={() => setEditing({ role: null })}
          >
            新建角色
          </Button>
        </Tooltip>
      }
      filters={
        <Input.Search
          placeholder="按角色名称搜索"
          allowClear
          maxLength={30}
          style={{ width: 280 }}
          onSearch={(keyword) => filter({ keyword: keyword.trim() })}
        />
      }
    >
      <ListTable<RoleRow>
        rowKey="sysNo"
        columns={columns}
        query={list}
        params={params}
        onPage={page}
        errorTitle="角色列表加载失败"
        emptyText={params.keyword ? '没有匹配的角色' : '暂无角色'}
        showTotal={(total) => `共 ${total} 个角色`}
      />
      <RoleFormModal open={!!editing} role={editing?.role ?? null} onClose={() => setEditing(null)} />
    </ListPage>
  );
}
