import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { MAX_ADDRESSES, type AddressRow } from '@aquamall/shared';
import { addressListQuery, useDefaultAddress, useDeleteAddress } from '../api/buying.ts';
import { AddressFormModal } from '../components/AddressFormModal.tsx';
import { SavedEntriesCard, withDefaultTag } from '../components/SavedEntriesCard.tsx';

const columns: TableColumnsType<AddressRow> = [
  { title: '收货人', dataIndex: 'receiver', width: 160, render: (v: string, r) => withDefaultTag(v, r) },
  { title: '手机号', dataIndex: 'phone', width: 130 },
  { title: '所在地区', dataIndex: 'areaName', width: 220 },
  { title: '详细地址', dataIndex: 'detail', ellipsis: true },
];

/** /customer/address: the company's delivery addresses (at most 20, one default). */
export default function AddressPage() {
  const list = useQuery(addressListQuery);
  const remove = useDeleteAddress();
  const makeDefault = useDefaultAddress();
  const [editing, setEditing] = useState<{ address: AddressRow | null } | null>(null);

  return (
    <SavedEntriesCard<AddressRow>
      title="收货地址"
      noun="收货地址"
      max={MAX_ADDRESSES}
      query={list}
      columns={columns}
      width={860}
      onAdd={() => setEditing({ address: null })}
      onEdit={(address) => setEditing({ address })}
      onDefault={(r) => makeDefault.mutateAsync(r.sysNo)}
      onDelete={(r) => remove.mutateAsync(r.sysNo)}
      testId="address-add"
    >
      <AddressFormModal open={!!editing} address={editing?.address ?? null} onClose={() => setEditing(null)} />
    </SavedEntriesCard>
  );
}
