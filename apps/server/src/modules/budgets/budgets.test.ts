import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { BudgetEntryKind, Code, PurchaseRequestStatus as P } from '@aquamall/shared';
import {
  budgetEndpoints as b,
  cartEndpoints as c,
  orderEndpoints as o,
  purchaseRequestEndpoints as p,
} from '@aquamall/shared/endpoints';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callEndpoint } from '../../test/http.ts';
import { budgetEntries, cartLines, orders, purchaseRequests } from '../../db/schema/index.ts';
import { createApprovalRule, createHeadedDepartment, makeApprovalCompany, newIdempotencyKey } from '../../test/factories/index.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';
import { createOrders } from '../orders/create.ts';
import { releaseBudget } from './ledger.ts';
import { periodKeysOf } from './periods.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/budgets/budgets.test.ts');
const db = () => t.database.db;

type Co = Awaited<ReturnType<typeof makeApprovalCompany>>;
const [month, quarter, year] = periodKeysOf(new Date());

/** A company (price ¥1,000 a unit) with 生产部 (head: the manager; members: the buyer, the head). */
async function company(name: string): Promise<Co & { departmentId: number }> {
  const co = await makeApprovalCompany(db(), name, 1000);
  const dep = await createHeadedDepartment(t.app, co, '生产部');
  expect(dep.code).toBe(0);
  return { ...co, departmentId: dep.data.sysNo };
}

async function checkout(co: Co, quantity: number) {
  await db().delete(cartLines).where(eq(cartLines.userId, co.buyer.id));
  const line = await co.cartLine(quantity);
  return callEndpoint(
    t.app,
    co.buyer.token,
    c.checkoutSubmit,
    { source: { cartLineIds: [line], items: [] }, addressId: co.addressId, invoiceKind: 0, invoiceTitleId: null, remarks: [], shownTotal: quantity * co.price },
    { 'idempotency-key': newIdempotencyKey() },
  );
}

const allocate = (co: Co & { departmentId: number }, amount: number, periodKey = month!) =>
  callEndpoint(t.app, co.buyer.token, b.budgetCreate, { departmentId: co.departmentId, userId: null, periodKey, amount, note: '' });

const ledgerSum = async (budgetId: number) =>
  Number((await db().select({ s: sql<string>`coalesce(sum(${budgetEntries.amount}), 0)` }).from(budgetEntries).where(eq(budgetEntries.budgetId, budgetId)))[0]!.s);

const mine = async (co: Co) => (await callEndpoint(t.app, co.buyer.token, b.budgetMine)).data;

