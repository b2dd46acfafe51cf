import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ORDER_CLOCKS,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  Side,
  StockReason,
  type OrderCancelInput,
  type OrderPayInput,
  type OrderRepriceInput,
  type OrderShipInput,
  type PaymentConfirmInput,
  type PaymentConfirmResult,
  type PaymentRejectInput,
  ExcessHandling,
  noteCarriesOrderNo,
  carrierOf,
  formatChinaDate,
  toFen,
  toYuan,
} from '@aquamall/shared';
import type { OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  orderLines,
  orderPayments,
  orders,
  products,
  shipmentLines,
  shipments,
  type OrderRow,
} from '../../db/schema/index.ts';
import { assertOwnUploads } from '../files/index.ts';
import type { Caller } from '../auth/index.ts';
import { moveStock } from '../products/index.ts';
import { addDays, addHours } from '../jobs/index.ts';
import { cancelLockedOrder, guardOrder, lockOrderFor, runOrderTransition, type Actor } from './order-tx.ts';
import { debitOrder, keepExcessAsBalance, reverseOrderPayment } from '../credit/index.ts';
import { fail, ordersErrors } from './messages.ts';
import { startParcel } from '../tracking/index.ts';
import { payeeAccountById, verifiedAccountOf } from '../merchant/index.ts';
import { orderHooks } from './hooks.ts';

/**
 * The order lifecycle (docs/product/orders.md#lifecycle): one transaction per command, the order locked with its status and
 * side checked, the history row written and the other company notified. `now` is for tests and the seed.
 */

/** Supplier changes line prices and freight before confirming; the first change keeps the submitted figures. */
export async function repriceOrder(
  db: Db,
  caller: Caller,
  input: OrderRepriceInput,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const { order, actor } = await lockOrderFor(tx, caller, input.orderId, 'seller', 'ORDER_SELLER_ONLY');
    guardOrder(order, 'reprice', actor);
    await orderHooks.beforeReprice(tx, order.id);
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const byId = new Map(lines.map((l) => [l.id, l]));
    const newPrice = new Map<number, number>();
    for (const l of input.lines) {
      if (!byId.has(l.lineId)) throw fail('ORDER_LINE_NOT_FOUND');
      newPrice.set(l.lineId, toFen(l.unitPrice));
    }
    const freightFen = toFen(input.freight);
    const changed =
      lines.some((l) => newPrice.has(l.id) && newPrice.get(l.id) !== toFen(l.unitPrice)) ||
      freightFen !== toFen(order.freight);
    if (!changed) throw fail('ORDER_PRICE_UNCHANGED');
    let goodsFen = 0;
    for (const l of lines) {
      const unitFen = newPrice.get(l.id) ?? toFen(l.unitPrice);
      goodsFen += unitFen * l.quantity;
      if (unitFen === toFen(l.unitPrice)) continue;
      await tx
        .update(orderLines)
        .set({
          unitPrice: toYuan(unitFen),
          amount: toYuan(unitFen * l.quantity),
          originalUnitPrice: l.originalUnitPrice ?? l.unitPrice,
        })
        .where(eq(orderLines.id, l.id));
    }
    const total = toYuan(goodsFen + freightFen);
    await tx
      .update(orders)
      .set({
        goodsAmount: toYuan(goodsFen),
        freight: toYuan(freightFen),
        totalAmount: total,
        originalGoodsAmount: order.originalGoodsAmount ?? order.goodsAmount,
        originalFreight: order.originalFreight ?? order.freight,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    const note = `订单金额 ¥${order.totalAmount} → ¥${total}${input.note ? `；${input.note}` : ''}`;
    await runOrderTransition(tx, order, {
      action: 'reprice',
      actor,
      note,
      now,
      title: '供应商修改了订单价格',
    });
  });
}

