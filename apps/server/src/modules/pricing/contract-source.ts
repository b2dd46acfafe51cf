import { and, eq, inArray, isNull, lte, or, gte, sql } from 'drizzle-orm';
import { chinaDay, ContractPriceKind, divRound, PRICE_SOURCE_LABEL, toFen } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import {
  contractPrices,
  contractPriceUses,
  customerGroupMembers,
  productSkus,
  type ContractTier,
} from '../../db/schema/index.ts';
import { forgetMyPrices } from './my-price-cache.ts';
import type { PriceOffer, PriceSource, PriceUse } from './sources.ts';

/** The value (yuan, or percent off) that applies to a quantity: the last tier reached, otherwise the base. */
export function contractValueFor(base: string, tiers: readonly ContractTier[], quantity: number): string {
  let value = base;
  for (const t of tiers) if (quantity >= t.minQty) value = t.value;
  return value;
}

/** The unit price in fen of a rule for a quantity: a fixed price, or the list price less the percent (rounded). */
export function contractUnitFen(
  rule: { kind: number; value: string; tiers: readonly ContractTier[] },
  quantity: number,
  listFen: number,
): number {
  const value = contractValueFor(rule.value, rule.tiers, quantity);
  if (rule.kind === ContractPriceKind.FIXED) return toFen(value);
  // Percent with two decimals, in hundredths: 8.50% → 850 of 10000.
  const off = toFen(value);
  return divRound(listFen * (10000 - off), 10000);
}

/**
 * Contract prices of the purchaser company itself and of the supplier's customer groups it belongs to, enabled
 * and valid on the China day of `at` (docs/product/prices.md#contract-prices).
 */
async function contractOffers(
  db: Db,
  buyerCompanyId: number,
  skuIds: readonly number[],
  at: Date,
  opts: { lock?: boolean } = {},
): Promise<Map<number, PriceOffer[]>> {
  const ids = [...new Set(skuIds)];
  const result = new Map<number, PriceOffer[]>();
  if (!ids.length) return result;
  const day = chinaDay(at);
  const columns = {
    id: contractPrices.id,
    skuId: contractPrices.skuId,
    kind: contractPrices.kind,
    value: contractPrices.value,
    tiers: contractPrices.tiers,
    capQty: contractPrices.capQty,
  };
  const applies = and(
    inArray(contractPrices.skuId, ids),
    eq(contractPrices.enabled, true),
    eq(productSkus.companyId, contractPrices.supplierCompanyId),
    lte(contractPrices.validFrom, day),
    or(isNull(contractPrices.validTo), gte(contractPrices.validTo, day)),
  );
  // Two reads, each along its own partial index (contract_prices_buyer_sku, contract_prices_group_sku): one OR
  // across the company and its groups' memberships made the planner filter every enabled rule of the SKUs.
  // A rule names a company or a group, never both, so the two never return the same rule.
  // One after the other: at checkout `db` is the order's transaction (one connection).
  const own = await db
    .select(columns)
    .from(contractPrices)
    .innerJoin(productSkus, eq(productSkus.id, contractPrices.skuId))
    .where(and(eq(contractPrices.purchaserCompanyId, buyerCompanyId), applies));
  const grouped = await db
    .select(columns)
    .from(customerGroupMembers)
    .innerJoin(contractPrices, eq(contractPrices.groupId, customerGroupMembers.groupId))
    .innerJoin(productSkus, eq(productSkus.id, contractPrices.skuId))
    .where(and(eq(customerGroupMembers.purchaserCompanyId, buyerCompanyId), applies));
  const rules = [...own, ...grouped].sort((x, y) => x.id - y.id);
  if (!rules.length) return result;
  const capped = rules.filter((r) => r.capQty !== null).map((r) => r.id);
  const used = new Map<number, number>();
  if (capped.length) {
    // Lock first, then read the ledger in a statement of its own: it sees the uses of a checkout that held the lock.
    if (opts.lock) {
      await db
        .select({ id: contractPrices.id })
        .from(contractPrices)
        .where(inArray(contractPrices.id, capped))
        .orderBy(contractPrices.id)
        .for('update');
    }
    const sums = await db
      .select({
        ruleId: contractPriceUses.ruleId,
        n: sql<number>`coalesce(sum(${contractPriceUses.quantity}), 0)`.mapWith(Number),
      })
      .from(contractPriceUses)
      .where(inArray(contractPriceUses.ruleId, capped))
      .groupBy(contractPriceUses.ruleId);
    for (const s of sums) used.set(s.ruleId, s.n);
  }
  for (const r of rules) {
    const offer: PriceOffer = {
      ruleId: r.id,
      label: PRICE_SOURCE_LABEL.contract,
      remaining: r.capQty === null ? null : Math.max(0, r.capQty - (used.get(r.id) ?? 0)),
      unitFen: (quantity, listFen) => contractUnitFen(r, quantity, listFen),
    };
    result.set(r.skuId, [...(result.get(r.skuId) ?? []), offer]);
  }
  return result;
}

async function recordContractUses(tx: Db, uses: readonly PriceUse[]): Promise<void> {
  if (!uses.length) return;
  await tx.insert(contractPriceUses).values([...uses]);
  // A capped rule's remaining quantity moved: the overlay's kept answers naming it go (my-prices.ts).
  forgetMyPrices({ ruleIds: [...new Set(uses.map((u) => u.ruleId))] });
}

export const contractSource: PriceSource = {
  name: 'contract',
  prices: contractOffers,
  recordUses: recordContractUses,
};
