import { useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, InputNumber, Modal, Popconfirm, Result, Space, Spin, Table, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CompanyType, type BankAccountView } from '@aquamall/shared';
import { bankAccountInput, bankVerifyInput } from '@aquamall/shared/contracts/merchant';
import { formRules } from '../../../lib/form-rules.ts';
import { useSession } from '../../session/index.ts';
import OnlinePayeeCard from '../components/OnlinePayeeCard.tsx';
import {
  bankAccountsQuery,
  disableBankAccount,
  merchantKeys,
  saveBankAccount,
  sendBankDeposit,
  setDefaultBankAccount,
  verifyBankDeposit,
} from '../api/merchant.ts';

const rules = formRules(bankAccountInput);
const verifyRules = formRules(bankVerifyInput);

const STATUS = [
  { text: '未验证', color: 'default' },
  { text: '待验证', color: 'processing' },
  { text: '已验证', color: 'success' },
  { text: '验证失败', color: 'error' },
];
/** Accounts a company may keep in use (the server's MAX_BANK_ACCOUNTS). */
const MAX_ACCOUNTS = 5;

type AccountForm = { accountName: string; bankName: string; branchName?: string; accountNo: string };

/**
 * bank/auth: the company's settlement accounts (decision 0206). Each is verified by a small deposit the company reads
 * off its statement; the default verified account is the payee of new orders (recorded on the order when placed).
 * A supplier also sets up its online payees here (在线收款, decision 0216).
 */
export default function BankAuthPage() {
  const { user } = useSession();
  const supplier = user?.extension.CompanyType === CompanyType.SUPPLIER;
  return (
    <>
      <BankAccountsCard />
      {supplier ? <OnlinePayeeCard /> : null}
    </>
  );
}

function BankAccountsCard() {
  const qc = useQueryClient();
  const { data, isLoading, isError, refetch } = useQuery(bankAccountsQuery);
  const [editing, setEditing] = useState<BankAccountView | 'new' | null>(null);
  const [verifying, setVerifying] = useState<BankAccountView | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: merchantKeys.bank });
  const act = (fn: () => Promise<unknown>) => async () => {
    try {
      await fn();
    } finally {
      await refresh();
    }
  };
  if (isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;
  if (isError)
    return <Result status="error" title="账户加载失败" extra={<Button onClick={() => refetch()}>重试</Button>} />;
  const accounts = data ?? [];
  const inUse = accounts.filter((a) => !a.disabledAt);
  const hasPayee = inUse.some((a) => a.status === 2);
  return (
    <Card
      title="对公账户"
      extra={
        <Button type="primary" disabled={inUse.length >= MAX_ACCOUNTS} onClick={() => setEditing('new')}>
          新增账户
        </Button>
      }
    >
      <Alert
        type={hasPayee ? 'info' : 'warning'}
        showIcon
        style={{ marginBottom: 16 }}
        message={
          hasPayee
            ? '采购商通过银行转账付款时，付至下单时的默认收款账户；更换默认账户不影响已下的订单。'
            : '尚无已验证的对公账户，采购商暂不能通过银行转账向您付款。请新增账户并完成打款验证。'
        }
      />
      <Table<BankAccountView>
        rowKey="id"
        dataSource={accounts}
        pagination={false}
        scroll={{ x: 880 }}
        locale={{ emptyText: <Empty description="暂无对公账户" /> }}
        columns={[
          {
            title: '开户名称',
            dataIndex: 'accountName',
            render: (v: string, a) => (
              <Space size={4} wrap>
                {v}
                {a.isDefault && <Tag color="blue">默认收款</Tag>}
              </Space>
            ),
          },
          { title: '银行账号', dataIndex: 'accountNo', width: 200 },
          { title: '开户银行', render: (_, a) => `${a.bankName}${a.branchName ? ` ${a.branchName}` : ''}` },
          {
            title: '状态',
            width: 100,
            render: (_, a) =>
              a.disabledAt ? <Tag>已停用</Tag> : <Tag color={STATUS[a.status]?.color}>{STATUS[a.status]?.text}</Tag>,
          },
          {
            title: '操作',
            width: 260,
            render: (_, a) =>
              a.disabledAt ? null : (
                <Space size={0} wrap>
                  {a.status !== 2 && (
                    <Button type="link" size="small" onClick={() => setEditing(a)}>
                      修改
                    </Button>
                  )}
                  {a.status !== 2 && (
                    <Button type="link" size="small" onClick={act(() => sendBankDeposit(a.id))}>
                      {a.status === 1 ? '重新打款' : '发起打款验证'}
                    </Button>
                  )}
                  {a.status === 1 && (
                    <Button type="link" size="small" onClick={() => setVerifying(a)}>
                      回填金额
                    </Button>
                  )}
                  {a.status === 2 && !a.isDefault && (
                    <Button type="link" size="small" onClick={act(() => setDefaultBankAccount(a.id))}>
                      设为默认
                    </Button>
                  )}
                  <Popconfirm
                    title="停用该账户？"
                    description="停用后新订单不再付款至该账户。"
                    okText="停用"
                    cancelText="取消"
                    onConfirm={act(() => disableBankAccount(a.id))}
                  >
                    <Button type="link" size="small" danger>
                      停用
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? '新增对公账户' : '修改对公账户'}
        footer={null}
        destroyOnHidden
        onCancel={() => setEditing(null)}
      >
        <Form<AccountForm>
          layout="vertical"
          initialValues={editing && editing !== 'new' ? { accountName: editing.accountName, bankName: editing.bankName, branchName: editing.branchName } : undefined}
          onFinish={async (v) => {
            await saveBankAccount({ ...v, branchName: v.branchName ?? '', ...(editing && editing !== 'new' && { id: editing.id }) });
            setEditing(null);
            await refresh();
          }}
        >
          <Form.Item name="accountName" label="开户名称（须与企业名称一致）" rules={rules.accountName}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="bankName" label="开户银行" rules={rules.bankName}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="branchName" label="开户支行" rules={rules.branchName}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="accountNo" label="对公账号" rules={rules.accountNo}>
            <Input maxLength={36} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            保存账户
          </Button>
        </Form>
      </Modal>
      <Modal open={verifying !== null} title="回填打款金额" footer={null} destroyOnHidden onCancel={() => setVerifying(null)}>
        {verifying && (
          <Form<{ amount: number }>
            layout="vertical"
            onFinish={async (v) => {
              try {
                await verifyBankDeposit(verifying.id, v.amount);
                setVerifying(null);
              } finally {
                await refresh();
              }
            }}
          >
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message={`平台已向账户 ${verifying.accountNo} 打款一笔小于1元的金额，请查询到账金额后填写（还可尝试 ${verifying.attemptsLeft} 次）。`}
            />
            <Form.Item name="amount" label="到账金额" rules={verifyRules.amount}>
              <InputNumber min={0.01} max={0.99} step={0.01} precision={2} addonAfter="元" placeholder="0.00" style={{ width: '100%' }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block>
              验证
            </Button>
          </Form>
        )}
      </Modal>
    </Card>
  );
}
