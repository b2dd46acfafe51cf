import { useState } from 'react';
import { Button, Descriptions, Drawer, Image, Input, Result, Skeleton, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { specText, tierPriceFor, type ProductContentView, type ProductReviewRow, formatChinaDateTime, formatMoney } from '@aquamall/shared';
import { Img } from '../../../components/Img.tsx';
import { ListPage, ListTable, useListParams } from '../../../components/ListPage.tsx';
import { fileUrl } from '../../../lib/image.ts';
import { useApproveProduct, useProductReview, useProductReviews, useRejectProduct } from '../api/product-review.ts';
import { RejectButton } from '../components/RejectButton.tsx';

const FIELD_NAMES: [keyof ProductContentView, string][] = [
  ['name', '名称'], ['categoryCode', '分类'], ['brand', '品牌'], ['model', '型号'], ['unit', '单位'], ['minOrder', '起订量'],
  ['attributes', '参数'], ['images', '图片'], ['description', '详情'], ['leadTimeDays', '交货期'], ['originName', '产地'], ['isPovertyRelief', '消费扶贫'],
];

/** The fields an edit changes, against the version on sale. */
const changedFields = (a: ProductContentView, b: ProductContentView) =>
  FIELD_NAMES.filter(([k]) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).map(([, label]) => label);

/** Preview of a submission as the mall shows it, with approve / reject. */
function ReviewDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const detail = useProductReview(id);
  const approve = useApproveProduct();
  const reject = useRejectProduct();
  const d = detail.data;
  const c = d?.content;
  return (
    <Drawer open={id !== null} onClose={onClose} width={920} title={d ? `${d.isEdit ? '修改审核' : '新品审核'} · ${d.companyName}` : '商品审核'} destroyOnHidden
      extra={d?.status === 1 && (
        <Space>
          <RejectButton onReject={(reason) => reject.mutateAsync({ id: d.sysNo, reason }).then(onClose)} />
          <Button type="primary" loading={approve.isPending} onClick={() => void approve.mutateAsync(d.sysNo).then(onClose)}>通过</Button>
        </Space>
      )}
    >
      {detail.isLoading && <Skeleton active paragraph={{ rows: 10 }} />}
      {detail.isError && <Result status="warning" title="加载失败" subTitle={detail.error instanceof Error ? detail.error.message : undefined} />}
      {d && c && (
        <>
          {d.current && <div style={{ marginBottom: 12 }}>本次修改：{changedFields(c, d.current).map((f) => <Tag color="orange" key={f}>{f}</Tag>)}</div>}
          {d.rejectReason && <div style={{ color: '#cf1322', marginBottom: 12 }}>驳回原因：{d.rejectReason}</div>}
          <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
            <Image.PreviewGroup>
              <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
                <Image src={fileUrl(c.images[0], 1080)} width={300} height={300} style={{ objectFit: 'cover' }} />
                <Space>{c.images.slice(1).map((i) => <Image key={i} src={fileUrl(i, 1080)} width={56} height={56} style={{ objectFit: 'cover' }} />)}</Space>
              </div>
            </Image.PreviewGroup>
            <div style={{ flex: 1, minWidth: 320 }}>
              <h2 style={{ marginTop: 0 }}>{c.name}</h2>
              <div style={{ color: '#8c8c8c', marginBottom: 8 }}>{d.categoryPath.map((p) => p.name).join(' / ')}</div>
              <Descriptions size="small" column={2} bordered>
                <Descriptions.Item label="品牌">{c.brand || '无'}</Descriptions.Item>
                <Descriptions.Item label="型号">{c.model || '无'}</Descriptions.Item>
                <Descriptions.Item label="起订量">{c.minOrder} {c.unit}</Descriptions.Item>
                <Descriptions.Item label="交货期">{c.leadTimeDays ? `${c.leadTimeDays} 天` : '无'}</Descriptions.Item>
                <Descriptions.Item label="产地">{c.originName || '无'}</Descriptions.Item>
                <Descriptions.Item label="消费扶贫">{c.isPovertyRelief ? '是' : '否'}</Descriptions.Item>
              </Descriptions>
              <Table
                style={{ marginTop: 12 }}
                size="small"
                rowKey="sysNo"
                pagination={false}
                dataSource={d.skus}
                columns={[
                  { title: '规格', key: 's', render: (_, s) => specText(s.specValues) || '默认' },
                  { title: '编码', dataIndex: 'code' },
                  { title: '单价', dataIndex: 'price', render: (p: number) => formatMoney(p) },
                  { title: '阶梯价', key: 't', render: (_, s) => s.priceTiers.map((t) => `满${t.minQty}${c.unit} ${formatMoney(tierPriceFor(s.price, s.priceTiers, t.minQty))}`).join('；') || '无' },
                  { title: '可用库存', dataIndex: 'available' },
                ]}
              />
            </div>
          </div>
          <h3 style={{ marginTop: 24 }}>商品参数</h3>
          <Descriptions size="small" column={2} bordered items={c.attributes.map((a) => ({ key: a.name, label: a.name, children: a.value }))} />
          <h3 style={{ marginTop: 24 }}>商品详情</h3>
          <div className="product-review-description" style={{ border: '1px solid #f0f0f0', padding: 12, maxHeight: 480, overflow: 'auto' }} dangerouslySetInnerHTML={{ __html: c.description || '<p>无</p>' }} />
        </>
      )}
    </Drawer>
  );
}

