import type { ReactNode } from 'react';
import { EmptyState, LoadError, SkeletonBlock } from '../../../components/Skeletons.tsx';

interface Props {
  isPending: boolean;
  isError: boolean;
  empty: boolean;
  onRetry: () => void;
  emptyText?: string;
  /** Skeleton rows (list) or tiles (grid). */
  skeleton?: 'rows' | 'grid';
  children: ReactNode;
}

/** Loading skeleton, error with retry, empty state, or the content. */
export function ListState({
  isPending,
  isError,
  empty,
  onRetry,
  emptyText,
  skeleton = 'rows',
  children,
}: Props) {
  if (isPending) {
    return skeleton === 'grid' ? (
      <div className="am-goods-grid" aria-busy="true">
        {Array.from({ length: 10 }, (_, i) => (
          <SkeletonBlock key={i} height={318} />
        ))}
      </div>
    ) : (
      <div className="am-rows-skeleton" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <SkeletonBlock key={i} height={84} />
        ))}
      </div>
    );
  }
  if (isError) return <LoadError onRetry={onRetry} />;
  if (empty) return <div className="am-empty-box">{<EmptyState text={emptyText} />}</div>;
  return <>{children}</>;
}
