import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ORDER_CLOCKS,
  orderMachine,
  OrderStatus,
  PaymentMethod,
  stateMatrix,
  type Actor,
  type OrderAction,
  type OrderStatusValue,
} from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEFAULT_ORDER_RULES } from '../../config.ts';
import { documentHistory, orders } from '../../db/schema/index.ts';
import {
  callerFor,
  linesOf,
  makeOnSaleProduct,
  makeOrder,
  makePurchaser,
  makeSupplier,
} from '../../test/factories/index.ts';
import type { Caller } from '../auth/caller.ts';
import { applyRma } from '../aftersales/apply.ts';
import {
  cancelOrder,
  confirmOrder,
  confirmPayment,
  payOrder,
  receiveOrder,
  rejectPayment,
  repriceOrder,
  shipOrder,
} from './lifecycle.ts';
import { orderJobHandlers } from './timed-rules.ts';

/**
 * Walks the order state table (packages/shared/src/machines/order.ts) with `stateMatrix()`: for every action of
 * each side and every state the table does not admit, the command refuses with the table's text and changes
 * nothing (status, update time, history); the system's timed rules leave such an order alone.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const db = () => t.database.db;
const rules = DEFAULT_ORDER_RULES;

describe('the order state table', () => {
  it('every command refuses each state its table row does not name, with the table text, changing nothing', async () => {
    const seller = await makeSupplier(db(), '状态表供应商');
    const buyer = await makePurchaser(db(), '状态表采购商');
    const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 100, stock: 100 }] });
    const created = await makeOrder(db(), buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 2 }]);
    const [line] = await linesOf(db(), created.id);
    const id = created.id;
    const sellerCaller = await callerFor(db(), seller.admin.id);
    const buyerCaller = await callerFor(db(), buyer.id);

    const commands: Record<OrderAction, (c: Caller) => Promise<unknown>> = {
      reprice: (c) =>
        repriceOrder(db(), c, { orderId: id, lines: [{ lineId: line!.id, unitPrice: 99 }], freight: 0 }),
      confirm: (c) => confirmOrder(db(), c, id, rules),
      cancel: (c) => cancelOrder(db(), c, { orderId: id, reason: '状态表' }),
      pay: (c) => payOrder(db(), c, { orderId: id, method: PaymentMethod.CREDIT, proofFiles: [] }),
      payConfirm: (c) => confirmPayment(db(), c, { orderId: id, receivedAmount: 200 }),
      payPartial: (c) => confirmPayment(db(), c, { orderId: id, receivedAmount: 1 }),
      payReject: (c) => rejectPayment(db(), c, { orderId: id, reason: '状态表' }, rules),
      // The payment partner's (system only, never a side's command): walked in payments/payments.test.ts.
      payOnline: () => Promise.reject(new Error('system only')),
      ship: (c) =>
        shipOrder(
          db(),
          c,
          { orderId: id, carrier: '顺丰速运', trackingNo: 'SF1', lines: [{ lineId: line!.id, quantity: 1 }] },
          rules,
        ),
      receive: (c) => receiveOrder(db(), c, id),
      rma: (c) =>
        applyRma(
          db(),
          c,
          {
            orderId: id,
            type: 2,
            lines: [{ orderLineId: line!.id, quantity: 1 }],
            reason: '状态表',
            description: '',
            photos: [],
          },
          rules,
        ),
    };
    const snapshot = async () => {
      const [o] = await db()
        .select({ status: orders.status, updatedAt: orders.updatedAt })
        .from(orders)
        .where(eq(orders.id, id));
      const history = await db().$count(
        documentHistory,
        and(eq(documentHistory.docType, 'order'), eq(documentHistory.docId, id)),
      );
      return { ...o!, history };
    };
    const callers: Partial<Record<Actor, Caller>> = { buyer: buyerCaller, seller: sellerCaller };
    let walked = 0;
    for (const by of ['buyer', 'seller'] as const) {
      for (const { action, state, allowed } of stateMatrix(orderMachine, by)) {
        if (allowed) continue;
        await db().update(orders).set({ status: state }).where(eq(orders.id, id));
        const before = await snapshot();
        const text = orderMachine.refusal(action, state, { paymentWaiting: false }, by);
        await expect(commands[action](callers[by]!), `${by} ${action} in ${state}`).rejects.toMatchObject({
          message: text,
        });
        expect(await snapshot()).toEqual(before);
        walked++;
      }
    }
    expect(walked).toBeGreaterThan(40);

    // The system's timed rules: a clock whose action the table refuses in this state leaves the order alone.
    const clockOf: Partial<
      Record<OrderAction, ((tx: typeof t.database.db, id: number, now: Date) => Promise<void>)[]>
    > = {
      cancel: [orderJobHandlers[ORDER_CLOCKS.CONFIRM_TIMEOUT], orderJobHandlers[ORDER_CLOCKS.PAY_TIMEOUT]],
      receive: [orderJobHandlers[ORDER_CLOCKS.AUTO_RECEIVE]],
    };
    for (const { action, state, allowed } of stateMatrix(orderMachine, 'system')) {
      if (allowed) continue;
      await db()
        .update(orders)
        .set({ status: state as OrderStatusValue })
        .where(eq(orders.id, id));
      const before = await snapshot();
      for (const handler of clockOf[action] ?? [])
        await db().transaction((tx) => handler(tx, id, new Date()));
      expect(await snapshot(), `system ${action} in ${state}`).toEqual(before);
    }
    await db().update(orders).set({ status: OrderStatus.CANCELLED }).where(eq(orders.id, id));
  }, 120_000);
});
