import { SEARCH_KEYWORD_MAX } from '@aquamall/shared/constants';

export type SearchGroup = 0 | 2 | 3;

export interface SearchTarget {
  key: 'goods' | 'store' | 'purchaser' | 'news';
  label: string;
  /** Query parameter the target's page reads. */
  queryName: string;
  path: string;
}

/** The search bar's targets (docs/product/mall.md#search-bar): each with its own query name and route. */
export const SEARCH_TARGETS: Record<SearchTarget['key'], SearchTarget> = {
  goods: { key: 'goods', label: '商品', queryName: 'productName', path: '/mall/goodsList' },
  store: { key: 'store', label: '店铺', queryName: 'name', path: '/mall/shopList' },
  purchaser: { key: 'purchaser', label: '采购商', queryName: 'companyName', path: '/mall/enquiry' },
  news: { key: 'news', label: '资讯', queryName: 'title', path: '/mall/notice' },
};

const GROUPS: Record<SearchGroup, SearchTarget[]> = {
  0: [SEARCH_TARGETS.goods, SEARCH_TARGETS.store],
  2: [SEARCH_TARGETS.purchaser],
  3: [SEARCH_TARGETS.news],
};

/** Targets offered on a route of the given search group: 0 goods + stores, 2 purchaser, 3 news. */
export function targetsForGroup(group: number | undefined): SearchTarget[] {
  return GROUPS[(group ?? 0) as SearchGroup] ?? GROUPS[0];
}

/** The keyword as searched: trimmed and at most 40 characters. */
export function normalizeKeyword(raw: string): string {
  return Array.from(raw.trim()).slice(0, SEARCH_KEYWORD_MAX).join('').trim();
}

/** The page a search goes to; an empty keyword opens the unfiltered list. */
export function searchHref(target: SearchTarget, raw: string): string {
  const keyword = normalizeKeyword(raw);
  if (!keyword) return target.path;
  return `${target.path}?${new URLSearchParams({ [target.queryName]: keyword }).toString()}`;
}
