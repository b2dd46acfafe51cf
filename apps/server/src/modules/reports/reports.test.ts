import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, inArray, or } from 'drizzle-orm';
import {
  CreditMovement,
  OrderStatus,
  type BalanceReport,
  type CategoryReport,
  type GoodsReport,
  type OrderReport,
  type ReportQuery,
  toFen,
  toYuan,
} from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  categories,
  creditAccounts,
  creditLedger,
  orderLines,
  orders,
  products,
} from '../../db/schema/index.ts';
import {
  advanceOrder,
  api,
  callerFor,
  makeCategoryBranch,
  makeOnSaleProduct,
  makeOrder,
  makePurchaser,
  makeSupplier,
} from '../../test/factories/index.ts';
import { cancelOrder } from '../orders/lifecycle.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  scene = await makeScene();
});
afterAll(async () => t?.close());
const db = () => t.database.db;

/** China time → instant. */
const cn = (local: string) => new Date(`${local}+08:00`);
const chinaDay = (d: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(d);

type Scene = Awaited<ReturnType<typeof makeScene>>;
let scene: Scene;

/**
 * Supplier S (products p1 in 絮凝剂, p2 in 滤料) sells to purchasers B1 and B2; supplier S2 sells to B1.
 * Counted (paid, not cancelled) in 2026-01-01 … 2026-06-30: o1 (B1, 03-05), o2 (B2, 03-31 23:30 China time),
 * o3 (B1, an enquiry line without product, 04-01 00:30 China time = still 03-31 in UTC), o6 (S2 → B1).
 * Not counted: o4 (unpaid), o5 (paid then cancelled), o7 (paid 2025-12-31).
 */
async function makeScene() {
  const pid = process.pid % 1000;
  const floc = await makeCategoryBranch(db(), `71${pid}`, ['水处理剂', '絮凝剂类', '絮凝剂']);
  const filt = await makeCategoryBranch(db(), `72${pid}`, ['水处理材料', '滤料类', '滤料']);
  const s = await makeSupplier(db(), '报表供应商');
  const s2 = await makeSupplier(db(), '报表供应商二');
  const b1 = await makePurchaser(db(), '报表采购商一');
  const b2 = await makePurchaser(db(), '报表采购商二');
  const p1 = await makeOnSaleProduct(db(), s, {
    name: '聚合氯化铝',
    categoryId: floc.leaf,
    skus: [{ price: 100, stock: 100 }],
  });
  const p2 = await makeOnSaleProduct(db(), s, {
    name: '石英砂滤料',
    categoryId: filt.leaf,
    skus: [{ price: 50, stock: 100 }],
  });
  const p3 = await makeOnSaleProduct(db(), s2, {
    name: '活性炭',
    categoryId: filt.leaf,
    skus: [{ price: 30, stock: 100 }],
  });
  const sides = (b: { id: number }, seller: { admin: { id: number } }) => ({
    buyerUserId: b.id,
    sellerUserId: seller.admin.id,
  });

  const o1 = await makeOrder(
    db(),
    b1,
    s.id,
    [
      { skuId: p1.skuIds[0]!, quantity: 2 },
      { skuId: p2.skuIds[0]!, quantity: 1 },
    ],
    { freight: 10, now: cn('2026-03-05T09:00:00') },
  );
  await advanceOrder(db(), o1.id, sides(b1, s), OrderStatus.COMPLETED, { now: cn('2026-03-05T10:00:00') });
  const o2 = await makeOrder(db(), b2, s.id, [{ skuId: p2.skuIds[0]!, quantity: 3 }], {
    now: cn('2026-03-31T23:00:00'),
  });
  await advanceOrder(db(), o2.id, sides(b2, s), OrderStatus.TO_SHIP, { now: cn('2026-03-31T23:30:00') });
  const o3 = await makeOrder(
    db(),
    b1,
    s.id,
    [{ quantity: 4, unitPrice: 25.5, productName: '定制滤料', unit: '吨' }],
    { now: cn('2026-04-01T00:10:00') },
  );
  await advanceOrder(db(), o3.id, sides(b1, s), OrderStatus.TO_PAY, { now: cn('2026-04-01T00:20:00') });
  await advanceOrder(db(), o3.id, sides(b1, s), OrderStatus.TO_SHIP, { now: cn('2026-04-01T00:30:00') });
  await advanceOrder(db(), o3.id, sides(b1, s), OrderStatus.TO_RECEIVE, { now: cn('2026-04-02T10:00:00') });
  const o4 = await makeOrder(db(), b1, s.id, [{ skuId: p1.skuIds[0]!, quantity: 1 }], {
    now: cn('2026-03-06T10:00:00'),
  });
  await advanceOrder(db(), o4.id, sides(b1, s), OrderStatus.TO_PAY, { now: cn('2026-03-06T10:00:00') });
  const o5 = await makeOrder(db(), b2, s.id, [{ skuId: p1.skuIds[0]!, quantity: 1 }], {
    now: cn('2026-03-07T10:00:00'),
  });
  await advanceOrder(db(), o5.id, sides(b2, s), OrderStatus.TO_SHIP, { now: cn('2026-03-07T10:00:00') });
  await cancelOrder(
    db(),
    await callerFor(db(), s.admin.id),
    { orderId: o5.id, reason: '缺货无法发货' },
    cn('2026-03-08T10:00:00'),
  );
  const o6 = await makeOrder(db(), b1, s2.id, [{ skuId: p3.skuIds[0]!, quantity: 5 }], {
    now: cn('2026-02-10T10:00:00'),
  });
  await advanceOrder(db(), o6.id, sides(b1, s2), OrderStatus.TO_SHIP, { now: cn('2026-02-10T10:00:00') });
  const o7 = await makeOrder(db(), b1, s.id, [{ skuId: p2.skuIds[0]!, quantity: 1 }], {
    now: cn('2025-12-31T10:00:00'),
  });
  await advanceOrder(db(), o7.id, sides(b1, s), OrderStatus.COMPLETED, { now: cn('2025-12-31T10:00:00') });

  // B1's credit account with S: o3 charged 102.00 on credit (due 05-01), 40.00 repaid → 62.00 outstanding, 90+ days overdue.
  const [acc] = await db()
    .insert(creditAccounts)
    .values({
      buyerCompanyId: b1.companyId,
      buyerCompanyName: '报表采购商一',
      sellerCompanyId: s.id,
      sellerCompanyName: '报表供应商',
      status: 1,
      creditLimit: '5000',
      paymentDays: 30,
    })
    .returning();
  await db()
    .insert(creditLedger)
    .values([
      {
        accountId: acc!.id,
        kind: CreditMovement.ORDER_PAYMENT,
        creditDelta: '102.00',
        orderId: o3.id,
        dueAt: cn('2026-05-01T00:30:00'),
        createdAt: cn('2026-04-01T00:30:00'),
      },
      {
        accountId: acc!.id,
        kind: CreditMovement.REPAYMENT,
        creditDelta: '-40.00',
        createdAt: cn('2026-04-20T10:00:00'),
      },
    ]);
  return { s, s2, b1, b2, o1, o2, o3, o4, o5, o6, o7, p1, p2, floc, filt };
}

const H1: ReportQuery = { dateFrom: '2026-01-01', dateTo: '2026-06-30', granularity: 'month' };

// ---- An independent computation from the raw rows (JS over the tables, no SQL aggregation) ----

async function rawRows(side: 'buyer' | 'seller', companyId: number, q: ReportQuery) {
  const own = side === 'buyer' ? orders.buyerCompanyId : orders.sellerCompanyId;
  const all = await db().select().from(orders).where(eq(own, companyId));
  const counted = all.filter(
    (o) =>
      o.paidAt &&
      o.status !== OrderStatus.CANCELLED &&
      chinaDay(o.paidAt) >= q.dateFrom &&
      chinaDay(o.paidAt) <= q.dateTo,
  );
  const lines = counted.length
    ? await db()
        .select()
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            counted.map((o) => o.id),
          ),
        )
    : [];
  const prods = await db().select().from(products);
  const cats = await db().select().from(categories);
  const catOf = (productId: number | null) => {
    const p = prods.find((x) => x.id === productId);
    return p ? cats.find((c) => c.id === p.categoryId)!.name : '其他';
  };
  return { counted, lines, catOf };
}

