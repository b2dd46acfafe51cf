import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Input, Modal, Select, Space, type TableColumnsType } from 'antd';
import { CreditRequestKind, creditRequestMachine, enumLabel, type CreditAccountRow, type CreditRequestRow, formatChinaDateTime, formatMoney } from '@aquamall/shared';
import { Price } from '../../../components/Format.tsx';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { useAccountList, useConfirmRequest, useRejectRequest, useRequestList } from '../api/credit.ts';
import { AmountModal, ReasonModal } from './CreditModals.tsx';
import { Proofs } from './Proofs.tsx';
import { RequestStatusTag } from './status.tsx';
import { useCreditSide } from './side.ts';

/**
 * Recharge (kind 1) or refund (kind 2) requests of the company's accounts: the supplier confirms (the ledger row
 * is written) or rejects pending ones; `customerRecharge` adds the supplier's 客户充值 entry.
 */
export function RequestList({ kind, title, customerRecharge = false }: { kind: number; title: string; customerRecharge?: boolean }) {
  const seller = useCreditSide() === 'seller';
  const { params, filter, page } = useListParams<{ status?: number; keyword?: string }>();
  const list = useRequestList({ kind, ...params });
  const confirm = useConfirmRequest();
  const reject = useRejectRequest();
  const [rejecting, setRejecting] = useState<CreditRequestRow | null>(null);
  const [entering, setEntering] = useState(false);
  const recharge = kind === CreditRequestKind.RECHARGE;

  const onConfirm = (r: CreditRequestRow) =>
    Modal.confirm({
      title: recharge ? '确认已收到充值款？' : '确认已退款？',
      content: `${r.buyerCompanyName}：${formatMoney(r.amount)}。确认后写入账户流水，不可撤销。`,
      okText: '确认',
      onOk: () => confirm.mutateAsync({ id: r.id }),
    });

  const columns: TableColumnsType<CreditRequestRow> = [
    { title: seller ? '客户' : '供应商', key: 'name', width: 180, ellipsis: true, render: (_, r) => <Link to={`/customer/companyAccount/editor?id=${r.accountId}`}>{seller ? r.buyerCompanyName : r.sellerCompanyName}</Link> },
    { title: recharge ? '充值金额' : '退款金额', dataIndex: 'amount', width: 110, align: 'right', render: (v: string) => <Price value={v} /> },
    ...(recharge ? [{ title: '转账凭证', dataIndex: 'proofFiles', width: 120, render: (f: string[], r: CreditRequestRow) => (r.bySupplier ? '供应商登记' : <Proofs files={f} />) }] : []),
    { title: '备注', dataIndex: 'remark', width: 160, ellipsis: true, render: (v: string) => v || '—' },
    { title: '提交人', dataIndex: 'createdByName', width: 100, ellipsis: true },
    { title: '提交时间', dataIndex: 'createdAt', width: 140, render: (v: string) => formatChinaDateTime(v) },
    { title: '状态', dataIndex: 'status', width: 90, render: (s: number, r) => <span title={r.rejectReason ?? undefined}><RequestStatusTag status={s} /></span> },
    { title: '驳回原因', dataIndex: 'rejectReason', width: 140, ellipsis: true, render: (v: string | null) => v ?? '—' },
    ...(seller
      ? [
          {
            title: '操作',
            key: 'a',
            width: 120,
            fixed: 'right' as const,
            render: (_: unknown, r: CreditRequestRow) =>
              creditRequestMachine.available(r.status, { side: 'seller' }).length ? (
                <Space size={4}>
                  <Button type="link" size="small" onClick={() => onConfirm(r)}>{creditRequestMachine.actions.confirm.label}</Button>
                  <Button type="link" size="small" danger onClick={() => setRejecting(r)}>{creditRequestMachine.actions.reject.label}</Button>
                </Space>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <ListPage
      title={title}
      extra={customerRecharge && <Button type="primary" onClick={() => setEntering(true)}>客户充值</Button>}
      filters={
        <>
          <Select allowClear placeholder="全部状态" style={{ width: 120 }} options={[0, 1, 2].map((v) => ({ value: v, label: enumLabel('CreditRequestStatus', v) }))} onChange={(status?: number) => filter({ status })} />
          <Input.Search allowClear placeholder={seller ? '客户名称' : '供应商名称'} maxLength={50} style={{ width: 220 }} onSearch={(v) => filter({ keyword: v.trim() || undefined })} />
        </>
      }
    >
      <ListTable<CreditRequestRow> rowKey="id" size="middle" query={list} params={params} onPage={page} columns={columns} scroll={{ x: 1100 }} errorTitle={`${title}加载失败`} emptyText={recharge ? '暂无充值记录' : '暂无退款记录'} />
      {rejecting && <ReasonModal open title={`驳回${recharge ? '充值' : '退款'}：${formatMoney(rejecting.amount)}`} okText="驳回" label="驳回原因" danger loading={reject.isPending} run={(reason) => reject.mutateAsync({ id: rejecting.id, reason })} onClose={() => setRejecting(null)} />}
      {entering && <CustomerRechargeEntry onClose={() => setEntering(false)} />}
    </ListPage>
  );
}

/** 客户充值: pick the customer's account, then the amount. */
function CustomerRechargeEntry({ onClose }: { onClose: () => void }) {
  const accounts = useAccountList({ pageIndex: 1, pageSize: 100 });
  const [account, setAccount] = useState<CreditAccountRow | null>(null);
  if (account) return <AmountModal open kind="customerRecharge" account={account} onClose={onClose} />;
  return (
    <Modal title="客户充值：选择客户" open onCancel={onClose} footer={null}>
      <Select
        showSearch
        autoFocus
        style={{ width: '100%' }}
        placeholder="选择客户信用账户"
        loading={accounts.isFetching}
        optionFilterProp="label"
        options={(accounts.data?.list ?? []).map((a) => ({ value: a.id, label: a.buyerCompanyName }))}
        onChange={(id: number) => setAccount(accounts.data?.list.find((a) => a.id === id) ?? null)}
      />
    </Modal>
  );
}
