import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Code, CreditMovement, OrderStatus, RmaType, type CreditAccountDetail } from '@aquamall/shared';
import { createTestApp, testDbKind, type TestApp } from '../../test/app.ts';
import { creditLedger, documentHistory, orderLines, orders } from '../../db/schema/index.ts';
import { advanceOrder, api, makeCompletedOrder, makeOnSaleProduct, makeOrder, makePurchaser, makeSupplier } from '../../test/factories/index.ts';

/**
 * Money under parallel requests (decision 0131): the account row lock serialises movements, so parallel
 * payments never take an account past balance + limit and the sums stay consistent. Meaningful on PostgreSQL
 * (AQUAMALL_TEST_DB=pg); PGlite runs the same requests one connection at a time.
 */
let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(async () => t?.close());
const db = () => t.database.db;
const P = '/api/companyAccount';
const fen = (v: string | number) => Math.round(Number(v) * 100);

async function account(limit: number, balance: number) {
  const seller = await makeSupplier(db(), `并发供应商${Math.random().toString(36).slice(2, 6)}`);
  const buyer = await makePurchaser(db(), `并发采购商${Math.random().toString(36).slice(2, 6)}`);
  const { data } = await http.post<{ id: number }>(buyer.token, `${P}/apply`, { sellerCompanyId: seller.id });
  await http.post(seller.admin.token, `${P}/approve`, { id: data.id, creditLimit: limit, paymentDays: 30 });
  if (balance) await http.post(seller.admin.token, `${P}/customerRecharge`, { accountId: data.id, amount: balance });
  return { seller, buyer, id: data.id };
}

async function ordersToPay(a: Awaited<ReturnType<typeof account>>, n: number, price: number) {
  const { skuIds } = await makeOnSaleProduct(db(), a.seller, { skus: [{ price, stock: 100_000 }] });
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const o = await makeOrder(db(), a.buyer, a.seller.id, [{ skuId: skuIds[0]!, quantity: 1 }]);
    await advanceOrder(db(), o.id, { buyerUserId: a.buyer.id, sellerUserId: a.seller.admin.id }, OrderStatus.TO_PAY);
    ids.push(o.id);
  }
  return ids;
}

const sums = async (id: number) => {
  const r = await db().execute(sql`select coalesce(sum(balance_delta), 0)::text as b, coalesce(sum(credit_delta), 0)::text as c from credit_ledger where account_id = ${id}`);
  const row = (r as unknown as { rows: { b: string; c: string }[] }).rows[0]!;
  return { balance: fen(row.b), credit: fen(row.c) };
};

