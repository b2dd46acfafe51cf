import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NoticeSummary, Paged } from '@aquamall/shared';
import { api } from '../../../lib/api.ts';

export interface HomeNoticeParams {
  pageIndex?: number;
  pageSize?: number;
  categoryCode?: string;
}

/** POST /api/openArticle/queryHomeNotice {pageIndex, pageSize} → {list, total}. */
export const homeNoticesQuery = ({ pageIndex = 1, pageSize = 8, categoryCode }: HomeNoticeParams = {}) =>
  queryOptions({
    queryKey: ['site', 'homeNotices', pageIndex, pageSize, categoryCode ?? ''],
    queryFn: () => api.query<Paged<NoticeSummary>>('/api/openArticle/queryHomeNotice', { pageIndex, pageSize, ...(categoryCode ? { categoryCode } : {}) }, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

export const useHomeNotices = (params?: HomeNoticeParams) => useQuery(homeNoticesQuery(params));