/** Supplier confirms: 待确认 → 待付款; the confirm clock stops and the payment clock starts. */
export async function confirmOrder(
  db: Db,
  caller: Caller,
  orderId: number,
  rules: OrderRules,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const { order, actor } = await lockOrderFor(tx, caller, orderId, 'seller', 'ORDER_SELLER_ONLY');
    await runOrderTransition(tx, order, {
      action: 'confirm',
      actor,
      apply: async (to) => {
        await tx
          .update(orders)
          .set({ status: to, confirmedAt: now, updatedAt: now })
          .where(eq(orders.id, order.id));
      },
      clocks: { [ORDER_CLOCKS.PAY_TIMEOUT]: addHours(now, rules.payHours) },
      now,
      title: '供应商已确认订单',
      content: `请在 ${rules.payHours} 小时内付款 ¥${order.totalAmount}，逾期订单自动取消。`,
    });
  });
}

/** A short transfer was confirmed: part of the amount is in, the remainder still due (decision 0215). */
export const partPaid = (order: Pick<OrderRow, 'status' | 'paidAmount'>) =>
  order.status === OrderStatus.TO_PAY && toFen(order.paidAmount) > 0;

/** What is still to pay on the order, in fen: total − paid, never below 0. */
export const remainingFen = (order: Pick<OrderRow, 'totalAmount' | 'paidAmount'>) =>
  Math.max(0, toFen(order.totalAmount) - toFen(order.paidAmount));

/** The remainder of a part-paid order is paid by transfer, as the part received was: not online nor on credit. */
export function refusePartPaid(order: Pick<OrderRow, 'status' | 'paidAmount' | 'totalAmount'>): void {
  if (partPaid(order))
    throw fail('ORDER_PART_PAID_TRANSFER_ONLY', { paid: order.paidAmount, remaining: toYuan(remainingFen(order)) });
}

async function pendingPayment(tx: Db, orderId: number) {
  const [p] = await tx
    .select()
    .from(orderPayments)
    .where(and(eq(orderPayments.orderId, orderId), eq(orderPayments.status, PaymentStatus.SUBMITTED)));
  return p ?? null;
}

/**
 * Cancels an order: the purchaser before paying (待确认, 待付款 without a proof waiting), the supplier with a
 * reason before anything ships (also 待发货: the received payment is then refunded offline). Reserved stock
 * is released through the ledger.
 */
export async function cancelOrder(
  db: Db,
  caller: Caller,
  input: OrderCancelInput,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ buyer: orders.buyerCompanyId })
      .from(orders)
      .where(eq(orders.id, input.orderId));
    const side = row?.buyer === caller.companyId ? 'buyer' : 'seller';
    const { order, actor } = await lockOrderFor(tx, caller, input.orderId, side, 'ORDER_CANCEL_FORBIDDEN');
    const reason = input.reason?.trim() ?? '';
    const p = await pendingPayment(tx, order.id);
    const ctx = { paymentWaiting: p !== null, partPaid: partPaid(order) };
    guardOrder(order, 'cancel', actor, ctx);
    if (side === 'seller') {
      if (!reason) throw fail('ORDER_CANCEL_REASON_REQUIRED');
      if (p)
        await tx
          .update(orderPayments)
          .set({
            status: PaymentStatus.REJECTED,
            rejectReason: '订单已取消',
            decidedBy: caller.userId,
            decidedAt: now,
          })
          .where(eq(orderPayments.id, p.id));
    }
    const back =
      order.status === OrderStatus.TO_SHIP && order.paymentMethod === PaymentMethod.CREDIT
        ? await reverseOrderPayment(tx, order, { userId: caller.userId, userName: actor.userName }, now)
        : null;
    // Paid online: refunded in full through the same channel (decision 0207).
    const online =
      order.status === OrderStatus.TO_SHIP
        ? await orderHooks.refundOnline(tx, order, `订单取消：${reason}`, now)
        : null;
    const note =
      order.status !== OrderStatus.TO_SHIP
        ? ctx.partPaid
          ? `${reason}（已收款 ¥${order.paidAmount} 需线下退还）`
          : reason
        : back !== null
          ? `${reason}（账期支付 ¥${back} 已退回信用账户）`
          : online !== null
            ? `${reason}（在线支付 ¥${online.amount} 原路退回，退款单 ${online.refundNo}）`
            : `${reason}（已付款 ¥${order.paidAmount} 需线下退还）`;
    await cancelLockedOrder(tx, order, actor, note, now, ctx);
  });
}

