import { describe, expect, it } from 'vitest';
import { normalizeKeyword, searchHref, SEARCH_TARGETS, targetsForGroup } from './search-targets.ts';

describe('search targets', () => {
  it('offers goods and stores in group 0, purchaser in 2, news in 3', () => {
    expect(targetsForGroup(0).map((t) => t.label)).toEqual(['商品', '店铺']);
    expect(targetsForGroup(2).map((t) => t.label)).toEqual(['采购商']);
    expect(targetsForGroup(3).map((t) => t.label)).toEqual(['资讯']);
    expect(targetsForGroup(undefined).map((t) => t.label)).toEqual(['商品', '店铺']);
  });
  it('sends each target to its route with its query name', () => {
    expect(searchHref(SEARCH_TARGETS.goods, '碳源')).toBe(`/mall/goodsList?productName=${encodeURIComponent('碳源')}`);
    expect(searchHref(SEARCH_TARGETS.store, '环保')).toBe(`/mall/shopList?name=${encodeURIComponent('环保')}`);
    expect(searchHref(SEARCH_TARGETS.purchaser, '水务')).toBe(`/mall/enquiry?companyName=${encodeURIComponent('水务')}`);
    expect(searchHref(SEARCH_TARGETS.news, '政策')).toBe(`/mall/notice?title=${encodeURIComponent('政策')}`);
  });
  it('trims the keyword and keeps at most 40 characters', () => {
    expect(normalizeKeyword('  聚合氯化铝  ')).toBe('聚合氯化铝');
    expect(normalizeKeyword(` ${'水'.repeat(45)} `)).toBe('水'.repeat(40));
    expect(searchHref(SEARCH_TARGETS.goods, '   ')).toBe('/mall/goodsList');
  });
});
