import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { Code, CreditAccountStatus, ExcessHandling, OrderStatus, PaymentStatus, toFen } from '@aquamall/shared';
import { testDbKind } from '../../test/app.ts';
import { useTestApp } from '../../test/use-app.ts';
import { creditAccounts, creditLedger, documentHistory, orderPayments, orders } from '../../db/schema/index.ts';
import { callerFor, makeTradeOrder, proofFile } from '../../test/factories/index.ts';
import { payOrder } from './lifecycle.ts';

/**
 * Transfers settled to the fen (decision 0215): the supplier confirms a proof with the amount received and the note
 * seen; short leaves the remainder payable, an excess is refunded or kept as balance; the order's paid amount is the
 * sum of its confirmed payment rows. The parallel cases mean something on PostgreSQL (AQUAMALL_TEST_DB=pg).
 */
const { db, http } = useTestApp();

/** An order of 2 × ¥150 = ¥300.00 waiting for payment, with the supplier's verified account. */
async function scene(name: string) {
  const { seller, buyer, order } = await makeTradeOrder(db(), name, { skus: [{ price: 150, stock: 100 }], quantity: 2, to: OrderStatus.TO_PAY, payee: true });
  const payer = await callerFor(db(), buyer.id);
  const [row] = await db().select().from(orders).where(eq(orders.id, order.id));
  const submit = async () =>
    payOrder(db(), payer, { orderId: order.id, method: 1, proofFiles: [await proofFile(db(), buyer.companyId, buyer.id)] });
  const confirm = (body: Record<string, unknown>) =>
    http.post<{ paid: boolean; remainingAmount: string; excessAmount: string; noteMatched: boolean }>(
      seller.admin.token,
      '/api/order/payConfirm',
      { orderId: order.id, ...body },
    );
  return { seller, buyer, id: order.id, orderNo: row!.orderNo, submit, confirm };
}

const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentsOf = (id: number) =>
  db().select().from(orderPayments).where(eq(orderPayments.orderId, id)).orderBy(asc(orderPayments.id));
/** Σ of the confirmed rows in fen: what the order's paid amount must be. */
const ledgerFen = async (id: number) =>
  (await paymentsOf(id)).filter((p) => p.status === PaymentStatus.CONFIRMED).reduce((s, p) => s + toFen(p.amount), 0);

