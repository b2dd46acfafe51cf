import { Alert, Button, Card, Descriptions, Form, Input, InputNumber, Space, Spin, Steps, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { bankAccountInput, bankVerifyInput } from '@aquamall/shared/contracts/merchant';
import { formRules } from '../../../lib/form-rules.ts';
import { bankAccountQuery, merchantKeys, saveBankAccount, sendBankDeposit, verifyBankDeposit } from '../api/merchant.ts';

const rules = formRules(bankAccountInput);
const verifyRules = formRules(bankVerifyInput);

const STATUS = [
  { text: '未验证', color: 'default' },
  { text: '待验证', color: 'processing' },
  { text: '已验证', color: 'success' },
  { text: '验证失败', color: 'error' },
];

/** bank/auth: the settlement account, verified by a small deposit the company reads off its statement. */
export default function BankAuthPage() {
  const qc = useQueryClient();
  const { data, isLoading } = useQuery(bankAccountQuery);
  const refresh = () => qc.invalidateQueries({ queryKey: merchantKeys.bank });
  if (isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;
  const status = data?.status ?? -1;
  const step = status === 2 ? 3 : status === 1 ? 2 : data ? 1 : 0;
  return (
    <Card title="银行账户认证" extra={data && <Tag color={STATUS[status]?.color}>{STATUS[status]?.text}</Tag>}>
      <Steps current={step} style={{ marginBottom: 24 }} items={[{ title: '填写对公账户' }, { title: '发起打款' }, { title: '回填金额' }, { title: '验证完成' }]} />
      {data && (
        <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 24 }}>
          <Descriptions.Item label="开户名称">{data.accountName}</Descriptions.Item>
          <Descriptions.Item label="银行账号">{data.accountNo}</Descriptions.Item>
          <Descriptions.Item label="开户银行">{data.bankName}</Descriptions.Item>
          <Descriptions.Item label="开户支行">{data.branchName || '无'}</Descriptions.Item>
        </Descriptions>
      )}
      {(status === -1 || status === 0 || status === 3) && (
        <Form
          layout="vertical"
          style={{ maxWidth: 520 }}
          initialValues={data ? { accountName: data.accountName, bankName: data.bankName, branchName: data.branchName } : undefined}
          onFinish={async (v: { accountName: string; bankName: string; branchName?: string; accountNo: string }) => {
            await saveBankAccount(v);
            await refresh();
          }}
        >
          {status === 3 && <Alert type="error" showIcon style={{ marginBottom: 16 }} message="验证次数已用完，请核对账户后重新发起打款验证。" />}
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
          <Space>
            <Button type="primary" htmlType="submit">
              保存账户
            </Button>
            {data && (
              <Button
                onClick={async () => {
                  await sendBankDeposit();
                  await refresh();
                }}
              >
                发起打款验证
              </Button>
            )}
          </Space>
        </Form>
      )}
      {status === 1 && (
        <Form
          layout="inline"
          onFinish={async (v: { amount: number }) => {
            try {
              await verifyBankDeposit(v.amount);
            } finally {
              await refresh();
            }
          }}
        >
          <Alert type="info" showIcon style={{ width: '100%', marginBottom: 16 }} message={`平台已向该账户打款一笔小于1元的金额，请查询到账金额后填写（还可尝试 ${data?.attemptsLeft} 次）。`} />
          <Form.Item name="amount" rules={verifyRules.amount}>
            <InputNumber min={0.01} max={0.99} step={0.01} precision={2} addonAfter="元" placeholder="0.00" />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            验证
          </Button>
        </Form>
      )}
      {status === 2 && <Alert type="success" showIcon message="对公账户已验证，可用于结算。" />}
    </Card>
  );
}
