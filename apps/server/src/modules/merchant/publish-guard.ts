import { eq } from 'drizzle-orm';
import { MerchantStatus } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import { fail } from './messages.ts';

/**
 * The right to publish goods comes with an approved merchant application (docs/product/merchants.md#right-to-publish-goods). Call before a product
 * is created, submitted or put on sale. Throws a Chinese business error otherwise.
 */
export async function assertCanPublishGoods(db: Db, companyId: number): Promise<void> {
  const [c] = await db
    .select({ merchantStatus: companies.merchantStatus, disabled: companies.disabled, shopOpen: companies.shopOpen })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!c) throw fail('PUBLISH_COMPANY_NOT_FOUND');
  if (c.disabled) throw fail('PUBLISH_COMPANY_DISABLED');
  if (c.merchantStatus !== MerchantStatus.APPROVED || !c.shopOpen) {
    throw fail('PUBLISH_BEFORE_APPROVED');
  }
}
