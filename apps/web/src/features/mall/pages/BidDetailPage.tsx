import { formatChinaDateTime } from '@aquamall/shared';
import '../components/mall-pages.css';
import { Link } from 'react-router';
import { Descriptions, Grid, Table, Tag } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { type BidDetail, type BidLot } from '@aquamall/shared';
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

/** The lots: name, spec, quantity and unit, the budget where public, and on a 中标公告 the winner of each. */
function LotTable({ b }: { b: BidDetail }) {
  const withBudget = b.lots.some((l) => l.budget !== null);
  const withWinner = b.lots.some((l) => l.winnerName !== null || l.statusName);
  const screens = Grid.useBreakpoint();
  if (screens.sm === false) {
    // A phone: one block per lot, nothing to scroll sideways for.
    return (
      <ul className="am-bid-lots" data-testid="bid-lots">
        {b.lots.map((l, i) => (
          <li key={i}>
            <b>{l.name}</b>
            <span>
              {l.quantity} {l.unit}
              {l.spec ? ` · ${l.spec}` : ''}
            </span>
            {l.budget !== null ? <span>预算 <Price value={l.budget} /></span> : null}
            {withWinner ? (
              <span>
                {l.statusName || '评标中'}
                {l.winnerName ? `：${l.winnerName}` : ''}
                {l.winAmount !== null ? <> <Price value={l.winAmount} /></> : null}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table<BidLot>
      data-testid="bid-lots"
      size="small"
      bordered
      pagination={false}
      rowKey={(_, i) => String(i)}
      dataSource={b.lots}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: '标段', dataIndex: 'name' },
        { title: '规格要求', dataIndex: 'spec', render: (v: string) => v || '无' },
        { title: '数量', key: 'qty', render: (_, l) => `${l.quantity} ${l.unit}` },
        ...(withBudget ? [{ title: '预算', key: 'budget', render: (_: unknown, l: BidLot) => (l.budget === null ? '无' : <Price value={l.budget} />) }] : []),
        ...(withWinner
          ? [
              { title: '结果', key: 'status', render: (_: unknown, l: BidLot) => l.statusName || '评标中' },
              { title: '中标单位', key: 'winner', render: (_: unknown, l: BidLot) => l.winnerName ?? '无' },
              { title: '中标金额', key: 'amount', render: (_: unknown, l: BidLot) => (l.winAmount === null ? '无' : <Price value={l.winAmount} />) },
            ]
          : []),
      ]}
    />
  );
}

/** bidDetail: the announcement, its lots, qualification, timetable, documents and, for a 中标公告, the objection route. */
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
  const t = b.timetable;
  const isResult = b.type === 2;
  const timetable = [
    { key: 'published', label: '发布时间', children: fmt(t.publishedAt) },
    { key: 'deadline', label: '报名及投标截止', children: fmt(t.deadline) },
    { key: 'open', label: t.openedAt ? '开标时间（已开标）' : '开标时间', children: fmt(t.openedAt ?? t.openAt) },
    ...(t.publicityStartsAt
      ? [{ key: 'publicity', label: '公示期', children: `${fmt(t.publicityStartsAt)} 至 ${fmt(t.publicityEndsAt)}` }]
      : []),
  ];
  return (
    <div className="am-container am-page">
      <Crumbs
        items={[
          { title: '招标投标', to: isResult ? '/mall/bidindex?type=2' : '/mall/bidindex' },
          { title: b.title },
        ]}
      />
      <article className="am-article am-bid">
        <h1>{b.title}</h1>
        <div className="am-article-meta">
          <Tag color={isResult ? 'purple' : 'green'}>{b.typeName}</Tag>
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
            isResult
              ? { key: 'win', label: '中标总金额', children: b.winAmount !== null ? <Price value={b.winAmount} /> : '无' }
              : { key: 'budget', label: '项目预算', children: b.budget !== null ? <Price value={b.budget} /> : '不公开' },
            ...(b.winnerName ? [{ key: 'winner', label: '中标单位', children: b.winnerName }] : []),
            { key: 'contact', label: '联系人', children: b.contactName || '无' },
            { key: 'phone', label: '联系电话', children: b.contactPhone || '无' },
          ]}
        />
        {b.lots.length ? (
          <section className="am-bid-section">
            <h3>{isResult ? '中标结果' : '标段'}</h3>
            <LotTable b={b} />
          </section>
        ) : null}
        {b.qualifications.length ? (
          <section className="am-bid-section">
            <h3>投标资格要求</h3>
            <ul className="am-bid-list" data-testid="bid-qualifications">
              {b.qualifications.map((v) => (
                <li key={v}>{v}</li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className="am-bid-section">
          <h3>时间安排</h3>
          <Descriptions data-testid="bid-timetable" size="small" bordered column={{ xs: 1, sm: 2 }} items={timetable} />
        </section>
        <div className="am-rich" style={{ marginTop: 20 }} dangerouslySetInnerHTML={{ __html: b.content || '<p>无</p>' }} />
        {!isResult || b.attachments.length ? (
          <section className="am-bid-section">
            <h3>附件下载</h3>
            {b.attachments.length ? (
              <>
                {b.attachments.some((a) => a.restricted) ? (
                  <p className="am-muted am-small">本项目为邀请招标，招标文件仅受邀供应商登录后可下载。</p>
                ) : null}
                <ul className="am-doc-list" data-testid="bid-attachments">
                  {b.attachments.map((a) => (
                    <li key={a.url}>
                      <PaperClipOutlined />
                      <a
                        href={a.url}
                        download={a.name}
                        onClick={(e) => {
                          e.preventDefault();
                          void download(a.url, undefined, { filename: a.name });
                        }}
                      >
                        {a.name}
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <span className="am-muted">无附件</span>
            )}
          </section>
        ) : null}
        {b.objection ? (
          <div className="am-quote-bar" data-testid="bid-objection">
            <span>
              {b.objection.open
                ? `参与本项目投标的单位如对中标结果有异议，可在公示期内（截至 ${fmt(b.objection.until)}）登录工作台，在「我的投标」中打开本项目提出异议，招标单位将予以答复。`
                : `公示期已于 ${fmt(b.objection.until)} 结束，不再受理异议。`}
            </span>
            {b.objection.open ? (
              <Link to={b.objection.path} className="am-btn">
                提出异议
              </Link>
            ) : null}
          </div>
        ) : null}
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
