import { describe, expect, it } from 'vitest';
import { formatPrice, maskPhone, orEmpty } from './format.ts';

describe('formatPrice', () => {
  it('shows two decimals with thousands separators', () => {
    expect(formatPrice(1234567.5)).toBe('1,234,567.50');
    expect(formatPrice('88')).toBe('88.00');
  });
  it('uses 万 above 999999 only when enabled', () => {
    expect(formatPrice(999999, { wan: true })).toBe('999,999.00');
    expect(formatPrice(1_250_000, { wan: true })).toBe('125.00万');
  });
  it('shows 无 for empty or invalid values', () => {
    expect(formatPrice(null)).toBe('无');
    expect(formatPrice('abc')).toBe('无');
  });
});

describe('maskPhone / orEmpty', () => {
  it('masks the middle four digits', () => expect(maskPhone('18800000002')).toBe('188****0002'));
  it('uses 无 for blank values', () => {
    expect(orEmpty('  ')).toBe('无');
    expect(orEmpty(0)).toBe('0');
  });
});
