import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type InputOf } from '../../../lib/api.ts';
import { useRecord } from './record.ts';

/** POST /api/openArticle/query — news by title and category. */
export const useArticles = (query: InputOf<'articleList'>) =>
  useQuery({
    queryKey: ['mall', 'articles', query],
    queryFn: () => api.read('articleList', query, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/openArticle/categories */
export const useArticleCategories = () =>
  useQuery({
    queryKey: ['mall', 'article-categories'],
    queryFn: () => api.read('articleCategories', undefined, { suppressError: true }),
    staleTime: 5 * 60_000,
  });

/** GET /api/openArticle/{id} — counts a view; content is sanitised by the server. */
export const useArticle = (id: number | null) => useRecord('articleDetail', 'article', id);
