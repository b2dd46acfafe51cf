import type { Db } from '../../db/client.ts';
import { contractPrices, customerGroupMembers, customerGroups } from '../../db/schema/index.ts';

/** A contract price rule inserted directly (valid from 2000-01-01, open-ended, enabled, no cap, fixed price by default). */
export async function makeContractPrice(
  db: Db,
  rule: { supplierCompanyId: number; skuId: number; value: string } & Partial<typeof contractPrices.$inferInsert>,
): Promise<number> {
  const [row] = await db
    .insert(contractPrices)
    .values({ kind: 1, validFrom: '2000-01-01', ...rule })
    .returning({ id: contractPrices.id });
  return row!.id;
}

/** A supplier's customer group with its purchaser companies. */
export async function makeCustomerGroup(
  db: Db,
  supplierCompanyId: number,
  name: string,
  purchaserCompanyIds: readonly number[],
): Promise<number> {
  const [g] = await db.insert(customerGroups).values({ supplierCompanyId, name }).returning({ id: customerGroups.id });
  if (purchaserCompanyIds.length)
    await db
      .insert(customerGroupMembers)
      .values(purchaserCompanyIds.map((purchaserCompanyId) => ({ groupId: g!.id, purchaserCompanyId })));
  return g!.id;
}
