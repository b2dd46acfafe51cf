import '../components/mall-pages.css';
import { Link } from 'react-router';
import { Tag } from 'antd';
import { THUMB_WIDTH, searchTerms, formatChinaDate } from '@aquamall/shared';
import { Img } from '../../../components/Img.tsx';
import { Crumbs } from '../components/Crumbs.tsx';
import { Highlight } from '../components/Highlight.tsx';
import { KeywordSearch } from '../components/KeywordSearch.tsx';
import { ListHead } from '../components/ListHead.tsx';
import { PagedListState } from '../components/ListState.tsx';
import { useUrlState } from '../components/url-state.ts';
import { useMetaDescription } from '../components/meta.ts';
import { usePurchasers } from '../api/shops.ts';

const PAGE_SIZE = 15;

/** pushershopList: purchaser companies with their public enquiry activity (no contact details). */
export default function PusherShopListPage() {
  const state = useUrlState();
  const name = (state.get('name') || state.get('companyName')).trim();
  const q = usePurchasers({ name: name || undefined, pageIndex: state.page, pageSize: PAGE_SIZE });
  const data = q.data;
  const words = searchTerms(name);
  useMetaDescription('水厂、污水处理厂与工业企业等采购商名录，查看其公开的采购询价。');
  return (
    <div className="am-container am-page">
      <Crumbs items={[{ title: '采购商' }]} />
      <ListHead title="采购商" total={data?.total} unit="家">
        <KeywordSearch
          value={name}
          placeholder="搜索采购商名称"
          onSearch={(v) => state.set({ name: v, companyName: undefined })}
        />
      </ListHead>
      <PagedListState query={q} state={state} pageSize={PAGE_SIZE} emptyText="没有找到相关采购商">
        <div className="am-row-list">
          {data?.list.map((c) => (
            <div key={c.id} className="am-row" data-testid="purchaser-row">
              <div className="am-row-main" style={{ display: 'flex', gap: 14, alignItems: 'center' }}>
                <Img src={c.logo} width={THUMB_WIDTH} alt={c.companyName} className="am-shopcard-logo" />
                <div>
                  <div className="am-row-title">
                    <Highlight text={c.companyName} words={words} />
                    {c.certified ? <Tag color="blue">企业认证</Tag> : null}
                  </div>
                  <div className="am-row-sub">
                    <span>所在地区：{c.areaName || '无'}</span>
                    <span>
                      最近询价：{c.lastEnquiryAt ? formatChinaDate(c.lastEnquiryAt) : '无'}
                    </span>
                  </div>
                </div>
              </div>
              <div className="am-row-side">
                <span>
                  进行中询价 <span className="am-stat-num">{c.openEnquiryCount}</span> · 累计 {c.enquiryCount}
                </span>
                <Link
                  to={`/mall/enquiry?companyName=${encodeURIComponent(c.companyName)}`}
                  className="am-btn"
                >
                  查看询价
                </Link>
              </div>
            </div>
          ))}
        </div>
      </PagedListState>
    </div>
  );
}
