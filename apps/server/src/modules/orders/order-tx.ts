import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  ORDER_CLOCKS,
  orderMachine,
  Side,
  StockReason,
  type NoticeEventKey,
  type OrderAction,
  type OrderMachineContext,
  type OrderStatusValue,
  type WebhookEvent,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { orderLines, orders, type OrderRow } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import {
  actorOf,
  transition,
  type Clocks,
  type TransitionActor,
} from '../../lib/transition.ts';
import { notify, type Notice } from '../notifications/index.ts';
import { recordEvent, type EventRecipient } from '../events/index.ts';
import { callerName, type Caller } from '../auth/index.ts';
import { moveStock } from '../products/index.ts';
import { cancelJobs, jobClocks, scheduleJob } from '../jobs/index.ts';
import { ORDER_DOC, viewerOrderType } from './create.ts';
import { fail } from './messages.ts';
import { recordPriceUses } from '../pricing/index.ts';
import { orderHooks } from './hooks.ts';

/** The job reminding of an order's auto-cancellation before its confirm or pay clock runs out (timed-rules.ts). */
export const CANCEL_SOON = 'order.cancel_soon';

/**
 * When to remind of an auto-cancellation due at `deadline`: two hours before, or halfway for a clock shorter than
 * four hours.
 */
export function reminderAt(now: Date, deadline: Date): Date {
  const span = deadline.getTime() - now.getTime();
  return new Date(Math.max(now.getTime() + span / 2, deadline.getTime() - 2 * 3_600_000));
}

/** Who acts on an order: a user of one side, or the system (a timed rule). */
export type Actor = TransitionActor;


export type ViewerSide = 'buyer' | 'seller';

/** The side a company takes in an order, or null for a third company. */
export function sideOf(
  order: Pick<OrderRow, 'buyerCompanyId' | 'sellerCompanyId'>,
  companyId: number,
): ViewerSide | null {
  if (order.buyerCompanyId === companyId) return 'buyer';
  if (order.sellerCompanyId === companyId) return 'seller';
  return null;
}

/**
 * Locks the order (`SELECT … FOR UPDATE`) for a change by the caller's company on side `side`: 记录不存在 for
 * another company's order (the same answer as a missing one), and a Chinese refusal for the wrong side.
 */
export async function lockOrderFor(
  tx: Db,
  caller: Caller,
  orderId: number,
  side: ViewerSide,
  wrongSide: 'ORDER_SELLER_ONLY' | 'ORDER_BUYER_ONLY' | 'ORDER_CANCEL_FORBIDDEN',
): Promise<{ order: OrderRow; actor: Actor }> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  const mine = order ? sideOf(order, caller.companyId) : null;
  if (!order || !mine) throw notFound();
  if (mine !== side) throw fail(wrongSide);
  return {
    order,
    actor: {
      side: side === 'buyer' ? Side.BUYER : Side.SELLER,
      userId: caller.userId,
      userName: await callerName(tx, caller.userId),
    },
  };
}

/** Locks an order by id for a timed rule (null when it no longer exists). */
export async function lockOrder(tx: Db, orderId: number): Promise<OrderRow | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return order ?? null;
}

/**
 * The order table's guard (packages/shared/src/machines/order.ts) before a command validates its input: refuses
 * with the table's text (「订单当前状态为X，不能Y」 or the condition's own) and changes nothing. The runner guards
 * again when it records the transition.
 */
export function guardOrder(
  order: OrderRow,
  action: OrderAction,
  actor: Actor,
  ctx: OrderMachineContext = { paymentWaiting: false },
): void {
  const refusal = orderMachine.refusal(action, order.status, ctx, actorOf(actor.side));
  if (refusal) throw conflict(refusal);
}

/** The detail page of the order for one side (notification links). */
export const orderLink = (order: Pick<OrderRow, 'id' | 'kind'>, side: ViewerSide) =>
  `/customer/order/detail?type=${viewerOrderType(order.kind, side)}&id=${order.id}`;

/**
 * The trade events (NOTICE_EVENTS, docs/product/notifications.md#events) an order action sends outside the
 * browser, by the side told.
 */
const ORDER_EVENTS: Partial<Record<OrderAction, Partial<Record<ViewerSide, NoticeEventKey>>>> = {
  pay: { seller: 'order.paymentSubmitted' },
  payConfirm: { buyer: 'order.paymentReceived' },
  payOnline: { seller: 'order.paidOnline' },
  ship: { buyer: 'order.shipped' },
  receive: { seller: 'order.received' },
};

/**
 * Runs an action of the order table on the locked order (lib/transition.ts): guard, the module's update, the
 * table's clocks stopped and started, the history row (who, when, from, to, note) — then a message to the other
 * company's inbox (to both for a system change). Call inside the command's transaction.
 */