/** /admin/product-review: the product review queue (new products and edits of products on sale). */
export default function ProductReviewPage() {
  const { params, filter, page } = useListParams<{ status: 1 | 2 | 4; keyword?: string }>({ status: 1 }, 20);
  const [open, setOpen] = useState<number | null>(null);
  const list = useProductReviews(params);
  const columns: TableColumnsType<ProductReviewRow> = [
    { title: '商品', dataIndex: 'productName', render: (v: string, r) => <Space><Img src={r.defaultImage} width={120} style={{ width: 48, height: 48, objectFit: 'cover' }} /><a onClick={() => setOpen(r.sysNo)}>{v}</a></Space> },
    { title: '企业', dataIndex: 'companyName' },
    { title: '类型', dataIndex: 'isEdit', width: 90, render: (e: boolean) => (e ? <Tag color="orange">修改</Tag> : <Tag color="blue">新品</Tag>) },
    { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: (v: string) => formatChinaDateTime(v) },
    ...(params.status === 1 ? [] : [{ title: '审核时间', dataIndex: 'decidedAt', width: 150, render: (v: string | null) => (v ? formatChinaDateTime(v) : '无') }]),
    ...(params.status === 4 ? [{ title: '驳回原因', dataIndex: 'rejectReason', ellipsis: true }] : []),
    { title: '操作', key: 'a', width: 90, render: (_: unknown, r: ProductReviewRow) => <Button type="link" size="small" onClick={() => setOpen(r.sysNo)}>{r.status === 1 ? '审核' : '查看'}</Button> },
  ];
  return (
    <ListPage title="商品审核">
      <Tabs activeKey={String(params.status)} onChange={(k) => filter({ status: Number(k) as 1 | 2 | 4 })} items={[{ key: '1', label: '待审核' }, { key: '2', label: '已通过' }, { key: '4', label: '已驳回' }]} />
      <Input.Search allowClear placeholder="商品或企业名称" maxLength={60} style={{ width: 280, marginBottom: 16 }} onSearch={(k) => filter({ keyword: k.trim() || undefined })} />
      <ListTable<ProductReviewRow> rowKey="sysNo" columns={columns} query={list} params={params} onPage={page} errorTitle="审核列表加载失败" emptyText={params.status === 1 ? '没有待审核的商品' : '暂无记录'} />
      <ReviewDrawer id={open} onClose={() => setOpen(null)} />
    </ListPage>
  );
}