describe('budgets: allocation and the page', () => {
  it('allocates per department and period, validates, refuses a second budget for the same period', async () => {
    const co = await company('预算下达');
    const res = await allocate(co, 5000);
    expect(res).toMatchObject({ code: 0, message: '预算已下达' });
    const both = await callEndpoint(t.app, co.buyer.token, b.budgetCreate, { departmentId: co.departmentId, userId: co.buyer.id, periodKey: month!, amount: 1, note: '' });
    expect(both.message).toBe('请选择预算所属的部门或人员（二选一）');
    const badPeriod = await callEndpoint(t.app, co.buyer.token, b.budgetCreate, { departmentId: co.departmentId, userId: null, periodKey: '2026-13', amount: 1, note: '' });
    expect(badPeriod.message).toBe('预算期间格式不正确');
    const zero = await callEndpoint(t.app, co.buyer.token, b.budgetCreate, { departmentId: co.departmentId, userId: null, periodKey: year!, amount: 0, note: '' });
    expect(zero.message).toBe('预算金额必须大于0');
    expect(await allocate(co, 1)).toMatchObject({ code: Code.CONFLICT, message: '该部门或人员在此期间已有预算，请调整原预算' });
    expect((await allocate(co, 20000, quarter)).code).toBe(0);
    const list = await callEndpoint(t.app, co.buyer.token, b.budgetList, { pageIndex: 1, pageSize: 1 });
    expect(list.data.total).toBe(2);
    expect(list.data.list).toHaveLength(1);
    const row = (await callEndpoint(t.app, co.buyer.token, b.budgetList, { pageIndex: 1, pageSize: 10, periodKey: month })).data.list[0]!;
    expect(row).toMatchObject({ targetName: '部门：生产部', allocated: '5000.00', used: '0.00', remaining: '5000.00', current: true });
    // Lowering stops at what remains.
    const tooMuch = await callEndpoint(t.app, co.buyer.token, b.budgetAdjust, { sysNo: row.sysNo, direction: 'decrease', amount: 5000.01, note: '压缩' });
    expect(tooMuch.message).toBe('调减金额不能超过剩余预算 ¥5,000.00');
    expect((await callEndpoint(t.app, co.buyer.token, b.budgetAdjust, { sysNo: row.sysNo, direction: 'decrease', amount: 1000, note: '压缩' })).code).toBe(0);
    expect(await ledgerSum(row.sysNo)).toBe(4000);
    const entries = await callEndpoint(t.app, co.buyer.token, b.budgetEntries, { sysNo: row.sysNo, pageIndex: 1, pageSize: 10 });
    expect(entries.data.list.map((e) => [e.kindText, e.amount])).toEqual([['预算调整', '-1000.00'], ['下达预算', '5000.00']]);
    // An ordinary buyer without 审批设置 cannot manage budgets, but sees the budgets their orders draw on.
    expect((await callEndpoint(t.app, co.head.token, b.budgetList, { pageIndex: 1, pageSize: 10 })).code).toBe(Code.FORBIDDEN);
    const my = (await callEndpoint(t.app, co.head.token, b.budgetMine)).data;
    expect(my.list.map((x) => [x.periodName.length > 0, x.remaining])).toEqual([[true, '4000.00'], [true, '20000.00']]);
  });
});

describe('budgets: orders consume, cancellations and refunds release', () => {
  it('an order within the budget consumes it; beyond it is refused with the remaining amount and changes nothing', async () => {
    const co = await company('预算占用');
    const id = (await allocate(co, 5000)).data.sysNo;
    const first = await checkout(co, 3);
    expect(first.code).toBe(0);
    expect(first.data.orders).toHaveLength(1);
    expect(await ledgerSum(id)).toBe(2000);
    const entries = await db().select().from(budgetEntries).where(and(eq(budgetEntries.budgetId, id), eq(budgetEntries.kind, BudgetEntryKind.CONSUME)));
    expect(entries.map((e) => [e.orderId, e.amount])).toEqual([[first.data.orders[0]!.id, '-3000.00']]);
    expect((await mine(co)).list[0]).toMatchObject({ allocated: '5000.00', used: '3000.00', remaining: '2000.00' });

    const over = await checkout(co, 3);
    expect(over).toMatchObject({ code: Code.CONFLICT, message: `超出预算：部门：生产部 ${Number(month!.slice(0, 4))}年${Number(month!.slice(5))}月预算剩余 ¥2,000.00，本次采购 ¥3,000.00，无法提交` });
    expect(await ledgerSum(id)).toBe(2000);
    expect(await db().$count(orders, eq(orders.buyerCompanyId, co.buyer.companyId))).toBe(1);

    // Exactly the remaining amount is allowed.
    expect((await checkout(co, 2)).code).toBe(0);
    expect(await ledgerSum(id)).toBe(0);

    // Cancelling the first order gives its ¥3,000 back.
    const cancel = await callEndpoint(t.app, co.buyer.token, o.orderCancel, { orderId: first.data.orders[0]!.id, reason: '不要了' });
    expect(cancel.code).toBe(0);
    expect(await ledgerSum(id)).toBe(3000);
    const release = await db().select().from(budgetEntries).where(and(eq(budgetEntries.budgetId, id), eq(budgetEntries.kind, BudgetEntryKind.RELEASE_CANCEL)));
    expect(release.map((e) => [e.orderId, e.amount, e.orderNo])).toEqual([[first.data.orders[0]!.id, '3000.00', expect.stringMatching(/\S/)]]);
  });

  it('a refund releases its amount, never more than the order still consumes; the user budget and the department budget both apply', async () => {
    const co = await company('预算退款');
    const dep = (await allocate(co, 10000)).data.sysNo;
    const own = (await callEndpoint(t.app, co.buyer.token, b.budgetCreate, { departmentId: null, userId: co.buyer.id, periodKey: year!, amount: 4500, note: '' })).data.sysNo;
    // The user's yearly budget is the tighter one.
    const over = await checkout(co, 5);
    expect(over.message).toMatch(/^超出预算：人员：.+ \d{4}年度预算剩余 ¥4,500\.00，本次采购 ¥5,000\.00，无法提交$/);
    const ok = await checkout(co, 4);
    expect(ok.code).toBe(0);
    expect([await ledgerSum(dep), await ledgerSum(own)]).toEqual([6000, 500]);
    const orderId = ok.data.orders[0]!.id;
    await db().transaction((tx) => releaseBudget(tx, { id: orderId }, { userId: null, userName: '供应商' }, { kind: 'refund', fen: 150_000, rmaId: 1 }));
    expect([await ledgerSum(dep), await ledgerSum(own)]).toEqual([7500, 2000]);
    await db().transaction((tx) => releaseBudget(tx, { id: orderId }, { userId: null, userName: '供应商' }, { kind: 'refund', fen: 999_999_00, rmaId: 2 }));
    expect([await ledgerSum(dep), await ledgerSum(own)]).toEqual([10000, 4500]);
    // Nothing left to release: a cancellation afterwards writes nothing.
    const before = await db().$count(budgetEntries, eq(budgetEntries.orderId, orderId));
    await db().transaction((tx) => releaseBudget(tx, { id: orderId }, { userId: null, userName: '系统' }, { kind: 'cancel' }));
    expect(await db().$count(budgetEntries, eq(budgetEntries.orderId, orderId))).toBe(before);
  });
});

