import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Tag, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { InvoiceKind, MAX_INVOICE_TITLES, type InvoiceTitleRow } from '@aquamall/shared';
import { invoiceTitleListQuery, useDefaultInvoiceTitle, useDeleteInvoiceTitle } from '../api/buying.ts';
import { InvoiceTitleFormModal } from '../components/InvoiceTitleFormModal.tsx';
import { SavedEntriesCard, withDefaultTag } from '../components/SavedEntriesCard.tsx';

const dash = (v: string) => v || '—';

const columns: TableColumnsType<InvoiceTitleRow> = [
  { title: '发票抬头', dataIndex: 'title', width: 220, render: (v: string, r) => withDefaultTag(v, r) },
  {
    title: '类型',
    dataIndex: 'kind',
    width: 110,
    render: (k: number) =>
      k === InvoiceKind.SPECIAL ? <Tag color="gold">专用发票</Tag> : <Tag>普通发票</Tag>,
  },
  { title: '纳税人识别号', dataIndex: 'taxNo', width: 190 },
  {
    title: '注册地址 / 电话',
    key: 'reg',
    ellipsis: true,
    render: (_, r) => `${dash(r.regAddress)} ${r.regPhone}`.trim(),
  },
  {
    title: '开户银行 / 账号',
    key: 'bank',
    width: 260,
    ellipsis: true,
    render: (_, r) => `${dash(r.bankName)} ${r.bankAccount}`.trim(),
  },
];

/**
 * /customer/invoice/title: the purchaser's saved 发票抬头 (at most 20, one default), used by the checkout and
 * the invoice request. 普通 needs title and a valid unified social credit code; 专用 also the registered
 * address, phone, bank and account — the same rules the invoice request applies.
 */
export default function InvoiceTitlePage() {
  const list = useQuery(invoiceTitleListQuery);
  const remove = useDeleteInvoiceTitle();
  const makeDefault = useDefaultInvoiceTitle();
  const [editing, setEditing] = useState<{ title: InvoiceTitleRow | null } | null>(null);

  return (
    <>
      <SavedEntriesCard<InvoiceTitleRow>
        title="发票抬头"
        noun="发票抬头"
        max={MAX_INVOICE_TITLES}
        query={list}
        columns={columns}
        width={1040}
        onAdd={() => setEditing({ title: null })}
        onEdit={(title) => setEditing({ title })}
        onDefault={(r) => makeDefault.mutateAsync(r)}
        onDelete={(r) => remove.mutateAsync(r.sysNo)}
        testId="invoice-title-add"
      >
        <InvoiceTitleFormModal
          open={!!editing}
          title={editing?.title ?? null}
          onClose={() => setEditing(null)}
        />
      </SavedEntriesCard>
      <div style={{ marginTop: 12 }}>
        <Link to="/customer/invoice/index">返回发票管理</Link>
      </div>
    </>
  );
}
