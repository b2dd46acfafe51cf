import { Table, Tag, type TableColumnsType } from 'antd';
import type { ResolvedLine } from '@aquamall/shared';
import { Price } from './Format.tsx';

/**
 * Lines resolved against the catalogue (再次购买, 快速下单): product, spec, today's price, stock, minimum order,
 * the quantity asked and the one put into the cart, and what changed or why a line cannot be bought.
 */
export function ResolvedLines({ lines, showRow = false }: { lines: readonly ResolvedLine[]; showRow?: boolean }) {
  const columns: TableColumnsType<ResolvedLine> = [
    ...(showRow ? [{ title: '行', dataIndex: 'row', width: 50 }] : []),
    {
      title: '商品',
      key: 'product',
      minWidth: 200,
      render: (_, l) => (
        <div>
          <div>{l.productName || l.code || '—'}</div>
          <div className="am-muted am-small">
            {[l.code && `编码 ${l.code}`, l.spec, l.shopName].filter(Boolean).join(' · ')}
          </div>
        </div>
      ),
    },
    {
      title: '单价',
      key: 'price',
      width: 110,
      align: 'right',
      render: (_, l) => (l.unitPrice === null ? '—' : <Price value={l.unitPrice} />),
    },
    {
      title: '库存/起订',
      key: 'stock',
      width: 110,
      render: (_, l) => (l.skuId ? `${l.available} / ${l.minOrder}${l.unit}` : '—'),
    },
    {
      title: '数量',
      key: 'qty',
      width: 100,
      render: (_, l) =>
        l.ok ? `${l.quantity}${l.unit}${l.quantity !== l.wanted ? `（原 ${l.wanted}）` : ''}` : `${l.wanted}`,
    },
    {
      title: '说明',
      key: 'notes',
      minWidth: 200,
      render: (_, l) => (
        <div data-testid="resolved-notes">
          {l.ok ? <Tag color="green">可购买</Tag> : <Tag color="red">不能购买</Tag>}
          {l.notes.map((n) => (
            <Tag key={n} color={l.ok ? 'orange' : 'red'}>
              {n}
            </Tag>
          ))}
        </div>
      ),
    },
  ];
  return (
    <Table<ResolvedLine>
      rowKey={(l) => `${l.row}-${l.skuId ?? l.code}`}
      size="small"
      columns={columns}
      dataSource={[...lines]}
      pagination={false}
      scroll={{ x: 700 }}
    />
  );
}