/**
 * Where a transfer for the order goes (decision 0206): the account recorded when the order was placed, or — when the
 * supplier had none then — its payee now (recorded with the first transfer). Null when there is none.
 */
export async function orderPayeeAccount(db: Db, order: Pick<OrderRow, 'payeeAccountId' | 'sellerCompanyId'>) {
  if (order.payeeAccountId !== null) {
    const recorded = await payeeAccountById(db, order.payeeAccountId);
    if (recorded) return recorded;
  }
  // No account recorded (or the recorded one is gone): the supplier's verified account now.
  const now = await verifiedAccountOf(db, order.sellerCompanyId);
  return now ? { ...now, disabled: false } : null;
}

/**
 * The account a transfer for this order goes to (see `orderPayeeAccount`), by order id; null when the order does not
 * exist or no account is usable. The caller has checked the caller's access to the order.
 */
export async function payeeAccountOfOrder(db: Db, orderId: number) {
  const [order] = await db
    .select({ sellerCompanyId: orders.sellerCompanyId, payeeAccountId: orders.payeeAccountId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order ? orderPayeeAccount(db, order) : null;
}

/** What the purchaser is told after paying: a transfer waits for the supplier, a 账期 payment is done. */
export const MSG_TRANSFER_SUBMITTED = '付款凭证已提交，等待供应商确认';
export const MSG_PAID_BY_CREDIT = '已通过信用账户付款，等待供应商发货';

/**
 * Purchaser pays by bank transfer: the proof files (own uploads only) wait for the supplier; the order stays
 * 待付款 showing 已提交付款凭证 and the payment clock stops meanwhile. By credit (账期) the order is paid at once.
 * Answers the sentence the purchaser is told.
 */
export async function payOrder(
  db: Db,
  caller: Caller,
  input: OrderPayInput,
  now = new Date(),
): Promise<string> {
  const method: number = input.method;
  if (method === PaymentMethod.CREDIT) {
    await payByCredit(db, caller, input.orderId, now);
    return MSG_PAID_BY_CREDIT;
  }
  const proof = await assertOwnUploads(
    db,
    caller.companyId,
    input.proofFiles,
    ordersErrors.ORDER_PROOF_FILE_REFUSED.message,
  );
  await db.transaction(async (tx) => {
    const { order, actor } = await lockOrderFor(tx, caller, input.orderId, 'buyer', 'ORDER_BUYER_ONLY');
    guardOrder(order, 'pay', actor, { paymentWaiting: (await pendingPayment(tx, order.id)) !== null });
    const payee = await orderPayeeAccount(tx, order);
    if (!payee) throw fail('ORDER_PAYEE_UNVERIFIED');
    if (payee.disabled) throw fail('ORDER_PAYEE_DISABLED');
    const due = toYuan(remainingFen(order));
    await tx.insert(orderPayments).values({
      orderId: order.id,
      method: PaymentMethod.TRANSFER,
      amount: due,
      proofFiles: proof,
      payerName: input.payerName ?? '',
      remark: input.remark ?? '',
      status: PaymentStatus.SUBMITTED,
      submittedBy: caller.userId,
      submittedAt: now,
    });
    await tx
      .update(orders)
      .set({ paymentMethod: PaymentMethod.TRANSFER, payeeAccountId: payee.id, updatedAt: now })
      .where(eq(orders.id, order.id));
    await runOrderTransition(tx, order, {
      action: 'pay',
      actor,
      note: '已提交付款凭证',
      now,
      title: '采购商已提交付款凭证',
      content: `转账金额 ¥${due}，请核实到账后确认收款。`,
    });
  });
  return MSG_TRANSFER_SUBMITTED;
}

/**
 * 账期支付 (decision 0131): in one transaction with the order and then the purchaser's account with its supplier
 * locked, the account pays the order — balance first, then credit up to the limit (refused with the shortfall);
 * the order moves to 待发货 as confirmPayment does (a confirmed payment row of method 2, history, the payment
 * clock stopped, the supplier told). Due after the payment days when credit was used.
 */
async function payByCredit(db: Db, caller: Caller, orderId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const { order, actor } = await lockOrderFor(tx, caller, orderId, 'buyer', 'ORDER_BUYER_ONLY');
    guardOrder(order, 'pay', actor, { paymentWaiting: (await pendingPayment(tx, order.id)) !== null });
    refusePartPaid(order);
    const paid = await debitOrder(tx, order, { userId: caller.userId, userName: actor.userName }, now);
    await tx.insert(orderPayments).values({
      orderId: order.id,
      method: PaymentMethod.CREDIT,
      amount: order.totalAmount,
      status: PaymentStatus.CONFIRMED,
      submittedBy: caller.userId,
      submittedAt: now,
      decidedBy: caller.userId,
      decidedAt: now,
      remark: `余额 ¥${toYuan(paid.balanceFen)}，信用额度 ¥${toYuan(paid.creditFen)}`,
    });
    const due = paid.dueAt ? `，应于 ${formatChinaDate(paid.dueAt)} 前还款` : '';
    await runOrderTransition(tx, order, {
      action: 'pay',
      actor,
      to: OrderStatus.TO_SHIP,
      apply: async (to) => {
        await tx
          .update(orders)
          .set({
            status: to,
            paidAmount: order.totalAmount,
            paidAt: now,
            paymentMethod: PaymentMethod.CREDIT,
            updatedAt: now,
          })
          .where(eq(orders.id, order.id));
      },
      note: `账期支付 ¥${order.totalAmount}（余额 ¥${toYuan(paid.balanceFen)}，信用额度 ¥${toYuan(paid.creditFen)}${due}）`,
      now,
      title: '采购商已通过信用账户付款',
      content: `账期支付 ¥${order.totalAmount}，请安排发货。`,
    });
  });
}

