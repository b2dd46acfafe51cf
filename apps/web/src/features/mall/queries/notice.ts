import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ArticleCategory,
  ArticleDetail,
  ArticleListItem,
  ArticleQueryInput,
  Paged,
} from '@aquamall/shared';
import { api } from '../../../lib/api.ts';

/** POST /api/openArticle/query — news by title and category. */
export const useArticles = (query: ArticleQueryInput) =>
  useQuery({
    queryKey: ['mall', 'articles', query],
    queryFn: () =>
      api.query<Paged<ArticleListItem>>('/api/openArticle/query', query, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/openArticle/categories */
export const useArticleCategories = () =>
  useQuery({
    queryKey: ['mall', 'article-categories'],
    queryFn: () =>
      api.get<ArticleCategory[]>('/api/openArticle/categories', undefined, { suppressError: true }),
    staleTime: 5 * 60_000,
  });

/** GET /api/openArticle/{id} — counts a view; content is sanitised by the server. */
export const useArticle = (id: number | null) =>
  useQuery({
    queryKey: ['mall', 'article', id],
    queryFn: () => api.get<ArticleDetail>(`/api/openArticle/${id}`, undefined, { suppressError: true }),
    enabled: !!id,
    retry: false,
    staleTime: 60_000,
  });
