import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Code, CreditAccountStatus, CreditMovement, OrderStatus, PaymentMethod, RmaStatus, RmaType, type CreditAccountDetail, type CreditAccountRow, type CreditLedgerRow, type CreditRequestRow, type Paged, type StatementDetail } from '@aquamall/shared';
import { PDFDocument } from 'pdf-lib';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { auditLogs, creditLedger, messages, orderPayments, orders } from '../../db/schema/index.ts';
import { advanceOrder, api, makeCompletedOrder, makeOnSaleProduct, makeOrder, makePurchaser, makeSupplier, uploadedFile } from '../../test/factories/index.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/credit/credit.test.ts');

const db = () => t.database.db;
const P = '/api/companyAccount';
type Buyer = Awaited<ReturnType<typeof makePurchaser>>;
type Seller = Awaited<ReturnType<typeof makeSupplier>>;

const detail = async (token: string, id: number) => (await http.get<CreditAccountDetail>(token, `${P}/detail?id=${id}`)).data;
const ledgerOf = async (id: number) => db().select().from(creditLedger).where(eq(creditLedger.accountId, id)).orderBy(creditLedger.id);

let seq = 0;
/** A supplier and a purchaser with an active account (limit, days) and, optionally, a starting balance. */
async function scene(opts: { limit?: number; days?: number; balance?: number } = {}) {
  const n = ++seq;
  const seller = await makeSupplier(db(), `账期供应商${n}`);
  const buyer = await makePurchaser(db(), `账期采购商${n}`);
  const applied = await http.post<{ id: number }>(buyer.token, `${P}/apply`, { sellerCompanyId: seller.id, remark: '长期合作' });
  expect(applied.code).toBe(0);
  const id = applied.data.id;
  expect((await http.post(seller.admin.token, `${P}/approve`, { id, creditLimit: opts.limit ?? 1000, paymentDays: opts.days ?? 30 })).code).toBe(0);
  if (opts.balance) expect((await http.post(seller.admin.token, `${P}/customerRecharge`, { accountId: id, amount: opts.balance })).code).toBe(0);
  return { seller, buyer, id };
}

/** An order of `amount` yuan (one line) from the buyer to the seller, taken to 待付款. */
async function orderToPay(buyer: Buyer, seller: Seller, amount: number) {
  const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: amount, stock: 1000 }] });
  const o = await makeOrder(db(), buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 1 }]);
  await advanceOrder(db(), o.id, { buyerUserId: buyer.id, sellerUserId: seller.admin.id }, OrderStatus.TO_PAY);
  return o;
}
const payCredit = (buyer: Buyer, orderId: number) => http.post(buyer.token, '/api/order/pay', { orderId, method: PaymentMethod.CREDIT });

