import type { Db } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';

/**
 * Rules that trade modules built on orders add to an order's steps: budgets consume on placement and release on
 * cancellation, contracts hold shipping and repricing, online payment refunds a cancelled order through its channel.
 * Those modules import orders and register here when they load (app.ts loads every module), so orders imports none
 * of them and the trade layer keeps one direction (docs/architecture.md "Server layers", decision 0212). Every hook
 * runs inside the order's own transaction.
 */

/** An order just placed, as the placement hooks see it. */
export interface PlacedOrder {
  id: number;
  orderNo: string;
  companyId: number;
  userId: number;
  userName: string;
  totalFen: number;
  /** An approver allowed this order beyond the budget (a purchase request routed for it). */
  overBudgetApproved?: boolean;
}

export interface OnlineRefund {
  amount: string;
  refundNo: string;
}

export interface OrderHooks {
  /** After the orders of one placement are inserted (may refuse: the placement rolls back). */
  placed: (tx: Db, placed: readonly PlacedOrder[], now: Date) => Promise<void>;
  /** After an order is cancelled. */
  cancelled: (tx: Db, order: { id: number }, actor: { userId: number | null; userName: string }, now: Date) => Promise<void>;
  /** Before a shipment is recorded (may refuse). */
  beforeShip: (tx: Db, order: OrderRow) => Promise<void>;
  /** Before the supplier changes prices (may refuse). */
  beforeReprice: (tx: Db, orderId: number) => Promise<void>;
  /** A paid order paid online is cancelled: refund it through its channel; null when it was not paid online. */
  refundOnline: (tx: Db, order: OrderRow, reason: string, now: Date) => Promise<OnlineRefund | null>;
}

const registered: { [K in keyof OrderHooks]: OrderHooks[K][] } = {
  placed: [],
  cancelled: [],
  beforeShip: [],
  beforeReprice: [],
  refundOnline: [],
};

/** Adds rules to the order steps (called once by each module at load). */
export function registerOrderHooks(hooks: Partial<OrderHooks>): void {
  for (const k of Object.keys(hooks) as (keyof OrderHooks)[]) {
    const h = hooks[k];
    if (h) (registered[k] as unknown[]).push(h);
  }
}

export const orderHooks = {
  async placed(tx: Db, placed: readonly PlacedOrder[], now: Date): Promise<void> {
    for (const h of registered.placed) await h(tx, placed, now);
  },
  async cancelled(tx: Db, order: { id: number }, actor: { userId: number | null; userName: string }, now: Date): Promise<void> {
    for (const h of registered.cancelled) await h(tx, order, actor, now);
  },
  async beforeShip(tx: Db, order: OrderRow): Promise<void> {
    for (const h of registered.beforeShip) await h(tx, order);
  },
  async beforeReprice(tx: Db, orderId: number): Promise<void> {
    for (const h of registered.beforeReprice) await h(tx, orderId);
  },
  async refundOnline(tx: Db, order: OrderRow, reason: string, now: Date): Promise<OnlineRefund | null> {
    for (const h of registered.refundOnline) {
      const r = await h(tx, order, reason, now);
      if (r) return r;
    }
    return null;
  },
};
