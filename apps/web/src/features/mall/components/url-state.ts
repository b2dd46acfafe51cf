import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * All list state lives in the query string (shareable links, working back/forward). `set` merges a patch
 * (empty values remove the key) and, unless the patch moves the page itself, returns to page 1.
 */
export function useUrlState() {
  const [params, setParams] = useSearchParams();
  const get = useCallback((key: string) => params.get(key) ?? '', [params]);
  const num = useCallback(
    (key: string): number | undefined => {
      const v = params.get(key);
      if (v === null || v.trim() === '') return undefined;
      const n = Number(v);
      return Number.isFinite(n) ? n : undefined;
    },
    [params],
  );
  const set = useCallback(
    (patch: Record<string, string | number | undefined | null>, opts: { replace?: boolean } = {}) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v === undefined || v === null || v === '') next.delete(k);
            else next.set(k, String(v));
          }
          if (!('pageIndex' in patch)) next.delete('pageIndex');
          return next;
        },
        { replace: opts.replace },
      );
    },
    [setParams],
  );
  const page = Math.max(1, Math.floor(num('pageIndex') ?? 1));
  return { params, get, num, set, page };
}

/** The record id of a detail page (`?id=`), or null when missing or malformed. */
export function useIdParam(): number | null {
  const [params] = useSearchParams();
  const n = Number(params.get('id'));
  return Number.isInteger(n) && n > 0 ? n : null;
}
