import { eq } from 'drizzle-orm';
import { MerchantStatus } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { Code } from '@aquamall/shared';

/**
 * The right to publish goods comes with an approved merchant application (docs/product/merchants.md#right-to-publish-goods). Call before a product
 * is created, submitted or put on sale. Throws a Chinese business error otherwise.
 */
export async function assertCanPublishGoods(db: Db, companyId: number): Promise<void> {
  const [c] = await db
    .select({ merchantStatus: companies.merchantStatus, disabled: companies.disabled, shopOpen: companies.shopOpen })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!c) throw forbidden('企业不存在');
  if (c.disabled) throw forbidden('企业已被禁用，不能发布商品');
  if (c.merchantStatus !== MerchantStatus.APPROVED || !c.shopOpen) {
    throw new AppError(Code.FORBIDDEN, '商家入驻审核通过后才能发布商品，请先申请入驻');
  }
}
