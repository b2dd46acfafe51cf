import { and, eq } from 'drizzle-orm';
import { OrderStatus, type OrderStatusValue } from '@aquamall/shared';
import { DEFAULT_ORDER_RULES, type OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bankAccounts, files, orderLines, orders } from '../../db/schema/index.ts';
import { BankStatus } from '../../modules/merchant/bank.ts';
import { giveBankAccount } from './bank.ts';
import {
  confirmOrder,
  confirmDueTransfer,
  payOrder,
  receiveOrder,
  shipOrder,
} from '../../modules/orders/lifecycle.ts';
import { callerFor } from '../../modules/auth/caller.ts';

/** The caller of a company user, for calling use cases directly (modules/auth/caller.ts). */
export { callerFor };

let proofSeq = 0;
/** A transfer proof uploaded by the company's user (a files row, as the upload control records it). */
export async function proofFile(db: Db, companyId: number, userId: number): Promise<string> {
  const path = `upload/order/proof-${process.pid}-${companyId}-${++proofSeq}.png`;
  await db
    .insert(files)
    .values({ path, mime: 'image/png', size: 100, companyId, userId, originalName: '转账凭证.png' });
  return path;
}

/**
 * Gives the supplier a verified settlement account unless it has one: a transfer to a supplier without one is
 * refused (orders/lifecycle.ts payOrder), and a test that is not about the payee should not have to care.
 */
export async function ensurePayeeAccount(db: Db, companyId: number): Promise<void> {
  const [has] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.companyId, companyId), eq(bankAccounts.status, BankStatus.VERIFIED)));
  if (!has) await giveBankAccount(db, companyId);
}

/** The order's lines (id and quantity), in order. */
export async function linesOf(db: Db, orderId: number) {
  return db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.sort, orderLines.id);
}

/**
 * Moves an order from where it is to `to` through the real use cases, as the two sides would: confirm, pay with a
 * proof, confirm the payment, ship (部分发货: half of the first line; 待收货: everything), receive. `now` is the
 * clock of every step (timed rules are scheduled from it).
 */
export async function advanceOrder(
  db: Db,
  orderId: number,
  sides: { buyerUserId: number; sellerUserId: number },
  to: OrderStatusValue,
  opts: { rules?: OrderRules; now?: Date; carrier?: string } = {},
): Promise<void> {
  const rules = opts.rules ?? DEFAULT_ORDER_RULES;
  const now = opts.now ?? new Date();
  const buyer = await callerFor(db, sides.buyerUserId);
  const seller = await callerFor(db, sides.sellerUserId);
  const step = async () =>
    (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status;
  const carrier = opts.carrier ?? '顺丰速运';
  for (let status = await step(); status < to && status !== OrderStatus.CANCELLED; status = await step()) {
    if (status === OrderStatus.TO_CONFIRM) await confirmOrder(db, seller, orderId, rules, now);
    else if (status === OrderStatus.TO_PAY) {
      await ensurePayeeAccount(db, seller.companyId);
      await payOrder(
        db,
        buyer,
        { orderId, method: 1, proofFiles: [await proofFile(db, buyer.companyId, buyer.userId)] },
        now,
      );
      await confirmDueTransfer(db, seller, orderId, now);
    } else if (status === OrderStatus.TO_SHIP || status === OrderStatus.PART_SHIPPED) {
      const lines = await linesOf(db, orderId);
      const first = lines[0]!;
      const partial =
        to === OrderStatus.PART_SHIPPED
          ? [{ lineId: first.id, quantity: Math.max(1, Math.floor(first.quantity / 2)) }]
          : lines
              .filter((l) => l.quantity > l.shippedQty)
              .map((l) => ({ lineId: l.id, quantity: l.quantity - l.shippedQty }));
      await shipOrder(
        db,
        seller,
        { orderId, lines: partial, carrier, trackingNo: `SF${orderId}${status}` },
        rules,
        now,
      );
    } else if (status === OrderStatus.TO_RECEIVE) await receiveOrder(db, buyer, orderId, now);
  }
}
