import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { OrderStatus, PaymentMethod } from '@aquamall/shared';
import { paymentEndpoints as e } from '@aquamall/shared/endpoints';
import { documentHistory, orderPayments, orders, payCallbacks, payLedger, payOrders, payRefunds } from '../../db/schema/index.ts';
import { payPartnersOf } from '../../lib/partners/pay/index.ts';
import type { PaySandbox } from '../../lib/partners/pay/sandbox.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { orderAwaitingPayment } from '../../test/factories/index.ts';
import { callEndpoint } from '../../test/http.ts';
import { requestRefund } from './refunds.ts';

/**
 * Online payment under parallel requests (decision 0207): the payment order's row lock makes a notification apply
 * once however many arrive together, and keeps refunds within what was paid. Meaningful on PostgreSQL
 * (AQUAMALL_TEST_DB=pg); PGlite runs the same requests one connection at a time.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const db = () => t.database.db;
const sandbox = () => payPartnersOf(t.app).sandbox as PaySandbox;

/** An order paid at the sandbox with no notification sent yet, and its payment order. */
async function paidAtPartner(name: string) {
  const s = await orderAwaitingPayment(db(), name);
  const res = await callEndpoint(t.app, s.buyer.token, e.payCreate, { orderId: s.orderId, channel: 1 });
  const p = res.data!;
  const trade = (await sandbox().pay(p.payNo, 'pay', 'none'))!;
  return { ...s, p, trade };
}

describe('payments under parallel requests', () => {
  it('20 parallel copies of one notification pay the order once', async () => {
    const { orderId, p, trade } = await paidAtPartner('并发通知');
    const n = sandbox().wechatNotification('TRANSACTION.SUCCESS', 'transaction', sandbox().wechatTransaction(trade));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.app.inject({ method: 'POST', url: '/api/pay/notify/wechat', headers: n.headers, payload: n.body })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(204));
    const outcomes = (await db().select().from(payCallbacks).where(eq(payCallbacks.payOrderId, p.id))).map((c) => c.outcome).sort();
    expect(outcomes).toEqual([...Array(19).fill('duplicate'), 'paid']);
    expect(await db().$count(payLedger, eq(payLedger.orderId, orderId))).toBe(1);
    expect(await db().$count(orderPayments, and(eq(orderPayments.orderId, orderId), eq(orderPayments.method, PaymentMethod.WECHAT)))).toBe(1);
    expect(await db().$count(documentHistory, and(eq(documentHistory.docType, 'order'), eq(documentHistory.docId, orderId), eq(documentHistory.action, 'pay_online')))).toBe(1);
    expect((await db().select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe(OrderStatus.TO_SHIP);
  });

  it('10 parallel refunds of ¥100 on a ¥300 payment: three are booked, seven refused, never beyond what was paid', async () => {
    const { orderId, p, trade } = await paidAtPartner('并发退款');
    const n = sandbox().wechatNotification('TRANSACTION.SUCCESS', 'transaction', sandbox().wechatTransaction(trade));
    await t.app.inject({ method: 'POST', url: '/api/pay/notify/wechat', headers: n.headers, payload: n.body });
    expect(p.amount).toBe('300.00');
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        db().transaction((tx) => requestRefund(tx, { orderId, amountFen: 10_000, reason: `并发${i}`, source: 'rma', sourceId: null })),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(7);
    for (const r of refused) expect((r.reason as Error).message).toBe('退款金额超过可退金额（剩余可退 ¥0.00）');
    expect((await db().select().from(payOrders).where(eq(payOrders.id, p.id)))[0]!.refundedAmount).toBe('300.00');
    expect(await db().$count(payRefunds, eq(payRefunds.payOrderId, p.id))).toBe(3);
  });
});
