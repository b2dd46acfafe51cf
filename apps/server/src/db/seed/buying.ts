import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { CompanyType, InvoiceKind, ProductStatus, creditCodeCheckChar, AddressKind } from '@aquamall/shared';
import type { Db } from '../client.ts';
import { products, productSkus, users } from '../schema/index.ts';
import { createAddress } from '../../modules/buying/index.ts';
import { addToCart } from '../../modules/buying/index.ts';
import { createInvoiceTitle } from '../../modules/buying/index.ts';
import type { Caller } from '../../modules/auth/index.ts';
import type { SeededCompany } from './companies.ts';

/** A valid unified social credit code (check character computed) from its first 17 characters. */
const creditCodeOf = (first17: string) => `${first17}${creditCodeCheckChar(first17)}`;

/**
 * The demo purchaser's buying data (issue 12), written through the buying module: two delivery addresses (one
 * default), a 普通 and a 专用 invoice title, and a cart of its administrator with lines from two suppliers.
 */
export async function seedBuying(
  db: Db,
  purchasers: SeededCompany[],
  suppliers: SeededCompany[],
): Promise<void> {
  const demo = purchasers.find((p) => p.def.phone === '18800000004');
  if (!demo) return;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, demo.id), eq(users.isCompanyAdmin, true)))
    .orderBy(asc(users.id))
    .limit(1);
  if (!admin) return;
  const caller: Caller = {
    sessionId: 0,
    userId: admin.id,
    companyId: demo.id,
    companyType: CompanyType.PURCHASER,
    companyName: demo.def.name,
    isCompanyAdmin: true,
    isPlatformAdmin: false,
    memberLevel: demo.def.memberLevel,
    isMemberVail: demo.def.isMemberVail,
  };
  const [province, city, district] = demo.def.area;
  const area = [province, city, district];
  await createAddress(db, caller, {
    receiver: demo.def.contact[0],
    phone: demo.def.phone,
    area,
    detail: demo.def.address,
    isDefault: true,
    kind: AddressKind.DELIVERY,
  });
  await createAddress(db, caller, {
    receiver: '王建国',
    phone: '13900000104',
    area,
    detail: '大兴区西红门镇宏业东路16号 京南再生水二厂 物资仓库',
    isDefault: false,
    kind: AddressKind.DELIVERY,
  });

  const taxNo = creditCodeOf(`91${district}MA01JN8K4`);
  await createInvoiceTitle(db, caller, {
    kind: InvoiceKind.SPECIAL,
    title: demo.def.name,
    taxNo,
    regAddress: `北京市${demo.def.address}`,
    regPhone: demo.def.contact[1],
    bankName: '中国工商银行北京大兴支行',
    bankAccount: '0200 0062 0920 0188 866',
    isDefault: true,
  });
  await createInvoiceTitle(db, caller, {
    kind: InvoiceKind.ORDINARY,
    title: demo.def.name,
    taxNo,
    regAddress: '',
    regPhone: '',
    bankName: '',
    bankAccount: '',
    isDefault: false,
  });

  // One on-sale SKU with stock for its minimum order from each of the first two suppliers, in id order.
  const sellers = suppliers.slice(0, 2).map((s) => s.id);
  const skus = await db
    .select({ skuId: productSkus.id, companyId: productSkus.companyId, minOrder: products.minOrder })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(
      and(
        inArray(productSkus.companyId, sellers),
        eq(products.status, ProductStatus.ON_SALE),
        eq(products.shopVisible, true),
        gte(sql`${productSkus.onHand} - ${productSkus.reserved}`, sql`${products.minOrder} * 2`),
      ),
    )
    .orderBy(asc(productSkus.id));
  for (const seller of sellers) {
    for (const s of skus.filter((k) => k.companyId === seller).slice(0, 1))
      await addToCart(db, caller, { skuId: s.skuId, quantity: s.minOrder });
  }
}
