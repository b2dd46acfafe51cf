import { describe, expect, it } from 'vitest';
import type { CartLineRow, CartView } from '@aquamall/shared';
import {
  allSelected,
  checkoutHref,
  checkoutSourceFrom,
  invalidCount,
  lineKey,
  newIdempotencyKey,
  priceChangeText,
  problemLineKey,
  selectableIds,
  selectedIds,
} from './cart-logic.ts';

const line = (sysNo: number, over: Partial<CartLineRow> = {}): CartLineRow => ({
  sysNo,
  productId: 1,
  skuId: sysNo * 10,
  productName: '药剂',
  spec: '',
  image: '',
  unit: '吨',
  minOrder: 1,
  quantity: 1,
  available: 5,
  unitPrice: 10,
  priceAtAdd: 10,
  priceChanged: false,
  listPrice: 10,
  priceSource: 'list',
  priceLabel: '',
  amount: 10,
  problem: '',
  short: false,
  selected: true,
  ...over,
});
const cart = (lines: CartLineRow[]): CartView => ({
  shops: [{ sellerCompanyId: 1, shopName: '店', lines }],
  lineCount: lines.length,
  selectedCount: 0,
  selectedAmount: 0,
});

describe('cart selection', () => {
  it('never counts a 失效 line as selectable or selected', () => {
    const c = cart([
      line(1),
      line(2, { problem: '商品已下架', selected: true }),
      line(3, { selected: false }),
    ]);
    expect(selectableIds(c)).toEqual([1, 3]);
    expect(selectedIds(c)).toEqual([1]);
    expect(allSelected(c)).toBe(false);
    expect(invalidCount(c)).toBe(1);
    expect(allSelected(cart([line(1), line(2, { problem: '已售罄', selected: false })]))).toBe(true);
    expect(allSelected(cart([line(2, { problem: '已售罄' })]))).toBe(false);
  });
});

describe('checkout address', () => {
  it('round-trips cart lines and 立即购买, refusing malformed input', () => {
    const fromHref = (href: string) => checkoutSourceFrom(new URL(href, 'http://x').searchParams);
    expect(fromHref(checkoutHref({ lines: [3, 1, 3] }))).toEqual({ cartLineIds: [3, 1] });
    expect(fromHref(checkoutHref({ skuId: 7, quantity: 4 }))).toEqual({ items: [{ skuId: 7, quantity: 4 }] });
    expect(fromHref('/c?lines=1,x')).toBeNull();
    expect(fromHref('/c?lines=0')).toBeNull();
    expect(fromHref('/c?skuId=7')).toBeNull();
    expect(fromHref('/c')).toBeNull();
  });

  it('finds the line a refusal names', () => {
    expect(problemLineKey({ skuId: 5, cartLineId: 9 })).toBe('cart:9');
    expect(problemLineKey({ skuId: 5, cartLineId: null })).toBe('sku:5');
    expect(problemLineKey(null)).toBeNull();
    expect(lineKey({ cartLineId: 9, skuId: 5 })).toBe('cart:9');
    expect(lineKey({ cartLineId: null, skuId: 5 })).toBe('sku:5');
    expect(priceChangeText(20, 22)).toBe('¥20.00 → ¥22.00');
  });
});

describe('idempotency key', () => {
  it('is a v4 UUID, new each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
