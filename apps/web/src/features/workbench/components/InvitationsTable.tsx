import { Button, Popconfirm, Table, Tag, type TableColumnsType } from 'antd';
import { maskPhone, type CompanyInvitationRow, formatChinaDateTime } from '@aquamall/shared';
import { useInvitations, useRevokeInvitation } from '../api/users.ts';

/** The company's open invitations (user/list): who was invited, until when, and a way to withdraw it. */
export function InvitationsTable({ canManage }: { canManage: boolean }) {
  const list = useInvitations(canManage);
  const revoke = useRevokeInvitation();
  if (!canManage || !list.data?.length) return null;
  const columns: TableColumnsType<CompanyInvitationRow> = [
    { title: '姓名', dataIndex: 'realName' },
    { title: '手机号', dataIndex: 'phone', render: (p: string) => maskPhone(p) },
    {
      title: '角色',
      dataIndex: 'roles',
      render: (roles: CompanyInvitationRow['roles']) =>
        roles.length ? roles.map((r) => <Tag key={r.sysNo}>{r.name}</Tag>) : <span style={{ color: '#bfbfbf' }}>未分配</span>,
    },
    { title: '邀请时间', dataIndex: 'createdAt', width: 160, render: (v: string) => formatChinaDateTime(v) },
    { title: '有效期至', dataIndex: 'expiresAt', width: 160, render: (v: string) => formatChinaDateTime(v) },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_, inv) => (
        <Popconfirm title={`撤销对“${inv.realName}”的邀请？`} okText="撤销" onConfirm={() => revoke.mutateAsync(inv.sysNo)}>
          <Button type="link" size="small" danger>
            撤销
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <section aria-label="待接受的邀请" style={{ marginTop: 24 }}>
      <h3 style={{ fontSize: 15, marginBottom: 12 }}>待接受的邀请</h3>
      <Table<CompanyInvitationRow> rowKey="sysNo" size="small" columns={columns} dataSource={list.data} pagination={false} />
    </section>
  );
}
