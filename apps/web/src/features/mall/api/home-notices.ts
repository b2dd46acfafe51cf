import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeNoticeQuery } from '@aquamall/shared';
import { api } from '../../../lib/api.ts';

export type HomeNoticeParams = Partial<HomeNoticeQuery>;

/** POST /api/openArticle/queryHomeNotice {pageIndex, pageSize} → {list, total}. */
export const homeNoticesQuery = ({ pageIndex = 1, pageSize = 8, categoryCode }: HomeNoticeParams = {}) =>
  queryOptions({
    queryKey: ['site', 'homeNotices', pageIndex, pageSize, categoryCode ?? ''],
    queryFn: () =>
      api.read('homeNotices', { pageIndex, pageSize, ...(categoryCode ? { categoryCode } : {}) }, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

export const useHomeNotices = (params?: HomeNoticeParams) => useQuery(homeNoticesQuery(params));
