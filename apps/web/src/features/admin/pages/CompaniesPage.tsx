import { useState } from 'react';
import { Button, Descriptions, Drawer, Form, Input, Popconfirm, Select, Switch, Table, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { enumLabel, type AdminCompanyRow as CompanyRow, formatChinaDate } from '@aquamall/shared';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { consoleCommand, useConsoleQuery, type ConsoleEndpoint } from '../api/admin.ts';
import { RejectButton } from '../components/RejectButton.tsx';

const setMembership = consoleCommand('adminCompanyMembership');
const setDisabled = consoleCommand('adminCompanyDisable');
const resetTwoFactor = consoleCommand('adminTwoFactorReset');

function CompanyDrawer({ id, onClose, onChanged }: { id: number | null; onClose: () => void; onChanged: () => void }) {
  const { data, refetch } = useConsoleQuery('adminCompanyDetail', { id: id ?? 0 }, !!id);
  const c = data?.company;
  const done = async () => {
    await refetch();
    onChanged();
  };
  return (
    <Drawer open={!!id} onClose={onClose} width={720} title="企业详情" destroyOnHidden>
      {c && data && (
        <>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label="企业名称">{c.name}</Descriptions.Item>
            <Descriptions.Item label="类型">{enumLabel('CompanyType', c.type)}</Descriptions.Item>
            <Descriptions.Item label="信用代码">{c.creditCode ?? '无'}</Descriptions.Item>
            <Descriptions.Item label="法定代表人">{c.legalPerson ?? '无'}</Descriptions.Item>
            <Descriptions.Item label="企业认证">{enumLabel('CertStatus', c.certStatus)}</Descriptions.Item>
            <Descriptions.Item label="商家入驻">{enumLabel('MerchantStatus', c.merchantStatus)}{c.shopOpen ? `（${c.shopName}）` : ''}</Descriptions.Item>
            <Descriptions.Item label="状态">{c.disabled ? <Tag color="red">已禁用</Tag> : <Tag color="green">正常</Tag>}</Descriptions.Item>
            <Descriptions.Item label="注册时间">{formatChinaDate(c.createdAt)}</Descriptions.Item>
            {data.bankAccount && (
              <Descriptions.Item label="对公账户" span={2}>
                {data.bankAccount.accountName} · {data.bankAccount.bankName} · {data.bankAccount.accountNo}
                {data.bankAccount.depositYuan && <Tag color="blue" style={{ marginLeft: 8 }}>沙箱打款金额 {data.bankAccount.depositYuan} 元</Tag>}
              </Descriptions.Item>
            )}
          </Descriptions>
          <h4 style={{ marginTop: 20 }}>会员设置</h4>
          <Form
            layout="inline"
            initialValues={{ memberLevel: c.memberLevel, isMemberVail: c.isMemberVail === 1 }}
            onFinish={async (v: { memberLevel: number; isMemberVail: boolean }) => {
              await setMembership({ id: c.id, memberLevel: v.memberLevel, isMemberVail: v.isMemberVail ? 1 : 0 });
              await done();
            }}
          >
            <Form.Item name="memberLevel" label="会员等级">
              <Select style={{ width: 120 }} options={[0, 1, 2, 3].map((l) => ({ value: l, label: enumLabel('MemberLevel', l) }))} />
            </Form.Item>
            <Form.Item name="isMemberVail" label="启用会员校验" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Button type="primary" htmlType="submit">保存</Button>
          </Form>
          <h4 style={{ marginTop: 20 }}>账号状态</h4>
          {c.disabled ? (
            <RejectButton label="启用企业" title="启用原因" onReject={async (reason) => { await setDisabled({ id: c.id, disabled: false, reason }); await done(); }} />
          ) : (
            <RejectButton label="禁用企业（其用户将立即下线）" title="禁用原因" onReject={async (reason) => { await setDisabled({ id: c.id, disabled: true, reason }); await done(); }} />
          )}
          <h4 style={{ marginTop: 20 }}>企业用户</h4>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data.users}
            columns={[{ title: '手机号', dataIndex: 'phone' }, { title: '姓名', dataIndex: 'realName' }, { title: '管理员', dataIndex: 'isCompanyAdmin', render: (v: boolean) => (v ? '是' : '') },
              {
                title: '操作',
                key: 'actions',
                width: 140,
                // A user who lost the authenticator and the recovery codes enrols again at the next sign-in.
                render: (_: unknown, u: { id: number }) => (
                  <Popconfirm title="重置该用户的两步验证？" description="重置后其下次登录需重新绑定验证器" onConfirm={() => resetTwoFactor({ userId: u.id }).catch(() => undefined)}>
                    <Button size="small" type="link">重置两步验证</Button>
                  </Popconfirm>
                ),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

/** Console: companies — search, detail, membership, disable. */
export default function CompaniesPage() {
  const qc = useQueryClient();
  const { params, filter, page } = useListParams<{ keyword?: string; type?: 2 | 4 }>({}, 20);
  const [open, setOpen] = useState<number | null>(null);
  const list = useConsoleQuery('adminCompanyList', params);
  return (
    <ListPage
      variant="outlined"
      title="企业管理"
      filters={
        <>
          <Input.Search placeholder="企业名称/店铺/信用代码" allowClear style={{ width: 280 }} onSearch={(v) => filter({ keyword: v.trim() || undefined })} />
          <Select allowClear placeholder="企业类型" style={{ width: 120 }} options={[{ value: 2, label: '供应商' }, { value: 4, label: '采购商' }]} onChange={(v?: 2 | 4) => filter({ type: v })} />
        </>
      }
    >
      <ListTable<CompanyRow>
        rowKey="id"
        query={list}
        params={params}
        onPage={page}
        errorTitle="企业列表加载失败"
        emptyText={params.keyword || params.type ? '没有匹配的企业' : '暂无企业'}
        columns={[
          { title: '企业名称', dataIndex: 'name' },
          { title: '类型', dataIndex: 'type', render: (v: number) => enumLabel('CompanyType', v) },
          { title: '会员', dataIndex: 'memberLevel', render: (v: number, r) => `${enumLabel('MemberLevel', v)}${r.isMemberVail ? '（校验）' : ''}` },
          { title: '认证', dataIndex: 'certStatus', render: (v: number) => enumLabel('CertStatus', v) },
          { title: '入驻', dataIndex: 'merchantStatus', render: (v: number) => enumLabel('MerchantStatus', v) },
          { title: '状态', dataIndex: 'disabled', render: (v: boolean) => (v ? <Tag color="red">已禁用</Tag> : <Tag color="green">正常</Tag>) },
          { title: '操作', render: (_, r) => <Button type="link" onClick={() => setOpen(r.id)}>详情</Button> },
        ]}
      />
      <CompanyDrawer id={open} onClose={() => setOpen(null)} onChanged={() => qc.invalidateQueries({ queryKey: ['admin', 'adminCompanyList' satisfies ConsoleEndpoint] })} />
    </ListPage>
  );
}