export async function runOrderTransition(
  tx: Db,
  order: OrderRow,
  t: {
    action: OrderAction;
    actor: Actor;
    ctx?: OrderMachineContext;
    to?: OrderStatusValue;
    apply?: (to: OrderStatusValue) => Promise<void>;
    clocks?: Clocks;
    note?: string;
    now?: Date;
    title: string;
    content?: string;
  },
): Promise<void> {
  const to = await transition(tx, {
    machine: orderMachine,
    action: t.action,
    docType: ORDER_DOC,
    docId: order.id,
    from: order.status,
    actor: t.actor,
    ctx: t.ctx ?? { paymentWaiting: false },
    to: t.to,
    apply: t.apply,
    clocks: t.clocks,
    jobs: jobClocks,
    note: t.note,
    now: t.now,
  });
  // The auto-cancel reminder follows the clocks: gone when the order moves or a clock stops, set again with a
  // new pay clock (confirm, a rejected proof).
  if (to !== order.status || orderMachine.actions[t.action].stops?.length) await cancelJobs(tx, [CANCEL_SOON], order.id);
  const payBy = t.clocks?.[ORDER_CLOCKS.PAY_TIMEOUT];
  if (payBy) await scheduleJob(tx, CANCEL_SOON, order.id, reminderAt(t.now ?? new Date(), payBy));
  const notice = (side: ViewerSide): Notice => ({
    type: 'order',
    title: `${t.title} ${order.orderNo}`,
    content: t.content ?? t.note ?? '',
    linkPath: orderLink(order, side),
  });
  if (t.actor.side !== Side.BUYER) await notify(tx, order.buyerCompanyId, notice('buyer'));
  if (t.actor.side !== Side.SELLER) await notify(tx, order.sellerCompanyId, notice('seller'));
  // One domain event for both consumers (decision 0211): the other side's outbound notice, the webhooks of both.
  const recipient = (side: ViewerSide, companyId: number): EventRecipient => {
    const event = ORDER_EVENTS[t.action]?.[side];
    const told = side === 'buyer' ? t.actor.side !== Side.BUYER : t.actor.side !== Side.SELLER;
    return {
      companyId,
      ...(event && told ? { notice: { event, vars: { no: order.orderNo }, linkPath: orderLink(order, side) } } : {}),
    };
  };
  await recordEvent(
    tx,
    {
      // Each transition is its own occurrence (an order ships in several parts).
      key: `order:${order.id}:${t.action}:${randomUUID()}`,
      type: ORDER_WEBHOOK_EVENTS[t.action] ?? `order.${t.action}`,
      data: { orderId: order.id, orderNo: order.orderNo, status: to },
      recipients: [recipient('buyer', order.buyerCompanyId), recipient('seller', order.sellerCompanyId)],
    },
    t.now,
  );
}

/** The webhook events of the order table's actions (docs/product/open-platform.md#webhooks). */
const ORDER_WEBHOOK_EVENTS: Partial<Record<OrderAction, WebhookEvent>> = {
  payConfirm: 'order.paid',
  payOnline: 'order.paid',
  ship: 'order.shipped',
  cancel: 'order.cancelled',
  receive: 'order.received',
};

/**
 * Cancels a locked order through the table: releases the reserved (unshipped) stock through the ledger, stops its
 * timed rules, records who cancelled and why. The caller has checked the side.
 */
export async function cancelLockedOrder(
  tx: Db,
  order: OrderRow,
  actor: Actor,
  reason: string,
  now = new Date(),
  ctx: OrderMachineContext = { paymentWaiting: false },
): Promise<void> {
  const release = async (to: OrderStatusValue) => {
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const moves = lines.flatMap((l) =>
      l.skuId !== null && l.quantity > l.shippedQty
        ? [{ skuId: l.skuId, reason: StockReason.RELEASE, quantity: l.quantity - l.shippedQty }]
        : [],
    );
    await moveStock(tx, moves, {
      docType: 'order',
      docId: order.id,
      docNo: order.orderNo,
      userId: actor.userId,
      userName: actor.userName,
    });
    // What was not shipped at a negotiated price goes back to its cap (docs/product/prices.md#quantity-caps).
    await recordPriceUses(
      tx,
      lines.flatMap((l) =>
        (l.priceSource === 'contract' || l.priceSource === 'agreement') && l.contractRuleId !== null && l.quantity > l.shippedQty
          ? [{ source: l.priceSource, ruleId: l.contractRuleId, orderId: order.id, orderLineId: l.id, quantity: l.shippedQty - l.quantity }]
          : [],
      ),
    );
    await tx
      .update(orders)
      .set({
        status: to,
        cancelReason: reason.slice(0, 200) || null,
        cancelledBy: actor.side,
        cancelledAt: now,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    // A call-off order gives its quantities back to its framework agreement (docs/product/agreements.md#call-off-orders)
    // and what the order consumed of the buyer's budgets goes back (docs/product/budgets.md#ledger): hooks.ts.
    await orderHooks.cancelled(tx, order, actor, now);
  };
  const who = actor.side === Side.SYSTEM ? '系统' : actor.side === Side.BUYER ? '采购商' : '供应商';
  await runOrderTransition(tx, order, {
    action: 'cancel',
    actor,
    ctx,
    apply: release,
    note: reason,
    now,
    title: '订单已取消',
    content: `${who}取消了订单${reason ? `：${reason}` : ''}`,
  });
}
