import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Banner } from '@aquamall/shared';
import { api } from '../api.ts';
import { controlList } from './controls.ts';

/** GET /api/indexbanner → controls.web_topbanner.items. */
export const indexBannersQuery = queryOptions({
  queryKey: ['site', 'banners', 'index'],
  queryFn: async () => controlList<Banner>(await api.read('siteIndexBanners', undefined, { suppressError: true }), 'web_topbanner'),
  staleTime: 10 * 60_000,
});

/** GET /api/articlebanner → controls.web_article_banner.items. */
export const articleBannersQuery = queryOptions({
  queryKey: ['site', 'banners', 'article'],
  queryFn: async () => controlList<Banner>(await api.read('siteArticleBanners', undefined, { suppressError: true }), 'web_article_banner'),
  staleTime: 10 * 60_000,
});

export const useIndexBanners = () => useQuery(indexBannersQuery);
export const useArticleBanners = () => useQuery(articleBannersQuery);
