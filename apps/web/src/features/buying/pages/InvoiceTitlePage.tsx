import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Tag, type TableColumnsType } from 'antd';
import { InvoiceKind, MAX_INVOICE_TITLES, type InvoiceTitleRow } from '@aquamall/shared';
import { invoiceTitleListQuery, useDefaultInvoiceTitle, useDeleteInvoiceTitle } from '../api/buying.ts';
import { InvoiceTitleFormModal } from '../components/InvoiceTitleFormModal.tsx';
import { SavedEntriesCard, withDefaultTag } from '../components/SavedEntriesCard.tsx';

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
    title: '注册地址、电话 / 开户银行、账号',
    key: 'special',
    render: (_, r) =>
      r.regAddress || r.bankName ? (
        <>
          <div>{`${r.regAddress} ${r.regPhone}`.trim()}</div>
          <div style={{ color: '#8c8c8c' }}>{`${r.bankName} ${r.bankAccount}`.trim()}</div>
        </>
      ) : (
        '—'
      ),
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
    <SavedEntriesCard<InvoiceTitleRow>
      title="发票抬头"
      noun="发票抬头"
      max={MAX_INVOICE_TITLES}
      query={list}
      columns={columns}
      width={980}
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
  );
}
