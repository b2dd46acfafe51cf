import { OrderStatus } from '@aquamall/shared';
import type { OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { CreatedOrder, NewOrderLine } from '../../modules/orders/create.ts';
import { advanceOrder } from './order-flow.ts';
import { makeOrder } from './orders.ts';

/**
 * An order from the buyer to the supplier taken to 已完成 through the order use cases (confirm, pay with a
 * proof, confirm payment, ship everything, receive), every step at `completedAt` (default now).
 */
export async function makeCompletedOrder(
  db: Db,
  buyer: { companyId: number; id: number; realName?: string },
  seller: { id: number; admin: { id: number } },
  lines: NewOrderLine[],
  opts: { rules?: OrderRules; completedAt?: Date; freight?: number } = {},
): Promise<CreatedOrder> {
  const now = opts.completedAt ?? new Date();
  const created = await makeOrder(db, buyer, seller.id, lines, { rules: opts.rules, freight: opts.freight, now });
  await advanceOrder(db, created.id, { buyerUserId: buyer.id, sellerUserId: seller.admin.id }, OrderStatus.COMPLETED, { rules: opts.rules, now });
  return created;
}
