import { describe, expect, it } from 'vitest';
import type { CategoryNode } from '@aquamall/shared';
import { categoryHref, splitCategories } from './category-links.ts';

const node = (i: number): CategoryNode => ({ sysNo: i, name: `分类${i}`, categoryCode: `C${i}`, iconPath: '', children: [] });

describe('category catalogue rules', () => {
  it('links to the goods list with categoryCode, categoryName and title', () => {
    const url = new URL(categoryHref({ categoryCode: '0101', name: '聚合氯化铝' }), 'http://x');
    expect(url.pathname).toBe('/mall/goodsList');
    expect(url.searchParams.get('categoryCode')).toBe('0101');
    expect(url.searchParams.get('categoryName')).toBe('聚合氯化铝');
    expect(url.searchParams.get('title')).toBe('聚合氯化铝');
  });
  it('shows the first 9 and puts the rest behind see-more', () => {
    const { shown, more } = splitCategories(Array.from({ length: 12 }, (_, i) => node(i)));
    expect(shown.map((c) => c.sysNo)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(more).toHaveLength(3);
    expect(splitCategories([node(1), node(2)]).more).toHaveLength(0);
    expect(splitCategories(Array.from({ length: 9 }, (_, i) => node(i))).more).toHaveLength(0);
  });
});
