import type { MyPrice } from '@aquamall/shared';
import { sharedForget } from '../../lib/cache-bus.ts';
import { onGoodsChange, type GoodsChange } from '../../lib/goods-changes.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

/**
 * The purchaser's price overlay (POST /api/pricing/mine, docs/product/prices.md#the-price-overlays-cache, decision 0225):
 * for the products on screen, the caller company's negotiated unit prices at quantity 1, answered by the same
 * resolver as the cart. A goods list page asks it for the same 20 products again and again, and a company's
 * prices change rarely, so the answer is kept per purchaser company, China day and product for
 * MY_PRICES_TTL_MS; a page whose products are all kept costs no statement.
 *
 * Entries carry the tags `s:<supplier>` (the product's shop), `p:<product>` and `r:<rule>` for every capped rule
 * among the product's offers. What changes an answer forgets them at once on this instance and, through the
 * cache bus, on the others:
 * - a contract price created, edited, ended, deleted or imported, a customer group's members changed: `s:`
 *   (every purchaser's entries of that supplier's products), after the transaction committed;
 * - an order bought at a capped rule, or gave quantity back (the remaining quantity decides whether the rule
 *   still offers one piece): `r:`, inside the order's transaction (the cache then refuses to store entries
 *   with that tag for one TTL, so a read between the forget and the commit is not kept);
 * - a product saved, reviewed, put on or off sale, a shop changed (the list price and the SKUs): `p:` / `s:`.
 * The day is part of the key: a rule that starts or ends at midnight is never answered from yesterday's entry.
 * A price source registered later (framework agreements) must forget the entries its own changes affect.
 */
export const MY_PRICES_TTL_MS = 30_000;
const CACHE_NAME = 'my-prices';

export interface MyPriceEntry {
  prices: readonly MyPrice[];
}

const cache = new TtlCache<MyPriceEntry>({ ttlMs: MY_PRICES_TTL_MS, max: 50_000 });
/** The overlay's kept answers (my-prices.ts reads and fills it; tests move its clock). */
export const myPriceCache = cache;

/** What changed: the rules or groups of these suppliers, these capped rules, these products. */
export interface PriceChange {
  supplierIds?: readonly number[];
  ruleIds?: readonly number[];
  productIds?: readonly number[];
}

/** Forgets the kept overlay answers a change affects, here and on the other instances (null: all). */
export function forgetMyPrices(change: PriceChange | null): void {
  const tags = change
    ? [
        ...(change.supplierIds ?? []).map((id) => `s:${id}`),
        ...(change.ruleIds ?? []).map((id) => `r:${id}`),
        ...(change.productIds ?? []).map((id) => `p:${id}`),
      ]
    : null;
  forget(tags);
}
const forget = sharedForget(CACHE_NAME, cache);

// A product's list price and SKUs, a shop's products: a goods change that a list shows ('detail' is stock only).
onGoodsChange((change: GoodsChange | null, scope) => {
  if (scope !== 'listing') return;
  forgetMyPrices(change ? { productIds: change.productIds, supplierIds: change.companyIds } : null);
});
