import { and, asc, eq, sql } from 'drizzle-orm';
import { OrderStatus, PaymentMethod, PaymentStatus, ProductStatus, chinaMonth, toFen, toYuan } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { companies, documentHistory, orderLines, orderPayments, orders, productSkus, products } from '../../db/schema/index.ts';
import { callerByPhone } from '../auth/index.ts';
import type { PastLine, PastOrder } from '../credit/index.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** History stops before the demo's own orders (the last 30 days), so order lists start with those. */
const FIRST_DAYS_AGO = 35;

/**
 * For the demo seed (decision 0133): a year of purchase history between the demo purchaser 18800000004 and
 * the demo suppliers 18800000002 (about one order a day) and 18800000003 (one every three days), so every
 * report has a meaningful chart: paid by transfer and completed (up to 35 days ago), with
 * a seasonal swing (more flocculant in the rainy summer), several products and categories per supplier.
 * History, not the lifecycle: the orders and lines are written in two multi-row inserts (the report rollups
 * fill themselves through their triggers) with their 订单日志 in one INSERT … SELECT; stock is not moved and no ledger row is written, since these
 * orders were paid by transfer (the credit account's own year of movements is seedDemoCredit's). The order
 * snapshots (address, invoice) are those of the demo's first order.
 */
export async function seedDemoReportHistory(db: Db, now = new Date()): Promise<void> {
  const buyer = await callerByPhone(db, '18800000004');
  const sellerA = await callerByPhone(db, '18800000002');
  const sellerB = await callerByPhone(db, '18800000003');
  if (!buyer || !sellerA || !sellerB) return;
  const goodsOf = (companyId: number, n: number) =>
    db
      .select({
        productId: products.id,
        skuId: sql<number>`(select min(s.id) from ${productSkus} s where s.product_id = ${products.id})`,
        name: products.name,
        unit: products.unit,
        price: products.price,
      })
      .from(products)
      .where(and(eq(products.companyId, companyId), eq(products.status, ProductStatus.ON_SALE)))
      .orderBy(asc(products.id))
      .limit(n);
  const sellers = [
    { caller: sellerA, goods: await goodsOf(sellerA.companyId, 8), every: 1 },
    { caller: sellerB, goods: await goodsOf(sellerB.companyId, 5), every: 3 },
  ];
  if (sellers.some((s) => s.goods.length < 2)) return;
  const names = new Map(
    (
      await db
        .select({ id: companies.id, name: companies.name, shopName: companies.shopName })
        .from(companies)
    ).map((c) => [c.id, c]),
  );

  const planned: PastOrder[] = [];
  const lines: PastLine[] = [];
  for (const s of sellers) {
    const company = names.get(s.caller.companyId)!;
    for (let daysAgo = 365; daysAgo >= FIRST_DAYS_AGO; daysAgo -= s.every) {
      // A China working morning, a swing over the year (peak in July/August) and a weekly rhythm.
      const placed = new Date(now.getTime() - daysAgo * DAY - ((daysAgo * 37) % 300) * 60_000);
      const month = Number(chinaMonth(placed).slice(5));
      const season = 1 + Math.round(2 * Math.max(0, Math.cos(((month - 7.5) / 6) * Math.PI)));
      const orderNo = `H${s.caller.companyId}${String(daysAgo).padStart(3, '0')}${placed.getTime() % 100_000}`;
      let goodsFen = 0;
      for (let i = 0; i <= daysAgo % 3; i++) {
        const g = s.goods[(daysAgo * 3 + i * 5) % s.goods.length]!;
        // Equipment (over ¥5,000 a unit) one or two at a time, chemicals by the ton with the season.
        const quantity =
          toFen(g.price) > 500_000
            ? 1 + ((daysAgo + i) % 2)
            : season * (1 + ((daysAgo + i) % 4)) * (i === 0 ? 2 : 1);
        goodsFen += toFen(g.price) * quantity;
        lines.push({
          order_no: orderNo,
          product_id: g.productId,
          sku_id: g.skuId,
          product_name: g.name,
          unit: g.unit,
          quantity,
          unit_price: g.price,
          amount: toYuan(toFen(g.price) * quantity),
          sort: i,
        });
      }
      const freightFen = daysAgo % 5 === 0 ? 20_000 : 0;
      const paid = placed.getTime() + 2 * HOUR;
      planned.push({
        order_no: orderNo,
        seller_company_id: s.caller.companyId,
        seller_company_name: company.name,
        shop_name: company.shopName ?? company.name,
        goods_amount: toYuan(goodsFen),
        freight: toYuan(freightFen),
        total_amount: toYuan(goodsFen + freightFen),
        created_at: placed.toISOString(),
        confirmed_at: new Date(placed.getTime() + HOUR).toISOString(),
        paid_at: new Date(paid).toISOString(),
        shipped_at: new Date(paid + DAY).toISOString(),
        completed_at: new Date(paid + 4 * DAY).toISOString(),
      });
    }
  }
  await insertPastOrders(db, { companyId: buyer.companyId, userId: buyer.userId }, planned, lines, PaymentMethod.TRANSFER);
}

/** A completed order of the demo history (snake_case: it is passed to SQL as JSON). */
/**
 * Writes completed past orders of the demo purchaser (history, not the lifecycle: no stock moves, no ledger
 * rows — a credit payment's ledger row is the caller's) with their lines, their payment record and their
 * 订单日志, as the use cases would have written them; the address and invoice snapshots are the demo's first
 * order's. Paid by transfer (确认收款 by the supplier) or on credit (账期支付 by the purchaser). Answers the new
 * order ids by order number (empty when the demo has no order to copy the snapshots from).
 */
