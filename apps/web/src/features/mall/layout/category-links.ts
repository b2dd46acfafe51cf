import type { CategoryNode } from '@aquamall/shared';
import { CATEGORY_TOP_SHOWN } from '@aquamall/shared/constants';

/** The goods list of a category: query categoryCode, categoryName and title (docs/product/mall.md#category-catalogue). */
export function categoryHref(node: Pick<CategoryNode, 'categoryCode' | 'name'>): string {
  const q = new URLSearchParams({ categoryCode: node.categoryCode, categoryName: node.name, title: node.name });
  return `/mall/goodsList?${q.toString()}`;
}

/** The first 9 top-level categories, and the rest behind 查看更多 (shown only when there are more than 9). */
export function splitCategories(tree: CategoryNode[] | undefined, shown = CATEGORY_TOP_SHOWN) {
  const all = tree ?? [];
  return { shown: all.slice(0, shown), more: all.slice(shown) };
}
