import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { CompanyType, CreditAccountStatus, CreditMovement, CreditRequestKind, MerchantStatus, PaymentMethod, ProductStatus, toYuan, toFen } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { companies, creditAccounts, creditLedger, creditRequests, creditStatements, productSkus, products } from '../../db/schema/index.ts';
import { callerByPhone } from '../auth/index.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A completed past order (and its lines) the demo asks to be written, as `PastOrdersWriter` takes them. */
export interface PastOrder {
  order_no: string;
  seller_company_id: number;
  seller_company_name: string;
  shop_name: string;
  goods_amount: string;
  freight: string;
  total_amount: string;
  created_at: string;
  confirmed_at: string;
  paid_at: string;
  shipped_at: string;
  completed_at: string;
}
export interface PastLine {
  order_no: string;
  product_id: number | null;
  sku_id: number | null;
  product_name: string;
  unit: string;
  quantity: number;
  unit_price: string;
  amount: string;
  sort: number;
}

/**
 * Writes completed past orders paid on credit and answers their ids by order number (reports' demo writer,
 * `insertPastOrders`, handed in by the seed: credit sits below the read models and does not import them).
 */
export type PastOrdersWriter = (
  db: Db,
  buyer: { companyId: number; userId: number },
  planned: PastOrder[],
  lines: PastLine[],
  method: typeof PaymentMethod.CREDIT,
) => Promise<Map<string, number>>;

/**
 * For the demo seed (decision 0131): the demo purchaser 18800000004 holds an active account with 18800000002
 * (limit ¥200,000, 30 days) carrying a year of movements — monthly recharges that repay credit first, order
 * payments on credit with due dates (each with its own completed order, linkOrders), a refund, an adjustment, the last months' credit partly overdue — and a
 * confirmed statement; a frozen account with another supplier (an overdue debt); a pending request to a third
 * one; and a pending refund request. 18800000003 is left without an account for the money journey. Ledger rows are computed with the same rules the use cases apply
 * (balance first, then credit; recharges repay credit first) and written in one multi-row insert.
 */