/**
 * Supplier confirms a transfer proof with the amount actually received and the note seen (decision 0215), in one
 * transaction under the order's row lock: the proof row becomes a confirmed payment of the received amount; the order's
 * paid amount is the sum of its confirmed rows. Short: 确认部分收款, the order stays 待付款 with the remainder due
 * (the purchaser submits another proof). Exact: 待付款 → 待发货. Over: paid, and the excess is a negative row —
 * refunded (with the refund's bank reference) or kept as the purchaser's balance (the pair's credit account when there
 * is one). A note without the order number is recorded and warned about, not refused.
 */
export async function confirmPayment(
  db: Db,
  caller: Caller,
  input: PaymentConfirmInput,
  now = new Date(),
): Promise<PaymentConfirmResult> {
  return db.transaction(async (tx) => {
    const { order, actor } = await lockOrderFor(tx, caller, input.orderId, 'seller', 'ORDER_SELLER_ONLY');
    const p = await pendingPayment(tx, order.id);
    const dueFen = remainingFen(order);
    const receivedFen = toFen(input.receivedAmount);
    const short = receivedFen < dueFen;
    const action = short ? 'payPartial' : 'payConfirm';
    guardOrder(order, action, actor, { paymentWaiting: p !== null });
    if (!p) throw fail('ORDER_SELLER_ONLY');
    const excessFen = Math.max(0, receivedFen - dueFen);
    if (excessFen > 0 && !input.excessHandling) throw fail('ORDER_EXCESS_HANDLING_REQUIRED', { excess: toYuan(excessFen) });
    const refundRef = (input.refundRef ?? '').trim();
    if (excessFen > 0 && input.excessHandling === ExcessHandling.REFUND && !refundRef)
      throw fail('ORDER_EXCESS_REFUND_REF_REQUIRED');
    const receivedNote = (input.receivedNote ?? '').trim();
    const noteMatched = noteCarriesOrderNo(receivedNote, order.orderNo);
    await tx
      .update(orderPayments)
      .set({
        status: PaymentStatus.CONFIRMED,
        amount: toYuan(receivedFen),
        receivedNote,
        noteMatched,
        decidedBy: caller.userId,
        decidedAt: now,
      })
      .where(eq(orderPayments.id, p.id));
    let excessText = '';
    if (excessFen > 0) {
      const by = { userId: caller.userId, userName: actor.userName };
      const toBalance = input.excessHandling === ExcessHandling.BALANCE;
      const inLedger = toBalance && (await keepExcessAsBalance(tx, order, excessFen, by, now));
      excessText = toBalance
        ? `多付 ¥${toYuan(excessFen)} 转为余额${inLedger ? '（已记入信用账户）' : ''}`
        : `多付 ¥${toYuan(excessFen)} 已退还（流水号 ${refundRef}）`;
      await tx.insert(orderPayments).values({
        orderId: order.id,
        method: PaymentMethod.TRANSFER,
        amount: toYuan(-excessFen),
        status: PaymentStatus.CONFIRMED,
        excessOf: p.id,
        excessHandling: input.excessHandling!,
        refundRef: toBalance ? '' : refundRef,
        remark: excessText,
        submittedBy: caller.userId,
        submittedAt: now,
        decidedBy: caller.userId,
        decidedAt: now,
      });
    }
    // The order's paid amount is the sum of its confirmed rows (the ledger), never a figure carried alone.
    const [sum] = await tx
      .select({ paid: sql<string>`coalesce(sum(${orderPayments.amount}), 0)::text` })
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, order.id), eq(orderPayments.status, PaymentStatus.CONFIRMED)));
    const paidFen = toFen(sum!.paid);
    const leftFen = Math.max(0, toFen(order.totalAmount) - paidFen);
    const noteText = noteMatched ? '' : `；附言「${receivedNote || '无'}」未包含订单号`;
    const receivedText = `实收 ¥${toYuan(receivedFen)}（凭证 ¥${p.amount}）`;
    await runOrderTransition(tx, order, {
      action,
      actor,
      ctx: { paymentWaiting: true },
      apply: async (to) => {
        await tx
          .update(orders)
          .set({
            status: to,
            paidAmount: toYuan(paidFen),
            ...(short ? {} : { paidAt: now }),
            paymentMethod: p.method,
            updatedAt: now,
          })
          .where(eq(orders.id, order.id));
      },
      note: short
        ? `${receivedText}，已收 ¥${toYuan(paidFen)}，待付 ¥${toYuan(leftFen)}${noteText}`
        : `确认收款 ${receivedText}${excessText ? `；${excessText}` : ''}${noteText}`,
      now,
      title: short ? '供应商确认部分收款' : '供应商已确认收款',
      content: short
        ? `供应商实收 ¥${toYuan(receivedFen)}，订单已收 ¥${toYuan(paidFen)}，尚需支付 ¥${toYuan(leftFen)}，请补付剩余款项并上传凭证。`
        : excessText
          ? `供应商已确认收款 ¥${toYuan(receivedFen)}，${excessText}。`
          : undefined,
    });
    return { paid: !short, remainingAmount: toYuan(leftFen), excessAmount: toYuan(excessFen), noteMatched };
  });
}