const sumFen = <T>(list: T[], f: (x: T) => string | number) => list.reduce((s, x) => s + toFen(f(x)), 0);
const periodKey = (d: Date, g: string) => {
  const day = chinaDay(d);
  return g === 'day'
    ? day
    : g === 'month'
      ? day.slice(0, 7)
      : `${day.slice(0, 4)}-Q${Math.ceil(Number(day.slice(5, 7)) / 3)}`;
};

async function expectOrderReport(
  r: OrderReport,
  side: 'buyer' | 'seller',
  companyId: number,
  q: ReportQuery,
) {
  const { counted, lines, catOf } = await rawRows(side, companyId, q);
  expect(r.total).toEqual({
    orderCount: counted.length,
    amount: toYuan(sumFen(counted, (o) => o.totalAmount)),
    quantity: lines.reduce((s, l) => s + l.quantity, 0),
  });
  const nonEmpty = r.periods.filter((p) => p.orderCount > 0);
  const byPeriod = new Map<string, typeof counted>();
  for (const o of counted)
    byPeriod.set(periodKey(o.paidAt!, q.granularity!), [
      ...(byPeriod.get(periodKey(o.paidAt!, q.granularity!)) ?? []),
      o,
    ]);
  expect(nonEmpty.map((p) => [p.period, p.orderCount, p.amount])).toEqual(
    [...byPeriod]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, os]) => [k, os.length, toYuan(sumFen(os, (o) => o.totalAmount))]),
  );
  for (const c of r.counterparts) {
    const os = counted.filter(
      (o) => (side === 'buyer' ? o.sellerCompanyId : o.buyerCompanyId) === c.companyId,
    );
    expect([c.orderCount, c.amount]).toEqual([os.length, toYuan(sumFen(os, (o) => o.totalAmount))]);
  }
  expect(r.counterparts.reduce((s, c) => s + c.orderCount, 0)).toBe(counted.length);
  for (const c of r.categories) {
    const ls = lines.filter((l) => catOf(l.productId) === c.name);
    expect([c.quantity, c.amount]).toEqual([
      ls.reduce((s, l) => s + l.quantity, 0),
      toYuan(sumFen(ls, (l) => l.amount)),
    ]);
  }
}