describe('budgets: China periods', () => {
  it('an order at 00:30 on 1 January in China time draws on the new month, quarter and year, not December', async () => {
    expect(periodKeysOf(new Date('2026-12-31T16:30:00Z'))).toEqual(['2027-01', '2027-Q1', '2027']);
    expect(periodKeysOf(new Date('2026-12-31T15:59:59Z'))).toEqual(['2026-12', '2026-Q4', '2026']);
    expect(periodKeysOf(new Date('2026-06-30T16:00:00Z'))).toEqual(['2026-07', '2026-Q3', '2026']);
    const co = await company('预算期间');
    const dec = (await allocate(co, 100, '2026-12')).data.sysNo;
    const jan = (await allocate(co, 5000, '2027-01')).data.sysNo;
    const place = (at: string) =>
      db().transaction((tx) =>
        createOrders(
          tx,
          [
            {
              buyer: { companyId: co.buyer.companyId, userId: co.buyer.id, userName: '采购员' },
              sellerCompanyId: co.supplier.id,
              lines: [{ productName: '絮凝剂', unit: '吨', quantity: 1, unitPrice: 1000 }],
              address: { receiver: '王', phone: '13800000000', provinceCode: 110000, cityCode: 110100, districtCode: 110101, areaName: '北京', detail: '1号' },
              invoice: { kind: 0, title: '', taxNo: '', regAddress: '', regPhone: '', bankName: '', bankAccount: '' },
            },
          ],
          t.app.config.orderRules,
          new Date(at),
        ),
      );
    // 23:59:59 on 31 December: December's ¥100 budget refuses ¥1,000.
    await expect(place('2026-12-31T15:59:59Z')).rejects.toThrow(/^超出预算：部门：生产部 2026年12月预算剩余 ¥100\.00/);
    await place('2026-12-31T16:00:00Z');
    expect([await ledgerSum(dec), await ledgerSum(jan)]).toEqual([100, 4000]);
  });
});

