import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { OrderStatus, PaymentMethod, RmaType, type OrderStatusValue } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { orderLines, orders, products } from '../../db/schema/index.ts';
import {
  advanceOrder,
  callerFor,
  linesOf,
  makeCategoryBranch,
  makeOnSaleProduct,
  makeOrder,
  makePurchaser,
  makeSupplier,
} from '../../test/factories/index.ts';
import { noInvoice, testAddress } from '../../test/factories/orders.ts';
import { cancelOrder, payOrder } from '../orders/lifecycle.ts';
import { createOrders } from '../orders/create.ts';
import { applyAccount, approveAccount } from '../credit/accounts.ts';
import { customerRecharge } from '../credit/requests.ts';
import { openChargesCte } from '../credit/ageing.ts';
import { balanceReport, type Side } from './queries.ts';
import { reportRange } from './range.ts';
import { applyRma } from '../aftersales/apply.ts';
import { approveRma, refundRma } from '../aftersales/transitions.ts';
import { DEFAULT_ORDER_RULES } from '../../config.ts';

/**
 * The report rollups (decision 0133) are kept by triggers: after a random series of order transitions —
 * payment, partial and full shipping, receipt, cancellation, after-sales refunds, a line corrected after
 * payment, an added line removed, a product moved to another category, payment on credit and repayments,
 * replacement orders (decision 0134: not sales) — every rollup row equals the same figure summed straight from
 * the orders and lines, and 应收/应付账款 (shipped-day rollup + live credit correction) equal the raw computation
 * of decision 0132 over the orders and the ledger FIFO.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const db = () => t.database.db;

/** A small seeded generator, so a failure can be replayed (the seed is in the test name). */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** The rollups of the given suppliers, zero rows left out, as sorted strings. */
async function rollups(sellers: number[]) {
  const ids = sql.raw(sellers.join(','));
  const days = rowsOf<Record<string, unknown>>(
    await db().execute(sql`
      select seller_company_id, day::text, buyer_company_id, order_count, amount::text, line_orders, quantity, line_amount::text
      from report_order_days where seller_company_id in (${ids})
        and (order_count <> 0 or amount <> 0 or line_orders <> 0 or quantity <> 0 or line_amount <> 0)`),
  );
  const goods = rowsOf<Record<string, unknown>>(
    await db().execute(sql`
      select seller_company_id, month::text, buyer_company_id, product_id, free_name, free_unit, order_count, quantity, amount::text
      from report_product_months where seller_company_id in (${ids}) and (order_count <> 0 or quantity <> 0 or amount <> 0)`),
  );
  const cats = rowsOf<Record<string, unknown>>(
    await db().execute(sql`
      select seller_company_id, month::text, buyer_company_id, category_id, order_count, quantity, amount::text
      from report_category_months where seller_company_id in (${ids}) and (order_count <> 0 or quantity <> 0 or amount <> 0)`),
  );
  const shipped = rowsOf<Record<string, unknown>>(
    await db().execute(sql`
      select seller_company_id, day::text, buyer_company_id, order_count, amount::text, owed_count, owed::text
      from report_shipped_days where seller_company_id in (${ids}) and (order_count <> 0 or amount <> 0 or owed_count <> 0 or owed <> 0)`),
  );
  const key = (rows: Record<string, unknown>[]) =>
    rows.map((r) => Object.values(r).map(String).join('|')).sort();
  return { days: key(days), goods: key(goods), cats: key(cats), shipped: key(shipped) };
}

/**
 * The same figures grouped straight from the orders and lines (paid, not cancelled, not a replacement, China
 * day of paid_at; shipped: China day of first_shipped_at).
 */
