import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Input, InputNumber, Segmented, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import type { StockRow } from '@aquamall/shared';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { useSetLowStock, useStockList } from '../api/stock.ts';
import { LedgerDrawer } from '../components/LedgerDrawer.tsx';

/** A threshold edited in place, saved on blur or Enter. */
function LowStockCell({ row }: { row: StockRow }) {
  const save = useSetLowStock();
  const [value, setValue] = useState<number | null>(row.lowStock);
  const commit = () => {
    if (value !== null && value !== row.lowStock) save.mutate({ skuId: row.skuId, lowStock: value });
  };
  return <InputNumber size="small" min={0} precision={0} value={value} onChange={setValue} onBlur={commit} onPressEnter={commit} style={{ width: 90 }} aria-label="预警库存" disabled={save.isPending} />;
}

/** product/inventory: stock per SKU (on hand, reserved, available), the low-stock warning list and the ledger. */
export default function InventoryPage() {
  const [search, setSearch] = useSearchParams();
  const productId = Number(search.get('productId')) || undefined;
  const { params, filter, page } = useListParams({ keyword: '', lowOnly: 0 });
  const [ledgerOf, setLedgerOf] = useState<StockRow | null>(null);
  const list = useStockList({ ...params, keyword: params.keyword || undefined, productId });
  const lowCount = useStockList({ pageIndex: 1, pageSize: 1, lowOnly: 1 });

  const columns: TableColumnsType<StockRow> = [
    { title: '商品', dataIndex: 'productName', render: (v: string, r) => <span>{v}<div style={{ color: '#8c8c8c', fontSize: 12 }}>{r.spec || '默认规格'}</div></span> },
    { title: '规格编码', dataIndex: 'code', width: 150 },
    { title: '在库', dataIndex: 'onHand', width: 90, render: (v: number, r) => `${v} ${r.unit}` },
    { title: '预占', dataIndex: 'reserved', width: 80 },
    { title: '可用', dataIndex: 'available', width: 110, render: (v: number, r) => (r.isLow ? <Space><span style={{ color: '#cf1322', fontWeight: 600 }}>{v}</span><Tag color="error">库存不足</Tag></Space> : v) },
    {
      title: <Tooltip title="售后退回的不良品：单独存放，不计入在库与可用，不可销售">不良品</Tooltip>,
      dataIndex: 'held',
      width: 80,
      render: (v: number) => (v > 0 ? <Tag color="warning">{v}</Tag> : 0),
    },
    { title: '预警库存', dataIndex: 'lowStock', width: 120, render: (_, r) => <LowStockCell key={`${r.skuId}-${r.lowStock}`} row={r} /> },
    { title: '操作', key: 'a', width: 100, render: (_, r) => <Button type="link" size="small" onClick={() => setLedgerOf(r)}>库存流水</Button> },
  ];

  return (
    <ListPage
      title="商品库存"
      filters={
        <>
        <Segmented
          value={params.lowOnly}
          onChange={(v) => filter({ lowOnly: Number(v) })}
          options={[
            { value: 0, label: '全部规格' },
            { value: 1, label: <Badge count={lowCount.data?.total ?? 0} size="small" offset={[8, -2]}>库存预警</Badge> },
          ]}
        />
        <Input.Search allowClear maxLength={60} placeholder="商品名称或规格编码" style={{ width: 260 }} onSearch={(keyword) => filter({ keyword: keyword.trim() })} />
        {productId && <Tag closable onClose={() => setSearch({})}>仅显示所选商品</Tag>}
        </>
      }
    >
      <ListTable<StockRow>
        rowKey="skuId"
        size="middle"
        columns={columns}
        query={list}
        params={params}
        onPage={page}
        errorTitle="库存加载失败"
        emptyText={list.isLoading ? '加载中…' : params.lowOnly ? '没有低于预警库存的规格' : '暂无库存，请先发布商品'}
        scroll={{ x: 860 }}
        showTotal={(n) => `共 ${n} 个规格`}
      />
      <LedgerDrawer sku={ledgerOf} onClose={() => setLedgerOf(null)} />
    </ListPage>
  );
}
