import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  carrierOf,
  InvoiceKind,
  OrderKind,
  RefundMethod,
  RmaStatus,
  rmaMachine,
  RmaType,
  Side,
  toFen,
  toYuan,
  type rmaApproveInput,
  type rmaReceiveInput,
} from '@aquamall/shared';
import type { OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { orderLines, orders, rmaLines } from '../../db/schema/index.ts';
import { requestRefund } from '../payments/index.ts';
import { conflict } from '../../lib/errors.ts';
import { createOrders, type NewOrderLine } from '../orders/index.ts';
import { moveStock } from '../products/index.ts';
import { callerName, type Caller } from '../auth/index.ts';
import { guardRma, inTransaction, lockRma, releaseClaims, transition, type RmaRecord } from './common.ts';
import { rmaTypeName } from './apply.ts';
import { refundToAccount } from '../credit/index.ts';
import { markInvoiceReversal, receiptMoves, returnAddressOf } from './returns.ts';
import { startParcel } from '../tracking/index.ts';
import { releaseBudget } from '../budgets/index.ts';
import { fail } from './messages.ts';

const BUYER_ONLY = 'RMA_BUYER_ONLY';
const SELLER_ONLY = 'RMA_SELLER_ONLY';

/** The caller's name for history rows, read before the transaction. */
const who = async (db: Db, caller: Caller) => ({
  userId: caller.userId,
  userName: await callerName(db, caller.userId),
});

const lineSummary = (r: RmaRecord) => `${r.rmaNo}（${rmaTypeName(r.type)}）`;

/** The purchaser withdraws a request the supplier has not acted on: → 已撤销, claims released. */
export async function withdrawRma(
  db: Db,
  caller: Caller,
  id: number,
  note: string,
  now = new Date(),
): Promise<void> {
  const me = await who(db, caller);
  await inTransaction(db, async (t) => {
    const r = await lockRma(t, caller, id, 'buyer', BUYER_ONLY);
    guardRma(r, 'withdraw', Side.BUYER);
    await releaseClaims(t, r.id);
    await transition(
      t,
      r,
      {
        action: 'withdraw',
        side: Side.BUYER,
        ...me,
        note,
        notice: { title: `售后申请已撤销 ${r.rmaNo}`, content: `采购商撤销了售后申请 ${lineSummary(r)}。` },
      },
      now,
    );
  });
}

/**
 * The supplier approves: returns and exchanges wait for the goods (待寄回) at the return address chosen here
 * (copied onto the request), refund only goes to 待退款.
 */
export async function approveRma(
  db: Db,
  caller: Caller,
  input: z.output<typeof rmaApproveInput>,
  now = new Date(),
): Promise<void> {
  const { id, note } = input;
  const me = await who(db, caller);
  await inTransaction(db, async (t) => {
    const r = await lockRma(t, caller, id, 'seller', SELLER_ONLY);
    guardRma(r, 'approve', Side.SELLER);
    const refundOnly = r.type === RmaType.REFUND;
    const returnAddress = refundOnly ? null : await returnAddressOf(t, caller, input);
    await transition(
      t,
      r,
      {
        to: refundOnly ? RmaStatus.TO_SETTLE : RmaStatus.TO_RETURN,
        action: 'approve',
        side: Side.SELLER,
        ...me,
        note: returnAddress ? `退货地址：${returnAddress.receiver} ${returnAddress.phone} ${returnAddress.areaName} ${returnAddress.detail}${note ? `；${note}` : ''}` : note,
        set: returnAddress ? { returnAddress } : {},
        notice: {
          title: `售后申请已通过 ${r.rmaNo}`,
          content: refundOnly
            ? `供应商同意了仅退款申请 ${r.rmaNo}，等待退款。`
            : `供应商同意了售后申请 ${lineSummary(r)}，请寄回商品并填写物流单号。`,
        },
      },
      now,
    );
  });
}

/** The supplier rejects with a reason: → 已驳回, claims released. */
export async function rejectRma(
  db: Db,
  caller: Caller,
  id: number,
  reason: string,
  now = new Date(),
): Promise<void> {
  const me = await who(db, caller);
  await inTransaction(db, async (t) => {
    const r = await lockRma(t, caller, id, 'seller', SELLER_ONLY);
    guardRma(r, 'reject', Side.SELLER);
    await releaseClaims(t, r.id);
    await transition(
      t,
      r,
      {
        action: 'reject',
        side: Side.SELLER,
        ...me,
        note: reason,
        set: { rejectReason: reason },
        notice: {
          title: `售后申请被驳回 ${r.rmaNo}`,
          content: `供应商驳回了售后申请 ${lineSummary(r)}：${reason}`,
        },
      },
      now,
    );
  });
}

/** The purchaser sends the goods back: → 已寄回 with carrier and tracking number. */
export async function shipBackRma(
  db: Db,
  caller: Caller,
  id: number,
  carrier: string,
  trackingNo: string,
  now = new Date(),
  carrierCode?: string,
): Promise<void> {
  const me = await who(db, caller);
  // A catalogue carrier writes its own name and is tracked (docs/product/orders.md#parcel-tracking).
  if (carrierCode) {
    carrier = carrierOf(carrierCode)?.name ?? carrier;
    trackingNo = trackingNo.toUpperCase();
  }
  await inTransaction(db, async (t) => {
    const r = await lockRma(t, caller, id, 'buyer', BUYER_ONLY);
    guardRma(r, 'shipBack', Side.BUYER);
    await startParcel(
      t,
      {
        orderId: r.orderId,
        rmaId: r.id,
        buyerCompanyId: r.buyerCompanyId,
        sellerCompanyId: r.sellerCompanyId,
        carrierCode,
        trackingNo,
      },
      now,
    );
    await transition(
      t,
      r,
      {
        action: 'shipBack',
        side: Side.BUYER,
        ...me,
        note: `${carrier} ${trackingNo}`,
        set: { returnCarrier: carrier, returnTrackingNo: trackingNo },
        notice: {
          title: `售后商品已寄回 ${r.rmaNo}`,
          content: `采购商已寄回售后商品（${carrier} ${trackingNo}），请收货后确认。`,
        },
      },
      now,
    );
  });
}

/**
 * The supplier confirms the goods came back: each line goes where the supplier says (良品入库 back to sellable
 * stock, 不良品 held, 报废 written off; quality faults default to 不良品) through `moveStock` (docType 'rma')
 * in the same transaction → 待退款/换货.
 */
export async function receiveRma(
  db: Db,
  caller: Caller,
  input: z.output<typeof rmaReceiveInput>,
  now = new Date(),
): Promise<void> {
  const { id, note } = input;
  const me = await who(db, caller);
  await inTransaction(db, async (t) => {
    const r = await lockRma(t, caller, id, 'seller', SELLER_ONLY);
    guardRma(r, 'receive', Side.SELLER);
    const moves = await receiptMoves(t, r, input);
    await moveStock(t, moves, {
      docType: 'rma',
      docId: r.id,
      docNo: r.rmaNo,
      userId: me.userId,
      userName: me.userName,
      companyId: caller.companyId,
    });
    await transition(
      t,
      r,
      {
        action: 'receive',
        side: Side.SELLER,
        ...me,
        note,
        notice: {
          title: `供应商已收到退回商品 ${r.rmaNo}`,
          content:
            r.type === RmaType.EXCHANGE
              ? `供应商已收到退回商品，将为您补发换货订单。`
              : `供应商已收到退回商品，将为您退款 ¥${r.refundAmount}。`,
        },
      },
      now,
    );
  });
}

/**
 * How a refund reaches the purchaser. Offline transfers are only recorded; method 2 credits the purchaser's
 * credit account with the supplier in the same transaction (kind 4 售后退款: it repays the credit the order
 * still uses first, the rest goes to the balance — decision 0131).
 */
async function payRefund(t: Db, r: RmaRecord, method: number, amountFen: number, by: { userId: number | null; userName: string }, now: Date): Promise<void> {
  if (method === RefundMethod.CREDIT) return refundToAccount(t, r, amountFen, by, now);
  // Back through the channel that took the money (decision 0207); refused when the order was not paid online.
  if (method === RefundMethod.ONLINE) {
    await requestRefund(t, { orderId: r.orderId, amountFen, reason: `售后退款 ${r.rmaNo}`, source: 'rma', sourceId: r.id }, now);
    return;
  }
  if (method !== RefundMethod.OFFLINE) throw fail('RMA_REFUND_METHOD_REQUIRED');
}

/** The supplier records the refund of a return or refund-only request (amount ≤ the amount asked) → 已完成. */
export async function refundRma(
  db: Db,
  caller: Caller,
  id: number,
  input: { method: number; amount: number; note: string },
  now = new Date(),
): Promise<void> {
  const me = await who(db, caller);
  await inTransaction(db, async (t) => {
    const r = await lockRma(t, caller, id, 'seller', SELLER_ONLY);
    // The kind comes before the status (an exchange is never refunded, whatever its state).
    if (r.type === RmaType.EXCHANGE) throw conflict(rmaMachine.refusal('refund', RmaStatus.TO_SETTLE, { type: r.type })!);
    guardRma(r, 'refund', Side.SELLER);
    const fen = toFen(input.amount);
    if (fen > toFen(r.refundAmount)) throw fail('RMA_REFUND_OVER_REQUEST', { max: r.refundAmount });
    await payRefund(t, r, input.method, fen, { userId: me.userId, userName: me.userName }, now);
    const reversal = await markInvoiceReversal(t, r, fen);
    // The refund gives its amount back to the buyer's budgets (docs/product/budgets.md#ledger).
    await releaseBudget(t, { id: r.orderId }, me, { kind: 'refund', fen, rmaId: r.id }, now);
    const how = input.method === RefundMethod.CREDIT ? '退回信用账户' : input.method === RefundMethod.ONLINE ? '原路退回' : '线下转账';
    await transition(
      t,
      r,
      {
        action: 'refund',
        side: Side.SELLER,
        ...me,
        note: `${how}退款 ¥${toYuan(fen)}${input.note ? `：${input.note}` : ''}`,
        set: {
          refundMethod: input.method,
          refundedAmount: toYuan(fen),
          refundNote: input.note,
          refundedAt: now,
          ...(reversal ? { invoiceReverseAmount: reversal.amount, reverseInvoiceId: reversal.invoiceId } : {}),
        },
        notice: {
          title: `售后退款已登记 ${r.rmaNo}`,
          content: `供应商已登记退款 ¥${toYuan(fen)}（${how}），请注意查收。${input.note}`,
        },
      },
      now,
    );
  });
}

/**
 * The supplier sends the exchanged goods: a replacement order (kind 0, parentOrderId = the original order,
 * unit price 0 for the exchanged lines, no freight, same address) through `createOrders`, which reserves its
 * stock; the request closes with the link to it.
 */
export async function exchangeRma(
  db: Db,
  caller: Caller,
  id: number,
  rules: OrderRules,
  now = new Date(),
): Promise<{ orderId: number; orderNo: string }> {
  const me = await who(db, caller);
  return inTransaction(db, async (t) => {
    const r = await lockRma(t, caller, id, 'seller', SELLER_ONLY);
    // The kind comes before the status (only an exchange gets a replacement order, whatever its state).
    if (r.type !== RmaType.EXCHANGE) throw conflict(rmaMachine.refusal('exchange', RmaStatus.TO_SETTLE, { type: r.type })!);
    guardRma(r, 'exchange', Side.SELLER);
    const [order] = await t.select().from(orders).where(eq(orders.id, r.orderId));
    const lines = await t
      .select({ line: orderLines, quantity: rmaLines.quantity })
      .from(rmaLines)
      .innerJoin(orderLines, eq(orderLines.id, rmaLines.orderLineId))
      .where(eq(rmaLines.rmaId, r.id))
      .orderBy(asc(rmaLines.id));
    const newLines: NewOrderLine[] = lines.map(({ line, quantity }) =>
      line.skuId !== null
        ? { skuId: line.skuId, quantity, unitPrice: 0 }
        : { quantity, unitPrice: 0, productName: line.productName, spec: line.spec, unit: line.unit },
    );
    const [created] = await createOrders(
      t,
      [
        {
          kind: OrderKind.PURCHASE,
          buyer: {
            companyId: order!.buyerCompanyId,
            userId: r.createdBy ?? order!.buyerUserId ?? 0,
            userName: order!.buyerUserName,
          },
          sellerCompanyId: order!.sellerCompanyId,
          lines: newLines,
          address: order!.address,
          invoice: {
            kind: InvoiceKind.NONE,
            title: '',
            taxNo: '',
            regAddress: '',
            regPhone: '',
            bankName: '',
            bankAccount: '',
          },
          buyerRemark: `售后换货 ${r.rmaNo}`,
          freight: 0,
          parentOrderId: order!.id,
        },
      ],
      rules,
      now,
    );
    await transition(
      t,
      r,
      {
        action: 'exchange',
        side: Side.SELLER,
        ...me,
        note: `换货订单 ${created!.orderNo}`,
        set: { replacementOrderId: created!.id },
        notice: {
          title: `换货订单已创建 ${r.rmaNo}`,
          content: `供应商已为售后申请 ${r.rmaNo} 创建换货订单 ${created!.orderNo}。`,
        },
      },
      now,
    );
    return { orderId: created!.id, orderNo: created!.orderNo };
  });
}
