import { useState } from 'react';
import { Drawer, Result, Table, Tag } from 'antd';
import { enumLabel, type LedgerRow, type StockRow, formatChinaDateTime } from '@aquamall/shared';
import { useLedger } from '../api/stock.ts';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The stock ledger of one SKU: every change with its reason, document, before/after, who and when. */
export function LedgerDrawer({ sku, onClose }: { sku: StockRow | null; onClose: () => void }) {
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 });
  const ledger = useLedger(sku ? { skuId: sku.skuId, ...page } : null);
  return (
    <Drawer open={!!sku} onClose={onClose} width={880} title={sku ? `库存流水 · ${sku.productName} ${sku.spec || sku.code}` : ''} destroyOnHidden>
      {ledger.isError ? (
        <Result status="warning" title="库存流水加载失败" subTitle={ledger.error instanceof Error ? ledger.error.message : undefined} />
      ) : (
        <Table<LedgerRow>
          rowKey="sysNo"
          size="small"
          loading={ledger.isFetching}
          dataSource={ledger.data?.list ?? []}
          locale={{ emptyText: '暂无库存流水' }}
          columns={[
            { title: '时间', dataIndex: 'createdAt', width: 140, render: (v: string) => formatChinaDateTime(v) },
            { title: '原因', dataIndex: 'reason', width: 90, render: (r: number) => <Tag>{enumLabel('StockReason', r)}</Tag> },
            { title: '数量', dataIndex: 'quantity', width: 70, render: signed },
            { title: '在库（前→后）', key: 'onHand', render: (_, r) => `${r.onHandBefore} → ${r.onHandAfter}` },
            { title: '预占（前→后）', key: 'reserved', render: (_, r) => `${r.reservedBefore} → ${r.reservedAfter}` },
            { title: '不良品（后）', key: 'held', width: 100, render: (_, r) => (r.heldChange ? `${signed(r.heldChange)} → ${r.heldAfter}` : '—') },
            { title: '单据', dataIndex: 'docNo', render: (v: string) => v || '无' },
            { title: '操作人', dataIndex: 'userName', width: 100, render: (v: string) => v || '系统' },
          ]}
          pagination={{ current: page.pageIndex, pageSize: page.pageSize, total: ledger.data?.total ?? 0, onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }), showTotal: (n) => `共 ${n} 条` }}
        />
      )}
    </Drawer>
  );
}
