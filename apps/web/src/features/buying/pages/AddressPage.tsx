import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Tabs, type TableColumnsType } from 'antd';
import { AddressKind, CompanyType, enumLabel, MAX_ADDRESSES, type AddressRow } from '@aquamall/shared';
import { useSession } from '../../session/index.ts';
import { addressListQuery, useDefaultAddress, useDeleteAddress } from '../api/buying.ts';
import { AddressFormModal } from '../components/AddressFormModal.tsx';
import { SavedEntriesCard, withDefaultTag } from '../components/SavedEntriesCard.tsx';

const columnsOf = (person: string): TableColumnsType<AddressRow> => [
  { title: person, dataIndex: 'receiver', width: 160, render: (v: string, r) => withDefaultTag(v, r) },
  { title: '手机号', dataIndex: 'phone', width: 130 },
  { title: '所在地区', dataIndex: 'areaName', width: 220 },
  { title: '详细地址', dataIndex: 'detail', ellipsis: true },
];

/**
 * /customer/address: the company's addresses (at most 20). Purchasers keep delivery addresses; suppliers keep
 * return addresses (offered when approving a return) and shipping-from addresses, one default per kind.
 */
export default function AddressPage() {
  const { user } = useSession();
  const supplier = user?.extension.CompanyType === CompanyType.SUPPLIER;
  const kinds = supplier ? [AddressKind.RETURN, AddressKind.SHIP_FROM] : [AddressKind.DELIVERY];
  const [kind, setKind] = useState<number>(kinds[0]!);
  const list = useQuery(addressListQuery);
  const remove = useDeleteAddress();
  const makeDefault = useDefaultAddress();
  const [editing, setEditing] = useState<{ address: AddressRow | null } | null>(null);
  const noun = enumLabel('AddressKind', kind) ?? '收货地址';
  const rows = { ...list, data: list.data?.filter((a) => a.kind === kind) } as typeof list;

  const card = (
    <SavedEntriesCard<AddressRow>
      title={supplier ? '地址管理' : '收货地址'}
      noun={noun}
      max={MAX_ADDRESSES}
      query={rows}
      columns={columnsOf(kind === AddressKind.DELIVERY ? '收货人' : '联系人')}
      width={860}
      onAdd={() => setEditing({ address: null })}
      onEdit={(address) => setEditing({ address })}
      onDefault={(r) => makeDefault.mutateAsync(r.sysNo)}
      onDelete={(r) => remove.mutateAsync(r.sysNo)}
      testId="address-add"
    >
      <AddressFormModal open={!!editing} address={editing?.address ?? null} kind={kind} onClose={() => setEditing(null)} />
    </SavedEntriesCard>
  );
  if (!supplier) return card;
  return (
    <>
      <Tabs
        activeKey={String(kind)}
        onChange={(k) => setKind(Number(k))}
        items={kinds.map((k) => ({ key: String(k), label: enumLabel('AddressKind', k) }))}
        style={{ marginBottom: -8 }}
      />
      {card}
    </>
  );
}
