import type { CartView, CheckoutSource } from '@aquamall/shared';
import { formatMoney } from '@aquamall/shared';

const MAX_IDS = 100;
const positiveInt = (s: string | null): number | null => {
  if (!s || !/^\d{1,9}$/.test(s)) return null;
  const n = Number(s);
  return n > 0 ? n : null;
};

/** Lines that can be selected (not 失效). */
export const selectableIds = (cart: CartView | undefined): number[] =>
  (cart?.shops ?? []).flatMap((s) => s.lines.filter((l) => !l.problem).map((l) => l.sysNo));

/** Selected lines (never a 失效 one). */
export const selectedIds = (cart: CartView | undefined): number[] =>
  (cart?.shops ?? []).flatMap((s) => s.lines.filter((l) => l.selected && !l.problem).map((l) => l.sysNo));

/** 全选 is checked when every selectable line is selected (and there is one). */
export function allSelected(cart: CartView | undefined): boolean {
  const can = selectableIds(cart);
  const sel = new Set(selectedIds(cart));
  return can.length > 0 && can.every((id) => sel.has(id));
}

export const invalidCount = (cart: CartView | undefined): number =>
  (cart?.shops ?? []).reduce((n, s) => n + s.lines.filter((l) => l.problem).length, 0);

/** The checkout page's address for cart lines, or for 立即购买 of one SKU. */
export const checkoutHref = (src: { lines: number[] } | { skuId: number; quantity: number }): string =>
  'lines' in src
    ? `/customer/cart/checkout?lines=${src.lines.join(',')}`
    : `/customer/cart/checkout?skuId=${src.skuId}&quantity=${src.quantity}`;

/** What the checkout page buys, read from its address; null when the address names nothing valid. */
export function checkoutSourceFrom(search: URLSearchParams): CheckoutSource | null {
  const lines = search.get('lines');
  if (lines) {
    const ids = lines.split(',').map(positiveInt);
    if (!ids.length || ids.length > MAX_IDS || ids.some((id) => id === null)) return null;
    return { cartLineIds: [...new Set(ids as number[])] };
  }
  const skuId = positiveInt(search.get('skuId'));
  const quantity = positiveInt(search.get('quantity'));
  return skuId && quantity ? { items: [{ skuId, quantity }] } : null;
}

/** The key of the line a refused checkout names (`cart:<id>` or `sku:<id>`), or null. */
export function problemLineKey(d: { skuId: number | null; cartLineId: number | null } | null): string | null {
  if (!d) return null;
  if (d.cartLineId) return `cart:${d.cartLineId}`;
  if (d.skuId) return `sku:${d.skuId}`;
  return null;
}
export const lineKey = (l: { cartLineId: number | null; skuId: number }) =>
  l.cartLineId ? `cart:${l.cartLineId}` : `sku:${l.skuId}`;

/** ¥20.00 → ¥22.00 */
export const priceChangeText = (before: number, now: number) => `${formatMoney(before)} → ${formatMoney(now)}`;

/** Shared with other submits (quotations): lib/idempotency-key.ts. */
export { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
