import { Alert, Descriptions, Skeleton, Typography } from 'antd';
import { formatMoney, type TransferPayee } from '@aquamall/shared';

const copy = (text: string, what: string) => ({ text, tooltips: [`复制${what}`, '已复制'] as [string, string] });

/**
 * Where a transfer goes (decision docs/decisions/0198-transfer-payee-and-order-papers.md): the payee's verified
 * settlement account (户名, 开户行, 账号) and the note (附言) the payee matches the transfer by, each with a copy
 * button; or why no transfer can be made.
 */
export function TransferPayeeCard({ payee, loading }: { payee: TransferPayee | undefined; loading?: boolean }) {
  if (loading) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  // A failed read shows no card; the dialog above it still says whom to pay.
  if (!payee) return null;
  if (!payee.available || !payee.account)
    return (
      <div data-testid="payee-unavailable">
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message="暂不能银行转账"
          description={payee.reason ?? '收款方尚未完成对公账户验证'}
        />
      </div>
    );
  const a = payee.account;
  const bank = a.branchName ? `${a.bankName} ${a.branchName}` : a.bankName;
  return (
    <div data-testid="payee-account">
    <Descriptions
      bordered
      size="small"
      column={1}
      style={{ marginBottom: 16 }}
      title="收款账户（已验证）"
    >
      <Descriptions.Item label="户名">
        <Typography.Text copyable={copy(a.accountName, '户名')}>{a.accountName}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="开户行">
        <Typography.Text copyable={copy(bank, '开户行')}>{bank}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="账号">
        <Typography.Text copyable={copy(a.accountNo, '账号')} strong style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {a.accountNo.replace(/(\d{4})(?=\d)/g, '$1 ')}
        </Typography.Text>
      </Descriptions.Item>
      {payee.amount !== null ? (
        <Descriptions.Item label="转账金额">
          <Typography.Text copyable={copy(payee.amount, '金额')} strong type="danger">
            {formatMoney(payee.amount)}
          </Typography.Text>
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label="附言">
        <Typography.Text copyable={copy(payee.note, '附言')} code>
          {payee.note}
        </Typography.Text>
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            请在转账附言中填写此内容，便于收款方核对到账
          </Typography.Text>
        </div>
      </Descriptions.Item>
    </Descriptions>
    </div>
  );
}
