import '../components/mall-pages.css';
import { Link } from 'react-router';
import { Descriptions, Table, Tag } from 'antd';
import { CompanyType, EnquiryStatus, formatChinaDateTime } from '@aquamall/shared';
import { usePageTitle } from '../../../app/RootLayout.tsx';
import { DocumentLinks } from '../../../components/DocumentUpload.tsx';
import { SkeletonBlock } from '../../../components/Skeletons.tsx';
import { useSession } from '../../session/index.ts';
import { Crumbs } from '../components/Crumbs.tsx';
import { DetailState } from '../components/DetailState.tsx';
import { useIdParam } from '../components/url-state.ts';
import { loginHref, useMetaDescription } from '../components/meta.ts';
import { useEnquiryDetail } from '../api/enquiry.ts';

const STATUS_COLORS: Record<number, string> = { 1: 'green', 2: 'default', 3: 'blue' };

/** What a reader of an enquiry can do: a signed-in supplier quotes; a visitor logs in first. */
function QuoteBar({ id, open, status, invited }: { id: number; open: boolean; status: number; invited: boolean }) {
  const { token, user } = useSession();
  // The quote page (features/quotations).
  const quoteHref = `/customer/quotation/detail?enquiryId=${id}`;
  if (status === EnquiryStatus.DEAL) {
    return (
      <div className="am-quote-bar">
        <span>该询价已成交，感谢各供应商参与报价。</span>
      </div>
    );
  }
  if (!open)
    return (
      <div className="am-quote-bar">
        <span>该询价已截止，不再接受报价。</span>
      </div>
    );
  if (!token) {
    return (
      <div className="am-quote-bar">
        <span>供应商登录后即可参与报价。</span>
        <Link to={loginHref()} className="am-btn am-btn-accent am-btn-lg">
          登录后报价
        </Link>
      </div>
    );
  }
  if (user && user.extension.CompanyType === CompanyType.PURCHASER) {
    return (
      <div className="am-quote-bar">
        <span>采购商账号不能报价，请使用供应商账号登录。</span>
      </div>
    );
  }
  return (
    <div className="am-quote-bar">
      <span>{invited ? '本询价为邀请询价，仅受邀供应商可以报价；' : ''}您可以针对本询价提交报价，截止前可修改。</span>
      <Link to={quoteHref} className="am-btn am-btn-accent am-btn-lg">
        我要报价
      </Link>
    </div>
  );
}

/** enquiryDetail: items, quantities, delivery area, deadline, status, number of offers (phone masked). */
export default function EnquiryDetailPage() {
  const id = useIdParam();
  const q = useEnquiryDetail(id);
  const e = q.data;
  usePageTitle(e?.title);
  useMetaDescription(
    e
      ? `${e.companyName}采购询价：${e.items.map((i) => `${i.productName}${i.quantity}${i.unit}`).join('、')}，收货地${e.deliveryAreaName}`
      : undefined,
  );
  if (!e) {
    return (
      <DetailState
        invalid={!id}
        query={q}
        notFound={{ text: '询价单不存在或未公开', back: '/mall/enquiry', backText: '返回询价大厅' }}
        skeleton={<SkeletonBlock height={420} />}
      />
    );
  }
  return (
    <div className="am-container am-page">
      <Crumbs items={[{ title: '采购询价', to: '/mall/enquiry' }, { title: e.title }]} />
      <div className="am-article" style={{ padding: '24px 28px' }}>
        <div className="am-row-title" style={{ fontSize: 20 }}>
          <Tag color={STATUS_COLORS[e.status] ?? 'default'}>{e.statusName}</Tag>
          {e.visibility === 2 ? <Tag color="purple">邀请询价</Tag> : null}
          {e.sealed ? <Tag color="gold">密封报价</Tag> : null}
          <h1 style={{ fontSize: 20, textAlign: 'left' }}>{e.title}</h1>
        </div>
        <Descriptions
          style={{ marginTop: 16 }}
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          items={[
            { key: 'code', label: '询价单号', children: e.code },
            {
              key: 'buyer',
              label: '采购商',
              children: (
                <Link to={`/mall/enquiry?companyName=${encodeURIComponent(e.companyName)}`}>
                  {e.companyName}
                </Link>
              ),
            },
            { key: 'area', label: '收货地区', children: e.deliveryAreaName || '无' },
            { key: 'deadline', label: '报价截止', children: formatChinaDateTime(e.deadline) },
            {
              key: 'pub',
              label: '发布时间',
              children: e.publishedAt ? formatChinaDateTime(e.publishedAt) : '无',
            },
            {
              key: 'offers',
              label: '报价数',
              children: <span data-testid="offer-count">{e.offerCount} 家{e.sealed ? '（密封报价，不公开报价内容）' : ''}</span>,
            },
            { key: 'contact', label: '联系人', children: e.contactName || '无' },
            { key: 'phone', label: '联系电话', children: e.contactPhone },
          ]}
        />
        <h3 style={{ margin: '16px 0 8px' }}>采购明细（{e.items.length} 项）</h3>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={e.items}
          scroll={{ x: 560 }}
          columns={[
            { title: '序号', width: 60, render: (_v, _r, i) => i + 1 },
            { title: '产品名称', dataIndex: 'productName' },
            { title: '规格要求', dataIndex: 'spec', render: (v: string) => v || '无' },
            { title: '数量', dataIndex: 'quantity', width: 100, render: (v: number, r) => `${v} ${r.unit}` },
            { title: '备注', dataIndex: 'remark', render: (v: string) => v || '无' },
          ]}
        />
        {e.remark ? (
          <>
            <h3 style={{ margin: '16px 0 8px' }}>补充说明</h3>
            <p style={{ whiteSpace: 'pre-wrap' }}>{e.remark}</p>
          </>
        ) : null}
        {e.attachments.length ? (
          <>
            <h3 style={{ margin: '16px 0 8px' }}>附件（图纸、技术要求）</h3>
            <DocumentLinks docs={e.attachments} />
          </>
        ) : null}
        <QuoteBar id={e.id} open={!e.expired} status={e.status} invited={e.visibility === 2} />
      </div>
    </div>
  );
}
