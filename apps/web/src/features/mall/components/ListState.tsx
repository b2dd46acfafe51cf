import type { ReactNode } from 'react';
import { EmptyState, LoadError, SkeletonBlock } from '../../../components/Skeletons.tsx';
import { Pager } from './Pager.tsx';

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

/** What PagedListState reads of a paged query (a react-query result of `{list, total}`). */
interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  data?: { list: unknown[]; total: number };
  refetch: () => unknown;
}

/**
 * ListState over a paged query, with the pager under the content: the page comes from and goes to the query
 * string (`state` is useUrlState's), `pageSize` is the list's.
 */
export function PagedListState({
  query,
  state,
  pageSize,
  emptyText,
  skeleton,
  children,
}: {
  query: PagedQuery;
  state: { page: number; set: (patch: { pageIndex: number }) => void };
  pageSize: number;
  emptyText?: string;
  skeleton?: 'rows' | 'grid';
  children: ReactNode;
}) {
  return (
    <ListState
      isPending={query.isPending}
      isError={query.isError}
      empty={!!query.data && !query.data.list.length}
      onRetry={() => void query.refetch()}
      emptyText={emptyText}
      skeleton={skeleton}
    >
      {children}
      <Pager page={state.page} pageSize={pageSize} total={query.data?.total ?? 0} onChange={(p) => state.set({ pageIndex: p })} />
    </ListState>
  );
}
