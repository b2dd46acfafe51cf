import type { OrderStatusValue } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { advanceOrder, ensurePayeeAccount } from './order-flow.ts';
import { makeOnSaleProduct, makeOrder, makePurchaser, type OnSaleSku } from './orders.ts';
import { makeSupplier } from './products.ts';

/**
 * The two sides of a trade named after the test: an approved supplier `${name}供应商` (with a verified settlement
 * account when `payee`), a certified purchaser `${name}采购商`, and the supplier's on-sale product with `skus`
 * (one SKU of ¥100 × 100 in stock unless given). `sides` is what advanceOrder takes.
 */
export async function makeTradePair(
  db: Db,
  name: string,
  opts: { skus?: OnSaleSku[]; productName?: string; payee?: boolean } = {},
) {
  const seller = await makeSupplier(db, `${name}供应商`);
  if (opts.payee) await ensurePayeeAccount(db, seller.id);
  const buyer = await makePurchaser(db, `${name}采购商`);
  const { productId, skuIds } = await makeOnSaleProduct(db, seller, { skus: opts.skus, name: opts.productName });
  return { seller, buyer, productId, skuIds, skuId: skuIds[0]!, sides: { buyerUserId: buyer.id, sellerUserId: seller.admin.id } };
}

/**
 * makeTradePair and one order of `quantity` of the first SKU (placed at `now`, 待确认), moved on to `to` through
 * the real use cases when given (advanceOrder). `id` is the order's id.
 */
export async function makeTradeOrder(
  db: Db,
  name: string,
  opts: { skus?: OnSaleSku[]; productName?: string; payee?: boolean; quantity?: number; now?: Date; to?: OrderStatusValue } = {},
) {
  const pair = await makeTradePair(db, name, opts);
  const order = await makeOrder(db, pair.buyer, pair.seller.id, [{ skuId: pair.skuId, quantity: opts.quantity ?? 1 }], { now: opts.now });
  if (opts.to !== undefined) await advanceOrder(db, order.id, pair.sides, opts.to, { now: opts.now });
  return { ...pair, order, id: order.id };
}