describe('reports: figures reconcile with the raw rows', () => {
  it('订单销售统计: the supplier’s paid, not cancelled orders by month, customer and category (China calendar)', async () => {
    const { s, b1, b2 } = scene;
    const res = await http.post<OrderReport>(s.admin.token, '/api/report/orderSale', H1);
    expect(res.code, res.message).toBe(0);
    // By hand: o1 = 2×100 + 50 + 10 freight = 260.00 (03-05); o2 = 150.00 (03-31 China); o3 = 102.00 (04-01 China).
    expect(res.data.total).toEqual({ orderCount: 3, amount: '512.00', quantity: 10 });
    expect(res.data.periods.map((p) => [p.period, p.orderCount, p.amount])).toEqual([
      ['2026-01', 0, '0.00'],
      ['2026-02', 0, '0.00'],
      ['2026-03', 2, '410.00'],
      ['2026-04', 1, '102.00'],
      ['2026-05', 0, '0.00'],
      ['2026-06', 0, '0.00'],
    ]);
    expect(res.data.counterparts).toEqual([
      { companyId: b1.companyId, name: '报表采购商一', orderCount: 2, amount: '362.00' },
      { companyId: b2.companyId, name: '报表采购商二', orderCount: 1, amount: '150.00' },
    ]);
    expect(res.data.categories.map((c) => [c.name, c.quantity, c.amount, c.share])).toEqual([
      ['絮凝剂', 2, '200.00', '39.84'],
      ['滤料', 4, '200.00', '39.84'],
      ['其他', 4, '102.00', '20.32'],
    ]);
    await expectOrderReport(res.data, 'seller', s.id, H1);
    for (const granularity of ['day', 'quarter'] as const) {
      const q = { ...H1, granularity };
      const r = await http.post<OrderReport>(s.admin.token, '/api/report/orderSale', q);
      await expectOrderReport(r.data, 'seller', s.id, q);
    }
    const quarter = await http.post<OrderReport>(s.admin.token, '/api/report/orderSale', {
      ...H1,
      granularity: 'quarter',
    });
    expect(quarter.data.periods.map((p) => [p.period, p.amount])).toEqual([
      ['2026-Q1', '410.00'],
      ['2026-Q2', '102.00'],
    ]);
    const days = await http.post<OrderReport>(s.admin.token, '/api/report/orderSale', {
      dateFrom: '2026-03-31',
      dateTo: '2026-04-01',
      granularity: 'day',
    });
    expect(days.data.periods.map((p) => [p.period, p.amount])).toEqual([
      ['2026-03-31', '150.00'],
      ['2026-04-01', '102.00'],
    ]);
  });

  it('采购统计: the purchaser’s spend across its suppliers', async () => {
    const { b1, s, s2 } = scene;
    const res = await http.post<OrderReport>(b1.token, '/api/report/procurement', H1);
    expect(res.code, res.message).toBe(0);
    expect(res.data.counterparts).toEqual([
      { companyId: s.id, name: '报表供应商', orderCount: 2, amount: '362.00' },
      { companyId: s2.id, name: '报表供应商二', orderCount: 1, amount: '150.00' },
    ]);
    await expectOrderReport(res.data, 'buyer', b1.companyId, H1);
    const q = { ...H1, granularity: 'day' as const };
    await expectOrderReport(
      (await http.post<OrderReport>(b1.token, '/api/report/procurement', q)).data,
      'buyer',
      b1.companyId,
      q,
    );
  });

  it('商品销售统计 and 采购商品统计: products ranked by amount and by quantity', async () => {
    const { s, b1, p1, p2 } = scene;
    const res = await http.post<GoodsReport>(s.admin.token, '/api/report/goodsSale', H1);
    expect(res.code, res.message).toBe(0);
    expect(
      res.data.products.map((p) => [p.productId, p.name, p.categoryName, p.orderCount, p.quantity, p.amount]),
    ).toEqual([
      [p2.productId, '石英砂滤料', '滤料', 2, 4, '200.00'],
      [p1.productId, '聚合氯化铝', '絮凝剂', 1, 2, '200.00'],
      [null, '定制滤料', '其他', 1, 4, '102.00'],
    ]);
    expect(res.data.topByQuantity.map((p) => [p.name, p.quantity])).toEqual([
      ['石英砂滤料', 4],
      ['定制滤料', 4],
      ['聚合氯化铝', 2],
    ]);
    expect(res.data.total).toEqual({ orderCount: 3, quantity: 10, amount: '502.00' });

    const mine = await http.post<GoodsReport>(b1.token, '/api/report/procurementGoods', {
      ...H1,
      granularity: 'quarter',
    });
    const { lines } = await rawRows('buyer', b1.companyId, H1);
    expect(mine.data.total).toEqual({
      orderCount: 3,
      quantity: lines.reduce((s2, l) => s2 + l.quantity, 0),
      amount: toYuan(sumFen(lines, (l) => l.amount)),
    });
    for (const p of mine.data.products) {
      const ls = lines.filter((l) =>
        p.productId === null ? l.productId === null && l.productName === p.name : l.productId === p.productId,
      );
      expect([p.quantity, p.amount, p.orderCount]).toEqual([
        ls.reduce((s2, l) => s2 + l.quantity, 0),
        toYuan(sumFen(ls, (l) => l.amount)),
        new Set(ls.map((l) => l.orderId)).size,
      ]);
    }
    expect(mine.data.products.map((p) => p.name)).toEqual(['聚合氯化铝', '活性炭', '定制滤料', '石英砂滤料']);
  });

  it('品类销售统计: category shares add up to the goods total', async () => {
    const { s } = scene;
    const res = await http.post<CategoryReport>(s.admin.token, '/api/report/goodsCategory', {
      ...H1,
      granularity: 'quarter',
    });
    expect(res.code, res.message).toBe(0);
    expect(res.data.total.amount).toBe(toYuan(sumFen(res.data.categories, (c) => c.amount)));
    expect(res.data.periods.map((p) => [p.period, p.orderCount, p.quantity, p.amount])).toEqual([
      ['2026-Q1', 2, 6, '400.00'],
      ['2026-Q2', 1, 4, '102.00'],
    ]);
    const { lines, catOf } = await rawRows('seller', s.id, H1);
    for (const c of res.data.categories)
      expect(c.amount).toBe(
        toYuan(
          sumFen(
            lines.filter((l) => catOf(l.productId) === c.name),
            (l) => l.amount,
          ),
        ),
      );
  });

  it('应收账款 and 应付账款 show the same amounts from both sides: delivered but unpaid, credit used, ageing', async () => {
    const { s, b1 } = scene;
    const ar = await http.post<BalanceReport>(s.admin.token, '/api/report/saleAmount', H1);
    expect(ar.code, ar.message).toBe(0);
    // Delivered in range: o1 (paid in full) and o3 (102.00 on credit, 40.00 repaid → 62.00 unpaid, due 05-01).
    expect(ar.data.rows).toEqual([
      {
        companyId: b1.companyId,
        name: '报表采购商一',
        unpaidOrderCount: 1,
        deliveredUnpaid: '62.00',
        hasAccount: true,
        creditLimit: '5000.00',
        balance: '0.00',
        creditUsed: '62.00',
        notDue: '0.00',
        d0to30: '0.00',
        d31to60: '0.00',
        d61to90: '0.00',
        d90plus: '62.00',
        overdue: '62.00',
      },
    ]);
    expect(
      ar.data.periods.filter((p) => p.orderCount > 0).map((p) => [p.period, p.orderCount, p.amount]),
    ).toEqual([
      ['2026-03', 1, '260.00'],
      ['2026-04', 1, '102.00'],
    ]);
    // Independently: shipped, not cancelled orders of S in range, total − paid, plus the ledger charge less repayments.
    const shipped = (await db().select().from(orders).where(eq(orders.sellerCompanyId, s.id))).filter(
      (o) =>
        o.firstShippedAt &&
        o.status !== OrderStatus.CANCELLED &&
        chinaDay(o.firstShippedAt) >= H1.dateFrom &&
        chinaDay(o.firstShippedAt) <= H1.dateTo!,
    );
    const ledger = await db().select().from(creditLedger);
    const mineLedger = ledger.filter(
      (l) => shipped.some((o) => o.id === l.orderId) || (l.orderId === null && Number(l.creditDelta) < 0),
    );
    const charged = sumFen(
      mineLedger.filter((l) => Number(l.creditDelta) > 0),
      (l) => l.creditDelta,
    );
    const repaid = -sumFen(
      mineLedger.filter((l) => Number(l.creditDelta) < 0),
      (l) => l.creditDelta,
    );
    expect(toFen(ar.data.total.deliveredUnpaid)).toBe(
      sumFen(shipped, (o) => toYuan(toFen(o.totalAmount) - toFen(o.paidAmount))) +
        Math.max(0, charged - repaid),
    );

    const ap = await http.post<BalanceReport>(b1.token, '/api/report/payAmount', H1);
    expect(ap.code, ap.message).toBe(0);
    const fromS = ap.data.rows.find((r) => r.companyId === s.id)!;
    const { companyId: _a, name: _b, ...mirror } = fromS;
    const { companyId: _c, name: _d, ...original } = ar.data.rows[0]!;
    expect(mirror).toEqual(original);
    // S2 has o6 paid but not shipped: nothing delivered, no account → not listed.
    expect(ap.data.rows.map((r) => r.name)).toEqual(['报表供应商']);
  });
});