/** Confirms the waiting proof as received in full with the note carrying the order number (demo data, tests). */
export async function confirmDueTransfer(db: Db, caller: Caller, orderId: number, now = new Date()) {
  const [o] = await db
    .select({ orderNo: orders.orderNo, totalAmount: orders.totalAmount, paidAmount: orders.paidAmount })
    .from(orders)
    .where(eq(orders.id, orderId));
  const due = o ? remainingFen(o) : 1;
  return confirmPayment(
    db,
    caller,
    { orderId, receivedAmount: Number(toYuan(due)), receivedNote: o ? `订单${o.orderNo}` : '' },
    now,
  );
}

/** Supplier rejects the transfer proof with a reason; the purchaser may pay again and the clock restarts. */
export async function rejectPayment(
  db: Db,
  caller: Caller,
  input: PaymentRejectInput,
  rules: OrderRules,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const { order, actor } = await lockOrderFor(tx, caller, input.orderId, 'seller', 'ORDER_SELLER_ONLY');
    const p = await pendingPayment(tx, order.id);
    guardOrder(order, 'payReject', actor, { paymentWaiting: p !== null });
    if (!p) return;
    await tx
      .update(orderPayments)
      .set({
        status: PaymentStatus.REJECTED,
        rejectReason: input.reason,
        decidedBy: caller.userId,
        decidedAt: now,
      })
      .where(eq(orderPayments.id, p.id));
    await runOrderTransition(tx, order, {
      action: 'payReject',
      actor,
      ctx: { paymentWaiting: true },
      clocks: { [ORDER_CLOCKS.PAY_TIMEOUT]: addHours(now, rules.payHours) },
      note: input.reason,
      now,
      title: '付款凭证被驳回',
    });
  });
}