describe('credit accounts: request and approval', () => {
  it('purchaser requests, supplier approves with limit and days; the supplier is told; no second request', async () => {
    const seller = await makeSupplier(db(), '审批供应商');
    const buyer = await makePurchaser(db(), '审批采购商');
    const options = await http.get<{ id: number }[]>(buyer.token, `${P}/suppliers?keyword=审批供应商`);
    expect(options.data.map((o) => o.id)).toEqual([seller.id]);
    const { data } = await http.post<{ id: number }>(buyer.token, `${P}/apply`, { sellerCompanyId: seller.id, remark: '月结' });
    expect((await detail(buyer.token, data.id)).status).toBe(CreditAccountStatus.PENDING);
    const [msg] = await db().select().from(messages).where(and(eq(messages.companyId, seller.id), eq(messages.type, 'credit')));
    expect(msg).toMatchObject({ title: '新的信用账户申请', linkPath: `/customer/companyAccount/editor?id=${data.id}` });
    expect(await http.post(buyer.token, `${P}/apply`, { sellerCompanyId: seller.id })).toMatchObject({ code: Code.CONFLICT, message: '已向该供应商提交申请，请等待审核' });
    const pending = await http.post<Paged<CreditAccountRow>>(seller.admin.token, `${P}/applyList`, { status: CreditAccountStatus.PENDING });
    expect(pending.data.list.map((a) => a.buyerCompanyName)).toEqual(['审批采购商']);
    expect(await http.post(seller.admin.token, `${P}/approve`, { id: data.id, creditLimit: -1, paymentDays: 30 })).toMatchObject({ code: Code.INVALID });
    expect(await http.post(seller.admin.token, `${P}/approve`, { id: data.id, creditLimit: 5000.5, paymentDays: 400 })).toMatchObject({ code: Code.INVALID, message: expect.stringContaining('账期天数最多365天') });
    expect((await http.post(seller.admin.token, `${P}/approve`, { id: data.id, creditLimit: 5000.5, paymentDays: 45 })).code).toBe(0);
    expect(await detail(buyer.token, data.id)).toMatchObject({ status: CreditAccountStatus.ACTIVE, creditLimit: '5000.50', paymentDays: 45, balance: '0.00', creditUsed: '0.00', available: '5000.50', viewer: 0 });
    expect(await http.post(seller.admin.token, `${P}/approve`, { id: data.id, creditLimit: 1, paymentDays: 1 })).toMatchObject({ code: Code.CONFLICT, message: '该申请已处理，不能重复审核' });
    expect(await http.post(buyer.token, `${P}/apply`, { sellerCompanyId: seller.id })).toMatchObject({ code: Code.CONFLICT, message: '您与该供应商已开通信用账户' });
    const mine = await http.post<Paged<CreditAccountRow>>(buyer.token, `${P}/list`, {});
    expect(mine.data.list.map((a) => a.sellerCompanyName)).toEqual(['审批供应商']);
  });

  it('a rejected request may be made again; a purchaser cannot ask a non-supplier', async () => {
    const seller = await makeSupplier(db(), '拒绝供应商');
    const buyer = await makePurchaser(db(), '拒绝采购商');
    const other = await makePurchaser(db(), '另一采购商');
    expect(await http.post(buyer.token, `${P}/apply`, { sellerCompanyId: other.companyId })).toMatchObject({ code: Code.INVALID, message: '请选择供应商' });
    const { data } = await http.post<{ id: number }>(buyer.token, `${P}/apply`, { sellerCompanyId: seller.id });
    expect(await http.post(seller.admin.token, `${P}/reject`, { id: data.id, reason: '' })).toMatchObject({ code: Code.INVALID });
    expect((await http.post(seller.admin.token, `${P}/reject`, { id: data.id, reason: '资质不足' })).code).toBe(0);
    expect(await detail(buyer.token, data.id)).toMatchObject({ status: CreditAccountStatus.REJECTED, rejectReason: '资质不足' });
    const again = await http.post<{ id: number }>(buyer.token, `${P}/apply`, { sellerCompanyId: seller.id, remark: '已补充资料' });
    expect(again.data.id).toBe(data.id);
    expect(await detail(buyer.token, data.id)).toMatchObject({ status: CreditAccountStatus.PENDING, rejectReason: null, requestRemark: '已补充资料' });
  });

  it('terms change is audited; freeze stops payments and refunds but not recharges; unfreeze', async () => {
    const { seller, buyer, id } = await scene({ balance: 200 });
    expect(await http.post(seller.admin.token, `${P}/terms`, { id, creditLimit: 2000, paymentDays: 60 })).toMatchObject({ code: Code.INVALID });
    expect((await http.post(seller.admin.token, `${P}/terms`, { id, creditLimit: 2000, paymentDays: 60, reason: '合作升级' })).code).toBe(0);
    const [log] = await db().select().from(auditLogs).where(and(eq(auditLogs.action, 'credit.terms'), eq(auditLogs.targetId, String(id))));
    expect(log).toMatchObject({ before: { creditLimit: '1000.00', paymentDays: 30 }, after: { creditLimit: '2000.00', paymentDays: 60, reason: '合作升级' } });

    expect((await http.post(seller.admin.token, `${P}/freeze`, { id, reason: '逾期未还' })).code).toBe(0);
    expect(await detail(buyer.token, id)).toMatchObject({ status: CreditAccountStatus.FROZEN, freezeReason: '逾期未还', available: '0.00' });
    const o = await orderToPay(buyer, seller, 50);
    expect(await payCredit(buyer, o.id)).toMatchObject({ code: Code.CONFLICT, message: '信用账户已冻结，不能账期支付（逾期未还）' });
    expect(await http.post(buyer.token, `${P}/refund`, { accountId: id, amount: 10 })).toMatchObject({ code: Code.CONFLICT, message: '信用账户当前状态为已冻结，不能申请退款' });
    const proof = await uploadedFile(t.app, buyer.token);
    expect((await http.post(buyer.token, `${P}/recharge`, { accountId: id, amount: 10, proofFiles: [proof] })).code).toBe(0);
    expect(await http.post(seller.admin.token, `${P}/freeze`, { id, reason: '再次' })).toMatchObject({ code: Code.CONFLICT });
    expect((await http.post(seller.admin.token, `${P}/unfreeze`, { id, reason: '已还款' })).code).toBe(0);
    // The order is paid now: the answer says so (not the transfer's 付款凭证已提交，等待供应商确认).
    expect(await payCredit(buyer, o.id)).toMatchObject({ code: 0, message: '已通过信用账户付款，等待供应商发货' });
    const [paid] = await db().select().from(orders).where(eq(orders.id, o.id));
    expect(paid!.status).toBe(OrderStatus.TO_SHIP);
  });
});