describe('budgets: over-budget routed for approval', () => {
  it('with 转审批, an order beyond the budget becomes a purchase request; approval places it beyond the budget, rejection consumes nothing', async () => {
    const co = await company('预算审批');
    const id = (await allocate(co, 2000)).data.sysNo;
    const rule = await createApprovalRule(t.app, co.buyer.token, { name: '超预算审批', priority: 9, active: false });
    const missing = await callEndpoint(t.app, co.buyer.token, b.budgetSettingsSave, { overMode: 1, ruleId: null });
    expect(missing.message).toBe('转审批时请选择审批规则');
    expect((await callEndpoint(t.app, co.buyer.token, b.budgetSettingsSave, { overMode: 1, ruleId: rule.data.sysNo })).code).toBe(0);
    expect((await callEndpoint(t.app, co.buyer.token, b.budgetSettings)).data).toEqual({ overMode: 1, ruleId: rule.data.sysNo });

    // Within the budget: no request (the rule is inactive, used only beyond budgets).
    expect((await checkout(co, 1)).data.orders).toHaveLength(1);
    const res = await checkout(co, 3);
    expect(res.code).toBe(0);
    const reqId = res.data.purchaseRequest!.id;
    const [req] = await db().select().from(purchaseRequests).where(eq(purchaseRequests.id, reqId));
    expect(req).toMatchObject({ overBudget: true, ruleName: '超预算审批' });
    expect(await ledgerSum(id)).toBe(1000);
    const ok = await callEndpoint(t.app, co.head.token, p.purchaseRequestApprove, { sysNo: reqId, comment: '同意超支' });
    expect(ok.data.status).toBe(P.APPROVED);
    expect(await ledgerSum(id)).toBe(-2000);
    const consume = await db().select().from(budgetEntries).where(and(eq(budgetEntries.budgetId, id), eq(budgetEntries.orderId, ok.data.orderIds[0]!)));
    expect(consume.map((e) => e.note)).toEqual(['超预算经审批通过']);

    // Rejected: nothing consumed, nothing ordered.
    const again = await checkout(co, 1);
    const rejected = again.data.purchaseRequest!.id;
    expect((await callEndpoint(t.app, co.head.token, p.purchaseRequestReject, { sysNo: rejected, comment: '超支' })).code).toBe(0);
    expect(await ledgerSum(id)).toBe(-2000);
    expect(await db().$count(orders, eq(orders.buyerCompanyId, co.buyer.companyId))).toBe(2);

    // Back to 拒绝下单: refused outright.
    expect((await callEndpoint(t.app, co.buyer.token, b.budgetSettingsSave, { overMode: 0, ruleId: null })).code).toBe(0);
    expect((await checkout(co, 1)).message).toMatch(/^超出预算：.*剩余 -¥2,000\.00，本次采购 ¥1,000\.00，无法提交$/);
  });
});

describe('budgets: isolation', () => {
  it("another company's administrator neither sees nor changes a budget", async () => {
    const ours = await company('预算隔离甲');
    const theirs = await company('预算隔离乙');
    const id = (await allocate(ours, 1000)).data.sysNo;
    const x = crossCompanyCaller(theirs.buyer.token);
    expect((await callEndpoint(t.app, x, b.budgetAdjust, { sysNo: id, direction: 'increase', amount: 1, note: '偷改' })).message).toBe('预算不存在');
    expect((await callEndpoint(t.app, x, b.budgetEntries, { sysNo: id, pageIndex: 1, pageSize: 10 })).message).toBe('预算不存在');
    const theirRule = await createApprovalRule(t.app, ours.buyer.token, { name: '甲的规则', priority: 0, active: false });
    expect((await callEndpoint(t.app, x, b.budgetSettingsSave, { overMode: 1, ruleId: theirRule.data.sysNo })).message).toBe('所选审批规则不存在');
    expect((await callEndpoint(t.app, x, b.budgetCreate, { departmentId: ours.departmentId, userId: null, periodKey: month!, amount: 1, note: '' })).message).toBe('所选部门或人员不存在');
    expect((await callEndpoint(t.app, x, b.budgetList, { pageIndex: 1, pageSize: 10 })).data.total).toBe(0);
    expect(await ledgerSum(id)).toBe(1000);
  });
});
