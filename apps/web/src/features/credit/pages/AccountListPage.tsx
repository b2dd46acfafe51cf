import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Input, Select, Space, type TableColumnsType } from 'antd';
import { CreditAccountStatus, enumLabel, type CreditAccountRow } from '@aquamall/shared';
import { Price } from '../../../components/Format.tsx';
import { ExportButton, ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { exportAccounts, useAccountList, useFreeze, useUnfreeze } from '../api/credit.ts';
import { AmountModal, RechargeModal, ReasonModal } from '../components/CreditModals.tsx';
import { AccountStatusTag } from '../components/status.tsx';
import { accountLabel, canOnAccount, useCreditSide } from '../components/side.ts';

type Dialog = { kind: 'recharge' | 'refund' | 'customerRecharge' | 'freeze' | 'unfreeze'; account: CreditAccountRow } | null;

/**
 * companyAccount/index (supplier: the accounts it granted to customers) and companyAccount/myindex (purchaser:
 * its accounts with suppliers): balance, credit used, available and overdue, with the side's actions.
 */
export default function AccountListPage() {
  const side = useCreditSide();
  const seller = side === 'seller';
  const navigate = useNavigate();
  const { params, filter, page } = useListParams<{ status?: number; keyword?: string }>();
  const list = useAccountList(params);
  const [dialog, setDialog] = useState<Dialog>(null);
  const freeze = useFreeze();
  const unfreeze = useUnfreeze();
  const close = () => setDialog(null);
  const editor = (id: number) => `/customer/companyAccount/editor?id=${id}`;

  const columns: TableColumnsType<CreditAccountRow> = [
    { title: seller ? '客户' : '供应商', key: 'name', width: 160, ellipsis: true, render: (_, r) => <Link to={editor(r.id)}>{seller ? r.buyerCompanyName : r.sellerCompanyName}</Link> },
    { title: '状态', dataIndex: 'status', width: 72, render: (s: number) => <AccountStatusTag status={s} /> },
    { title: '信用额度', dataIndex: 'creditLimit', width: 104, align: 'right', render: (v: string) => <Price value={v} /> },
    { title: '账期', dataIndex: 'paymentDays', width: 64, render: (v: number) => `${v} 天` },
    { title: '余额', dataIndex: 'balance', width: 104, align: 'right', render: (v: string) => <Price value={v} /> },
    { title: '已用额度', dataIndex: 'creditUsed', width: 104, align: 'right', render: (v: string) => <Price value={v} /> },
    { title: '可用额度', dataIndex: 'available', width: 104, align: 'right', render: (v: string) => <Price value={v} /> },
    { title: '逾期金额', dataIndex: 'overdue', width: 104, align: 'right', render: (v: string) => (Number(v) > 0 ? <span style={{ color: '#cf1322' }}><Price value={v} /></span> : <Price value={v} />) },
    {
      title: '操作',
      key: 'a',
      width: 170,
      fixed: 'right',
      render: (_, r) => (
        <Space size={4} wrap>
          <Link to={editor(r.id)}>详情</Link>
          {seller ? (
            <>
              <Button type="link" size="small" onClick={() => setDialog({ kind: 'customerRecharge', account: r })}>客户充值</Button>
              {canOnAccount('seller', r.status, 'freeze') && (
                <Button type="link" size="small" danger onClick={() => setDialog({ kind: 'freeze', account: r })}>{accountLabel('freeze')}</Button>
              )}
              {canOnAccount('seller', r.status, 'unfreeze') && (
                <Button type="link" size="small" onClick={() => setDialog({ kind: 'unfreeze', account: r })}>{accountLabel('unfreeze')}</Button>
              )}
            </>
          ) : (
            <>
              <Button type="link" size="small" onClick={() => setDialog({ kind: 'recharge', account: r })}>{accountLabel('recharge')}</Button>
              {canOnAccount('buyer', r.status, 'refund') && <Button type="link" size="small" onClick={() => setDialog({ kind: 'refund', account: r })}>退款</Button>}
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title={seller ? '信用账户' : '我的信用账户'}
      extra={
        <Space>
          {!seller && <Button type="primary" onClick={() => void navigate('/customer/companyAccount/editor')}>申请信用账户</Button>}
          <ExportButton onExport={() => exportAccounts(params)} />
        </Space>
      }
      filters={
        <>
          <Select allowClear placeholder="全部状态" style={{ width: 120 }} options={[CreditAccountStatus.ACTIVE, CreditAccountStatus.FROZEN].map((v) => ({ value: v, label: enumLabel('CreditAccountStatus', v) }))} onChange={(status?: number) => filter({ status })} />
          <Input.Search allowClear placeholder={seller ? '客户名称' : '供应商名称'} maxLength={50} style={{ width: 220 }} onSearch={(v) => filter({ keyword: v.trim() || undefined })} />
        </>
      }
    >
      <ListTable<CreditAccountRow>
        rowKey="id"
        size="middle"
        query={list}
        params={params}
        onPage={page}
        columns={columns}
        scroll={{ x: 990 }}
        errorTitle="信用账户加载失败"
        emptyText={seller ? '暂无客户信用账户，客户申请后在「账户申请」中审核' : '暂无信用账户，可向供应商申请开通'}
      />
      {dialog?.kind === 'recharge' && <RechargeModal open account={dialog.account} onClose={close} />}
      {(dialog?.kind === 'refund' || dialog?.kind === 'customerRecharge') && <AmountModal open kind={dialog.kind} account={dialog.account} onClose={close} />}
      {dialog?.kind === 'freeze' && <ReasonModal open title={`冻结账户：${dialog.account.buyerCompanyName}`} okText="冻结" label="冻结原因" danger loading={freeze.isPending} run={(reason) => freeze.mutateAsync({ id: dialog.account.id, reason })} onClose={close} />}
      {dialog?.kind === 'unfreeze' && <ReasonModal open title={`解冻账户：${dialog.account.buyerCompanyName}`} okText="解冻" label="解冻说明" loading={unfreeze.isPending} run={(reason) => unfreeze.mutateAsync({ id: dialog.account.id, reason })} onClose={close} />}
    </ListPage>
  );
}
