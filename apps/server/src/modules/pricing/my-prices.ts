import { inArray } from 'drizzle-orm';
import { chinaDay, chinaDayEnd, CompanyType, isNegotiatedPrice, toYuan, type MyPrice } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { productSkus } from '../../db/schema/index.ts';
import { dbKey } from '../../lib/ttl-cache.ts';
import type { Caller } from '../auth/index.ts';
import { myPriceCache as cache } from './my-price-cache.ts';
import { resolvePrices } from './resolve.ts';

/**
 * The caller company's negotiated prices (quantity 1) for the SKUs of the products on screen, product by product
 * in the order asked and SKU by SKU in id order: the overlay on the public goods answers, which stay cached for
 * everyone. Suppliers and purchasers without rules get none.
 */
export async function myPrices(db: Db, caller: Caller, productIds: readonly number[], now = new Date()): Promise<MyPrice[]> {
  if (!productIds.length || caller.companyType !== CompanyType.PURCHASER) return [];
  const ids = [...new Set(productIds)];
  const day = chinaDay(now);
  const prefix = `${dbKey(db)}:${caller.companyId}:${day}:`;
  const found = new Map<number, readonly MyPrice[]>();
  const missing: number[] = [];
  for (const id of ids) {
    const hit = cache.get(prefix + id);
    if (hit) found.set(id, hit.prices);
    else missing.push(id);
  }
  if (missing.length) {
    const ticket = cache.ticket();
    const read = await readMyPrices(db, caller.companyId, missing, now);
    // Kept until the China day ends at the latest (the key names the day; this only frees the memory).
    const notAfter = cache.now() + (chinaDayEnd(day).getTime() - now.getTime());
    for (const id of missing) {
      const r = read.get(id) ?? { prices: [], tags: [`p:${id}`] };
      found.set(id, r.prices);
      cache.set(prefix + id, { prices: r.prices }, r.tags, ticket, notAfter);
    }
  }
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** Per product asked for: its negotiated prices and the tags its cache entry carries. */
async function readMyPrices(
  db: Db,
  buyerCompanyId: number,
  productIds: readonly number[],
  now: Date,
): Promise<Map<number, { prices: MyPrice[]; tags: string[] }>> {
  const skus = await db
    .select({
      id: productSkus.id,
      productId: productSkus.productId,
      companyId: productSkus.companyId,
      price: productSkus.price,
      priceTiers: productSkus.priceTiers,
    })
    .from(productSkus)
    .where(inArray(productSkus.productId, [...productIds]))
    .orderBy(productSkus.productId, productSkus.id);
  const out = new Map<number, { prices: MyPrice[]; tags: Set<string> }>();
  for (const s of skus) if (!out.has(s.productId)) out.set(s.productId, { prices: [], tags: new Set([`p:${s.productId}`, `s:${s.companyId}`]) });
  if (skus.length) {
    const lines = skus.map((s) => ({ skuId: s.id, quantity: 1 }));
    const facts = new Map(skus.map((s) => [s.id, s]));
    // The resolver's own answer (as the cart's), and the capped offers it weighed, for the entries' tags.
    const capped = new Map<number, number[]>();
    const prices = await resolvePrices(db, { buyerCompanyId, lines, at: now, skus: facts, cappedOffers: capped });
    for (const p of prices) {
      if (!p || !isNegotiatedPrice(p.source)) continue;
      const productId = facts.get(p.skuId)!.productId;
      out.get(productId)!.prices.push({ productId, skuId: p.skuId, price: toYuan(p.unitFen), listPrice: toYuan(p.listFen), label: p.label });
    }
    for (const [skuId, ruleIds] of capped) {
      const e = out.get(facts.get(skuId)!.productId)!;
      for (const id of ruleIds) e.tags.add(`r:${id}`);
    }
  }
  return new Map([...out].map(([id, e]) => [id, { prices: e.prices, tags: [...e.tags] }]));
}