async function fromRaw(sellers: number[]) {
  const ids = sql.raw(sellers.join(','));
  const counted = sql`o.seller_company_id in (${ids}) and o.paid_at is not null and o.status <> ${OrderStatus.CANCELLED}
    and o.parent_order_id is null`;
  const day = sql`(o.paid_at at time zone 'Asia/Shanghai')::date`;
  const month = sql`date_trunc('month', o.paid_at at time zone 'Asia/Shanghai')::date`;
  const days = rowsOf<Record<string, unknown>>(
    await db().execute(sql`
      select o.seller_company_id, ${day}::text as day, o.buyer_company_id, count(*)::int as order_count, sum(o.total_amount)::text as amount,
             count(*) filter (where l.n > 0)::int as line_orders, coalesce(sum(l.q), 0)::int as quantity,
             coalesce(sum(l.a), 0)::numeric(16, 2)::text as line_amount
      from orders o left join lateral (select count(*) as n, sum(quantity) as q, sum(amount) as a from order_lines where order_id = o.id) l on true
      where ${counted} group by 1, 2, 3`),
  );
  const goods = rowsOf<Record<string, unknown>>(
    await db().execute(sql`
      select o.seller_company_id, ${month}::text as month, o.buyer_company_id, coalesce(l.product_id, 0) as product_id,
             case when l.product_id is null then l.product_name else '' end as free_name,
             case when l.product_id is null then l.unit else '' end as free_unit,
             count(distinct o.id)::int as order_count, sum(l.quantity)::int as quantity, sum(l.amount)::numeric(16, 2)::text as amount
      from orders o join order_lines l on l.order_id = o.id where ${counted} group by 1, 2, 3, 4, 5, 6`),
  );
  const cats = rowsOf<Record<string, unknown>>(
    await db().execute(sql`
      select o.seller_company_id, ${month}::text as month, o.buyer_company_id, coalesce(p.category_id, 0) as category_id,
             count(distinct o.id)::int as order_count, sum(l.quantity)::int as quantity, sum(l.amount)::numeric(16, 2)::text as amount
      from orders o join order_lines l on l.order_id = o.id left join products p on p.id = l.product_id
      where ${counted} group by 1, 2, 3, 4`),
  );
  const shipped = rowsOf<Record<string, unknown>>(
    await db().execute(sql`
      select o.seller_company_id, (o.first_shipped_at at time zone 'Asia/Shanghai')::date::text as day, o.buyer_company_id,
             count(*)::int as order_count, sum(o.total_amount)::text as amount,
             count(*) filter (where o.total_amount > o.paid_amount)::int as owed_count,
             coalesce(sum(o.total_amount - o.paid_amount) filter (where o.total_amount > o.paid_amount), 0)::numeric(16, 2)::text as owed
      from orders o
      where o.seller_company_id in (${ids}) and o.first_shipped_at is not null and o.status <> ${OrderStatus.CANCELLED}
        and o.parent_order_id is null
      group by 1, 2, 3`),
  );
  const key = (rows: Record<string, unknown>[]) =>
    rows.map((r) => Object.values(r).map(String).join('|')).sort();
  return { days: key(days), goods: key(goods), cats: key(cats), shipped: key(shipped) };
}

/**
 * 应收/应付账款's delivered-but-unpaid figures computed the raw way (decision 0132, the query before 0134): every
 * order first shipped in the range, not cancelled and not a replacement, unpaid = total − paid + the outstanding
 * credit of its own charges (FIFO as of now), grouped by China month and counterpart.
 */
async function rawDelivered(side: Side, companyId: number, from: Date, to: Date, now: Date) {
  const own = sql.raw(side === 'seller' ? 'o.seller_company_id' : 'o.buyer_company_id');
  const other = sql.raw(side === 'seller' ? 'o.buyer_company_id' : 'o.seller_company_id');
  const scope = side === 'seller' ? { sellerCompanyId: companyId } : { buyerCompanyId: companyId };
  const res = await db().execute(sql`
    ${openChargesCte(scope, now)},
    oc as (select order_id, sum(outstanding) as outstanding from open
           where order_id is not null and outstanding > 0 group by order_id),
    d as (
      select to_char(o.first_shipped_at at time zone 'Asia/Shanghai', 'YYYY-MM') as p, ${other} as company_id,
             o.total_amount, o.total_amount - o.paid_amount + coalesce(oc.outstanding, 0) as unpaid
      from orders o left join oc on oc.order_id = o.id
      where ${own} = ${companyId} and o.first_shipped_at >= ${from.toISOString()}::timestamptz
        and o.first_shipped_at < ${to.toISOString()}::timestamptz and o.status <> ${OrderStatus.CANCELLED}
        and o.parent_order_id is null
    )
    select company_id, count(*) filter (where unpaid > 0)::int as n,
           coalesce(sum(unpaid) filter (where unpaid > 0), 0)::numeric(16, 2)::text as unpaid
    from d group by company_id`);
  const periods = await db().execute(sql`
    select to_char(o.first_shipped_at at time zone 'Asia/Shanghai', 'YYYY-MM') as p, count(*)::int as n,
           sum(o.total_amount)::numeric(16, 2)::text as amount
    from orders o
    where ${own} = ${companyId} and o.first_shipped_at >= ${from.toISOString()}::timestamptz
      and o.first_shipped_at < ${to.toISOString()}::timestamptz and o.status <> ${OrderStatus.CANCELLED}
      and o.parent_order_id is null
    group by 1`);
  return {
    rows: rowsOf<{ company_id: number; n: number; unpaid: string }>(res)
      .filter((r) => r.n > 0)
      .map((r) => `${r.company_id}|${r.n}|${r.unpaid}`)
      .sort(),
    periods: rowsOf<{ p: string; n: number; amount: string }>(periods)
      .map((r) => `${r.p}|${r.n}|${r.amount}`)
      .sort(),
  };
}

