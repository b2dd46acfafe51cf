import { formatChinaDate, formatChinaDateTime } from '@aquamall/shared';
import { Link, useSearchParams } from 'react-router';
import { Alert, Card, Collapse, Descriptions, Result, Table, Tag } from 'antd';
import { VersionChanges } from '../../../components/VersionChanges.tsx';
import { formatMoney, formatRating, type MyEnquiryItem, type OfferLine } from '@aquamall/shared';
import { Price } from '../../../components/Format.tsx';
import { DocumentLinks } from '../../../components/DocumentUpload.tsx';
import { QuotationThread } from '../../../components/QuotationThread.tsx';
import { useOfferDetail } from '../api/enquiries.ts';
import { enquiryIdFrom } from '../components/status.tsx';

function LinesTable({ items, lines }: { items: MyEnquiryItem[]; lines: OfferLine[] }) {
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={items}
      scroll={{ x: 700 }}
      columns={[
        { title: '序号', width: 60, render: (_v, _r, i) => i + 1 },
        { title: '产品名称', dataIndex: 'productName' },
        { title: '规格型号', dataIndex: 'spec', render: (v: string) => v || '无' },
        { title: '数量', width: 100, render: (_v, it) => `${it.quantity} ${it.unit}` },
        { title: '单价（含税）', width: 120, render: (_v, it) => { const l = lines.find((x) => x.enquiryItemId === it.id); return l ? <Price value={l.unitPrice} /> : '未报价'; } },
        { title: '税率', width: 70, render: (_v, it) => { const l = lines.find((x) => x.enquiryItemId === it.id); return l ? `${Number(l.taxRate)}%` : ''; } },
        { title: '金额', width: 120, render: (_v, it) => { const l = lines.find((x) => x.enquiryItemId === it.id); return l ? <Price value={l.amount} /> : ''; } },
        { title: '备注', render: (_v, it) => lines.find((x) => x.enquiryItemId === it.id)?.remark || '' },
      ]}
    />
  );
}

/** enquiry/offerDetail?id= — one offer on the purchaser's enquiry: its current figures, every version, the thread. */
export default function OfferDetailPage() {
  const [search] = useSearchParams();
  const id = enquiryIdFrom(search);
  const q = useOfferDetail(id);
  const d = q.data;
  if (!id || q.isError) return <Result status="warning" title="报价不存在或暂不能查看" subTitle={q.error instanceof Error ? q.error.message : undefined} extra={<Link to="/customer/enquiry">返回我的询价</Link>} />;
  if (!d) return <Card loading variant="borderless" />;
  const o = d.offer;
  return (
    <Card variant="borderless" title={`${o.supplierName} 的报价`} extra={<Link to={`/customer/enquiry/offerList?id=${d.enquiry.id}`}>返回比价</Link>}>
      {o.expired ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="该报价已过有效期，不能授标" /> : null}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          { key: 'enq', label: '询价', children: <Link to={`/customer/enquiry/detail?id=${d.enquiry.id}`}>{d.enquiry.title}</Link> },
          { key: 'st', label: '状态', children: <Tag>{o.expired ? '已失效' : o.statusName}</Tag> },
          { key: 'v', label: '当前版本', children: `第${o.version}版` },
          { key: 'goods', label: '货款', children: <Price value={o.goodsAmount} /> },
          { key: 'fr', label: '运费', children: <Price value={o.freight} /> },
          { key: 'total', label: '总价', children: <Price value={o.totalAmount} /> },
          { key: 'lead', label: '交货期', children: `${o.leadDays} 天` },
          { key: 'valid', label: '有效期至', children: formatChinaDate(o.validUntil) },
          { key: 'cert', label: '认证', children: o.certified ? '已认证' : '未认证' },
          { key: 'lv', label: '会员等级', children: o.memberLevel ? `${o.memberLevel}级` : '普通' },
          { key: 'rt', label: '评分', children: o.rating === null ? '暂无' : `${formatRating(o.rating)}（${o.reviewCount}条评价）` },
          { key: 'ct', label: '联系人', children: `${o.contactName || '无'} ${o.contactPhone}` },
          ...(o.remark ? [{ key: 'rm', label: '备注', children: o.remark }] : []),
          ...(o.attachments.length ? [{ key: 'att', label: '附件', span: 3, children: <DocumentLinks docs={o.attachments} /> }] : []),
        ]}
      />
      <h3 style={{ margin: '16px 0 8px' }}>报价明细（第{o.version}版）</h3>
      <LinesTable items={d.items} lines={o.lines} />
      <h3 style={{ margin: '16px 0 8px' }}>历史版本（{d.versions.length}）</h3>
      <Collapse
        items={d.versions.map((v) => ({
          key: String(v.version),
          label: `第${v.version}版 · ${formatChinaDateTime(v.createdAt)} · 总价 ${formatMoney(v.totalAmount)}（运费 ${formatMoney(v.freight)}，交货期 ${v.leadDays} 天）`,
          children: (
            <>
              <VersionChanges version={v.version} changes={v.changes} />
              <LinesTable items={d.items} lines={v.lines} />
            </>
          ),
        }))}
      />
      <div style={{ marginTop: 16 }}>
        <QuotationThread quotationId={o.quotationId} title={`与 ${o.supplierName} 沟通`} />
      </div>
    </Card>
  );
}
