import { describe, expect, it } from 'vitest';
import { linesSummary, quantitySummary } from './units.ts';

describe('quantities in lists say the product’s unit (decision 0185)', () => {
  it('sums lines of one unit in that unit', () => {
    expect(quantitySummary(2, '吨', 1)).toBe('共 2 吨');
    expect(linesSummary([{ quantity: 2, unit: '吨' }, { quantity: 3, unit: '吨' }])).toBe('共 5 吨');
    expect(linesSummary([{ quantity: 4, unit: '袋' }])).toBe('共 4 袋');
  });
  it('counts products when the units differ or are unknown, never 件', () => {
    expect(linesSummary([{ quantity: 2, unit: '吨' }, { quantity: 1, unit: '袋' }, { quantity: 6, unit: '桶' }])).toBe('共 3 种商品');
    expect(quantitySummary(9, '', 2)).toBe('共 2 种商品');
    expect(linesSummary([{ quantity: 1, unit: '' }])).toBe('共 1 种商品');
    expect(linesSummary([])).toBe('共 0 种商品');
  });
});
