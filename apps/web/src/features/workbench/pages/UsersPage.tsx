import { useState } from 'react';
import { Button, Input, Popconfirm, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { CompanyType, maskPhone, type CompanyUserRow, formatChinaDateTime } from '@aquamall/shared';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { useSession } from '../../session/index.ts';
import { useCan } from '../api/access.ts';
import { useSetUserDisabled, useUserList, type UserListParams } from '../api/users.ts';
import { UserFormModal } from '../components/UserFormModal.tsx';
import { InvitationsTable } from '../components/InvitationsTable.tsx';
import { DepartmentsSection } from '../components/DepartmentsSection.tsx';
import { OrderReceiversCard } from '../components/OrderReceiversCard.tsx';
import { TwoFactorPolicyCard, TwoFactorResetButton } from '../../../components/two-factor/TwoFactorPolicy.tsx';

/** user/list: the company's users and open invitations; invite, revoke, edit name and roles, disable (ends their sessions) and enable. */
export default function UsersPage() {
  const { user: me } = useSession();
  const user = me;
  const { params, filter, page } = useListParams<Omit<UserListParams, 'pageIndex' | 'pageSize'>>();
  const [editing, setEditing] = useState<{ user: CompanyUserRow | null } | null>(null);
  const list = useUserList(params);
  const setDisabled = useSetUserDisabled();
  const canManage = useCan('user:manage');

  const columns: TableColumnsType<CompanyUserRow> = [
    {
      title: '姓名',
      dataIndex: 'realName',
      render: (name: string, u) => (
        <Space>
          {name || u.nickName || '无'}
          {u.isCompanyAdmin && <Tag color="blue">管理员</Tag>}
          {u.sysNo === me?.userId && <Tag>我</Tag>}
        </Space>
      ),
    },
    { title: '手机号', dataIndex: 'phone', render: (p: string) => maskPhone(p) },
    {
      title: '角色',
      dataIndex: 'roles',
      render: (roles: CompanyUserRow['roles'], u) =>
        u.isCompanyAdmin ? (
          '全部权限'
        ) : roles.length ? (
          roles.map((r) => <Tag key={r.sysNo}>{r.name}</Tag>)
        ) : (
          <span style={{ color: '#bfbfbf' }}>未分配</span>
        ),
    },
    {
      title: '状态',
      dataIndex: 'disabled',
      width: 90,
      render: (d: boolean) => (d ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>),
    },
    {
      title: '加入时间',
      dataIndex: 'createdAt',
      width: 160,
      render: (v: string) => formatChinaDateTime(v),
    },
    {
      title: '操作',
      key: 'actions',
      width: 240,
      render: (_, u) =>
        u.isCompanyAdmin || u.sysNo === me?.userId || !canManage ? null : (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing({ user: u })}>
              编辑
            </Button>
            {u.disabled ? (
              <Popconfirm
                title={`启用“${u.realName}”？`}
                okText="启用"
                onConfirm={() => setDisabled.mutateAsync({ sysNo: u.sysNo, disabled: false })}
              >
                <Button type="link" size="small">
                  启用
                </Button>
              </Popconfirm>
            ) : (
              <Popconfirm
                title={`停用“${u.realName}”？`}
                description="停用后该用户将立即退出登录，且无法再登录。"
                okText="停用"
                okButtonProps={{ danger: true }}
                onConfirm={() => setDisabled.mutateAsync({ sysNo: u.sysNo, disabled: true })}
              >
                <Button type="link" size="small" danger>
                  停用
                </Button>
              </Popconfirm>
            )}
            <TwoFactorResetButton userId={u.sysNo} name={u.realName} />
          </Space>
        ),
    },
  ];

  return (
    <ListPage
      title="用户管理"
      extra={
        <Tooltip title={canManage ? undefined : '需要用户管理权限'}>
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            disabled={!canManage}
            onClick={() => setEditing({ user: null })}
          >
            邀请用户
          </Button>
        </Tooltip>
      }
      filters={
        <>
          <Input.Search
            placeholder="姓名或手机号"
            allowClear
            maxLength={30}
            style={{ width: 240 }}
            onSearch={(keyword) => filter({ keyword: keyword.trim() || undefined })}
          />
          <Select
            allowClear
            placeholder="全部状态"
            style={{ width: 120 }}
            options={[
              { value: 0, label: '正常' },
              { value: 1, label: '已停用' },
            ]}
            onChange={(status?: 0 | 1) => filter({ status })}
          />
        </>
      }
    >
      <ListTable<CompanyUserRow>
        rowKey="sysNo"
        columns={columns}
        query={list}
        params={params}
        onPage={page}
        errorTitle="用户列表加载失败"
        emptyText={params.keyword || params.status !== undefined ? '没有匹配的用户' : '暂无用户'}
        showTotal={(total) => `共 ${total} 位用户`}
      />
      <InvitationsTable canManage={canManage} />
      <DepartmentsSection canManage={canManage} />
      <OrderReceiversCard canManage={canManage && user?.extension.CompanyType === CompanyType.SUPPLIER} />
      <TwoFactorPolicyCard canManage={canManage} />
      <UserFormModal open={!!editing} user={editing?.user ?? null} onClose={() => setEditing(null)} />
    </ListPage>
  );
}
