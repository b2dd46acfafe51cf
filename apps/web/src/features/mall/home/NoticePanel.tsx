// The subpath, not the package index: the index carries every contract and zod (~45 KB gzip) into the mall home.
import { formatChina } from '@aquamall/shared/china-time';
import { Link } from 'react-router';
import { useHomeNotices } from '../api/home-notices.ts';
import { EmptyState, LoadError, SkeletonBlock } from '../../../components/Skeletons.tsx';

/** Latest platform notices (queryHomeNotice), each linking to its article. */
export function NoticePanel({ size = 6, withDate = false, title = '平台公告' }: { size?: number; withDate?: boolean; title?: string }) {
  const { data, isPending, isError, refetch } = useHomeNotices({ pageIndex: 1, pageSize: size });
  return (
    <section className="am-notice-panel" data-testid="notice-panel">
      <header className="am-panel-head">
        <h3>{title}</h3>
        <Link to="/mall/notice">更多</Link>
      </header>
      {isPending ? (
        <div className="am-notice-skeleton">
          {Array.from({ length: size }, (_, i) => (
            <SkeletonBlock key={i} height={14} />
          ))}
        </div>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()} text="公告加载失败" />
      ) : !data.list.length ? (
        <EmptyState text="暂无公告" />
      ) : (
        <ul className="am-notice-list">
          {data.list.map((n) => (
            <li key={n.sysNo}>
              <Link to={`/mall/articledetail?id=${n.sysNo}`} title={n.title}>
                {n.categoryName ? <em>[{n.categoryName}]</em> : null}
                {n.title}
              </Link>
              {withDate ? <time>{formatChina(n.publishedAt, 'MM-DD')}</time> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
