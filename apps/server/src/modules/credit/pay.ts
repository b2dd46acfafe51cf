import { and, eq, sql } from 'drizzle-orm';
import { CreditAccountStatus, CreditMovement, creditAccountMachine, toFen, toYuan } from '@aquamall/shared';
import { conflict } from '../../lib/errors.ts';
import type { Db } from '../../db/client.ts';
import { creditAccounts, creditLedger, type OrderRow } from '../../db/schema/index.ts';
import { appendMovement, availableFen, bookIncoming, sumOf, tellOther, type AccountRow } from './ledger.ts';
import { fail } from './messages.ts';

/**
 * The credit account's side of orders and after-sales (decision 0131): paying an order (账期支付), giving the
 * money back when a paid order is cancelled, and an after-sales refund to the account. Each runs inside the
 * caller's transaction with the order/request already locked; the account is locked here (always after the
 * order or the request, so the lock order is the same everywhere).
 */

/**
 * Refuses with the account table's text unless the pair's account admits `action`
 * (packages/shared/src/machines/credit.ts); a pair without an account is refused as one still awaiting review.
 */
function guardPair(a: AccountRow | null, action: 'payOrder' | 'refundRma', by: 'buyer' | 'seller'): asserts a is AccountRow {
  const refused = creditAccountMachine.refusal(action, a?.status ?? CreditAccountStatus.PENDING, a ?? undefined, by);
  if (refused) throw conflict(refused);
}

async function lockPair(t: Db, buyerCompanyId: number, sellerCompanyId: number): Promise<AccountRow | null> {
  const [a] = await t
    .select()
    .from(creditAccounts)
    .where(
      and(
        eq(creditAccounts.buyerCompanyId, buyerCompanyId),
        eq(creditAccounts.sellerCompanyId, sellerCompanyId),
      ),
    )
    .for('update');
  return a ?? null;
}

/**
 * Debits a locked 待付款 order from the purchaser's account with its supplier: balance first, then credit up to
 * the limit, as one kind-3 row (balanceDelta = −min(balance, amount), creditDelta = the rest; due after the
 * payment days when credit was used). Refuses with the shortfall when balance + unused credit is not enough.
 */
export async function debitOrder(
  t: Db,
  order: OrderRow,
  by: { userId: number | null; userName: string },
  now = new Date(),
): Promise<{ balanceFen: number; creditFen: number; dueAt: Date | null }> {
  const a = await lockPair(t, order.buyerCompanyId, order.sellerCompanyId);
  guardPair(a, 'payOrder', 'buyer');
  const s = await sumOf(t, a.id);
  const amount = toFen(order.totalAmount);
  const available = availableFen(a, s);
  if (amount > available)
    throw fail('CREDIT_AVAILABLE_SHORT', { short: toYuan(amount - Math.max(available, 0)) });
  const balanceFen = Math.min(Math.max(s.balanceFen, 0), amount);
  const creditFen = amount - balanceFen;
  const dueAt = creditFen > 0 ? new Date(now.getTime() + a.paymentDays * 86_400_000) : null;
  await appendMovement(
    t,
    a.id,
    {
      kind: CreditMovement.ORDER_PAYMENT,
      balanceFen: -balanceFen,
      creditFen,
      orderId: order.id,
      dueAt,
      note: `订单 ${order.orderNo} 账期支付`,
    },
    by,
    now,
  );
  return { balanceFen, creditFen, dueAt };
}

/** What the order's payments from the account net to: balance taken and credit used (fen). */
async function orderNet(t: Db, accountId: number, orderId: number) {
  const [r] = await t
    .select({
      balance: sql<string>`coalesce(sum(${creditLedger.balanceDelta}), 0)::text`,
      credit: sql<string>`coalesce(sum(${creditLedger.creditDelta}), 0)::text`,
    })
    .from(creditLedger)
    .where(and(eq(creditLedger.accountId, accountId), eq(creditLedger.orderId, orderId)));
  return { balanceFen: toFen(r!.balance), creditFen: toFen(r!.credit) };
}

/**
 * A paid-on-credit order is cancelled by the supplier before shipping: the payment row is reversed exactly (a
 * kind-3 row with the opposite deltas), so the balance and the credit come back. No-op for other orders.
 */
export async function reverseOrderPayment(
  t: Db,
  order: OrderRow,
  by: { userId: number | null; userName: string },
  now = new Date(),
): Promise<string | null> {
  const a = await lockPair(t, order.buyerCompanyId, order.sellerCompanyId);
  if (!a) return null;
  const net = await orderNet(t, a.id, order.id);
  if (net.balanceFen === 0 && net.creditFen === 0) return null;
  await appendMovement(
    t,
    a.id,
    {
      kind: CreditMovement.ORDER_PAYMENT,
      balanceFen: -net.balanceFen,
      creditFen: -net.creditFen,
      orderId: order.id,
      note: `订单 ${order.orderNo} 取消，退回账户`,
    },
    by,
    now,
  );
  return toYuan(-net.balanceFen + net.creditFen);
}

/**
 * An after-sales refund to the account (kind 4): it repays the credit this order still uses (its own payment
 * rows less earlier refunds of it, never more than the account's credit used), the rest goes to the balance.
 */
export async function refundToAccount(
  t: Db,
  rma: { id: number; rmaNo: string; orderId: number; buyerCompanyId: number; sellerCompanyId: number },
  amountFen: number,
  by: { userId: number | null; userName: string },
  now = new Date(),
): Promise<void> {
  const a = await lockPair(t, rma.buyerCompanyId, rma.sellerCompanyId);
  guardPair(a, 'refundRma', 'seller');
  const net = await orderNet(t, a.id, rma.orderId);
  const s = await sumOf(t, a.id);
  const repay = Math.max(0, Math.min(amountFen, net.creditFen, s.creditFen));
  await appendMovement(
    t,
    a.id,
    {
      kind: CreditMovement.RMA_REFUND,
      balanceFen: amountFen - repay,
      creditFen: -repay,
      orderId: rma.orderId,
      rmaId: rma.id,
      note: `售后 ${rma.rmaNo} 退款`,
    },
    by,
    now,
  );
  await tellOther(
    t,
    a,
    'seller',
    '售后退款已退回信用账户',
    `售后 ${rma.rmaNo} 退款 ¥${toYuan(amountFen)} 已退回信用账户（还款 ¥${toYuan(repay)}，余额 +¥${toYuan(amountFen - repay)}）。`,
  );
}

/**
 * The excess of a transfer over an order's amount kept as the purchaser's balance with its supplier (decision 0215):
 * when the pair has an account (active or frozen), an incoming movement like a recharge (it first repays credit used,
 * then raises the balance) with the order's number. Answers false when the pair has no such account: the caller
 * then records the excess on the order only.
 */
export async function keepExcessAsBalance(
  t: Db,
  order: Pick<OrderRow, 'id' | 'orderNo' | 'buyerCompanyId' | 'sellerCompanyId'>,
  amountFen: number,
  by: { userId: number | null; userName: string },
  now = new Date(),
): Promise<boolean> {
  const a = await lockPair(t, order.buyerCompanyId, order.sellerCompanyId);
  if (!a || (a.status !== CreditAccountStatus.ACTIVE && a.status !== CreditAccountStatus.FROZEN)) return false;
  await bookIncoming(t, a, amountFen, { note: `订单 ${order.orderNo} 多付转余额` }, by, now);
  return true;
}