describe(`transfers settled to the fen (${testDbKind})`, () => {
  it('short: the order stays 待付款 with the remainder shown to both sides; the next proof is for the remainder', async () => {
    const s = await scene('少付');
    await s.submit();
    const r = await s.confirm({ receivedAmount: 120.5, receivedNote: `货款 订单${s.orderNo}` });
    expect(r).toMatchObject({ code: 0, message: '已确认部分收款，待付 ¥179.50' });
    expect(r.data).toEqual({ paid: false, remainingAmount: '179.50', excessAmount: '0.00', noteMatched: true });
    expect(await orderRow(s.id)).toMatchObject({ status: OrderStatus.TO_PAY, paidAmount: '120.50', paidAt: null });
    for (const token of [s.buyer.token, s.seller.admin.token]) {
      const d = await http.get<{ remainingAmount: string; paidAmount: string; payments: { amount: string; receivedNote: string }[] }>(
        token,
        `/api/order/detail?id=${s.id}`,
      );
      expect(d.data).toMatchObject({ remainingAmount: '179.50', paidAmount: '120.50' });
      expect(d.data.payments[0]).toMatchObject({ amount: '120.50', receivedNote: `货款 订单${s.orderNo}` });
    }
    const [h] = await db()
      .select()
      .from(documentHistory)
      .where(and(eq(documentHistory.docType, 'order'), eq(documentHistory.docId, s.id), eq(documentHistory.action, 'pay_partial')));
    expect(h).toMatchObject({ fromStatus: OrderStatus.TO_PAY, toStatus: OrderStatus.TO_PAY });
    expect(h!.note).toContain('待付 ¥179.50');

    // The purchaser may not cancel nor pay the rest on credit; the next proof asks for the remainder.
    expect(await http.post(s.buyer.token, '/api/order/cancel', { orderId: s.id })).toMatchObject({
      code: Code.CONFLICT,
      message: '订单已部分收款，不能取消，请联系供应商',
    });
    expect(await http.post(s.buyer.token, '/api/order/pay', { orderId: s.id, method: 2 })).toMatchObject({
      code: Code.CONFLICT,
      message: '订单已收款 ¥120.50，剩余 ¥179.50 请继续通过银行转账支付',
    });
    await s.submit();
    expect((await paymentsOf(s.id))[1]).toMatchObject({ amount: '179.50', status: PaymentStatus.SUBMITTED });
    const done = await s.confirm({ receivedAmount: 179.5, receivedNote: '补款' });
    expect(done.data).toEqual({ paid: true, remainingAmount: '0.00', excessAmount: '0.00', noteMatched: false });
    expect(await orderRow(s.id)).toMatchObject({ status: OrderStatus.TO_SHIP, paidAmount: '300.00' });
    expect(await ledgerFen(s.id)).toBe(30_000);
    expect((await paymentsOf(s.id))[1]).toMatchObject({ noteMatched: false, receivedNote: '补款' });
  });

  it('exact: paid as before, the note matched against the order number', async () => {
    const s = await scene('足额');
    await s.submit();
    const r = await s.confirm({ receivedAmount: 300, receivedNote: `订单 ${s.orderNo.toLowerCase()}` });
    expect(r.data).toEqual({ paid: true, remainingAmount: '0.00', excessAmount: '0.00', noteMatched: true });
    expect(await orderRow(s.id)).toMatchObject({ status: OrderStatus.TO_SHIP, paidAmount: '300.00' });
  });

  it('excess: a handling is required; 退还 needs the refund reference and leaves a negative row', async () => {
    const s = await scene('多付退还');
    await s.submit();
    expect(await s.confirm({ receivedAmount: 350 })).toMatchObject({
      code: Code.INVALID,
      message: '实收金额超出应付 ¥50.00，请选择多付部分退还或转为余额',
    });
    expect(await s.confirm({ receivedAmount: 350, excessHandling: ExcessHandling.REFUND })).toMatchObject({
      code: Code.INVALID,
      message: '请填写退还多付款项的银行流水号',
    });
    // Refused inputs changed nothing.
    expect(await orderRow(s.id)).toMatchObject({ status: OrderStatus.TO_PAY, paidAmount: '0.00' });
    expect((await paymentsOf(s.id)).map((p) => p.status)).toEqual([PaymentStatus.SUBMITTED]);
    expect(await s.confirm({ receivedAmount: 0 })).toMatchObject({ code: Code.INVALID, message: '实收金额必须大于0' });
    expect(await s.confirm({ receivedAmount: 10.001 })).toMatchObject({ code: Code.INVALID });

    const r = await s.confirm({ receivedAmount: 350, excessHandling: ExcessHandling.REFUND, refundRef: 'ICBC20261207001' });
    expect(r.data).toMatchObject({ paid: true, excessAmount: '50.00' });
    const rows = await paymentsOf(s.id);
    expect(rows.map((p) => [p.amount, p.excessOf, p.excessHandling, p.refundRef])).toEqual([
      ['350.00', null, null, ''],
      ['-50.00', rows[0]!.id, ExcessHandling.REFUND, 'ICBC20261207001'],
    ]);
    expect(await orderRow(s.id)).toMatchObject({ status: OrderStatus.TO_SHIP, paidAmount: '300.00' });
    expect(await ledgerFen(s.id)).toBe(30_000);
  });

  it('excess kept as balance: on the pair’s credit account when there is one, else recorded on the order', async () => {
    const plain = await scene('多付余额无账户');
    await plain.submit();
    const r = await plain.confirm({ receivedAmount: 300.01, excessHandling: ExcessHandling.BALANCE });
    expect(r.data).toMatchObject({ paid: true, excessAmount: '0.01' });
    expect((await paymentsOf(plain.id))[1]).toMatchObject({ amount: '-0.01', excessHandling: ExcessHandling.BALANCE, remark: '多付 ¥0.01 转为余额' });

    const s = await scene('多付余额有账户');
    const [account] = await db()
      .insert(creditAccounts)
      .values({
        buyerCompanyId: s.buyer.companyId,
        buyerCompanyName: '多付余额有账户采购商',
        sellerCompanyId: s.seller.id,
        sellerCompanyName: '多付余额有账户供应商',
        status: CreditAccountStatus.ACTIVE,
        creditLimit: '0',
        paymentDays: 30,
      })
      .returning();
    await s.submit();
    await s.confirm({ receivedAmount: 345.67, excessHandling: ExcessHandling.BALANCE });
    const ledger = await db().select().from(creditLedger).where(eq(creditLedger.accountId, account!.id));
    expect(ledger.map((l) => [l.balanceDelta, l.note])).toEqual([['45.67', `订单 ${s.orderNo} 多付转余额`]]);
    expect((await paymentsOf(s.id))[1]!.remark).toBe('多付 ¥45.67 转为余额（已记入信用账户）');
  });

  it('parallel confirmations of one proof pay once; parallel partial rounds never make paid exceed the received sum', async () => {
    const s = await scene('并发核款');
    await s.submit();
    const results = await Promise.all(
      [100, 120, 300, 310, 50].map((amount) =>
        s.confirm({ receivedAmount: amount, excessHandling: ExcessHandling.BALANCE, receivedNote: s.orderNo }),
      ),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === Code.CONFLICT)).toBe(true);
    const after = await orderRow(s.id);
    expect(toFen(after.paidAmount)).toBe(await ledgerFen(s.id));
    expect(toFen(after.paidAmount)).toBeLessThanOrEqual(30_000);

    // Rounds of a proof and 4 parallel partial confirmations each until the order is paid.
    for (let round = 0; round < 6 && (await orderRow(s.id)).status === OrderStatus.TO_PAY; round++) {
      await s.submit();
      const rs = await Promise.all([40, 60, 80, 90].map((amount) => s.confirm({ receivedAmount: amount, excessHandling: 2 })));
      expect(rs.filter((r) => r.code === 0)).toHaveLength(1);
      const o = await orderRow(s.id);
      const rows = await paymentsOf(s.id);
      const receivedFen = rows
        .filter((p) => p.status === PaymentStatus.CONFIRMED && p.excessOf === null)
        .reduce((sum, p) => sum + toFen(p.amount), 0);
      expect(toFen(o.paidAmount)).toBe(await ledgerFen(s.id));
      expect(toFen(o.paidAmount)).toBeLessThanOrEqual(receivedFen);
      expect(toFen(o.paidAmount)).toBeLessThanOrEqual(30_000);
    }
    expect(await orderRow(s.id)).toMatchObject({ status: OrderStatus.TO_SHIP, paidAmount: '300.00' });
    const confirmHistory = await db()
      .select()
      .from(documentHistory)
      .where(and(eq(documentHistory.docType, 'order'), eq(documentHistory.docId, s.id), eq(documentHistory.action, 'pay_confirm')));
    expect(confirmHistory).toHaveLength(1);
  }, 120_000);
});
