import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@aquamall/shared';
import { highlightKey, matchMenu, pickMenuKey } from './highlight.ts';

const item = (sysNo: number, linkPath: string): MenuItem => ({
  sysNo,
  parentSysNo: 0,
  name: String(sysNo),
  icon: '',
  linkPath,
});

describe('highlightKey', () => {
  it('picks the order menu from the order type of order/detail', () => {
    const expected: Record<string, string> = {
      '0': '/customer/order',
      '4': '/customer/enorder',
      '6': '/customer/saleOrder',
      '8': '/customer/offerOrder',
      '10': '/customer/relatedOrder',
    };
    for (const [type, key] of Object.entries(expected)) {
      expect(highlightKey('/customer/order/detail', `?type=${type}&id=5`)).toBe(key);
    }
    expect(highlightKey('/customer/order/detail', '', '/customer/order')).toBe('/customer/order');
  });

  it('picks the after-sales menu from type 0 or 1', () => {
    expect(highlightKey('/customer/rma/rmaEditor', '?type=1&id=3')).toBe('/customer/rma/rmaList?type=1');
    expect(highlightKey('/customer/rma/rmaEditor', '?type=0')).toBe('/customer/rma/rmaList?type=0');
    expect(highlightKey('/customer/rma/rmaList', '?type=1')).toBe('/customer/rma/rmaList?type=1');
    expect(highlightKey('/customer/rma/rmaApply', '')).toBe('/customer/rma/rmaList?type=0');
  });

  it('uses the route’s menu key, else its path', () => {
    expect(highlightKey('/customer/enquiry/edit', '?id=1', '/customer/enquiry')).toBe('/customer/enquiry');
    expect(highlightKey('/customer/saleOrder/', '')).toBe('/customer/saleOrder');
  });
});

describe('matchMenu', () => {
  const flat = [
    item(1, '/customer/order'),
    item(2, '/customer/rma/rmaList?type=0'),
    item(3, '/customer/rma/rmaList?type=1'),
    item(4, ''),
  ];

  it('matches the path and the query of the entry', () => {
    expect(matchMenu(flat, '/customer/order')?.sysNo).toBe(1);
    expect(matchMenu(flat, '/customer/rma/rmaList?type=1')?.sysNo).toBe(3);
    expect(matchMenu(flat, '/customer/rma/rmaList?type=0')?.sysNo).toBe(2);
  });

  it('falls back to the path alone, and matches nothing unknown', () => {
    expect(matchMenu([item(3, '/customer/rma/rmaList?type=1')], '/customer/rma/rmaList')?.sysNo).toBe(3);
    expect(matchMenu(flat, '/customer/relatedOrder')).toBeUndefined();
  });
});

describe('pickMenuKey', () => {
  it('takes of a list the entry the company’s menu has (credit account details: supplier or purchaser menu)', () => {
    const both = ['/customer/companyAccount/index', '/customer/companyAccount/myindex'] as const;
    expect(pickMenuKey(both, [item(1, '/customer/companyAccount/myindex')])).toBe('/customer/companyAccount/myindex');
    expect(pickMenuKey(both, [item(1, '/customer/companyAccount/index')])).toBe('/customer/companyAccount/index');
    expect(pickMenuKey(both, undefined)).toBe('/customer/companyAccount/index');
    expect(pickMenuKey('/customer/cart', [])).toBe('/customer/cart');
  });
});
