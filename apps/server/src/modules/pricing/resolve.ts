import { inArray } from 'drizzle-orm';
import { PRICE_SOURCE_LABEL, tierPriceFor, toFen, type PriceSourceName } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { productSkus } from '../../db/schema/index.ts';
import { contractSource } from './contract-source.ts';
import { priceSources, registerPriceSource, type PriceUse } from './sources.ts';

registerPriceSource(contractSource);

/** The SKU facts a price is computed from: the list (base) price and the product's quantity tiers. */
export interface ListFacts {
  price: string;
  priceTiers: readonly { minQty: number; price: number }[];
}

export interface ResolvedPrice {
  skuId: number;
  quantity: number;
  /** The unit price charged, in fen. */
  unitFen: number;
  /** The SKU's list (base) unit price, in fen: what is shown struck through beside a negotiated price. */
  listFen: number;
  source: PriceSourceName;
  /** The contract price rule or agreement the price came from (null for tier and list). */
  ruleId: number | null;
  /** 协议价, 框架协议价, 阶梯价 or '' (list). */
  label: string;
}

/**
 * The ONE price decision of catalogue lines (docs/product/prices.md#resolution-order): for each line, the first
 * registered source that offers a price for the buyer (framework agreement, then contract price; the lowest of a
 * source's offers whose cap still holds the line's quantity), else the product's quantity tier, else the list
 * price. Caps are consumed along the lines in order, so two lines cannot both take the last units. A line of an
 * unknown SKU answers null. `buyerCompanyId` null (anonymous, a supplier): tier or list only. With `lock` the
 * capped rules are locked: only inside the transaction that records the uses (`recordPriceUses`).
 */
export async function resolvePrices(
  db: Db,
  input: {
    buyerCompanyId: number | null;
    lines: readonly { skuId: number; quantity: number }[];
    at?: Date;
    lock?: boolean;
    /** The SKUs' list facts when the caller has read them already. */
    skus?: ReadonlyMap<number, ListFacts>;
    /** Filled with the rule ids of the capped offers weighed, per SKU (the overlay's cache tags them). */
    cappedOffers?: Map<number, number[]>;
  },
): Promise<(ResolvedPrice | null)[]> {
  const at = input.at ?? new Date();
  const skuIds = [...new Set(input.lines.map((l) => l.skuId))];
  const skus = input.skus ?? (await listFacts(db, skuIds));
  const offerSets =
    input.buyerCompanyId === null || !skuIds.length
      ? []
      : await Promise.all(
          priceSources().map(async (s) => ({
            name: s.name,
            offers: await s.prices(db, input.buyerCompanyId!, skuIds, at, { lock: input.lock }),
          })),
        );
  if (input.cappedOffers)
    for (const set of offerSets)
      for (const [skuId, offers] of set.offers)
        for (const o of offers)
          if (o.remaining !== null) input.cappedOffers.set(skuId, [...(input.cappedOffers.get(skuId) ?? []), o.ruleId]);
  const taken = new Map<string, number>();
  return input.lines.map(({ skuId, quantity }) => {
    const sku = skus.get(skuId);
    if (!sku) return null;
    const listFen = toFen(sku.price);
    for (const set of offerSets) {
      let best: { unitFen: number; ruleId: number; label: string; key: string } | null = null;
      for (const offer of set.offers.get(skuId) ?? []) {
        const key = `${set.name}:${offer.ruleId}`;
        if (offer.remaining !== null && quantity > offer.remaining - (taken.get(key) ?? 0)) continue;
        const unitFen = offer.unitFen(quantity, listFen);
        if (unitFen === null || unitFen < 0) continue;
        if (!best || unitFen < best.unitFen) best = { unitFen, ruleId: offer.ruleId, label: offer.label, key };
      }
      if (best) {
        taken.set(best.key, (taken.get(best.key) ?? 0) + quantity);
        return { skuId, quantity, unitFen: best.unitFen, listFen, source: set.name, ruleId: best.ruleId, label: best.label };
      }
    }
    const tierFen = toFen(tierPriceFor(Number(sku.price), sku.priceTiers, quantity));
    const source: PriceSourceName = tierFen !== listFen ? 'tier' : 'list';
    return { skuId, quantity, unitFen: tierFen, listFen, source, ruleId: null, label: PRICE_SOURCE_LABEL[source] };
  });
}

async function listFacts(db: Db, skuIds: readonly number[]): Promise<Map<number, ListFacts>> {
  if (!skuIds.length) return new Map();
  const rows = await db
    .select({ id: productSkus.id, price: productSkus.price, priceTiers: productSkus.priceTiers })
    .from(productSkus)
    .where(inArray(productSkus.id, [...skuIds]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Records what an order bought at negotiated prices, in the order's transaction, with each source's ledger. */
export async function recordPriceUses(
  tx: Db,
  uses: readonly (PriceUse & { source: PriceSourceName })[],
): Promise<void> {
  for (const s of priceSources()) {
    const mine = uses.filter((u) => u.source === s.name).map(({ source: _source, ...u }) => u);
    if (mine.length && s.recordUses) await s.recordUses(tx, mine);
  }
}