/**
 * Supplier ships some or all remaining quantities: a shipment with carrier and tracking number, reserved stock
 * → 发货出库 through the ledger; 部分发货, or 待收货 when everything is shipped (the automatic-receipt clock
 * starts from this last shipment).
 */
export async function shipOrder(
  db: Db,
  caller: Caller,
  input: OrderShipInput,
  rules: OrderRules,
  now = new Date(),
): Promise<{ shipmentId: number }> {
  return db.transaction(async (tx) => {
    const { order, actor } = await lockOrderFor(tx, caller, input.orderId, 'seller', 'ORDER_SELLER_ONLY');
    guardOrder(order, 'ship', actor);
    // The supplier's contract rule (docs/product/contracts.md#required): a required contract is signed first.
    await orderHooks.beforeShip(tx, order);
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const byId = new Map(lines.map((l) => [l.id, l]));
    const qty = new Map<number, number>();
    for (const l of input.lines) {
      const line = byId.get(l.lineId);
      if (!line) throw fail('ORDER_LINE_NOT_FOUND');
      const q = (qty.get(l.lineId) ?? 0) + l.quantity;
      if (q > line.quantity - line.shippedQty)
        throw fail('ORDER_SHIP_OVER_PENDING', {
          product: line.productName,
          left: line.quantity - line.shippedQty,
          unit: line.unit,
        });
      qty.set(l.lineId, q);
    }
    const shipping = [...qty].filter(([, q]) => q > 0);
    // A catalogue carrier writes its own name and the number as the carrier prints it (docs/product/orders.md#parcel-tracking).
    const carrier = carrierOf(input.carrierCode)?.name ?? input.carrier;
    const trackingNo = input.carrierCode ? input.trackingNo.toUpperCase() : input.trackingNo;
    if (!shipping.length) throw fail('ORDER_SHIP_QUANTITY_REQUIRED');
    const [shipment] = await tx
      .insert(shipments)
      .values({
        orderId: order.id,
        carrier,
        trackingNo,
        remark: input.remark ?? '',
        shippedBy: actor.userId,
        shippedByName: actor.userName.slice(0, 60),
        createdAt: now,
      })
      .returning({ id: shipments.id });
    await startParcel(
      tx,
      {
        orderId: order.id,
        shipmentId: shipment!.id,
        buyerCompanyId: order.buyerCompanyId,
        sellerCompanyId: order.sellerCompanyId,
        carrierCode: input.carrierCode,
        trackingNo,
      },
      now,
    );
    await tx
      .insert(shipmentLines)
      .values(
        shipping.map(([orderLineId, quantity]) => ({ shipmentId: shipment!.id, orderLineId, quantity })),
      );
    for (const [lineId, q] of shipping) {
      await tx
        .update(orderLines)
        .set({ shippedQty: sql`${orderLines.shippedQty} + ${q}` })
        .where(eq(orderLines.id, lineId));
    }
    const moves = shipping.flatMap(([lineId, q]) => {
      const skuId = byId.get(lineId)!.skuId;
      return skuId !== null ? [{ skuId, reason: StockReason.SHIP, quantity: q }] : [];
    });
    await moveStock(tx, moves, {
      docType: 'order',
      docId: order.id,
      docNo: order.orderNo,
      userId: actor.userId,
      userName: actor.userName,
    });
    const allShipped = lines.every((l) => l.shippedQty + (qty.get(l.id) ?? 0) === l.quantity);
    await runOrderTransition(tx, order, {
      action: 'ship',
      actor,
      to: allShipped ? OrderStatus.TO_RECEIVE : OrderStatus.PART_SHIPPED,
      apply: async (to) => {
        await tx
          .update(orders)
          .set({
            status: to,
            firstShippedAt: order.firstShippedAt ?? now,
            lastShippedAt: now,
            updatedAt: now,
          })
          .where(eq(orders.id, order.id));
      },
      // Only the last shipment starts the automatic-receipt clock.
      clocks: { [ORDER_CLOCKS.AUTO_RECEIVE]: allShipped ? addDays(now, rules.autoReceiveDays) : null },
      note: `${carrier} ${trackingNo}`,
      now,
      title: allShipped ? '订单已全部发货' : '订单部分发货',
      content: `${carrier}，运单号 ${trackingNo}${allShipped ? `；${rules.autoReceiveDays} 天后自动确认收货` : ''}`,
    });
    return { shipmentId: shipment!.id };
  });
}

