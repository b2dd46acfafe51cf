import type { Db } from '../../db/client.ts';

/**
 * A source of negotiated prices the resolver consults before the product's own tiers (resolve.ts,
 * docs/product/prices.md#resolution-order). The contract source (contract-source.ts) is registered here; the
 * framework-agreement source (module `agreements`) registers itself with the same shape.
 */
export interface PriceOffer {
  /** The rule (contract price id, agreement id) the price comes from; stored on the order line. */
  ruleId: number;
  /** The Chinese label shown beside the price (协议价). */
  label: string;
  /** Quantity still allowed at this price (null: no cap). A line above it falls back to the next price. */
  remaining: number | null;
  /** The unit price in fen for a line of `quantity` whose list unit price is `listFen`; null: not offered. */
  unitFen(quantity: number, listFen: number): number | null;
}

/** What one checkout bought at a source's price, for its consumption ledger. */
export interface PriceUse {
  ruleId: number;
  orderId: number;
  orderLineId: number;
  quantity: number;
}

export interface PriceSource {
  name: 'agreement' | 'contract';
  /**
   * The offers for a purchaser company on these SKUs at a moment, per SKU (several offers: the lowest price
   * that fits the cap wins). With `lock`, the capped rules are locked (`FOR UPDATE`, id order) and their
   * remaining quantity read after the lock: the caller is a checkout transaction that will record its uses.
   */
  prices(
    db: Db,
    buyerCompanyId: number,
    skuIds: readonly number[],
    at: Date,
    opts?: { lock?: boolean },
  ): Promise<Map<number, PriceOffer[]>>;
  /** Writes the quantities bought at this source's prices (in the order's transaction). */
  recordUses?(tx: Db, uses: readonly PriceUse[]): Promise<void>;
}

const registered: PriceSource[] = [];

/** Adds a source (once per name); the resolver asks them in the order agreement, contract. */
export function registerPriceSource(source: PriceSource): void {
  const i = registered.findIndex((s) => s.name === source.name);
  if (i >= 0) registered[i] = source;
  else registered.push(source);
}

const RANK = { agreement: 0, contract: 1 } as const;

/** The registered sources in resolution order. */
export const priceSources = (): readonly PriceSource[] =>
  [...registered].sort((a, b) => RANK[a.name] - RANK[b.name]);
