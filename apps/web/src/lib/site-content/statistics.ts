import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatisticData } from '@aquamall/shared';
import { api } from '../api.ts';
import { controlList } from './controls.ts';

/** GET /api/pagestatisticalinfo — site statistics (a list, or wrapped as statisticDatas). */
export const statisticsQuery = queryOptions({
  queryKey: ['site', 'statistics'],
  queryFn: async () => controlList<StatisticData>(await api.read('siteStatistics', undefined, { suppressError: true }), 'statisticDatas'),
  staleTime: 5 * 60_000,
});

export const useStatistics = () => useQuery(statisticsQuery);
