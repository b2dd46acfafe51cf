/**
 * "These goods changed": the catalogue and the shops say so here, and the read models that cache goods (the
 * search answers, the mall's goods details) listen, so that products and merchant need not import the modules
 * above them (docs/decisions/0212-module-faces.md). A listener registers when its module loads.
 */

/** What changed: these products, the products of these shops, or (null) everything. */
export interface GoodsChange {
  productIds?: readonly number[];
  companyIds?: readonly number[];
}

/**
 * `listing`: what a goods list shows may have changed (names, prices, status, shop), so lists and details are
 * stale; `detail`: only what a goods page shows (stock), so lists stay.
 */
export type GoodsChangeScope = 'listing' | 'detail';

type Listener = (change: GoodsChange | null, scope: GoodsChangeScope) => void;
const listeners: Listener[] = [];

/** Registers a cache that forgets on a goods change. */
export function onGoodsChange(listener: Listener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/** Tells every registered cache that these goods changed. */
export function goodsChanged(change: GoodsChange | null, scope: GoodsChangeScope = 'listing'): void {
  for (const l of listeners) l(change, scope);
}