describe('report rollups', () => {
  const SEED = 20261124;
  it(`equal the raw orders and lines after a random series of order transitions (seed ${SEED})`, async () => {
    const rand = prng(SEED);
    const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
    const pid = process.pid % 1000;
    const catA = await makeCategoryBranch(db(), `73${pid}`, ['汇总大类甲', '汇总中类甲', '汇总品类甲']);
    const catB = await makeCategoryBranch(db(), `74${pid}`, ['汇总大类乙', '汇总中类乙', '汇总品类乙']);
    const sellers = [await makeSupplier(db(), '汇总供应商一'), await makeSupplier(db(), '汇总供应商二')];
    const buyers = [await makePurchaser(db(), '汇总采购商一'), await makePurchaser(db(), '汇总采购商二')];
    const goods = new Map<number, { skuIds: number[]; productId: number }[]>();
    for (const s of sellers)
      goods.set(s.id, [
        await makeOnSaleProduct(db(), s, {
          name: '聚合氯化铝',
          categoryId: catA.leaf,
          skus: [
            { price: 120, stock: 100_000 },
            { price: 95.5, stock: 100_000 },
          ],
        }),
        await makeOnSaleProduct(db(), s, {
          name: '石英砂',
          categoryId: catB.leaf,
          skus: [{ price: 48.3, stock: 100_000 }],
        }),
      ]);
    const placed: { id: number; seller: (typeof sellers)[number]; buyer: (typeof buyers)[number] }[] = [];
    // The first pair has a credit account: some of its orders are paid on credit, repayments settle them FIFO.
    const creditBuyer = await callerFor(db(), buyers[0]!.id);
    const creditSeller = await callerFor(db(), sellers[0]!.admin.id);
    const { id: accountId } = await applyAccount(db(), creditBuyer, { sellerCompanyId: sellers[0]!.id });
    await approveAccount(db(), creditSeller, { id: accountId, creditLimit: 1_000_000, paymentDays: 30 });
    const targets: OrderStatusValue[] = [
      OrderStatus.TO_PAY,
      OrderStatus.TO_SHIP,
      OrderStatus.PART_SHIPPED,
      OrderStatus.TO_RECEIVE,
      OrderStatus.COMPLETED,
    ];
    // China days near midnight too: 23:50 on the 31st is March, 00:10 on the 1st is April.
    const at = () => {
      const m = 1 + Math.floor(rand() * 6);
      const d = 1 + Math.floor(rand() * 28);
      const hm = pick(['00:10', '09:30', '23:50']);
      return new Date(`2026-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}T${hm}:00+08:00`);
    };
    const statusOf = async (id: number) =>
      (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;

    const among = async (statuses: number[]) => {
      const rows = await db().select({ id: orders.id, status: orders.status }).from(orders);
      const ok = new Set(rows.filter((r) => statuses.includes(r.status)).map((r) => r.id));
      return placed.filter((p) => ok.has(p.id));
    };
    const done = new Set<string>();
    const extras: number[] = [];
    const refunded = new Set<number>();
    for (let step = 0; step < 100; step++) {
      const side = rand();
      if (side < 0.08) {
        // A repayment of the credit account (settles the charges oldest due first).
        await customerRecharge(db(), creditSeller, { accountId, amount: 50 + Math.floor(rand() * 600) }, at());
        done.add('repay');
        continue;
      }
      if (side < 0.16) {
        // A replacement order (换货补发, paid at ¥0) for a completed order, shipped: not a sale (decision 0134).
        const completed = await among([OrderStatus.COMPLETED]);
        if (!completed.length) continue;
        const o = pick(completed);
        const [line] = await linesOf(db(), o.id);
        const when = at();
        const [r] = await db().transaction((tx) =>
          createOrders(
            tx,
            [
              {
                buyer: { companyId: o.buyer.companyId, userId: o.buyer.id, userName: '' },
                sellerCompanyId: o.seller.id,
                lines: line!.skuId
                  ? [{ skuId: line!.skuId, quantity: 1, unitPrice: 0 }]
                  : [{ quantity: 1, unitPrice: 0, productName: line!.productName, unit: line!.unit }],
                address: testAddress(),
                invoice: noInvoice(),
                freight: 0,
                parentOrderId: o.id,
              },
            ],
            DEFAULT_ORDER_RULES,
            when,
          ),
        );
        await advanceOrder(
          db(),
          r!.id,
          { buyerUserId: o.buyer.id, sellerUserId: o.seller.admin.id },
          pick([OrderStatus.TO_RECEIVE, OrderStatus.COMPLETED]),
          { now: when },
        );
        done.add('replacement');
        continue;
      }
      const action = rand();
      if (action < 0.5 || placed.length < 3) {
        const seller = pick(sellers);
        const buyer = pick(buyers);
        const [p1, p2] = goods.get(seller.id)!;
        const lines = [
          { skuId: p1!.skuIds[0]!, quantity: 1 + Math.floor(rand() * 5) },
          ...(rand() < 0.5 ? [{ skuId: p1!.skuIds[1]!, quantity: 2 }] : []),
          ...(rand() < 0.5 ? [{ skuId: p2!.skuIds[0]!, quantity: 3 }] : []),
          ...(rand() < 0.3 ? [{ quantity: 2, unitPrice: 33.3, productName: '定制滤料', unit: '吨' }] : []),
        ];
        const when = at();
        const o = await makeOrder(db(), buyer, seller.id, lines, {
          now: when,
          freight: rand() < 0.5 ? 15 : 0,
        });
        if (seller === sellers[0] && buyer === buyers[0] && rand() < 0.6) {
          await advanceOrder(db(), o.id, { buyerUserId: buyer.id, sellerUserId: seller.admin.id }, OrderStatus.TO_PAY, { now: when });
          await payOrder(db(), creditBuyer, { orderId: o.id, method: PaymentMethod.CREDIT, proofFiles: [] }, when);
          done.add('credit');
        }
        await advanceOrder(
          db(),
          o.id,
          { buyerUserId: buyer.id, sellerUserId: seller.admin.id },
          pick(targets),
          {
            now: when,
          },
        );
        placed.push({ id: o.id, seller, buyer });
        done.add('order');
      } else if (action < 0.62) {
        // The supplier cancels a paid order it has not shipped (or an unpaid one).
        // A paid one first (it may have been paid on credit: the payment goes back to the account).
        const paid = done.has('cancel 2') ? [] : await among([OrderStatus.TO_SHIP]);
        const open = paid.length ? paid : await among([OrderStatus.TO_PAY, OrderStatus.TO_SHIP]);
        if (open.length) {
          const o = pick(open);
          const status = await statusOf(o.id);
          await cancelOrder(db(), await callerFor(db(), o.seller.admin.id), {
            orderId: o.id,
            reason: '缺货无法发货',
          });
          done.add(`cancel ${status}`);
        }
      } else if (action < 0.72) {
        // After-sales: a refund-only request on a completed order, approved and refunded.
        const completed = (await among([OrderStatus.COMPLETED])).filter((p) => !refunded.has(p.id));
        if (!completed.length) continue;
        const o = pick(completed);
        const [line] = await linesOf(db(), o.id);
        const [{ completedAt }] = (await db()
          .select({ completedAt: orders.completedAt })
          .from(orders)
          .where(eq(orders.id, o.id))) as [{ completedAt: Date }];
        const when = new Date(completedAt.getTime() + 86_400_000);
        const buyer = await callerFor(db(), o.buyer.id);
        const seller = await callerFor(db(), o.seller.admin.id);
        const { id } = await applyRma(
          db(),
          buyer,
          {
            orderId: o.id,
            type: RmaType.REFUND,
            reason: '质量问题',
            description: '结块',
            photos: [],
            lines: [{ orderLineId: line!.id, quantity: 1 }],
            refundAmount: 1,
          },
          DEFAULT_ORDER_RULES,
          when,
        );
        await approveRma(db(), seller, { id, note: '同意退款', save: false }, when);
        await refundRma(db(), seller, id, { method: 1, amount: 1, note: '' }, when);
        refunded.add(o.id);
        done.add('refund');
      } else if (action < 0.8) {
        // Shipping the rest of a partly shipped order (lines change shipped quantities only).
        const part = await among([OrderStatus.PART_SHIPPED]);
        if (part.length) {
          const o = pick(part);
          await advanceOrder(
            db(),
            o.id,
            { buyerUserId: o.buyer.id, sellerUserId: o.seller.admin.id },
            OrderStatus.COMPLETED,
          );
          done.add('ship rest');
        }
      } else if (action < 0.88) {
        // A line corrected after payment (quantity and amount) and a line added to the order.
        const o = pick(placed);
        const [line] = await linesOf(db(), o.id);
        await db()
          .update(orderLines)
          .set({ quantity: line!.quantity + 1, amount: sql`${orderLines.amount} + ${orderLines.unitPrice}` })
          .where(eq(orderLines.id, line!.id));
        const [added] = await db()
          .insert(orderLines)
          .values({
            orderId: o.id,
            productName: '补差',
            unit: '项',
            quantity: 1,
            unitPrice: '5',
            amount: '5',
          })
          .returning({ id: orderLines.id });
        extras.push(added!.id);
        done.add('line');
      } else if (action < 0.93) {
        // A product moves to the other category.
        const p = pick(goods.get(pick(sellers).id)!);
        const [row] = await db()
          .select({ categoryId: products.categoryId })
          .from(products)
          .where(eq(products.id, p.productId));
        await db()
          .update(products)
          .set({ categoryId: row!.categoryId === catA.leaf ? catB.leaf : catA.leaf })
          .where(eq(products.id, p.productId));
        done.add('category');
      } else {
        // An added line removed again.
        const extra = extras.pop();
        if (extra) {
          await db().delete(orderLines).where(eq(orderLines.id, extra));
          done.add('line removed');
        }
      }
    }
    expect([...done].sort()).toEqual(
      [
        'cancel 1',
        'cancel 2',
        'category',
        'credit',
        'line',
        'line removed',
        'order',
        'refund',
        'repay',
        'replacement',
        'ship rest',
      ].sort(),
    );
    const ids = sellers.map((s) => s.id);
    const raw = await fromRaw(ids);
    expect(raw.days.length).toBeGreaterThan(3);
    expect(raw.shipped.length).toBeGreaterThan(3);
    expect(await rollups(ids)).toEqual(raw);

    // 应收/应付账款 from the rollup + live credit correction equal the raw computation, for every party, over
    // the whole half year and over a range with partial months, now and as of an earlier instant.
    const settled = new Set<string>();
    for (const now of [new Date(), new Date('2026-04-15T12:00:00+08:00')])
      for (const [dateFrom, dateTo] of [
        ['2026-01-01', '2026-12-31'],
        ['2026-02-10', '2026-05-20'],
      ] as const)
        for (const [side, companyId] of [
          ...sellers.map((s) => ['seller', s.id] as const),
          ...buyers.map((b) => ['buyer', b.companyId] as const),
        ]) {
          const q = { dateFrom, dateTo, granularity: 'month' as const };
          const { from, to } = reportRange(q);
          const want = await rawDelivered(side, companyId, from, to, now);
          const got = await balanceReport(db(), side, companyId, q, now);
          expect(
            got.rows
              .filter((r) => r.unpaidOrderCount > 0)
              .map((r) => `${r.companyId}|${r.unpaidOrderCount}|${r.deliveredUnpaid}`)
              .sort(),
          ).toEqual(want.rows);
          expect(
            got.periods
              .filter((p) => p.orderCount > 0)
              .map((p) => `${p.period}|${p.orderCount}|${p.amount}`)
              .sort(),
          ).toEqual(want.periods);
          if (want.rows.length) settled.add(side);
        }
    // Both sides had unpaid shipped orders to compare (credit still open or refunds owed).
    expect([...settled].sort()).toEqual(['buyer', 'seller']);
  });
});
