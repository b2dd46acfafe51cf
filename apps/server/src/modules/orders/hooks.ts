import type { Db } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema/index.ts';
import type { TransitionActor } from '../../lib/transition.ts';

/**
 * Rules that trade modules built on orders add to an order's steps: budgets consume on placement and release on
 * cancellation, a call-off order gives its quantities back to its framework agreement on cancellation, contracts hold shipping and repricing, online payment refunds a cancelled order through its channel.
 * Those modules import orders and export their rules; app.ts registers them while it builds the app, so orders imports
 * none of them and the trade layer keeps one direction (docs/architecture.md "Server layers", decision 0212). Every hook
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
  cancelled: (tx: Db, order: { id: number; orderNo: string }, actor: TransitionActor, now: Date) => Promise<void>;
  /** Before a shipment is recorded (may refuse). */
  beforeShip: (tx: Db, order: OrderRow) => Promise<void>;
  /** Before the supplier changes prices (may refuse). */
  beforeReprice: (tx: Db, orderId: number) => Promise<void>;
  /** A paid order paid online is cancelled: refund it through its channel; null when it was not paid online. */
  refundOnline: (tx: Db, order: OrderRow, reason: string, now: Date) => Promise<OnlineRefund | null>;
}

/** The rules registered, by the module that owns them (registering again replaces: one app per test file builds many). */
const registered = new Map<string, Partial<OrderHooks>>();

/** Adds a module's rules to the order steps; app.ts calls it for each module while it builds the app. */
export function registerOrderHooks(owner: string, hooks: Partial<OrderHooks>): void {
  registered.set(owner, hooks);
}

const all = <K extends keyof OrderHooks>(k: K): OrderHooks[K][] =>
  [...registered.values()].map((h) => h[k]).filter((h): h is OrderHooks[K] => h !== undefined);

export const orderHooks = {
  async placed(tx: Db, placed: readonly PlacedOrder[], now: Date): Promise<void> {
    for (const h of all('placed')) await h(tx, placed, now);
  },
  async cancelled(tx: Db, order: { id: number; orderNo: string }, actor: TransitionActor, now: Date): Promise<void> {
    for (const h of all('cancelled')) await h(tx, order, actor, now);
  },
  async beforeShip(tx: Db, order: OrderRow): Promise<void> {
    for (const h of all('beforeShip')) await h(tx, order);
  },
  async beforeReprice(tx: Db, orderId: number): Promise<void> {
    for (const h of all('beforeReprice')) await h(tx, orderId);
  },
  async refundOnline(tx: Db, order: OrderRow, reason: string, now: Date): Promise<OnlineRefund | null> {
    for (const h of all('refundOnline')) {
      const r = await h(tx, order, reason, now);
      if (r) return r;
    }
    return null;
  },
};

/** The order detail's invoicing figures: its invoice state, net amount invoiced and after-sales refunds. */
export type OrderInvoicing = (
  db: Db,
  order: { id: number; totalAmount: string },
) => Promise<{ invoiceState: number; invoicedAmount: string; refundedAmount: string }>;

let invoicing: OrderInvoicing | null = null;

/** Invoices answers the order detail's invoicing figures; app.ts registers it, so orders imports no invoice code. */
export function registerOrderInvoicing(answer: OrderInvoicing): void {
  invoicing = answer;
}

/** The order detail's invoicing figures, from what invoices registered. */
export const orderInvoicing: OrderInvoicing = (db, order) => {
  if (!invoicing) throw new Error('the order invoicing figures are not registered (app.ts registerOrderInvoicing)');
  return invoicing(db, order);
};
