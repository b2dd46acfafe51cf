import { formatChinaDateTime } from '@aquamall/shared';
import '../components/mall-pages.css';
import { Link } from 'react-router';
import { Descriptions, Tag } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { download } from '../../../lib/api.ts';
import { usePageTitle } from '../../../app/RootLayout.tsx';
import { Price } from '../../../components/Format.tsx';
import { SkeletonBlock } from '../../../components/Skeletons.tsx';
import { Crumbs } from '../components/Crumbs.tsx';
import { DetailState } from '../components/DetailState.tsx';
import { useIdParam } from '../components/url-state.ts';
import { useMetaDescription } from '../components/meta.ts';
import { useBid } from '../api/bid.ts';

const fmt = (d: string | null) => (d ? formatChinaDateTime(d) : '无');

/** bidDetail: the announcement, its documents (downloaded through /f/) and the linked tender or result. */
export default function BidDetailPage() {
  const id = useIdParam();
  const q = useBid(id);
  const b = q.data;
  usePageTitle(b?.title);
  useMetaDescription(b ? `${b.typeName}：${b.title}，招标单位${b.purchaserName}` : undefined);
  if (!b) {
    return (
      <DetailState
        invalid={!id}
        query={q}
        notFound={{ text: '公告不存在或未发布', back: '/mall/bidindex', backText: '返回招标投标' }}
        skeleton={<SkeletonBlock height={480} />}
      />
    );
  }
  return (
    <div className="am-container am-page">
      <Crumbs
        items={[
          { title: '招标投标', to: b.type === 2 ? '/mall/bidindex?type=2' : '/mall/bidindex' },
          { title: b.title },
        ]}
      />
      <article className="am-article">
        <h1>{b.title}</h1>
        <div className="am-article-meta">
          <Tag color={b.type === 2 ? 'purple' : 'green'}>{b.typeName}</Tag>
          <span>{b.statusName}</span>
          <span>发布：{fmt(b.publishedAt)}</span>
        </div>
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'code', label: '项目编号', children: b.code },
            { key: 'buyer', label: '招标单位', children: b.purchaserName || '无' },
            { key: 'area', label: '项目地区', children: b.areaName || '无' },
            b.type === 2
              ? {
                  key: 'win',
                  label: '中标金额',
                  children: b.winAmount !== null ? <Price value={b.winAmount} /> : '无',
                }
              : {
                  key: 'budget',
                  label: '项目预算',
                  children: b.budget !== null ? <Price value={b.budget} /> : '无',
                },
            { key: 'deadline', label: '投标截止', children: fmt(b.deadline) },
            { key: 'open', label: '开标时间', children: fmt(b.openAt) },
            ...(b.winnerName ? [{ key: 'winner', label: '中标单位', children: b.winnerName }] : []),
          ]}
        />
        <div
          className="am-rich"
          style={{ marginTop: 20 }}
          dangerouslySetInnerHTML={{ __html: b.content || '<p>无</p>' }}
        />
        <h3 style={{ margin: '20px 0 8px' }}>附件下载</h3>
        {b.attachments.length ? (
          <ul className="am-doc-list" data-testid="bid-attachments">
            {b.attachments.map((a) => (
              <li key={a.url}>
                <PaperClipOutlined />
                <a
                  href={a.url}
                  onClick={(e) => {
                    e.preventDefault();
                    void download(a.url);
                  }}
                >
                  {a.name}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <span className="am-muted">无附件</span>
        )}
        {b.linked ? (
          <div className="am-quote-bar">
            <span>
              {b.linked.type === 2 ? '本项目已发布中标公告：' : '对应招标公告：'}
              {b.linked.title}
            </span>
            <Link to={`/mall/bidDetail?id=${b.linked.id}`} className="am-btn">
              查看
            </Link>
          </div>
        ) : null}
        {b.type === 1 && b.status === 1 ? (
          <div className="am-quote-bar">
            <span>本项目正在招标，符合资格的供应商可在工作台报名并投标（投标内容开标前保密）。</span>
            <Link to={`/customer/bid/bidingIndex?id=${b.id}`} className="am-btn" data-testid="bid-join">
              参与投标
            </Link>
          </div>
        ) : null}
      </article>
    </div>
  );
}