export async function seedDemoCredit(db: Db, insertPastOrders: PastOrdersWriter, now = new Date()): Promise<void> {
  const buyer = await callerByPhone(db, '18800000004');
  const a = await callerByPhone(db, '18800000002');
  const free = await callerByPhone(db, '18800000003');
  if (!buyer || !a || !free) return;
  // 18800000003 stays without an account: the money journey (e2e) requests one from it.
  const others = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.type, CompanyType.SUPPLIER), eq(companies.merchantStatus, MerchantStatus.APPROVED), notInArray(companies.id, [a.companyId, free.companyId])))
    .orderBy(companies.id)
    .limit(2);
  if (others.length < 2) return;
  const b = { companyId: others[0]!.id, userId: null };
  const third = others[1]!;
  const names = new Map((await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, [buyer.companyId, a.companyId, b.companyId, third.id]))).map((c) => [c.id, c.name]));
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const pair = (seller: number) => ({ buyerCompanyId: buyer.companyId, buyerCompanyName: names.get(buyer.companyId)!, sellerCompanyId: seller, sellerCompanyName: names.get(seller)! });
  const rows = await db
    .insert(creditAccounts)
    .values([
      { ...pair(a.companyId), status: CreditAccountStatus.ACTIVE, creditLimit: '200000.00', paymentDays: 30, requestRemark: '长期合作，按月结算', requestedBy: buyer.userId, approvedBy: a.userId, approvedAt: at(365), createdAt: at(367), updatedAt: at(365) },
      { ...pair(b.companyId), status: CreditAccountStatus.FROZEN, creditLimit: '50000.00', paymentDays: 15, requestRemark: '设备备件采购', freezeReason: '账款逾期超过60天，还款后解冻', requestedBy: buyer.userId, approvedBy: b.userId, approvedAt: at(200), createdAt: at(201), updatedAt: at(20) },
      { ...pair(third.id), requestRemark: '拟每月采购约5万元，申请30天账期', requestedBy: buyer.userId, createdAt: at(1), updatedAt: at(1) },
    ])
    .returning({ id: creditAccounts.id, sellerCompanyId: creditAccounts.sellerCompanyId });
  const accA = rows.find((r) => r.sellerCompanyId === a.companyId)!.id;
  const accB = rows.find((r) => r.sellerCompanyId === b.companyId)!.id;

  type Row = typeof creditLedger.$inferInsert;
  const ledger: Row[] = [];
  const payments: { row: Row; fen: number; when: Date; goods: string; seller: number }[] = [];
  const book = (accountId: number, state: { b: number; c: number }, by: { userId: number | null; name: string }) => ({
    recharge(fen: number, when: Date, note: string) {
      const repay = Math.min(state.c, fen);
      if (repay > 0) ledger.push({ accountId, kind: CreditMovement.REPAYMENT, creditDelta: toYuan(-repay), note, createdBy: by.userId, createdByName: by.name, createdAt: when });
      if (fen - repay > 0) ledger.push({ accountId, kind: CreditMovement.RECHARGE, balanceDelta: toYuan(fen - repay), note, createdBy: by.userId, createdByName: by.name, createdAt: new Date(when.getTime() + 1000) });
      state.c -= repay;
      state.b += fen - repay;
    },
    pay(fen: number, when: Date, days: number, goods: string, seller: number) {
      const fromBalance = Math.min(state.b, fen);
      const credit = fen - fromBalance;
      const row: Row = { accountId, kind: CreditMovement.ORDER_PAYMENT, balanceDelta: toYuan(-fromBalance), creditDelta: toYuan(credit), dueAt: credit > 0 ? new Date(when.getTime() + days * DAY) : null, note: goods, createdBy: buyer.userId, createdByName: '张立伟', createdAt: when };
      ledger.push(row);
      payments.push({ row, fen, when, goods, seller });
      state.b -= fromBalance;
      state.c += credit;
    },
    other(kind: number, balanceFen: number, creditFen: number, when: Date, note: string) {
      ledger.push({ accountId, kind, balanceDelta: toYuan(balanceFen), creditDelta: toYuan(creditFen), note, createdBy: by.userId, createdByName: by.name, createdAt: when });
      state.b += balanceFen;
      state.c += creditFen;
    },
  });

  const sa = { b: 0, c: 0 };
  const A = book(accA, sa, { userId: a.userId, name: '财务部' });
  A.recharge(3_000_000, at(360), '预付货款');
  for (let m = 11; m >= 0; m--) {
    const base = m * 30 + 20;
    const p1 = 1_850_000 + m * 37_500;
    const p2 = 960_000 + (m % 3) * 125_000;
    A.pay(p1, at(base), 30, '聚合氯化铝', a.companyId);
    A.pay(p2, at(base - 8), 30, '聚丙烯酰胺', a.companyId);
    // paid in full (with a little prepaid) until three months ago; since then only partly: that credit ages
    if (m >= 3) A.recharge(p1 + p2 + 200_000, at(base - 15), `第${12 - m}期货款转账`);
    else if (m === 2) A.recharge(800_000, at(base - 15), '部分回款');
    if (m === 5 && sa.b > 0) A.other(CreditMovement.REFUND, -Math.min(sa.b, 300_000), 0, at(base - 20), '退还多余预付款');
    if (m === 1 && sa.c >= 50_000) A.other(CreditMovement.ADJUSTMENT, 0, -50_000, at(base - 10), '运费补贴冲减欠款');
  }

  const sb = { b: 0, c: 0 };
  const B = book(accB, sb, { userId: b.userId, name: '设备财务' });
  B.pay(3_200_000, at(150), 15, '压滤机滤布', b.companyId);
  B.recharge(1_500_000, at(120), '部分还款');
  B.pay(1_280_000, at(95), 15, '加药泵备件', b.companyId);

  await linkOrders(db, insertPastOrders, { companyId: buyer.companyId, userId: buyer.userId }, payments, names, now);
  await db.insert(creditLedger).values(ledger);
  const sum = (accountId: number, before: Date) =>
    ledger.filter((r) => r.accountId === accountId && r.createdAt! < before).reduce((s, r) => ({ b: s.b + toFen(r.balanceDelta ?? 0), c: s.c + toFen(r.creditDelta ?? 0) }), { b: 0, c: 0 });
  const start = at(90);
  const end = at(60);
  const o = sum(accA, start);
  const c = sum(accA, end);
  await db.insert(creditStatements).values({ accountId: accA, periodStart: start, periodEnd: end, openingBalance: toYuan(o.b), openingCredit: toYuan(o.c), closingBalance: toYuan(c.b), closingCredit: toYuan(c.c), status: 1, createdBy: a.userId, confirmedAt: at(55), createdAt: at(58) });
  if (sa.b > 0) await db.insert(creditRequests).values({ accountId: accA, kind: CreditRequestKind.REFUND, amount: toYuan(Math.min(sa.b, 100_000)), remark: '年末结余退回', createdBy: buyer.userId, createdAt: at(2) });
}

