import './site-blocks.css';
import type { StatisticData } from '@aquamall/shared';
import { SkeletonBlock } from '../Skeletons.tsx';

const fmt = (n: number) => (Number.isFinite(n) ? n.toLocaleString('zh-CN') : '0');

/** Platform figures in a row (products, shops, purchasers, deals ...). */
export function StatsStrip({ stats, loading, dark }: { stats: StatisticData[] | undefined; loading?: boolean; dark?: boolean }) {
  if (loading) return <SkeletonBlock height={96} />;
  if (!stats?.length) return null;
  return (
    <div className={`am-stats${dark ? ' am-stats-dark' : ''}`} data-testid="stats">
      {stats.map((s) => (
        <div key={s.title} className="am-stat">
          <div className="am-stat-value">
            {fmt(s.value)}
            <small>{s.unit}</small>
          </div>
          <div className="am-stat-title">{s.title}</div>
        </div>
      ))}
    </div>
  );
}
