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

type RuleRow = { id: number; skuId: number; kind: number; value: string; tiers: ContractTier[]; capQty: number | null };

/**
 * The rules read inside one transaction, per purchaser company and China day: which SKUs were asked for and the
 * rules found for them (decision 0248). A checkout resolves its lines twice in its transaction (the approval
 * gate's total, then `createOrders` under the SKU locks); the second resolution takes the rules from here and
 * reads only what must be fresh: the capped rules' ledger sums, after their lock. Keyed by the transaction object,
 * so it goes with it; the pool (no transaction) is never memoised. A transaction that changes rules or group
 * members does not resolve prices (the rule commands do not), so the memo cannot hold a rule it changed.
 */
const readInTx = new WeakMap<object, Map<string, { asked: Set<number>; rules: RuleRow[] }>>();
const isTransaction = (db: Db) => typeof (db as { rollback?: unknown }).rollback === 'function';

/**
 * The enabled rules valid on `day` for the company's own target and its customer groups: one statement, a
 * UNION ALL of two reads, each along its own partial index (contract_prices_buyer_sku; customer_group_members
 * by purchaser, then contract_prices_group_sku). One OR across the company and its groups made the planner
 * filter every enabled rule of the SKUs (decision 0225); two statements cost a round trip more (decision 0248).
 * A rule names a company or a group, never both, so the two halves never return the same rule.
 */
async function readRules(db: Db, buyerCompanyId: number, skuIds: readonly number[], day: string): Promise<RuleRow[]> {
  const columns = {
    id: contractPrices.id,
    skuId: contractPrices.skuId,
    kind: contractPrices.kind,
    value: contractPrices.value,
    tiers: contractPrices.tiers,
    capQty: contractPrices.capQty,
  };
  const applies = and(
    inArray(contractPrices.skuId, [...skuIds]),
    eq(contractPrices.enabled, true),
    eq(productSkus.companyId, contractPrices.supplierCompanyId),
    lte(contractPrices.validFrom, day),
    or(isNull(contractPrices.validTo), gte(contractPrices.validTo, day)),
  );
  const own = db
    .select(columns)
    .from(contractPrices)
    .innerJoin(productSkus, eq(productSkus.id, contractPrices.skuId))
    .where(and(eq(contractPrices.purchaserCompanyId, buyerCompanyId), applies));
  const grouped = db
    .select(columns)
    .from(customerGroupMembers)
    .innerJoin(contractPrices, eq(contractPrices.groupId, customerGroupMembers.groupId))
    .innerJoin(productSkus, eq(productSkus.id, contractPrices.skuId))
    .where(and(eq(customerGroupMembers.purchaserCompanyId, buyerCompanyId), applies));
  return own.unionAll(grouped);
}

/** The rules for these SKUs: from the transaction's memo where this transaction read them already. */
async function rulesFor(db: Db, buyerCompanyId: number, skuIds: readonly number[], day: string): Promise<RuleRow[]> {
  if (!isTransaction(db)) return readRules(db, buyerCompanyId, skuIds, day);
  let byBuyer = readInTx.get(db);
  if (!byBuyer) readInTx.set(db, (byBuyer = new Map()));
  const key = `${buyerCompanyId}:${day}`;
  let memo = byBuyer.get(key);
  if (!memo) byBuyer.set(key, (memo = { asked: new Set(), rules: [] }));
  const missing = skuIds.filter((id) => !memo.asked.has(id));
  if (missing.length) {
    const read = await readRules(db, buyerCompanyId, missing, day);
    for (const id of missing) memo.asked.add(id);
    memo.rules.push(...read);
  }
  const wanted = new Set(skuIds);
  return memo.rules.filter((r) => wanted.has(r.skuId));
}

/** Whether this transaction read the rule and found it without a cap (then no overlay entry names it). */
function knownUncapped(tx: Db, ruleId: number): boolean {
  for (const memo of readInTx.get(tx)?.values() ?? []) {
    const rule = memo.rules.find((r) => r.id === ruleId);
    if (rule) return rule.capQty === null;
  }
  return false;
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
  const rules = [...(await rulesFor(db, buyerCompanyId, ids, chinaDay(at)))].sort((x, y) => x.id - y.id);
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
  // A capped rule's remaining quantity moved: the overlay's kept answers naming it go (my-prices.ts). Only capped
  // rules tag entries, so a rule this transaction read without a cap needs no forget (and no NOTIFY to the other
  // instances, decision 0248); a rule it did not read (a cancellation's give-back) is forgotten as before.
  const ruleIds = [...new Set(uses.map((u) => u.ruleId))].filter((id) => !knownUncapped(tx, id));
  if (ruleIds.length) forgetMyPrices({ ruleIds });
}

export const contractSource: PriceSource = {
  name: 'contract',
  prices: contractOffers,
  recordUses: recordContractUses,
};