/**
 * Completes a locked 待收货 order through the table (the purchaser's receipt or the automatic one): 已完成, completedAt, and each
 * product's sales count grows by the quantity bought.
 */
export async function completeLockedOrder(
  tx: Db,
  order: OrderRow,
  actor: Actor,
  now: Date,
  note = '',
): Promise<void> {
  guardOrder(order, 'receive', actor);
  const complete = async (to: number) => {
    await tx
      .update(orders)
      .set({ status: to, completedAt: now, updatedAt: now })
      .where(eq(orders.id, order.id));
    const lines = await tx
      .select({ productId: orderLines.productId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id));
    const sold = new Map<number, number>();
    for (const l of lines)
      if (l.productId !== null) sold.set(l.productId, (sold.get(l.productId) ?? 0) + l.quantity);
    for (const [productId, q] of [...sold].sort((a, b) => a[0] - b[0])) {
      await tx
        .update(products)
        .set({ salesCount: sql`${products.salesCount} + ${q}` })
        .where(inArray(products.id, [productId]));
    }
  };
  await runOrderTransition(tx, order, {
    action: 'receive',
    actor,
    apply: complete,
    note,
    now,
    title: actor.side === Side.SYSTEM ? '订单已自动确认收货' : '采购商已确认收货',
  });
}

/** Purchaser confirms receipt of a fully shipped order: 待收货 → 已完成. */
export async function receiveOrder(db: Db, caller: Caller, orderId: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const { order, actor } = await lockOrderFor(tx, caller, orderId, 'buyer', 'ORDER_BUYER_ONLY');
    guardOrder(order, 'receive', actor);
    await completeLockedOrder(tx, order, actor, now);
  });
}
