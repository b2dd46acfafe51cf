import { noteCarriesOrderNo, toFen, toYuan, type TransferMatch, type TransferPayee } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { accountFor } from '../credit/index.ts';
import { verifiedAccountOf, type PayeeAccount } from '../merchant/index.ts';
import type { OrderRules } from '../../config.ts';
import { orderDetail } from '../orders/index.ts';
import { payeeAccountOfOrder } from '../orders/index.ts';
import { ordersErrors } from '../orders/index.ts';
import type { Caller } from '../auth/index.ts';

/**
 * Where a transfer goes (decision docs/decisions/0198-transfer-payee-and-order-papers.md): the payee's settlement
 * account verified by the small deposit (merchant/bank.ts), shown unmasked to the payer only for a payment it owes
 * (an order of the two companies, or its credit account with the supplier), with the note (附言) the supplier
 * matches the incoming transfer by.
 */

export const NO_VERIFIED_ACCOUNT = ordersErrors.ORDER_PAYEE_UNVERIFIED.message;

type Account = PayeeAccount;

/** The note a transfer for an order carries: the order number, which the bank statement shows back. */
export const orderTransferNote = (orderNo: string) => `订单${orderNo}`;
/** The note of a recharge: the account's number with the supplier (one account per purchaser and supplier). */
export const rechargeTransferNote = (accountId: number) => `充值账户${String(accountId).padStart(6, '0')}`;

const payeeOf = (
  payeeCompanyName: string,
  found: (Account & { disabled?: boolean }) | null,
  note: string,
  amount: string | null,
): TransferPayee => {
  const usable = found !== null && !found.disabled;
  const account = usable ? { accountName: found.accountName, bankName: found.bankName, branchName: found.branchName, accountNo: found.accountNo } : null;
  const reason = usable ? null : found ? ordersErrors.ORDER_PAYEE_DISABLED.message : NO_VERIFIED_ACCOUNT;
  return { payeeCompanyName, available: usable, reason, account, note, amount };
};

/** The payee of an order: the same access as its detail page (记录不存在 for a third company). */
export async function orderPayee(db: Db, caller: Caller, id: number, rules: OrderRules): Promise<TransferPayee> {
  const d = await orderDetail(db, caller, id, undefined, rules);
  const unpaid = Math.max(0, toFen(d.totalAmount) - toFen(d.paidAmount));
  return payeeOf(d.sellerCompanyName, await payeeAccountOfOrder(db, id), orderTransferNote(d.orderNo), toYuan(unpaid));
}

/** The payee of a recharge of a credit account: the purchaser of the account only. */
export async function creditPayee(db: Db, caller: Caller, accountId: number): Promise<TransferPayee> {
  const a = await accountFor(db, caller, accountId, 'buyer');
  return payeeOf(a.sellerCompanyName, await verifiedAccountOf(db, a.sellerCompanyId), rechargeTransferNote(a.id), null);
}

/**
 * The supplier checks an incoming transfer against an order it sells: the amount against what is still unpaid
 * (short: the remainder stays payable; over: the excess is refunded or kept as balance, decision 0198) and the note
 * against the order number (found anywhere in the note, as banks prefix their own text).
 */
export async function matchTransfer(
  db: Db,
  caller: Caller,
  input: { orderId: number; amount: number; note?: string },
  rules: OrderRules,
): Promise<TransferMatch> {
  const d = await orderDetail(db, caller, input.orderId, undefined, rules);
  if (d.side !== 'seller') throw conflict('只有供应商可以核对到账');
  const expectedFen = Math.max(0, toFen(d.totalAmount) - toFen(d.paidAmount));
  const receivedFen = toFen(input.amount);
  const diff = receivedFen - expectedFen;
  const kind = diff === 0 ? 'exact' : diff < 0 ? 'short' : 'excess';
  const expectedNote = orderTransferNote(d.orderNo);
  const noteMatches = noteCarriesOrderNo(input.note ?? '', d.orderNo);
  const amountText =
    kind === 'exact'
      ? '到账金额与应付金额一致'
      : kind === 'short'
        ? `少付 ¥${toYuan(-diff)}，差额仍需采购商补付`
        : `多付 ¥${toYuan(diff)}，多付部分可退回或转入采购商在本店的账户余额`;
  const noteText = noteMatches ? '附言含订单号' : `附言未包含订单号（应为“${expectedNote}”），请核实付款方`;
  return {
    expected: toYuan(expectedFen),
    received: toYuan(receivedFen),
    difference: toYuan(diff),
    kind,
    noteMatches,
    expectedNote,
    message: `${amountText}；${noteText}`,
  };
}