describe('reports: limits', () => {
  it('应收账款 answers suppliers only and 应付账款 purchasers only (data and export)', async () => {
    const { s, b1 } = scene;
    expect(await http.post(b1.token, '/api/report/saleAmount', H1)).toMatchObject({
      message: '应收账款报表仅对供应商开放',
    });
    expect(await http.post(s.admin.token, '/api/report/payAmount', H1)).toMatchObject({
      message: '应付账款报表仅对采购商开放',
    });
    const exp = await t.app.inject({
      method: 'POST',
      url: '/api/report/saleAmount/export',
      payload: H1,
      headers: { 'x-token': b1.token },
    });
    expect(exp.json()).toMatchObject({ message: '应收账款报表仅对供应商开放' });
    expect(await http.post(null, '/api/report/orderSale', H1)).not.toMatchObject({ code: 0 });
  });

  it('refuses bad ranges with a Chinese message', async () => {
    const { s } = scene;
    const cases: [object, string][] = [
      [{ dateTo: '2026-01-01' }, '请选择开始日期'],
      [{ dateFrom: '2026-02-30', dateTo: '2026-03-01' }, '开始日期格式不正确'],
      [{ dateFrom: '2026-03-02', dateTo: '2026-03-01' }, '结束日期不能早于开始日期'],
      [
        { dateFrom: '2025-01-01', dateTo: '2026-06-30', granularity: 'day' },
        '按日统计时区间最长366天，请按月或季度统计',
      ],
      [
        { dateFrom: '2020-01-01', dateTo: '2026-06-30', granularity: 'month' },
        '统计区间最长3年，请缩短日期范围',
      ],
      [{ dateFrom: '2026-01-01', dateTo: '2026-06-30', granularity: 'week' }, '统计粒度只能是日、月或季度'],
    ];
    // The server may add the field's Chinese label after the message, never its English name.
    for (const [body, message] of cases)
      expect((await http.post(s.admin.token, '/api/report/goodsSale', body)).message, message).toMatch(
        new RegExp(`^${message}`),
      );
  });

  it('one company never sees another’s orders', async () => {
    const { s2, b2, o6 } = scene;
    const other = await http.post<OrderReport>(s2.admin.token, '/api/report/orderSale', H1);
    expect(other.data.counterparts.map((c) => c.name)).toEqual(['报表采购商一']);
    expect(other.data.total).toMatchObject({
      orderCount: 1,
      amount: (await db().select().from(orders).where(eq(orders.id, o6.id)))[0]!.totalAmount,
    });
    const goods = await http.post<GoodsReport>(s2.admin.token, '/api/report/goodsSale', H1);
    expect(goods.data.products.map((p) => p.name)).toEqual(['活性炭']);
    expect((await http.post<BalanceReport>(s2.admin.token, '/api/report/saleAmount', H1)).data.rows).toEqual(
      [],
    );
    const b2Pay = await http.post<BalanceReport>(b2.token, '/api/report/payAmount', H1);
    expect(b2Pay.data.rows).toEqual([]);
    const b2Buy = await http.post<OrderReport>(b2.token, '/api/report/procurement', H1);
    expect(b2Buy.data.counterparts.map((c) => c.name)).toEqual(['报表供应商']);
    expect(b2Buy.data.total.orderCount).toBe(1);
    // Not counted anywhere: unpaid o4, cancelled o5, o7 before the range.
    const excluded = await db()
      .select()
      .from(orders)
      .where(
        or(
          eq(orders.id, scene.o4.id),
          and(eq(orders.id, scene.o5.id), eq(orders.status, OrderStatus.CANCELLED)),
          eq(orders.id, scene.o7.id),
        ),
      );
    expect(excluded).toHaveLength(3);
  });
});

