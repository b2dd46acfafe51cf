import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Input, Select, Space, type TableColumnsType } from 'antd';
import { CreditAccountStatus, enumLabel, type CreditAccountRow, formatChinaDateTime } from '@aquamall/shared';
import { Price } from '../../../components/Format.tsx';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { useApplyList, useReject } from '../api/credit.ts';
import { ReasonModal, TermsModal } from '../components/CreditModals.tsx';
import { AccountStatusTag } from '../components/status.tsx';
import { accountLabel, canOnAccount, useCreditSide } from '../components/side.ts';

/**
 * companyAccount/requestIndex: the supplier's requests to approve (limit and days) or reject; the purchaser's
 * own requests with their state and the reason of a refusal.
 */
export default function RequestIndexPage() {
  const seller = useCreditSide() === 'seller';
  const navigate = useNavigate();
  const { params, filter, page } = useListParams<{ status?: number; keyword?: string }>(seller ? { status: CreditAccountStatus.PENDING } : {});
  const list = useApplyList(params);
  const [dialog, setDialog] = useState<{ kind: 'approve' | 'reject'; account: CreditAccountRow } | null>(null);
  const reject = useReject();
  const close = () => setDialog(null);

  const columns: TableColumnsType<CreditAccountRow> = [
    { title: seller ? '申请客户' : '供应商', key: 'name', width: 200, ellipsis: true, render: (_, r) => (seller ? r.buyerCompanyName : r.sellerCompanyName) },
    { title: '申请说明', dataIndex: 'requestRemark', width: 200, ellipsis: true, render: (v: string) => v || '—' },
    { title: '申请时间', dataIndex: 'createdAt', width: 150, render: (v: string) => formatChinaDateTime(v) },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => <AccountStatusTag status={s} /> },
    {
      title: '结果',
      key: 'result',
      width: 200,
      render: (_, r) =>
        r.status === CreditAccountStatus.REJECTED ? (
          <span style={{ color: '#cf1322' }}>{r.rejectReason}</span>
        ) : r.status === CreditAccountStatus.PENDING ? (
          '—'
        ) : (
          <span>
            额度 <Price value={r.creditLimit} />，账期 {r.paymentDays} 天
          </span>
        ),
    },
    {
      title: '操作',
      key: 'a',
      width: 150,
      fixed: 'right',
      render: (_, r) =>
        seller && canOnAccount('seller', r.status, 'approve') ? (
          <Space size={4}>
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'approve', account: r })}>通过</Button>
            <Button type="link" size="small" danger onClick={() => setDialog({ kind: 'reject', account: r })}>{accountLabel('reject')}</Button>
          </Space>
        ) : !seller && canOnAccount('buyer', r.status, 'apply') ? (
          <Link to={`/customer/companyAccount/editor?seller=${r.sellerCompanyId}`}>{accountLabel('apply')}</Link>
        ) : r.status === CreditAccountStatus.ACTIVE || r.status === CreditAccountStatus.FROZEN ? (
          <Link to={`/customer/companyAccount/editor?id=${r.id}`}>查看账户</Link>
        ) : null,
    },
  ];

  return (
    <ListPage
      title="账户申请"
      extra={!seller && <Button type="primary" onClick={() => void navigate('/customer/companyAccount/editor')}>申请信用账户</Button>}
      filters={
        <>
          <Select allowClear placeholder="全部状态" defaultValue={params.status} style={{ width: 120 }} options={[0, 1, 2, 3].map((v) => ({ value: v, label: enumLabel('CreditAccountStatus', v) }))} onChange={(status?: number) => filter({ status })} />
          <Input.Search allowClear placeholder={seller ? '客户名称' : '供应商名称'} maxLength={50} style={{ width: 220 }} onSearch={(v) => filter({ keyword: v.trim() || undefined })} />
        </>
      }
    >
      <ListTable<CreditAccountRow> rowKey="id" size="middle" query={list} params={params} onPage={page} columns={columns} scroll={{ x: 1000 }} errorTitle="账户申请加载失败" emptyText={seller ? '暂无待审核的申请' : '暂无申请记录'} />
      {dialog?.kind === 'approve' && <TermsModal open approve account={dialog.account} onClose={close} />}
      {dialog?.kind === 'reject' && <ReasonModal open title={`拒绝申请：${dialog.account.buyerCompanyName}`} okText="拒绝" label="拒绝原因" danger loading={reject.isPending} run={(reason) => reject.mutateAsync({ id: dialog.account.id, reason })} onClose={close} />}
    </ListPage>
  );
}
