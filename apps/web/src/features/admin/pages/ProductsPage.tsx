import { Input, Select, Tag } from 'antd';
import { enumLabel, formatMoney, type AdminProductRow } from '@aquamall/shared';
import { Img } from '../../../components/Img.tsx';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { consoleCommand, useConsoleQuery } from '../api/admin.ts';
import { RejectButton } from '../components/RejectButton.tsx';

const takeDown = consoleCommand('adminProductTakedown');

/** Console: product moderation — take a product down with a reason the merchant is told. */
export default function ProductsPage() {
  const { params, filter, page } = useListParams<{ keyword?: string; status?: number }>({ status: 2 }, 20);
  const list = useConsoleQuery('adminProductList', params);
  const refetch = list.refetch;
  return (
    <ListPage
      variant="outlined"
      title="商品管理"
      filters={
        <>
        <Input.Search placeholder="商品名称" allowClear style={{ width: 260 }} onSearch={(v) => filter({ keyword: v.trim() || undefined })} />
        <Select
          value={params.status}
          allowClear
          placeholder="状态"
          style={{ width: 120 }}
          options={[0, 1, 2, 3].map((s) => ({ value: s, label: enumLabel('ProductStatus', s) }))}
          onChange={(v?: number) => filter({ status: v })}
        />
        </>
      }
    >
      <ListTable<AdminProductRow>
        rowKey="id"
        size="small"
        query={list}
        params={params}
        onPage={page}
        errorTitle="商品列表加载失败"
        emptyText={params.keyword || params.status !== undefined ? '没有匹配的商品' : '暂无商品'}
        columns={[
          { title: '图片', dataIndex: 'defaultImage', render: (v: string) => <Img src={v} width={120} style={{ width: 48, height: 48, objectFit: 'cover' }} /> },
          { title: '商品', dataIndex: 'name' },
          { title: '店铺', dataIndex: 'companyName' },
          { title: '价格', dataIndex: 'price', render: (v: string) => formatMoney(v) },
          { title: '状态', dataIndex: 'status', render: (v: number, r) => <><Tag>{enumLabel('ProductStatus', v)}</Tag>{r.takenDownReason && <span style={{ color: '#cf1322' }}>{r.takenDownReason}</span>}</> },
          {
            title: '操作',
            render: (_, r) =>
              r.status === 2 && (
                <RejectButton label="下架" title="下架原因（将通知商家）" onReject={async (reason) => { await takeDown({ id: r.id, reason }); await refetch(); }} />
              ),
          },
        ]}
      />
    </ListPage>
  );
}