describe('reports: Excel export', () => {
  it('answers a workbook named after the report and range, with the page’s figures', async () => {
    const { s } = scene;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/report/orderSale/export',
      payload: H1,
      headers: { 'x-token': s.admin.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('订单销售统计_2026-01-01_2026-06-30.xlsx')}`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const periods = wb.getWorksheet('按周期')!;
    expect(periods.getRow(1).getCell(1).value).toBe('统计周期');
    expect([
      periods.getRow(4).getCell(1).value,
      periods.getRow(4).getCell(2).value,
      periods.getRow(4).getCell(3).value,
    ]).toEqual(['2026-03', 2, 410]);
    expect(wb.getWorksheet('按客户')!.getRow(2).getCell(1).value).toBe('报表采购商一');

    const ar = await t.app.inject({
      method: 'POST',
      url: '/api/report/saleAmount/export',
      payload: H1,
      headers: { 'x-token': s.admin.token },
    });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(ar.rawPayload as unknown as ArrayBuffer);
    const sheet = wb2.getWorksheet('应收账款')!;
    expect([
      sheet.getRow(2).getCell(1).value,
      sheet.getRow(2).getCell(3).value,
      sheet.getRow(2).getCell(11).value,
    ]).toEqual(['报表采购商一', 62, 62]);
    expect(sheet.getRow(3).getCell(1).value).toBe('合计');
  });
});
