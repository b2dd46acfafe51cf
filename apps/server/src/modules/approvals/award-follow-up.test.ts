import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PurchaseRequestStatus as P, TenderLotStatus } from '@aquamall/shared';
import { budgetEndpoints as b, purchaseRequestEndpoints as p, tenderEndpoints as te } from '@aquamall/shared/endpoints';
import { useTestApp } from '../../test/use-app.ts';
import { callEndpoint } from '../../test/http.ts';
import { budgetEntries, orders, purchaseRequests, tenderLots } from '../../db/schema/index.ts';
import {
  createApprovalRule,
  createHeadedDepartment,
  HOUR_LONG_TENDERS,
  insertEnquiry,
  insertOffer,
  makeAddress,
  makeApprovalCompany,
  makeSupplier,
  openedTenderWithBids,
} from '../../test/factories/index.ts';
import { periodKeysOf } from '../budgets/periods.ts';

// Hour-long tenders: the sealed-bid windows are lowered as demo mode allows (as tenders.test.ts does).
const t = useTestApp({ env: HOUR_LONG_TENDERS });
const { db, http } = t;
let seq = 0;

/** A purchaser with 采购部 (head: the manager; members: the buyer, the head) and a default address. */
async function company(name: string) {
  const co = await makeApprovalCompany(db(), `${name}${++seq}`);
  const dep = await createHeadedDepartment(t.app, co, '采购部');
  expect(dep.code).toBe(0);
  await makeAddress(db(), co.buyer.companyId, { isDefault: true });
  return { ...co, departmentId: dep.data.sysNo, n: seq };
}

const approve = (token: string, sysNo: number) => callEndpoint(t.app, token, p.purchaseRequestApprove, { sysNo, comment: '' });
const detail = (token: string, id: number) => callEndpoint(t.app, token, te.tenderDetail, { id });
const award = (token: string, body: { tenderId: number; lotId: number; bidId: number; createOrder?: boolean }) =>
  callEndpoint(t.app, token, te.tenderAward, { createOrder: false, ...body });

describe('the tender page reports an award waiting for approval from the server', () => {
  it('every read of the detail (a reload) names the purchase request until it is decided; a supplier never sees it', async () => {
    const co = await company('定标待审');
    expect((await createApprovalRule(t.app, co.buyer.token, { name: '大额定标', minAmount: 50_000 })).code).toBe(0);
    // ¥6,000 × 10 吨 = ¥60,000 ≥ ¥50,000.
    const { tenderId, lotId, bids } = await openedTenderWithBids(t.app, db(), co.buyer.token, `定标待审供应商${co.n}`, [6000, 6200, 6500]);
    const lotOf = async (token: string) => (await detail(token, tenderId)).data.lots.find((l) => l.id === lotId)!;
    expect((await lotOf(co.buyer.token)).purchaseRequest).toBeNull();

    const first = await award(co.buyer.token, { tenderId, lotId, bidId: bids[0]!.bidId });
    expect(first.message).toMatch(/^定标需审批，已提交采购申请 SQ/);
    const waiting = first.data.purchaseRequest!;
    // A fresh read (what the page does after a reload) reports it; the lot is still open.
    expect(await lotOf(co.buyer.token)).toMatchObject({ status: TenderLotStatus.OPEN, purchaseRequest: { id: waiting.id, requestNo: waiting.requestNo } });
    // The bidders learn nothing of the purchaser's approvals.
    expect((await lotOf(bids[0]!.supplier.admin.token)).purchaseRequest).toBeNull();

    // Rejected: nothing waits, the lot may be awarded again.
    expect((await callEndpoint(t.app, co.head.token, p.purchaseRequestReject, { sysNo: waiting.id, comment: '价格偏高' })).code).toBe(0);
    expect((await lotOf(co.buyer.token)).purchaseRequest).toBeNull();
    const second = (await award(co.buyer.token, { tenderId, lotId, bidId: bids[0]!.bidId })).data.purchaseRequest!;
    expect((await lotOf(co.buyer.token)).purchaseRequest).toEqual(second);

    // Approved: performed, and nothing is reported waiting any more.
    expect((await approve(co.head.token, second.id)).message).toBe('审批通过，已执行授标');
    expect(await lotOf(co.buyer.token)).toMatchObject({ status: TenderLotStatus.AWARDED, purchaseRequest: null });
  });
});

