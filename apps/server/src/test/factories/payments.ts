import { OrderStatus } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { advanceOrder } from './order-flow.ts';
import { makeOnSaleProduct, makeOrder, makePurchaser } from './orders.ts';
import { makeSupplier } from './products.ts';

/** An order confirmed by its supplier and awaiting payment (待付款): `quantity` × ¥`price`, no freight. */
export async function orderAwaitingPayment(db: Db, name: string, price = 150, quantity = 2) {
  const seller = await makeSupplier(db, `${name}供应商`);
  const buyer = await makePurchaser(db, `${name}采购商`);
  const { skuIds } = await makeOnSaleProduct(db, seller, { skus: [{ price, stock: 1000 }] });
  const o = await makeOrder(db, buyer, seller.id, [{ skuId: skuIds[0]!, quantity }]);
  await advanceOrder(db, o.id, { buyerUserId: buyer.id, sellerUserId: seller.admin.id }, OrderStatus.TO_PAY);
  return { seller, buyer, orderId: o.id };
}