describe('credit accounts: recharges, refunds, adjustments', () => {
  it('recharge with own proof → supplier confirms (ledger row) or rejects; foreign proof refused; no double confirm', async () => {
    const { seller, buyer, id } = await scene();
    const stranger = await makePurchaser(db(), '凭证别家');
    const foreign = await uploadedFile(t.app, stranger.token);
    expect(await http.post(buyer.token, `${P}/recharge`, { accountId: id, amount: 100, proofFiles: [foreign] })).toMatchObject({ code: Code.INVALID, message: '转账凭证文件无效，请重新上传' });
    expect(await http.post(buyer.token, `${P}/recharge`, { accountId: id, amount: 100, proofFiles: [] })).toMatchObject({ code: Code.INVALID, message: expect.stringContaining('请上传转账凭证') });
    expect(await http.post(buyer.token, `${P}/recharge`, { accountId: id, amount: 1.234, proofFiles: [foreign] })).toMatchObject({ code: Code.INVALID, message: expect.stringContaining('最多两位小数') });
    const proof = await uploadedFile(t.app, buyer.token);
    const r1 = await http.post<{ id: number }>(buyer.token, `${P}/recharge`, { accountId: id, amount: 300, proofFiles: [proof], remark: '网银' });
    const r2 = await http.post<{ id: number }>(buyer.token, `${P}/recharge`, { accountId: id, amount: 50, proofFiles: [proof] });
    const list = await http.post<Paged<CreditRequestRow>>(seller.admin.token, `${P}/requestList`, { kind: 1, status: 0 });
    expect(list.data.list.map((r) => r.amount)).toEqual(['50.00', '300.00']);
    expect(list.data.list[1]).toMatchObject({ proofFiles: [proof.replace(/^\/?f\//, '')], bySupplier: false, remark: '网银' });
    expect(await ledgerOf(id)).toHaveLength(0);
    expect((await http.post(seller.admin.token, `${P}/requestConfirm`, { id: r1.data.id })).code).toBe(0);
    expect(await http.post(seller.admin.token, `${P}/requestConfirm`, { id: r1.data.id })).toMatchObject({ code: Code.CONFLICT, message: '该申请已处理，不能重复操作' });
    expect((await http.post(seller.admin.token, `${P}/requestReject`, { id: r2.data.id, reason: '未到账' })).code).toBe(0);
    expect(await ledgerOf(id)).toMatchObject([{ kind: CreditMovement.RECHARGE, balanceDelta: '300.00', creditDelta: '0.00', requestId: r1.data.id }]);
    expect(await detail(buyer.token, id)).toMatchObject({ balance: '300.00', available: '1300.00' });
    const mine = await http.post<Paged<CreditRequestRow>>(buyer.token, `${P}/requestList`, { kind: 1 });
    expect(mine.data.list.map((r) => [r.amount, r.status, r.rejectReason])).toEqual([['50.00', 2, '未到账'], ['300.00', 1, null]]);
  });

  it('a recharge first repays the credit used (还款 row), the rest raises the balance (充值 row)', async () => {
    const { seller, buyer, id } = await scene({ limit: 1000 });
    const o = await orderToPay(buyer, seller, 400);
    expect((await payCredit(buyer, o.id)).code).toBe(0);
    expect((await http.post(seller.admin.token, `${P}/customerRecharge`, { accountId: id, amount: 500, remark: '对公转账' })).code).toBe(0);
    const rows = await ledgerOf(id);
    expect(rows.slice(1).map((r) => [r.kind, r.balanceDelta, r.creditDelta])).toEqual([[CreditMovement.REPAYMENT, '0.00', '-400.00'], [CreditMovement.RECHARGE, '100.00', '0.00']]);
    expect(await detail(buyer.token, id)).toMatchObject({ balance: '100.00', creditUsed: '0.00', available: '1100.00' });
    const listed = await http.post<Paged<CreditRequestRow>>(buyer.token, `${P}/requestList`, { kind: 1 });
    expect(listed.data.list[0]).toMatchObject({ bySupplier: true, status: 1, amount: '500.00' });
  });

  it('refunds: at most balance less pending refunds; confirmed as a negative balance row; not above balance at confirmation', async () => {
    const { seller, buyer, id } = await scene({ balance: 100 });
    expect(await http.post(buyer.token, `${P}/refund`, { accountId: id, amount: 100.01 })).toMatchObject({ code: Code.CONFLICT, message: '退款金额不能超过可退余额 ¥100.00' });
    const r1 = await http.post<{ id: number }>(buyer.token, `${P}/refund`, { accountId: id, amount: 60 });
    expect(await http.post(buyer.token, `${P}/refund`, { accountId: id, amount: 41 })).toMatchObject({ code: Code.CONFLICT, message: '退款金额不能超过可退余额 ¥40.00' });
    expect((await http.post(seller.admin.token, `${P}/requestConfirm`, { id: r1.data.id })).code).toBe(0);
    expect((await ledgerOf(id)).at(-1)).toMatchObject({ kind: CreditMovement.REFUND, balanceDelta: '-60.00' });
    const r2 = await http.post<{ id: number }>(buyer.token, `${P}/refund`, { accountId: id, amount: 40 });
    expect((await http.post(seller.admin.token, `${P}/adjust`, { id, target: 1, amount: -10, reason: '手续费' })).code).toBe(0);
    expect(await http.post(seller.admin.token, `${P}/requestConfirm`, { id: r2.data.id })).toMatchObject({ code: Code.CONFLICT, message: '账户余额 ¥30.00 不足以退款 ¥40.00' });
    expect(await detail(buyer.token, id)).toMatchObject({ balance: '30.00' });
  });

  it('adjustments need a reason, are kind 5 rows and never take balance or credit used below zero', async () => {
    const { seller, buyer, id } = await scene({ balance: 20 });
    expect(await http.post(seller.admin.token, `${P}/adjust`, { id, target: 1, amount: 5 })).toMatchObject({ code: Code.INVALID });
    expect(await http.post(seller.admin.token, `${P}/adjust`, { id, target: 1, amount: 0, reason: 'x' })).toMatchObject({ code: Code.INVALID, message: expect.stringContaining('调整金额不能为0') });
    expect(await http.post(seller.admin.token, `${P}/adjust`, { id, target: 1, amount: -20.01, reason: '冲减' })).toMatchObject({ code: Code.CONFLICT, message: '调整后余额不能为负数（当前余额 ¥20.00）' });
    expect(await http.post(seller.admin.token, `${P}/adjust`, { id, target: 2, amount: -1, reason: '冲减' })).toMatchObject({ code: Code.CONFLICT });
    expect((await http.post(seller.admin.token, `${P}/adjust`, { id, target: 2, amount: 15, reason: '补记欠款' })).code).toBe(0);
    expect((await ledgerOf(id)).at(-1)).toMatchObject({ kind: CreditMovement.ADJUSTMENT, balanceDelta: '0.00', creditDelta: '15.00', note: '补记欠款' });
    expect(await detail(buyer.token, id)).toMatchObject({ balance: '20.00', creditUsed: '15.00', available: '1005.00' });
  });
});

describe('paying an order from the account (账期支付)', () => {
  it('balance first, then credit; due after the payment days; the order moves to 待发货 with a confirmed payment', async () => {
    const { seller, buyer, id } = await scene({ limit: 1000, days: 30, balance: 100 });
    const o = await orderToPay(buyer, seller, 250);
    const info = await http.get(buyer.token, `${P}/forOrder?orderId=${o.id}`);
    expect(info.data).toMatchObject({ accountId: id, balance: '100.00', available: '1100.00', paymentDays: 30 });
    const before = Date.now();
    expect(await payCredit(buyer, o.id)).toMatchObject({ code: 0 });
    const row = (await ledgerOf(id)).at(-1)!;
    expect(row).toMatchObject({ kind: CreditMovement.ORDER_PAYMENT, balanceDelta: '-100.00', creditDelta: '150.00', orderId: o.id });
    expect(row.dueAt!.getTime() - before).toBeGreaterThanOrEqual(30 * 86_400_000 - 1000);
    expect(row.dueAt!.getTime() - before).toBeLessThan(30 * 86_400_000 + 60_000);
    const [order] = await db().select().from(orders).where(eq(orders.id, o.id));
    expect(order).toMatchObject({ status: OrderStatus.TO_SHIP, paymentMethod: PaymentMethod.CREDIT, paidAmount: '250.00' });
    const pays = await db().select().from(orderPayments).where(eq(orderPayments.orderId, o.id));
    expect(pays).toMatchObject([{ method: PaymentMethod.CREDIT, status: 1, amount: '250.00' }]);
    expect(await payCredit(buyer, o.id)).toMatchObject({ code: Code.CONFLICT, message: '订单当前状态为待发货，不能付款' });
    expect(await detail(seller.admin.token, id)).toMatchObject({ balance: '0.00', creditUsed: '150.00', available: '850.00', overdue: '0.00', viewer: 1 });

    // a balance-only payment has no due date
    const { buyer: b2, seller: s2, id: id2 } = await scene({ balance: 500 });
    const o2 = await orderToPay(b2, s2, 80);
    expect((await payCredit(b2, o2.id)).code).toBe(0);
    expect((await ledgerOf(id2)).at(-1)).toMatchObject({ balanceDelta: '-80.00', creditDelta: '0.00', dueAt: null });
  });

  it('refuses with the shortfall, without an account, for another company’s order; the seller cannot pay', async () => {
    const { seller, buyer, id } = await scene({ limit: 100, balance: 20 });
    const o = await orderToPay(buyer, seller, 130.5);
    expect(await payCredit(buyer, o.id)).toMatchObject({ code: Code.CONFLICT, message: '可用额度不足，还差 ¥10.50' });
    expect(await ledgerOf(id)).toHaveLength(1);
    expect((await db().select().from(orders).where(eq(orders.id, o.id)))[0]!.status).toBe(OrderStatus.TO_PAY);
    const lone = await makeSupplier(db(), '未开户供应商');
    const o2 = await orderToPay(buyer, lone, 10);
    expect(await payCredit(buyer, o2.id)).toMatchObject({ code: Code.CONFLICT, message: '您与该供应商尚未开通信用账户，请使用银行转账' });
    expect((await http.get(buyer.token, `${P}/forOrder?orderId=${o2.id}`)).data).toBeNull();
    const stranger = await makePurchaser(db(), '付款别家');
    expect(await payCredit(stranger, o.id)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await http.get(stranger.token, `${P}/forOrder?orderId=${o.id}`)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await http.post(seller.admin.token, '/api/order/pay', { orderId: o.id, method: 2 })).toMatchObject({ code: Code.FORBIDDEN });
    expect(await http.post(buyer.token, '/api/order/pay', { orderId: o.id, method: 1 })).toMatchObject({ code: Code.INVALID, message: expect.stringContaining('请上传付款凭证') });
  });

  it('a supplier cancelling a paid-on-credit order gives balance and credit back', async () => {
    const { seller, buyer, id } = await scene({ limit: 500, balance: 100 });
    const o = await orderToPay(buyer, seller, 300);
    expect((await payCredit(buyer, o.id)).code).toBe(0);
    expect((await http.post(seller.admin.token, '/api/order/cancel', { orderId: o.id, reason: '缺货' })).code).toBe(0);
    expect((await ledgerOf(id)).at(-1)).toMatchObject({ kind: CreditMovement.ORDER_PAYMENT, balanceDelta: '100.00', creditDelta: '-200.00', orderId: o.id });
    expect(await detail(buyer.token, id)).toMatchObject({ balance: '100.00', creditUsed: '0.00', available: '600.00' });
  });

  it('overdue credit ages in buckets (FIFO repayments settle the oldest first)', async () => {
    const { seller, buyer, id } = await scene({ limit: 5000, days: 0 });
    const now = Date.now();
    const day = 86_400_000;
    const charge = (fen: number, daysAgo: number) => ({ accountId: id, kind: CreditMovement.ORDER_PAYMENT, creditDelta: (fen / 100).toFixed(2), dueAt: new Date(now - daysAgo * day), createdAt: new Date(now - (daysAgo + 30) * day) });
    await db().insert(creditLedger).values([charge(10000, 100), charge(20000, 45), charge(30000, 10), { ...charge(40000, -5) }]);
    await db().insert(creditLedger).values({ accountId: id, kind: CreditMovement.REPAYMENT, creditDelta: '-150.00', createdAt: new Date(now - day) });
    const d = await detail(seller.admin.token, id);
    expect(d).toMatchObject({ creditUsed: '850.00', overdue: '450.00' });
    expect(d.ageing).toEqual({ notDue: '400.00', d0to30: '300.00', d31to60: '150.00', d61to90: '0.00', d90plus: '0.00' });
    void buyer;
  });
});

describe('after-sales refund to the account', () => {
  it('repays the credit this order uses first, the rest goes to the balance (kind 4)', async () => {
    const { seller, buyer, id } = await scene({ limit: 1000, balance: 50 });
    const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 100, stock: 100 }] });
    const o = await makeOrder(db(), buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 2 }]);
    await advanceOrder(db(), o.id, { buyerUserId: buyer.id, sellerUserId: seller.admin.id }, OrderStatus.TO_PAY);
    expect((await payCredit(buyer, o.id)).code).toBe(0);
    await advanceOrder(db(), o.id, { buyerUserId: buyer.id, sellerUserId: seller.admin.id }, OrderStatus.COMPLETED);
    const [line] = await db().execute(sql`select id from order_lines where order_id = ${o.id}`).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const rma = await http.post<{ id: number }>(buyer.token, '/api/rma/apply', { orderId: o.id, type: RmaType.REFUND, reason: '质量问题', lines: [{ orderLineId: line!.id, quantity: 2 }], refundAmount: 200 });
    expect(rma.code).toBe(0);
    expect((await http.post(seller.admin.token, '/api/rma/approve', { id: rma.data.id })).code).toBe(0);
    expect((await http.post(seller.admin.token, '/api/rma/refund', { id: rma.data.id, method: 2, amount: 180, note: '质量扣款' })).code).toBe(0);
    expect((await ledgerOf(id)).at(-1)).toMatchObject({ kind: CreditMovement.RMA_REFUND, creditDelta: '-150.00', balanceDelta: '30.00', orderId: o.id, rmaId: rma.data.id });
    expect(await detail(buyer.token, id)).toMatchObject({ balance: '30.00', creditUsed: '0.00' });
    const r = await http.get(buyer.token, `/api/rma/detail?id=${rma.data.id}`);
    expect(r.data).toMatchObject({ status: RmaStatus.CLOSED, refundMethod: 2, refundedAmount: '180.00' });
    // without an account the credit method is refused and nothing changes
    const lone = await makeSupplier(db(), '无账户售后供应商');
    const o2 = await makeCompletedOrder(db(), buyer, lone, [{ skuId: (await makeOnSaleProduct(db(), lone)).skuIds[0]!, quantity: 1 }]);
    const [l2] = await db().execute(sql`select id from order_lines where order_id = ${o2.id}`).then((x) => (x as unknown as { rows: { id: number }[] }).rows);
    const rma2 = await http.post<{ id: number }>(buyer.token, '/api/rma/apply', { orderId: o2.id, type: RmaType.REFUND, reason: '质量问题', lines: [{ orderLineId: l2!.id, quantity: 1 }] });
    await http.post(lone.admin.token, '/api/rma/approve', { id: rma2.data.id });
    expect(await http.post(lone.admin.token, '/api/rma/refund', { id: rma2.data.id, method: 2, amount: 10 })).toMatchObject({ code: Code.CONFLICT, message: '采购商未开通信用账户，请线下转账后登记' });
  });
});