export type { PastLine, PastOrder };

export async function insertPastOrders(
  db: Db,
  buyer: { companyId: number; userId: number },
  planned: PastOrder[],
  lines: PastLine[],
  method: typeof PaymentMethod.TRANSFER | typeof PaymentMethod.CREDIT,
): Promise<Map<string, number>> {
  const [template] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.buyerCompanyId, buyer.companyId))
    .orderBy(asc(orders.id))
    .limit(1);
  if (!template || !planned.length) return new Map();
  const credit = method === PaymentMethod.CREDIT;
  // One statement with two JSON parameters: the orders, then their lines (far cheaper than binding ~10,000
  // parameters); the snapshots are copied from the demo's first order.
  const res = await db.execute(sql`
    with p as (
      select * from jsonb_to_recordset(${JSON.stringify(planned)}::jsonb) as x(
        order_no text, seller_company_id int, seller_company_name text, shop_name text, goods_amount numeric,
        freight numeric, total_amount numeric, created_at timestamptz, confirmed_at timestamptz, paid_at timestamptz,
        shipped_at timestamptz, completed_at timestamptz)
    ), ins as (
      insert into ${orders} (order_no, kind, status, buyer_company_id, buyer_company_name, buyer_user_id, buyer_user_name,
                             seller_company_id, seller_company_name, shop_name, goods_amount, freight, total_amount,
                             paid_amount, payment_method, address, invoice, created_at, updated_at, confirmed_at, paid_at,
                             first_shipped_at, last_shipped_at, completed_at)
      select p.order_no, 0, ${OrderStatus.COMPLETED}, ${buyer.companyId}, t.buyer_company_name, ${buyer.userId}, '张立伟',
             p.seller_company_id, p.seller_company_name, p.shop_name, p.goods_amount, p.freight, p.total_amount,
             p.total_amount, ${method}, t.address, t.invoice, p.created_at, p.completed_at, p.confirmed_at,
             p.paid_at, p.shipped_at, p.shipped_at, p.completed_at
      from p cross join (select address, invoice, buyer_company_name from ${orders} where id = ${template.id}) t
      order by p.created_at
      returning id, order_no
    )
    insert into ${orderLines} (order_id, product_id, sku_id, product_name, unit, quantity, shipped_qty, unit_price, amount, sort)
    select ins.id, l.product_id, l.sku_id, l.product_name, l.unit, l.quantity, l.quantity, l.unit_price, l.amount, l.sort
    from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as l(
      order_no text, product_id int, sku_id int, product_name text, unit text, quantity int, unit_price numeric, amount numeric, sort int)
    join ins on ins.order_no = l.order_no
    returning order_id`);
  const ids = (res as unknown as { rows: { order_id: number }[] }).rows.map((r) => Number(r.order_id));
  const first = Math.min(...ids);
  const last = Math.max(...ids);
  const mine = sql`o.id between ${first} and ${last} and o.order_no in (select jsonb_array_elements_text(${JSON.stringify(planned.map((p) => p.order_no))}::jsonb))`;
  // A credit payment's record (the transfer history has none: its proof files are not part of the demo).
  if (credit)
    await db.execute(sql`
      insert into ${orderPayments} (order_id, method, amount, status, submitted_by, submitted_at, decided_by, decided_at, remark)
      select o.id, ${PaymentMethod.CREDIT}, o.total_amount, ${PaymentStatus.CONFIRMED}, o.buyer_user_id, o.paid_at,
             o.buyer_user_id, o.paid_at, '信用账户支付'
      from ${orders} o where ${mine}`);
  // Each order's timeline (the detail page's 订单日志), as the use cases would have written it.
  const pay = credit ? sql`('pay', 1, 2, 1, 'paid')` : sql`('pay_confirm', 1, 2, 2, 'paid')`;
  await db.execute(sql`
    insert into ${documentHistory} (doc_type, doc_id, action, from_status, to_status, side, user_id, user_name, note, created_at)
    select 'order', o.id, s.action, s.from_status, s.to_status, s.side, case when s.side = 1 then o.buyer_user_id end,
           case when s.side = 1 then o.buyer_user_name else o.seller_company_name end,
           case s.action when 'pay_confirm' then '确认收款 ¥' || o.total_amount when 'pay' then '账期支付 ¥' || o.total_amount
                         else '' end,
           case s.at when 'created' then o.created_at when 'confirmed' then o.confirmed_at when 'paid' then o.paid_at
                     when 'shipped' then o.first_shipped_at else o.completed_at end
    from ${orders} o
    cross join (values ('create', null::smallint, 0, 1, 'created'), ('confirm', 0, 1, 2, 'confirmed'),
                       ${pay}, ('ship', 2, 4, 2, 'shipped'), ('receive', 4, 5, 1, 'completed'))
      as s(action, from_status, to_status, side, at)
    where ${mine}
    order by o.id, s.to_status`);
  const rows = await db.execute(sql`select o.id, o.order_no from ${orders} o where ${mine}`);
  return new Map((rows as unknown as { rows: { id: number; order_no: string }[] }).rows.map((r) => [r.order_no, Number(r.id)]));
}
