import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Code, OrderStatus, PaymentStatus } from '@aquamall/shared';
import { createTestApp, testDbKind, type TestApp } from '../../test/app.ts';
import { documentHistory, orderPayments, orders } from '../../db/schema/index.ts';
import { advanceOrder, api, callerFor, ensurePayeeAccount, makeOnSaleProduct, makeOrder, makePurchaser, makeSupplier, proofFile } from '../../test/factories/index.ts';
import { payOrder } from './lifecycle.ts';

/**
 * Order payments under parallel repeats (a double click, two tabs): the order row lock is the status guard, so
 * exactly one request makes the transition. Meaningful on PostgreSQL (AQUAMALL_TEST_DB=pg); PGlite runs the
 * same requests one connection at a time.
 */
let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(async () => t?.close());
const db = () => t.database.db;

describe(`order payments under parallel repeats (${testDbKind})`, () => {
  it('the supplier confirms one bank transfer 5 times at once: one payment transition, one history row', async () => {
    const seller = await makeSupplier(db(), '并发收款供应商');
    const buyer = await makePurchaser(db(), '并发付款采购商');
    const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 66, stock: 100 }] });
    const order = await makeOrder(db(), buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 2 }]);
    await advanceOrder(db(), order.id, { buyerUserId: buyer.id, sellerUserId: seller.admin.id }, OrderStatus.TO_PAY);
    const payer = await callerFor(db(), buyer.id);
    await ensurePayeeAccount(db(), seller.id);
    await payOrder(db(), payer, { orderId: order.id, method: 1, proofFiles: [await proofFile(db(), buyer.companyId, buyer.id)] });

    const results = await Promise.all(Array.from({ length: 5 }, () => http.post(seller.admin.token, '/api/order/payConfirm', { orderId: order.id, receivedAmount: 132 })));
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === Code.CONFLICT)).toBe(true);
    const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: OrderStatus.TO_SHIP, paidAmount: '132.00' });
    const payments = await db().select().from(orderPayments).where(eq(orderPayments.orderId, order.id));
    expect(payments.map((p) => p.status)).toEqual([PaymentStatus.CONFIRMED]);
    const history = await db().select().from(documentHistory).where(and(eq(documentHistory.docType, 'order'), eq(documentHistory.docId, order.id), eq(documentHistory.action, 'pay_confirm')));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ fromStatus: OrderStatus.TO_PAY, toStatus: OrderStatus.TO_SHIP });
  }, 120_000);
});