describe('statements', () => {
  it('issued by the supplier: opening, every movement, closing; Excel and PDF; the purchaser confirms or disputes', async () => {
    const { seller, buyer, id } = await scene({ limit: 1000 });
    const day = 86_400_000;
    const at = (d: number) => new Date(Date.now() - d * day);
    await db().insert(creditLedger).values([
      { accountId: id, kind: CreditMovement.RECHARGE, balanceDelta: '500.00', note: '期初充值', createdAt: at(40) },
      { accountId: id, kind: CreditMovement.ORDER_PAYMENT, balanceDelta: '-300.00', creditDelta: '0.00', note: '订单', createdAt: at(20) },
      { accountId: id, kind: CreditMovement.ORDER_PAYMENT, balanceDelta: '-200.00', creditDelta: '100.00', dueAt: at(-10), note: '订单2', createdAt: at(10) },
    ]);
    const ymd = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(await http.post(buyer.token, `${P}/statement/issue`, { accountId: id, from: ymd(at(30)), to: ymd(at(0)) })).toMatchObject({ code: Code.CONFLICT, message: '只有供应商可以执行此操作' });
    expect(await http.post(seller.admin.token, `${P}/statement/issue`, { accountId: id, from: ymd(at(0)), to: ymd(at(30)) })).toMatchObject({ code: Code.INVALID, message: expect.stringContaining('开始日期不能晚于结束日期') });
    const issued = await http.post<{ id: number }>(seller.admin.token, `${P}/statement/issue`, { accountId: id, from: ymd(at(30)), to: ymd(at(0)) });
    expect(issued.code).toBe(0);
    const s = await http.get<StatementDetail>(buyer.token, `${P}/statement/detail?id=${issued.data.id}`);
    expect(s.data).toMatchObject({ openingBalance: '500.00', openingCredit: '0.00', closingBalance: '0.00', closingCredit: '100.00', status: 0, viewer: 0 });
    expect(s.data.movements.map((m: CreditLedgerRow) => m.note)).toEqual(['订单', '订单2']);

    const xlsx = await t.app.inject({ method: 'GET', url: `${P}/statement/excel?id=${issued.data.id}`, headers: { 'x-token': buyer.token } });
    expect(xlsx.headers['content-disposition']).toContain(encodeURIComponent('对账单'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const cells = wb.getWorksheet('对账单')!.getSheetValues().flat().map(String);
    expect(cells).toEqual(expect.arrayContaining(['订单2', '共 2 笔变动']));

    const pdf = await t.app.inject({ method: 'GET', url: `${P}/statement/pdf?id=${issued.data.id}`, headers: { 'x-token': seller.admin.token } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf.rawPayload, { updateMetadata: false });
    expect(doc.getSubject()).toBe('对账单 共 2 笔变动');
    expect(doc.getKeywords()).toContain('movements:2');

    expect(await http.post(seller.admin.token, `${P}/statement/confirm`, { id: issued.data.id })).toMatchObject({ code: Code.CONFLICT, message: '只有采购商可以执行此操作' });
    expect(await http.post(buyer.token, `${P}/statement/dispute`, { id: issued.data.id, reason: '' })).toMatchObject({ code: Code.INVALID });
    expect((await http.post(buyer.token, `${P}/statement/dispute`, { id: issued.data.id, reason: '订单2金额不符' })).code).toBe(0);
    expect(await http.post(buyer.token, `${P}/statement/confirm`, { id: issued.data.id })).toMatchObject({ code: Code.CONFLICT, message: '该对账单已处理，不能重复操作' });
    const second = await http.post<{ id: number }>(seller.admin.token, `${P}/statement/issue`, { accountId: id, from: ymd(at(30)), to: ymd(at(0)) });
    expect((await http.post(buyer.token, `${P}/statement/confirm`, { id: second.data.id })).code).toBe(0);
    const list = await http.post<Paged<{ status: number; disputeReason: string | null }>>(seller.admin.token, `${P}/statement/list`, { accountId: id });
    expect(list.data.list.map((r) => [r.status, r.disputeReason])).toEqual([[1, null], [2, '订单2金额不符']]);
  });
});

describe('overlapping statements (decision 0185)', () => {
  it('a period overlapping a standing statement is refused naming it; the check answers the same; a disputed one does not stand', async () => {
    const { seller, buyer, id } = await scene();
    const issue = (from: string, to: string) => http.post<{ id: number }>(seller.admin.token, `${P}/statement/issue`, { accountId: id, from, to });
    const check = (from: string, to: string) => http.get<{ id: number; from: string; to: string; message: string } | null>(seller.admin.token, `${P}/statement/overlap?accountId=${id}&from=${from}&to=${to}`);
    expect((await check('2026-01-01', '2026-01-31')).data).toBeNull();
    const jan = await issue('2026-01-01', '2026-01-31');
    expect(jan.code).toBe(0);
    const message = `对账期间与已出具的对账单（编号${jan.data.id}，2026-01-01 至 2026-01-31）重叠，不能重复出具；请调整对账期间`;
    const count = async () => (await http.post<Paged<unknown>>(seller.admin.token, `${P}/statement/list`, { accountId: id })).data.total;
    for (const [from, to] of [['2026-01-31', '2026-02-28'], ['2025-12-01', '2026-01-01'], ['2026-01-10', '2026-01-12'], ['2025-12-01', '2026-03-01']]) {
      expect(await issue(from!, to!)).toMatchObject({ code: Code.CONFLICT, message });
      expect((await check(from!, to!)).data).toEqual({ id: jan.data.id, from: '2026-01-01', to: '2026-01-31', message });
    }
    expect(await count()).toBe(1);
    // Adjacent periods touch without overlapping.
    expect((await check('2026-02-01', '2026-02-28')).data).toBeNull();
    const feb = await issue('2026-02-01', '2026-02-28');
    expect(feb.code).toBe(0);
    expect((await issue('2025-12-01', '2025-12-31')).code).toBe(0);
    // A confirmed statement still stands; a disputed one does not (a corrected one is issued for its days).
    expect((await http.post(buyer.token, `${P}/statement/confirm`, { id: feb.data.id })).code).toBe(0);
    expect(await issue('2026-02-15', '2026-02-20')).toMatchObject({ code: Code.CONFLICT, message: expect.stringContaining(`编号${feb.data.id}，2026-02-01 至 2026-02-28`) });
    expect((await http.post(buyer.token, `${P}/statement/dispute`, { id: jan.data.id, reason: '金额不符' })).code).toBe(0);
    expect((await check('2026-01-01', '2026-01-31')).data).toBeNull();
    expect((await issue('2026-01-01', '2026-01-31')).code).toBe(0);
    // The check is the supplier's, with the issue form's validation.
    expect(await http.get(buyer.token, `${P}/statement/overlap?accountId=${id}&from=2026-01-01&to=2026-01-31`)).toMatchObject({ code: Code.CONFLICT, message: '只有供应商可以执行此操作' });
    expect(await http.get(seller.admin.token, `${P}/statement/overlap?accountId=${id}&from=2026-02-01&to=2026-01-01`)).toMatchObject({ code: Code.INVALID, message: expect.stringContaining('开始日期不能晚于结束日期') });
  });
});

describe('the ledger and the boundaries', () => {
  it('the database refuses UPDATE and DELETE of ledger rows', async () => {
    const { id } = await scene({ balance: 10 });
    const [row] = await ledgerOf(id);
    await expect(db().update(creditLedger).set({ balanceDelta: '99999.00' }).where(eq(creditLedger.id, row!.id))).rejects.toThrow();
    await expect(db().delete(creditLedger).where(eq(creditLedger.id, row!.id))).rejects.toThrow();
    expect((await ledgerOf(id))[0]).toMatchObject({ balanceDelta: '10.00' });
  });

  it('a third company sees and does nothing on every call', async () => {
    const { seller, buyer, id } = await scene({ balance: 100 });
    const proof = await uploadedFile(t.app, buyer.token);
    const req = await http.post<{ id: number }>(buyer.token, `${P}/recharge`, { accountId: id, amount: 5, proofFiles: [proof] });
    const st = await http.post<{ id: number }>(seller.admin.token, `${P}/statement/issue`, { accountId: id, from: '2020-01-01', to: '2020-01-31' });
    const otherSeller = await makeSupplier(db(), '第三方供应商');
    const otherBuyer = await makePurchaser(db(), '第三方采购商');
    crossCompanyCaller(otherSeller.admin.token);
    crossCompanyCaller(otherBuyer.token);
    const before = await ledgerOf(id);
    for (const x of [otherSeller.admin.token, otherBuyer.token]) {
      expect(await http.get(x, `${P}/detail?id=${id}`)).toMatchObject({ code: Code.NOT_FOUND });
      expect(await http.post(x, `${P}/ledger`, { accountId: id })).toMatchObject({ code: Code.NOT_FOUND });
      expect(await http.post(x, `${P}/ledgerExport`, { accountId: id })).toMatchObject({ code: Code.NOT_FOUND });
      expect((await http.post<Paged<unknown>>(x, `${P}/list`, {})).data.total).toBe(0);
      expect((await http.post<Paged<unknown>>(x, `${P}/applyList`, {})).data.total).toBe(0);
      expect((await http.post<Paged<unknown>>(x, `${P}/requestList`, { kind: 1 })).data.total).toBe(0);
      expect((await http.post<Paged<unknown>>(x, `${P}/statement/list`, {})).data.total).toBe(0);
      expect(await http.get(x, `${P}/statement/detail?id=${st.data.id}`)).toMatchObject({ code: Code.NOT_FOUND });
      expect(await http.get(x, `${P}/statement/overlap?accountId=${id}&from=2020-01-01&to=2020-01-31`)).toMatchObject({ code: x === otherSeller.admin.token ? Code.NOT_FOUND : Code.CONFLICT });
      expect(await http.get(x, `${P}/statement/pdf?id=${st.data.id}`)).toMatchObject({ code: Code.NOT_FOUND });
      expect(await http.get(x, `${P}/statement/excel?id=${st.data.id}`)).toMatchObject({ code: Code.NOT_FOUND });
      // The account list export, with the parties' ids smuggled in: the header row only.
      const res = await t.app.inject({
        method: 'POST',
        url: `${P}/export`,
        payload: { companyId: seller.id, sellerCompanyId: seller.id, buyerCompanyId: buyer.companyId },
        headers: { 'x-token': x },
      });
      expect(res.statusCode, res.body).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.getWorksheet('信用账户')!.rowCount).toBe(1);
    }
    const s = otherSeller.admin.token;
    for (const [url, body] of [
      ['approve', { id, creditLimit: 1, paymentDays: 1 }],
      ['reject', { id, reason: 'x' }],
      ['terms', { id, creditLimit: 1, paymentDays: 1, reason: 'x' }],
      ['freeze', { id, reason: 'x' }],
      ['unfreeze', { id, reason: 'x' }],
      ['adjust', { id, target: 1, amount: 1, reason: 'x' }],
      ['customerRecharge', { accountId: id, amount: 1 }],
      ['requestConfirm', { id: req.data.id }],
      ['requestReject', { id: req.data.id, reason: 'x' }],
      ['statement/issue', { accountId: id, from: '2020-01-01', to: '2020-01-02' }],
    ] as const)
      expect(await http.post(s, `${P}/${url}`, body)).toMatchObject({ code: Code.NOT_FOUND });
    const b = otherBuyer.token;
    const ownProof = await uploadedFile(t.app, b);
    for (const [url, body] of [
      ['recharge', { accountId: id, amount: 1, proofFiles: [ownProof] }],
      ['refund', { accountId: id, amount: 1 }],
      ['statement/confirm', { id: st.data.id }],
      ['statement/dispute', { id: st.data.id, reason: 'x' }],
    ] as const)
      expect(await http.post(b, `${P}/${url}`, body)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await ledgerOf(id)).toEqual(before);
    expect((await detail(buyer.token, id)).status).toBe(CreditAccountStatus.ACTIVE);
  });

  it('purchaser-only and supplier-only calls are refused for the other company type', async () => {
    const { seller, buyer, id } = await scene({ balance: 100 });
    const sellerProof = await uploadedFile(t.app, seller.admin.token);
    const buyerOnly = '只有采购商可以执行此操作';
    const sellerOnly = '只有供应商可以执行此操作';
    expect(await http.post(seller.admin.token, `${P}/apply`, { sellerCompanyId: seller.id })).toMatchObject({ code: Code.CONFLICT, message: buyerOnly });
    expect(await http.post(seller.admin.token, `${P}/recharge`, { accountId: id, amount: 1, proofFiles: [sellerProof] })).toMatchObject({ code: Code.CONFLICT, message: buyerOnly });
    expect(await http.post(seller.admin.token, `${P}/refund`, { accountId: id, amount: 1 })).toMatchObject({ code: Code.CONFLICT, message: buyerOnly });
    for (const [url, body] of [
      ['approve', { id, creditLimit: 1, paymentDays: 1 }],
      ['reject', { id, reason: 'x' }],
      ['terms', { id, creditLimit: 1, paymentDays: 1, reason: 'x' }],
      ['freeze', { id, reason: 'x' }],
      ['adjust', { id, target: 1, amount: 1, reason: 'x' }],
      ['customerRecharge', { accountId: id, amount: 1 }],
      ['requestConfirm', { id: 1 }],
      ['statement/issue', { accountId: id, from: '2020-01-01', to: '2020-01-02' }],
    ] as const)
      expect(await http.post(buyer.token, `${P}/${url}`, body)).toMatchObject({ code: Code.CONFLICT, message: sellerOnly });
    expect(await ledgerOf(id)).toHaveLength(1);
  });
});
