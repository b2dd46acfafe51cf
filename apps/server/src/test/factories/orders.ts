import { CertStatus, InvoiceKind, ProductStatus, StockReason } from '@aquamall/shared';
import { DEFAULT_ORDER_RULES, type OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { products, productSkus, type AddressSnapshot, type InvoiceSnapshot, type PriceTier } from '../../db/schema/index.ts';
import { createOrders, type CreatedOrder, type NewOrderLine } from '../../modules/orders/create.ts';
import { moveStock } from '../../modules/products/stock-ledger.ts';
import { makeCategoryBranch } from './products.ts';
import { signedInCompanyAdmin, type SignedInCompanyUser } from './sessions.ts';

/** A certified purchaser company (type 4) with its signed-in administrator. */
export function makePurchaser(db: Db, name = '测试采购单位'): Promise<SignedInCompanyUser> {
  return signedInCompanyAdmin(db, { company: { type: 4, name, certStatus: CertStatus.CERTIFIED }, user: { realName: `${name}采购员` } });
}

let categorySeq = 0;
let skuSeq = 0;

export interface OnSaleSku {
  price: number;
  stock: number;
  tiers?: PriceTier[];
}

/**
 * An on-sale product of an approved supplier with SKUs whose opening stock went through the ledger. Returns
 * the product id and its SKU ids (in the order given).
 */
export async function makeOnSaleProduct(
  db: Db,
  supplier: { id: number; image: string },
  opts: { name?: string; minOrder?: number; unit?: string; skus?: OnSaleSku[]; categoryId?: number } = {},
): Promise<{ productId: number; skuIds: number[] }> {
  const categoryId = opts.categoryId ?? (await makeCategoryBranch(db, `9${String(++categorySeq).padStart(3, '0')}${process.pid % 1000}`, ['测试大类', '测试中类', '测试小类'])).leaf;
  const skus = opts.skus ?? [{ price: 100, stock: 100 }];
  const [p] = await db
    .insert(products)
    .values({
      companyId: supplier.id,
      categoryId,
      categoryCode: '9',
      name: opts.name ?? '聚合氯化铝',
      unit: opts.unit ?? '吨',
      price: String(Math.min(...skus.map((s) => s.price))),
      minOrder: opts.minOrder ?? 1,
      images: [supplier.image],
      defaultImage: supplier.image,
      status: ProductStatus.ON_SALE,
    })
    .returning({ id: products.id });
  const rows = await db
    .insert(productSkus)
    .values(
      skus.map((s, i) => ({
        productId: p!.id,
        companyId: supplier.id,
        code: `T${process.pid % 1000}-${++skuSeq}`,
        specValues: [{ name: '规格', value: `${i + 1}号` }],
        price: String(s.price),
        priceTiers: s.tiers ?? [],
        sort: i,
      })),
    )
    .returning({ id: productSkus.id });
  const skuIds = rows.map((r) => r.id);
  const moves = skus.flatMap((s, i) => (s.stock > 0 ? [{ skuId: skuIds[i]!, reason: StockReason.IN, quantity: s.stock }] : []));
  await db.transaction((tx) => moveStock(tx, moves, { docType: 'opening' }));
  return { productId: p!.id, skuIds };
}

export const testAddress = (over: Partial<AddressSnapshot> = {}): AddressSnapshot => ({
  receiver: '张三',
  phone: '13800138000',
  provinceCode: 110000,
  cityCode: 110100,
  districtCode: 110101,
  areaName: '北京市 北京市 东城区',
  detail: '测试路 1 号',
  ...over,
});

export const noInvoice = (): InvoiceSnapshot => ({ kind: InvoiceKind.NONE, title: '', taxNo: '', regAddress: '', regPhone: '', bankName: '', bankAccount: '' });

/** Creates one order (status 待确认, stock reserved) from the buyer to the supplier owning the SKUs. */
export async function makeOrder(
  db: Db,
  buyer: { companyId: number; id: number; realName?: string },
  sellerCompanyId: number,
  lines: NewOrderLine[],
  opts: { rules?: OrderRules; now?: Date; freight?: number } = {},
): Promise<CreatedOrder> {
  const [order] = await db.transaction((tx) =>
    createOrders(
      tx,
      [{ buyer: { companyId: buyer.companyId, userId: buyer.id, userName: buyer.realName ?? '' }, sellerCompanyId, lines, address: testAddress(), invoice: noInvoice(), freight: opts.freight }],
      opts.rules ?? DEFAULT_ORDER_RULES,
      opts.now,
    ),
  );
  return order!;
}
