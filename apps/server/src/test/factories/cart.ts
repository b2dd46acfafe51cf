import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { addresses, cartLines, invoiceTitles } from '../../db/schema/index.ts';

/** A delivery address of a company (inserted directly; the address rules are tested through the API). */
export async function makeAddress(
  db: Db,
  companyId: number,
  over: Partial<typeof addresses.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(addresses)
    .values({
      companyId,
      receiver: '李四',
      phone: '13900139000',
      provinceCode: 110000,
      cityCode: 110100,
      districtCode: 110101,
      areaName: '北京市 北京市 东城区',
      detail: '测试大街 8 号',
      ...over,
    })
    .returning({ id: addresses.id });
  return row!.id;
}

/** A valid unified social credit code (check character computed), usable as a taxpayer number. */
export const TEST_TAX_NO = '91350100M000100Y43';

/** A saved invoice title of a company (专用 with every registered detail). */
export async function makeInvoiceTitle(db: Db, companyId: number, kind: 1 | 2 = 2): Promise<number> {
  const [row] = await db
    .insert(invoiceTitles)
    .values({
      companyId,
      kind,
      title: '测试采购单位',
      taxNo: TEST_TAX_NO,
      regAddress: '北京市东城区测试路1号',
      regPhone: '010-12345678',
      bankName: '工商银行北京分行',
      bankAccount: '6222020200000000000',
    })
    .returning({ id: invoiceTitles.id });
  return row!.id;
}

/** A cart line as if added earlier at `priceAtAdd` (to test price-change flags and 失效 lines). */
export async function makeCartLine(
  db: Db,
  buyer: { companyId: number; id: number },
  sku: { sellerCompanyId: number; productId: number; skuId: number },
  quantity: number,
  priceAtAdd: number,
): Promise<number> {
  const [row] = await db
    .insert(cartLines)
    .values({
      companyId: buyer.companyId,
      userId: buyer.id,
      ...sku,
      quantity,
      priceAtAdd: priceAtAdd.toFixed(2),
    })
    .returning({ id: cartLines.id });
  return row!.id;
}

/** A fresh Idempotency-Key, as the checkout page makes one when it opens. */
export const newIdempotencyKey = () => randomUUID();