describe(`credit accounts under parallel requests (${testDbKind})`, () => {
  it('100 concurrent payments never take the account past balance + limit', async () => {
    const a = await account(1000, 500);
    const ids = await ordersToPay(a, 100, 20);
    const results = await Promise.all(ids.map((orderId) => http.post(a.buyer.token, '/api/order/pay', { orderId, method: 2 })));
    const okCount = results.filter((r) => r.code === 0).length;
    const refused = results.filter((r) => r.code !== 0);
    expect(okCount).toBe(75);
    expect(refused.every((r) => r.code === Code.CONFLICT && r.message === '可用额度不足，还差 ¥20.00')).toBe(true);
    expect(await sums(a.id)).toEqual({ balance: 0, credit: 100_000 });
    const paid = await db().select({ n: sql<number>`count(*)::int` }).from(orders).where(and(inArray(orders.id, ids), eq(orders.status, OrderStatus.TO_SHIP)));
    expect(paid[0]!.n).toBe(75);
    const rows = await db().select().from(creditLedger).where(eq(creditLedger.accountId, a.id));
    expect(rows.filter((r) => r.kind === 3)).toHaveLength(75);
    const d = (await http.get<CreditAccountDetail>(a.buyer.token, `${P}/detail?id=${a.id}`)).data;
    expect(d).toMatchObject({ balance: '0.00', creditUsed: '1000.00', available: '0.00' });
  }, 300_000);

  it('randomised concurrent movements: balance and credit equal the ledger sums and the effects of what succeeded', async () => {
    const limitFen = 50_000;
    const a = await account(limitFen / 100, 0);
    const orderIds = await ordersToPay(a, 30, 37.5);
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648), seed % n);
    type Op = { run: () => Promise<{ code: number }>; effect: number };
    const ops: Op[] = [];
    for (const orderId of orderIds) ops.push({ run: () => http.post(a.buyer.token, '/api/order/pay', { orderId, method: 2 }), effect: -3750 });
    for (let i = 0; i < 25; i++) {
      const amount = (rnd(20_000) + 100) / 100;
      ops.push({ run: () => http.post(a.seller.admin.token, `${P}/customerRecharge`, { accountId: a.id, amount }), effect: fen(amount) });
    }
    for (let i = 0; i < 20; i++) {
      const amount = (rnd(10_000) + 100) / 100;
      ops.push({
        run: async () => {
          const r = await http.post<{ id: number }>(a.buyer.token, `${P}/refund`, { accountId: a.id, amount });
          return r.code === 0 ? http.post(a.seller.admin.token, `${P}/requestConfirm`, { id: r.data.id }) : r;
        },
        effect: -fen(amount),
      });
    }
    for (let i = 0; i < 15; i++) {
      const amount = (rnd(6_000) - 3_000 || 1) / 100;
      ops.push({ run: () => http.post(a.seller.admin.token, `${P}/adjust`, { id: a.id, target: 1, amount, reason: '随机调整' }), effect: fen(amount) });
    }
    for (let i = ops.length - 1; i > 0; i--) {
      const j = rnd(i + 1);
      [ops[i], ops[j]] = [ops[j]!, ops[i]!];
    }
    const results = await Promise.all(ops.map((o) => o.run()));
    const expectedNet = ops.reduce((s, o, i) => s + (results[i]!.code === 0 ? o.effect : 0), 0);
    expect(results.filter((r) => r.code === 0).length).toBeGreaterThan(30);
    for (const r of results) expect([0, Code.CONFLICT]).toContain(r.code);
    const s = await sums(a.id);
    expect(s.balance - s.credit).toBe(expectedNet);
    expect(s.balance).toBeGreaterThanOrEqual(0);
    expect(s.credit).toBeGreaterThanOrEqual(0);
    expect(s.credit).toBeLessThanOrEqual(limitFen);
    const d = (await http.get<CreditAccountDetail>(a.buyer.token, `${P}/detail?id=${a.id}`)).data;
    expect([fen(d.balance), fen(d.creditUsed)]).toEqual([s.balance, s.credit]);
    // per row: a balance never below zero after any prefix of the ledger (the lock makes checks hold at commit)
    const rows = await db().select().from(creditLedger).where(eq(creditLedger.accountId, a.id)).orderBy(creditLedger.id);
    let b = 0;
    let c = 0;
    for (const r of rows) {
      b += fen(r.balanceDelta);
      c += fen(r.creditDelta);
      expect(b).toBeGreaterThanOrEqual(0);
      expect(c).toBeLessThanOrEqual(limitFen);
    }
  }, 300_000);
});

/** n copies of one request, sent at once (a double click, a retried request, two tabs). */
const twice = <T>(n: number, send: () => Promise<T>) => Promise.all(Array.from({ length: n }, send));
const ledgerOf = (accountId: number) => db().select().from(creditLedger).where(eq(creditLedger.accountId, accountId)).orderBy(creditLedger.id);

