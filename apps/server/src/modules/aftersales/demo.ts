import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { InvoiceKind, ProductStatus, RefundMethod, RmaType } from '@aquamall/shared';
import { DEFAULT_ORDER_RULES } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { companies, orderLines, products, productSkus, users } from '../../db/schema/index.ts';
import { completeOrder } from '../../test/factories/aftersales.ts';
import { createOrders } from '../orders/create.ts';
import type { Caller } from '../products/caller.ts';
import { applyRma } from './apply.ts';
import { approveRma, refundRma } from './transitions.ts';

const DAY = 86_400_000;

async function demoCaller(db: Db, phone: string): Promise<(Caller & { realName: string }) | null> {
  const [u] = await db
    .select({ id: users.id, companyId: users.companyId, type: companies.type, name: companies.name, realName: users.realName })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.phone, phone));
  if (!u?.companyId) return null;
  return {
    sessionId: 0,
    userId: u.id,
    companyId: u.companyId,
    companyType: u.type,
    companyName: u.name,
    isCompanyAdmin: true,
    isPlatformAdmin: false,
    memberLevel: 0,
    isMemberVail: 0,
    realName: u.realName,
  };
}

/**
 * For the demo seed: one order of the demo purchaser (18800000004) from the demo supplier (18800000002) with
 * two lines, shipped and received yesterday (within the after-sales period), and a refund-only request on one
 * unit of its second line, approved and refunded (so both sides' after-sales lists show a finished request).
 * The order is completed as the test factory does; switch to the orders module's ship and receive once merged.
 */
export async function seedDemoAftersales(db: Db, now: Date): Promise<void> {
  const buyer = await demoCaller(db, '18800000004');
  const seller = await demoCaller(db, '18800000002');
  if (!buyer || !seller) return;
  const skus = await db
    .select({ id: productSkus.id, minOrder: products.minOrder })
    .from(productSkus)
    .innerJoin(products, eq(products.id, productSkus.productId))
    .where(and(eq(productSkus.companyId, seller.companyId), eq(products.status, ProductStatus.ON_SALE), eq(products.shopVisible, true), gte(sql`${productSkus.onHand} - ${productSkus.reserved}`, sql`${products.minOrder} + 10`)))
    .orderBy(asc(productSkus.id))
    .limit(2);
  if (skus.length < 2) return;
  const [co] = await db.select({ address: companies.address, provinceCode: companies.provinceCode, cityCode: companies.cityCode, districtCode: companies.districtCode, areaName: companies.areaName }).from(companies).where(eq(companies.id, buyer.companyId));
  const [order] = await db.transaction((tx) =>
    createOrders(
      tx as unknown as Db,
      [
        {
          buyer: { companyId: buyer.companyId, userId: buyer.userId, userName: buyer.realName },
          sellerCompanyId: seller.companyId,
          lines: skus.map((s) => ({ skuId: s.id, quantity: Math.max(s.minOrder, 3) })),
          address: { receiver: buyer.realName || '张立伟', phone: '18800000004', provinceCode: co?.provinceCode ?? null, cityCode: co?.cityCode ?? null, districtCode: co?.districtCode ?? null, areaName: co?.areaName ?? '', detail: co?.address ?? '' },
          invoice: { kind: InvoiceKind.NONE, title: '', taxNo: '', regAddress: '', regPhone: '', bankName: '', bankAccount: '' },
          buyerRemark: '售后演示订单',
        },
      ],
      DEFAULT_ORDER_RULES,
      new Date(now.getTime() - 3 * DAY),
    ),
  );
  await completeOrder(db, order!.id, new Date(now.getTime() - DAY));
  const lines = await db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, order!.id)).orderBy(asc(orderLines.id));
  const rma = await applyRma(
    db,
    buyer,
    { orderId: order!.id, type: RmaType.REFUND, lines: [{ orderLineId: lines[1]!.id, quantity: 1 }], reason: '包装或商品破损', description: '一袋外包装破损，少量洒漏', photos: [] },
    DEFAULT_ORDER_RULES,
    now,
  );
  await approveRma(db, seller, rma.id, '同意仅退款');
  const [line] = await db.select({ unitPrice: orderLines.unitPrice }).from(orderLines).where(eq(orderLines.id, lines[1]!.id));
  await refundRma(db, seller, rma.id, { method: RefundMethod.OFFLINE, amount: Number(line!.unitPrice), note: '已通过工商银行转账退回' });
}