/**
 * Each 订单支付 row of the demo ledger gets its order (decision 0134): a completed order of the purchaser with
 * the supplier, paid on credit at the row's time, for exactly the row's amount (ten units of the supplier's
 * product named like the goods, else its first product on sale, else a free line), with its payment record
 * and 订单日志 as a credit payment writes them; the row then names it (order id, note 订单 … 账期支付), so the
 * credit account page shows an order number that opens the order.
 */
async function linkOrders(
  db: Db,
  insertPastOrders: PastOrdersWriter,
  buyer: { companyId: number; userId: number },
  payments: { row: typeof creditLedger.$inferInsert; fen: number; when: Date; goods: string; seller: number }[],
  names: Map<number, string>,
  now: Date,
): Promise<void> {
  const sellers = [...new Set(payments.map((p) => p.seller))];
  const goods = await db
    .select({ id: products.id, companyId: products.companyId, name: products.name, unit: products.unit, skuId: sql<number | null>`(select min(s.id) from ${productSkus} s where s.product_id = ${products.id})` })
    .from(products)
    .where(and(inArray(products.companyId, sellers), eq(products.status, ProductStatus.ON_SALE)))
    .orderBy(asc(products.id));
  const shops = new Map((await db.select({ id: companies.id, shopName: companies.shopName }).from(companies).where(inArray(companies.id, sellers))).map((c) => [c.id, c.shopName]));
  const planned: PastOrder[] = [];
  const lines: PastLine[] = [];
  payments.forEach((p, i) => {
    const own = goods.filter((g) => g.companyId === p.seller);
    const g = own.find((x) => x.name.includes(p.goods)) ?? own[0];
    const orderNo = `C${p.seller}${String(Math.round((now.getTime() - p.when.getTime()) / DAY)).padStart(3, '0')}${String(i).padStart(2, '0')}`;
    const iso = (ms: number) => new Date(Math.min(p.when.getTime() + ms, now.getTime())).toISOString();
    planned.push({
      order_no: orderNo,
      seller_company_id: p.seller,
      seller_company_name: names.get(p.seller)!,
      shop_name: shops.get(p.seller) || names.get(p.seller)!,
      goods_amount: toYuan(p.fen),
      freight: '0.00',
      total_amount: toYuan(p.fen),
      created_at: iso(-3 * HOUR),
      confirmed_at: iso(-2 * HOUR),
      paid_at: iso(0),
      shipped_at: iso(DAY),
      completed_at: iso(4 * DAY),
    });
    // Ten units at a tenth of the amount: the demo's amounts are whole multiples of ten fen.
    lines.push({ order_no: orderNo, product_id: g?.id ?? null, sku_id: g?.skuId ?? null, product_name: g?.name ?? p.goods, unit: g?.unit ?? '件', quantity: 10, unit_price: toYuan(p.fen / 10), amount: toYuan(p.fen), sort: 0 });
  });
  const ids = await insertPastOrders(db, buyer, planned, lines, PaymentMethod.CREDIT);
  planned.forEach((o, i) => {
    const id = ids.get(o.order_no);
    if (id === undefined) return;
    payments[i]!.row.orderId = id;
    payments[i]!.row.note = `订单 ${o.order_no} 账期支付`;
  });
}
