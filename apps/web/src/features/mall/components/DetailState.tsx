import type { ReactNode } from 'react';
import { LoadError } from '../../../components/Skeletons.tsx';
import { ApiError } from '../../../lib/api.ts';
import { NotFoundBox } from './NotFoundBox.tsx';

/** Code.NOT_FOUND of the shared envelope (a literal here keeps zod out of the page chunks). */
const NOT_FOUND = 4;

interface Props {
  /** The page's id parameter is missing or malformed: nothing to load. */
  invalid: boolean;
  query: { error: unknown; isError: boolean; refetch: () => unknown };
  notFound: { text: string; back: string; backText: string };
  /** What to show while loading. */
  skeleton: ReactNode;
}

/**
 * What a detail page shows before it has its record: not found (bad id, or the server's code 4), a load error
 * with retry, or the loading skeleton. Pages call it as `if (!record) return <DetailState … />`.
 */
export function DetailState({ invalid, query, notFound, skeleton }: Props) {
  if (invalid || (query.error instanceof ApiError && query.error.code === NOT_FOUND)) {
    return <NotFoundBox {...notFound} />;
  }
  if (query.isError) {
    return (
      <div className="am-container am-page">
        <LoadError onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return (
    <div className="am-container am-page" aria-busy="true">
      {skeleton}
    </div>
  );
}
