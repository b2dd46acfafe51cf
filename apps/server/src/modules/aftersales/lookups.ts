import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rmas } from '../../db/schema/index.ts';

/** Is the company the purchaser or the supplier of the after-sales request? (false when there is none; decision 0232) */
export async function isRmaParty(db: Db, companyId: number, rmaId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: rmas.id })
    .from(rmas)
    .where(and(eq(rmas.id, rmaId), or(eq(rmas.buyerCompanyId, companyId), eq(rmas.sellerCompanyId, companyId))));
  return row !== undefined;
}
