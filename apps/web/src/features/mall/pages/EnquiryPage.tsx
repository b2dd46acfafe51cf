import '../components/mall-pages.css';
import { Link } from 'react-router';
import { Tag } from 'antd';
import { searchTerms, formatChinaDate, formatChinaDateTime } from '@aquamall/shared';
import { Crumbs } from '../components/Crumbs.tsx';
import { Highlight } from '../components/Highlight.tsx';
import { KeywordSearch } from '../components/KeywordSearch.tsx';
import { ListHead } from '../components/ListHead.tsx';
import { PagedListState } from '../components/ListState.tsx';
import { StatusTabs } from '../components/StatusTabs.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useMetaDescription } from '../components/meta.ts';
import { useEnquiries } from '../api/enquiry.ts';

const PAGE_SIZE = 15;
const ENQUIRY_STATUS_COLORS: Record<number, string> = { 1: 'green', 2: 'default', 3: 'blue' };

/** enquiry: published purchaser enquiries, query `companyName` (docs/product/mall.md#mall-routes), keyword and status. */
export default function EnquiryPage() {
  const state = useUrlState();
  const companyName = state.get('companyName').trim();
  const keyword = state.get('keyword').trim();
  const status = state.get('status');
  const q = useEnquiries({
    companyName: companyName || undefined,
    keyword: keyword || undefined,
    status: status ? Number(status) : undefined,
    pageIndex: state.page,
    pageSize: PAGE_SIZE,
  });
  const data = q.data;
  const words = searchTerms(`${companyName} ${keyword}`);
  useMetaDescription('水务与环保行业采购询价：水厂、污水厂与工业企业的药剂、设备采购需求，供应商在线报价。');
  return (
    <div className="am-container am-page">
      <Crumbs items={[{ title: '采购询价' }]} />
      <ListHead title="采购询价" total={data?.total} unit="条">
        <div className="am-list-search">
          <KeywordSearch
            value={keyword}
            placeholder="搜索询价标题或产品"
            width={240}
            onSearch={(v) => state.set({ keyword: v })}
          />
          <KeywordSearch
            value={companyName}
            placeholder="搜索采购商名称"
            width={240}
            onSearch={(v) => state.set({ companyName: v })}
          />
        </div>
      </ListHead>
      <div className="am-sortbar">
        <StatusTabs
          value={status}
          options={[
            { value: '1', label: '报价中' },
            { value: '2', label: '已截止' },
            { value: '3', label: '已成交' },
          ]}
          onChange={(v) => state.set({ status: v })}
        />
        {companyName ? (
          <Tag
            closable
            color="blue"
            onClose={() => state.set({ companyName: undefined })}
            style={{ marginRight: 8 }}
          >
            采购商：{companyName}
          </Tag>
        ) : null}
      </div>
      <PagedListState query={q} state={state} pageSize={PAGE_SIZE} emptyText="暂无符合条件的询价">
        <div className="am-row-list">
          {data?.list.map((e) => (
            <Link
              key={e.id}
              to={`/mall/enquiryDetail?id=${e.id}`}
              className="am-row"
              data-testid="enquiry-row"
            >
              <div className="am-row-main">
                <div className="am-row-title">
                  <Tag color={ENQUIRY_STATUS_COLORS[e.status] ?? 'default'} data-testid="enquiry-status">
                    {e.statusName}
                  </Tag>
                  {e.visibility === 2 ? <Tag color="purple">邀请询价</Tag> : null}
                  {e.sealed ? <Tag color="gold">密封</Tag> : null}
                  <Highlight text={e.title} words={words} />
                </div>
                <div className="am-row-sub">
                  <span>
                    采购商：
                    <Highlight text={e.companyName} words={words} />
                  </span>
                  <span>
                    产品：{e.itemNames.join('、') || '无'}
                    {e.itemCount > e.itemNames.length ? ` 等${e.itemCount}项` : ''}
                  </span>
                  <span>收货地：{e.deliveryAreaName || '无'}</span>
                </div>
              </div>
              <div className="am-row-side">
                <span>
                  已报价 <span className="am-stat-num">{e.offerCount}</span> 家
                </span>
                <span>截止：{formatChinaDateTime(e.deadline)}</span>
                <span className="am-muted">
                  发布：{e.publishedAt ? formatChinaDate(e.publishedAt) : '无'}
                </span>
              </div>
            </Link>
          ))}
        </div>
      </PagedListState>
    </div>
  );
}