describe('awards approved beyond a budget place their orders beyond it, as an approved checkout does', () => {
  /** 采购部 has ¥1,000 this month; 超预算处理 转审批 through an inactive rule (the head) used only beyond budgets. */
  async function overBudgetCompany(name: string) {
    const co = await company(name);
    const budget = await callEndpoint(t.app, co.buyer.token, b.budgetCreate, { departmentId: co.departmentId, userId: null, periodKey: periodKeysOf(new Date())[0]!, amount: 1000, note: '' });
    expect(budget.code).toBe(0);
    const rule = await createApprovalRule(t.app, co.buyer.token, { name: '超预算审批', priority: 9, active: false });
    expect((await callEndpoint(t.app, co.buyer.token, b.budgetSettingsSave, { overMode: 1, ruleId: rule.data.sysNo })).code).toBe(0);
    const ledger = async () => {
      const rows = await db().select().from(budgetEntries).where(eq(budgetEntries.budgetId, budget.data.sysNo));
      return { sum: rows.reduce((s, r) => s + Number(r.amount), 0), notes: rows.filter((r) => r.orderId !== null).map((r) => r.note) };
    };
    return { ...co, ledger };
  }
  const requestRow = async (id: number) => (await db().select().from(purchaseRequests).where(eq(purchaseRequests.id, id)))[0]!;

  it('an RFQ award: the request is over budget; its approval places the order, consumed beyond the budget', async () => {
    const co = await overBudgetCompany('授标超预算');
    const e = await insertEnquiry(db(), co.buyer.companyId, { deadline: new Date(Date.now() - 60_000) });
    const [i1, i2] = e.itemIds as [number, number];
    const s = await makeSupplier(db(), `授标超预算供应商${co.n}`);
    const ref = { id: e.id, companyId: co.buyer.companyId, quantities: { [i1]: 10, [i2]: 2 } };
    // 10×80 + 2×150 + 200 freight = ¥1,300, beyond ¥1,000 (no active rule: only the budget routes it).
    const q = await insertOffer(db(), ref, { id: s.id, name: `授标超预算供应商${co.n}` }, [{ prices: { [i1]: 80, [i2]: 150 }, freight: 200 }]);
    const res = await http.post<{ orders: { id: number }[]; purchaseRequest?: { id: number } }>(co.buyer.token, '/api/enquiry/award', {
      enquiryId: e.id,
      lines: [
        { enquiryItemId: i1, quotationId: q.id },
        { enquiryItemId: i2, quotationId: q.id },
      ],
    });
    expect(res.code).toBe(0);
    const id = res.data.purchaseRequest!.id;
    expect(await requestRow(id)).toMatchObject({ overBudget: true, ruleName: '超预算审批' });
    expect((await co.ledger()).sum).toBe(1000);

    const ok = await approve(co.head.token, id);
    expect(ok).toMatchObject({ code: 0, message: '审批通过，已执行授标' });
    expect(ok.data.status).toBe(P.APPROVED);
    const [order] = await db().select().from(orders).where(eq(orders.enquiryId, e.id));
    expect(order!.totalAmount).toBe('1300.00');
    expect(await co.ledger()).toEqual({ sum: 1000 - 1300, notes: ['超预算经审批通过'] });
  });

  it('a tender award with its order: the request is over budget; its approval places the order beyond the budget', async () => {
    const co = await overBudgetCompany('定标超预算');
    // ¥150 × 10 吨 = ¥1,500 beyond ¥1,000.
    const { tenderId, lotId, bids } = await openedTenderWithBids(t.app, db(), co.buyer.token, `定标超预算供应商${co.n}`, [150, 160, 170]);
    const res = await award(co.buyer.token, { tenderId, lotId, bidId: bids[0]!.bidId, createOrder: true });
    expect(res.code).toBe(0);
    const id = res.data.purchaseRequest!.id;
    expect(await requestRow(id)).toMatchObject({ overBudget: true, totalAmount: '1500.00' });

    const ok = await approve(co.head.token, id);
    expect(ok).toMatchObject({ code: 0, message: '审批通过，已执行授标' });
    const [lot] = await db().select().from(tenderLots).where(eq(tenderLots.id, lotId));
    expect(lot).toMatchObject({ status: TenderLotStatus.AWARDED, winAmount: '1500.00' });
    const [order] = await db().select().from(orders).where(and(eq(orders.id, lot!.orderId!), eq(orders.buyerCompanyId, co.buyer.companyId)));
    expect(order).toMatchObject({ sellerCompanyId: bids[0]!.supplier.id, totalAmount: '1500.00' });
    expect(await co.ledger()).toEqual({ sum: 1000 - 1500, notes: ['超预算经审批通过'] });
    expect(await db().$count(budgetEntries, sql`${budgetEntries.orderId} = ${order!.id}`)).toBe(1);
  });
});
