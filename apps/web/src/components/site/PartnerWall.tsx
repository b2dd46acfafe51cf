import './site-blocks.css';
import type { Partner } from '@aquamall/shared';
import { Img } from '../Img.tsx';
import { NavAnchor } from '../NavAnchor.tsx';
import { EmptyState, LoadError, SkeletonBlock } from '../Skeletons.tsx';

/** Partner companies as a logo wall. */
export function PartnerWall({ partners, loading, error, onRetry }: { partners: Partner[] | undefined; loading?: boolean; error?: boolean; onRetry?: () => void }) {
  if (loading)
    return (
      <div className="am-partners">
        {Array.from({ length: 12 }, (_, i) => (
          <SkeletonBlock key={i} height={64} />
        ))}
      </div>
    );
  if (error && onRetry) return <LoadError onRetry={onRetry} />;
  if (!partners?.length) return <EmptyState text="暂无合作企业" />;
  return (
    <div className="am-partners" data-testid="partners">
      {partners.map((p) => (
        <NavAnchor key={p.sysNo} href={p.linkUrl} target="_blank" className="am-partner" title={p.title}>
          <Img src={p.imgUrl} alt={p.title} />
          <span>{p.title}</span>
        </NavAnchor>
      ))}
    </div>
  );
}