describe(`refunds under parallel repeats: money moves once (${testDbKind})`, () => {
  it('an after-sales refund to the credit account sent 5 times at once books one 售后退款 row', async () => {
    const a = await account(1000, 0);
    const { skuIds } = await makeOnSaleProduct(db(), a.seller, { skus: [{ price: 80, stock: 100 }] });
    const order = await makeCompletedOrder(db(), a.buyer, a.seller, [{ skuId: skuIds[0]!, quantity: 2 }]);
    const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const rma = await http.post<{ id: number }>(a.buyer.token, '/api/rma/apply', { orderId: order.id, type: RmaType.REFUND, reason: '质量问题', description: '', photos: [], lines: [{ orderLineId: line!.id, quantity: 1 }], refundAmount: 80 });
    expect(rma.code).toBe(0);
    expect((await http.post(a.seller.admin.token, '/api/rma/approve', { id: rma.data.id })).code).toBe(0);
    const results = await twice(5, () => http.post(a.seller.admin.token, '/api/rma/refund', { id: rma.data.id, method: 2, amount: 80 }));
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === Code.CONFLICT)).toBe(true);
    const rows = (await ledgerOf(a.id)).filter((r) => r.kind === CreditMovement.RMA_REFUND);
    expect(rows).toHaveLength(1);
    expect(await sums(a.id)).toEqual({ balance: 8000, credit: 0 });
    const history = await db().select().from(documentHistory).where(and(eq(documentHistory.docType, 'rma'), eq(documentHistory.docId, rma.data.id), eq(documentHistory.action, 'refund')));
    expect(history).toHaveLength(1);
  }, 120_000);

  it('a refund request of the balance confirmed 5 times at once takes the money out once', async () => {
    const a = await account(1000, 300);
    const req = await http.post<{ id: number }>(a.buyer.token, `${P}/refund`, { accountId: a.id, amount: 120 });
    expect(req.code).toBe(0);
    const results = await twice(5, () => http.post(a.seller.admin.token, `${P}/requestConfirm`, { id: req.data.id }));
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === Code.CONFLICT)).toBe(true);
    expect((await ledgerOf(a.id)).filter((r) => r.kind === CreditMovement.REFUND)).toHaveLength(1);
    expect(await sums(a.id)).toEqual({ balance: 18000, credit: 0 });
  }, 120_000);

  it('a credit-paid order cancelled 5 times at once gives the money back once', async () => {
    const a = await account(1000, 0);
    const [orderId] = await ordersToPay(a, 1, 45);
    expect((await http.post(a.buyer.token, '/api/order/pay', { orderId, method: 2 })).code).toBe(0);
    expect(await sums(a.id)).toEqual({ balance: 0, credit: 4500 });
    const results = await twice(5, () => http.post(a.seller.admin.token, '/api/order/cancel', { orderId, reason: '缺货' }));
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === Code.CONFLICT)).toBe(true);
    expect((await ledgerOf(a.id)).filter((r) => r.kind === CreditMovement.ORDER_PAYMENT)).toHaveLength(2);
    expect(await sums(a.id)).toEqual({ balance: 0, credit: 0 });
  }, 120_000);
});

describe(`overlapping statements issued in parallel (${testDbKind}, decision 0185)`, () => {
  it('six parallel issues of overlapping periods make one statement; the rest are told which one they overlap', async () => {
    const a = await account(1000, 0);
    // Every period holds 2026-03-15, so each pair overlaps and exactly one can be issued whichever wins the lock
    // (with periods that overlap only some others, a different winner leaves room for two or three).
    const periods = [
      ['2026-03-01', '2026-03-31'],
      ['2026-03-15', '2026-04-15'],
      ['2026-02-20', '2026-03-16'],
      ['2026-03-01', '2026-03-31'],
      ['2026-03-10', '2026-04-30'],
      ['2026-03-14', '2026-03-15'],
    ] as const;
    const results = await Promise.all(periods.map(([from, to]) => http.post<{ id: number }>(a.seller.admin.token, `${P}/statement/issue`, { accountId: a.id, from, to })));
    const made = results.filter((r) => r.code === 0);
    expect(made).toHaveLength(1);
    for (const r of results.filter((x) => x.code !== 0)) {
      expect(r.code).toBe(Code.CONFLICT);
      expect(r.message).toContain(`对账期间与已出具的对账单（编号${made[0]!.data.id}，`);
    }
    const rows = await db().execute(sql`select count(*)::int as n from credit_statements where account_id = ${a.id}`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  }, 120_000);
});
