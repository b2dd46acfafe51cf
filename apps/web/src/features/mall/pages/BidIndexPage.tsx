import '../components/mall-pages.css';
import { Link } from 'react-router';
import { Tag } from 'antd';
import { searchTerms, formatChinaDate, formatChinaDateTime } from '@aquamall/shared';
import { Price } from '../../../components/Format.tsx';
import { Crumbs } from '../components/Crumbs.tsx';
import { Highlight } from '../components/Highlight.tsx';
import { KeywordSearch } from '../components/KeywordSearch.tsx';
import { PagedListState } from '../components/ListState.tsx';
import { StatusTabs } from '../components/StatusTabs.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useMetaDescription } from '../components/meta.ts';
import { useBids } from '../api/bid.ts';

const PAGE_SIZE = 15;
const STATUS_COLORS: Record<number, string> = { 1: 'green', 2: 'default', 3: 'blue' };

/** bidindex: tender announcements (querBid) and winning-bid notices (queryBidList), by status and keyword. */
export default function BidIndexPage() {
  const state = useUrlState();
  const kind = state.get('type') === '2' ? 'result' : 'tender';
  const keyword = state.get('keyword').trim();
  const status = kind === 'tender' ? state.get('status') : '';
  const q = useBids(kind, {
    keyword: keyword || undefined,
    status: status ? Number(status) : undefined,
    pageIndex: state.page,
    pageSize: PAGE_SIZE,
  });
  const data = q.data;
  const words = searchTerms(keyword);
  useMetaDescription('水务、环保项目招标公告与中标结果公示。');
  return (
    <div className="am-container am-page">
      <Crumbs items={[{ title: '招标投标' }]} />
      <div className="am-list-head">
        <div className="am-shop-nav-tabs" role="tablist">
          <button
            type="button"
            role="tab"
            aria-selected={kind === 'tender'}
            className={kind === 'tender' ? 'is-active' : ''}
            onClick={() => state.set({ type: undefined, status: undefined })}
          >
            招标公告
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={kind === 'result'}
            className={kind === 'result' ? 'is-active' : ''}
            onClick={() => state.set({ type: '2', status: undefined })}
          >
            中标公告
          </button>
        </div>
        <KeywordSearch
          value={keyword}
          placeholder="搜索项目名称、编号或单位"
          onSearch={(v) => state.set({ keyword: v })}
        />
      </div>
      <div className="am-sortbar">
        {kind === 'tender' ? (
          <StatusTabs
            value={status}
            options={[
              { value: '1', label: '投标中' },
              { value: '2', label: '已截止' },
              { value: '3', label: '已定标' },
            ]}
            onChange={(v) => state.set({ status: v })}
          />
        ) : (
          <span />
        )}
        <div className="am-sortbar-count" data-testid="result-count">
          {data ? (
            <>
              共 <b>{data.total}</b> 条
            </>
          ) : null}
        </div>
      </div>
      <PagedListState query={q} state={state} pageSize={PAGE_SIZE} emptyText="暂无相关公告">
        <div className="am-row-list">
          {data?.list.map((b) => (
            <Link key={b.id} to={`/mall/bidDetail?id=${b.id}`} className="am-row" data-testid="bid-row">
              <div className="am-row-main">
                <div className="am-row-title">
                  <Tag color={b.type === 2 ? 'purple' : (STATUS_COLORS[b.status] ?? 'default')}>
                    {b.type === 2 ? '中标公告' : b.statusName}
                  </Tag>
                  <Highlight text={b.title} words={words} />
                </div>
                <div className="am-row-sub">
                  <span>编号：{b.code}</span>
                  <span>招标单位：{b.purchaserName || '无'}</span>
                  {b.areaName ? <span>地区：{b.areaName}</span> : null}
                  {b.winnerName ? <span>中标单位：{b.winnerName}</span> : null}
                </div>
              </div>
              <div className="am-row-side">
                {b.type === 2 ? (
                  <span>中标金额 {b.winAmount !== null ? <Price value={b.winAmount} wan /> : '无'}</span>
                ) : (
                  <span>预算 {b.budget !== null ? <Price value={b.budget} wan /> : '无'}</span>
                )}
                {b.deadline ? <span>截止：{formatChinaDateTime(b.deadline)}</span> : null}
                <span className="am-muted">发布：{formatChinaDate(b.publishedAt)}</span>
              </div>
            </Link>
          ))}
        </div>
      </PagedListState>
    </div>
  );
}
