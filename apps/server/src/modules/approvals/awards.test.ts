import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AgreementStatus, chinaDay, EnquiryStatus, PurchaseRequestKind, PurchaseRequestStatus as P, QuotationStatus, TenderLotStatus, type TenderDetail } from '@aquamall/shared';
import { purchaseRequestEndpoints as p } from '@aquamall/shared/endpoints';
import { testDbKind } from '../../test/app.ts';
import { useTestApp } from '../../test/use-app.ts';
import { callEndpoint } from '../../test/http.ts';
import { agreementLines, agreements, documentHistory, enquiries, enquiryItems, orders, purchaseRequests, quotations, tenderLots } from '../../db/schema/index.ts';
import { agreementEndpoints as ag } from '@aquamall/shared/endpoints';
import {
  createApprovalRule,
  createHeadedDepartment,
  giveRole,
  HOUR_LONG_TENDERS,
  insertEnquiry,
  insertOffer,
  insertUser,
  makeAddress,
  makeApprovalCompany,
  makeSupplier,
  publishTender,
  signIn,
} from '../../test/factories/index.ts';
import { runDueJobs } from '../jobs/runner.ts';
import { addHours } from '../jobs/schedule.ts';

// Hour-long tenders: the sealed-bid windows are lowered as demo mode allows (as tenders.test.ts does).
const t = useTestApp({ env: HOUR_LONG_TENDERS });
const { db, http } = t;

type Co = Awaited<ReturnType<typeof makeApprovalCompany>>;
let seq = 0;

/** A purchaser whose awards ≥ ¥50,000 need the department head, then any one finance manager (two of them). */
async function company() {
  const n = ++seq;
  const co: Co = await makeApprovalCompany(db(), `授标${n}`);
  const finance2 = await signIn(db(), await insertUser(db(), { companyId: co.buyer.companyId, realName: `授标${n}财务二` }));
  await giveRole(db(), finance2.id, co.financeRoleId);
  expect((await createHeadedDepartment(t.app, co, '采购部')).code).toBe(0);
  const rule = await createApprovalRule(t.app, co.buyer.token, {
    name: '大额授标',
    minAmount: 50_000,
    steps: [{ kind: 'head' }, { kind: 'role', roleId: co.financeRoleId }],
  });
  expect(rule.code).toBe(0);
  return { ...co, finance2, n };
}

/** An enquiry of two lines (10 吨, 2 吨) with two suppliers' offers: 甲 10×3000 + 2×15000 + 500 freight = ¥60,500. */
async function enquiryScene(co: Awaited<ReturnType<typeof company>>) {
  const e = await insertEnquiry(db(), co.buyer.companyId, { deadline: new Date(Date.now() - 60_000) });
  const [i1, i2] = e.itemIds as [number, number];
  const ref = { id: e.id, companyId: co.buyer.companyId, quantities: { [i1]: 10, [i2]: 2 } };
  const s1 = await makeSupplier(db(), `授标供应商甲${co.n}`);
  const s2 = await makeSupplier(db(), `授标供应商乙${co.n}`);
  const q1 = await insertOffer(db(), ref, { id: s1.id, name: `授标供应商甲${co.n}` }, [{ prices: { [i1]: 3000, [i2]: 15000 }, freight: 500 }]);
  const q2 = await insertOffer(db(), ref, { id: s2.id, name: `授标供应商乙${co.n}` }, [{ prices: { [i1]: 2900, [i2]: 16000 }, freight: 0 }]);
  return { e, i1, i2, q1, q2, s1, s2 };
}

const approve = (token: string, sysNo: number, comment = '') => callEndpoint(t.app, token, p.purchaseRequestApprove, { sysNo, comment });
const request = async (id: number) => (await db().select().from(purchaseRequests).where(eq(purchaseRequests.id, id)))[0]!;
const enquiry = async (id: number) => (await db().select().from(enquiries).where(eq(enquiries.id, id)))[0]!;
const ordersOfEnquiry = (id: number) => db().select().from(orders).where(eq(orders.enquiryId, id));
const award = (token: string, body: object) =>
  http.post<{ orders: { id: number }[]; purchaseRequest?: { id: number; requestNo: string } }>(token, '/api/enquiry/award', body);

describe('RFQ awards through approvals', () => {
  it('a split award ≥ ¥50,000 waits as a purchase request; head then finance approve; it is performed exactly as submitted', async () => {
    const co = await company();
    const { e, i1, i2, q1, q2 } = await enquiryScene(co);
    const lines = [
      { enquiryItemId: i1, quotationId: q2.id },
      { enquiryItemId: i2, quotationId: q1.id },
    ];
    // 10×2900 + 2×15000 + 500 freight = ¥59,500.
    const res = await award(co.buyer.token, { enquiryId: e.id, lines, remark: '分项授标' });
    expect(res.code).toBe(0);
    expect(res.data.orders).toEqual([]);
    const id = res.data.purchaseRequest!.id;
    const waiting = await request(id);
    expect(waiting).toMatchObject({ kind: PurchaseRequestKind.ENQUIRY_AWARD, status: P.PENDING, totalAmount: '59500.00', ruleName: '大额授标' });
    expect(waiting.award).toMatchObject({ kind: 'enquiry', enquiryId: e.id, lines, subject: `询价单 ${e.code} 授标` });
    // Nothing else changed: no order, the enquiry not 已成交, the quotations undecided.
    expect(await ordersOfEnquiry(e.id)).toHaveLength(0);
    expect((await enquiry(e.id)).awardedAt).toBeNull();
    expect((await db().select().from(quotations).where(eq(quotations.enquiryId, e.id))).map((q) => q.status)).not.toContain(QuotationStatus.WON);
    // Locked: a second award of the enquiry is refused while the request waits.
    const again = await award(co.buyer.token, { enquiryId: e.id, lines: [{ enquiryItemId: i1, quotationId: q1.id }] });
    expect(again.message).toBe(`该授标已提交采购申请 ${waiting.requestNo}，正在审批中，不能重复授标`);

    // The head's to-do names it as an award; the lines are the quoted ones.
    const todo = await callEndpoint(t.app, co.head.token, p.purchaseRequestList, { pageIndex: 1, pageSize: 10, scope: 'todo' });
    expect(todo.data.list[0]).toMatchObject({ sysNo: id, kind: 1, subject: `询价单 ${e.code} 授标`, totalAmount: '59500.00' });
    const shown = await callEndpoint(t.app, co.head.token, p.purchaseRequestDetail, { sysNo: id });
    expect(shown.data.lines.map((l) => [l.productName, l.quantity, l.unitPrice, l.shopName])).toEqual([
      ['聚合氯化铝', 10, '2900.00', `授标供应商乙${co.n}`],
      ['聚丙烯酰胺', 2, '15000.00', `授标供应商甲${co.n}`],
    ]);
    expect((await approve(co.finance.token, id)).message).toBe('当前审批步骤不需要您审批');
    expect((await approve(co.head.token, id, '同意')).message).toBe('审批通过，已转下一步审批');
    expect(await ordersOfEnquiry(e.id)).toHaveLength(0);
    const last = await approve(co.finance2.token, id, '财务同意');
    expect(last).toMatchObject({ code: 0, message: '审批通过，已执行授标' });

    const placed = await ordersOfEnquiry(e.id);
    expect(placed).toHaveLength(2);
    expect(placed.map((o) => o.buyerUserId)).toEqual([co.buyer.id, co.buyer.id]);
    expect(placed.reduce((s, o) => s + Number(o.totalAmount), 0)).toBe(59_500);
    expect(await request(id)).toMatchObject({ status: P.APPROVED, orderIds: expect.arrayContaining(placed.map((o) => o.id)) });
    expect((await enquiry(e.id)).status).toBe(EnquiryStatus.DEAL);
    const items = await db().select().from(enquiryItems).where(eq(enquiryItems.enquiryId, e.id));
    expect(Object.fromEntries(items.map((i) => [i.id, i.awardedQuotationId]))).toEqual({ [i1]: q2.id, [i2]: q1.id });
    // Audited: submission, each step, the award performed.
    const history = await db()
      .select()
      .from(documentHistory)
      .where(and(eq(documentHistory.docType, 'purchase_request'), eq(documentHistory.docId, id)))
      .orderBy(documentHistory.id);
    expect(history.map((h) => h.note)).toEqual([
      `询价单 ${e.code} 授标；适用审批规则「大额授标」`,
      '第1步（部门负责人）通过：同意',
      '第2步（角色：财务）通过：财务同意；已执行授标并下单',
    ]);
  });

  it('below the threshold the award goes on at once; a withdrawn quotation returns the request; a rejection leaves the enquiry open', async () => {
    const co = await company();
    const small = await enquiryScene(co);
    // 10×2900 only = ¥29,000: no rule matches.
    const direct = await award(co.buyer.token, { enquiryId: small.e.id, lines: [{ enquiryItemId: small.i1, quotationId: small.q2.id }] });
    expect(direct.data.purchaseRequest).toBeUndefined();
    expect(direct.data.orders).toHaveLength(1);

    const { e, i1, i2, q1 } = await enquiryScene(co);
    const whole = [
      { enquiryItemId: i1, quotationId: q1.id },
      { enquiryItemId: i2, quotationId: q1.id },
    ];
    const res = await award(co.buyer.token, { enquiryId: e.id, lines: whole });
    const id = res.data.purchaseRequest!.id;
    expect((await request(id)).totalAmount).toBe('60500.00');
    await approve(co.head.token, id);
    // The supplier withdraws its quotation meanwhile: the last approval cannot perform the award.
    await db().update(quotations).set({ status: QuotationStatus.WITHDRAWN }).where(eq(quotations.id, q1.id));
    const last = await approve(co.finance.token, id);
    expect(last).toMatchObject({ code: 0, message: '审批已通过，但未能执行授标，申请已退回申请人' });
    const returned = await request(id);
    expect(returned.status).toBe(P.RETURNED);
    expect(returned.reason).toContain('的报价已撤回，不能授标');
    expect(returned.reason).toContain('请重新授标');
    expect(await ordersOfEnquiry(e.id)).toHaveLength(0);
    expect((await enquiry(e.id)).awardedAt).toBeNull();

    // A revised quotation changes the amount: returned with both amounts.
    await db().update(quotations).set({ status: QuotationStatus.QUOTED }).where(eq(quotations.id, q1.id));
    const again = await award(co.buyer.token, { enquiryId: e.id, lines: whole });
    const id2 = again.data.purchaseRequest!.id;
    await db().update(quotations).set({ freight: '800.00' }).where(eq(quotations.id, q1.id));
    await approve(co.head.token, id2);
    await approve(co.finance.token, id2);
    expect((await request(id2)).reason).toBe('报价已变更：审批时授标金额¥60,500.00，现为¥60,800.00，请重新授标');

    // Rejected: nothing was reserved, the enquiry can be awarded again.
    const third = await award(co.buyer.token, { enquiryId: e.id, lines: whole });
    const id3 = third.data.purchaseRequest!.id;
    expect((await callEndpoint(t.app, co.head.token, p.purchaseRequestReject, { sysNo: id3, comment: '价格偏高' })).code).toBe(0);
    expect(await request(id3)).toMatchObject({ status: P.REJECTED, reason: '价格偏高' });
    const fourth = await award(co.buyer.token, { enquiryId: e.id, lines: whole });
    expect(fourth.data.purchaseRequest).toBeDefined();
  });

  it.runIf(testDbKind === 'pg')('two finance managers approving the last step at once perform the award once (PostgreSQL)', async () => {
    const co = await company();
    const { e, i1, i2, q1 } = await enquiryScene(co);
    const res = await award(co.buyer.token, {
      enquiryId: e.id,
      lines: [
        { enquiryItemId: i1, quotationId: q1.id },
        { enquiryItemId: i2, quotationId: q1.id },
      ],
    });
    const id = res.data.purchaseRequest!.id;
    await approve(co.head.token, id);
    const answers = await Promise.all([approve(co.finance.token, id), approve(co.finance2.token, id), approve(co.finance.token, id)]);
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0).map((a) => a.message)).toEqual(['该采购申请已处理，不能重复操作', '该采购申请已处理，不能重复操作']);
    expect(await ordersOfEnquiry(e.id)).toHaveLength(1);
    expect((await request(id)).status).toBe(P.APPROVED);
  });
});

describe('生成框架协议 from an RFQ award', () => {
  it('after approval: one agreement per awarded supplier at the quoted prices, 待供应商确认; the supplier confirms it', async () => {
    const co = await company();
    const { e, i1, i2, q1, q2, s1, s2 } = await enquiryScene(co);
    const today = chinaDay(new Date());
    const period = { validFrom: today, validTo: `${Number(today.slice(0, 4)) + 1}${today.slice(4)}` };
    const bad = await award(co.buyer.token, { enquiryId: e.id, lines: [{ enquiryItemId: i1, quotationId: q1.id }], asAgreement: { validFrom: today, validTo: '2000-01-01' } });
    expect(bad.message).toContain('到期日期不能早于生效日期');
    const lines = [
      { enquiryItemId: i1, quotationId: q2.id },
      { enquiryItemId: i2, quotationId: q1.id },
    ];
    // Goods only (an agreement carries no freight): 10×2900 + 2×15000 = ¥59,000, above the rule.
    const res = await award(co.buyer.token, { enquiryId: e.id, lines, asAgreement: period });
    const id = res.data.purchaseRequest!.id;
    expect(await request(id)).toMatchObject({ totalAmount: '59000.00', award: { asAgreement: period, subject: `询价单 ${e.code} 授标生成框架协议` } });
    await approve(co.head.token, id);
    expect((await approve(co.finance.token, id)).message).toBe('审批通过，已执行授标');
    expect(await ordersOfEnquiry(e.id)).toHaveLength(0);
    expect((await enquiry(e.id)).status).toBe(EnquiryStatus.DEAL);
    const made = await db().select().from(agreements).where(eq(agreements.buyerCompanyId, co.buyer.companyId)).orderBy(agreements.sellerCompanyId);
    expect(made.map((a) => [a.sellerCompanyId, a.status, a.validFrom, a.validTo])).toEqual(
      [
        [s1.id, AgreementStatus.AWARDED, period.validFrom, period.validTo],
        [s2.id, AgreementStatus.AWARDED, period.validFrom, period.validTo],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const ofS1 = made.find((a) => a.sellerCompanyId === s1.id)!;
    const l1 = await db().select().from(agreementLines).where(eq(agreementLines.agreementId, ofS1.id));
    expect(l1.map((l) => [l.productName, l.quantity, l.unitPrice, l.skuId])).toEqual([['聚丙烯酰胺', 2, '15000.00', null]]);

    // The purchaser cannot confirm for the supplier; the supplier confirms; the other declines with a reason.
    expect((await callEndpoint(t.app, co.buyer.token, ag.agreementAccept, { id: ofS1.id })).code).not.toBe(0);
    const shown = await callEndpoint(t.app, s1.admin.token, ag.agreementDetail, { id: ofS1.id });
    expect(shown.data.actions).toContain('accept');
    // Its history says the purchaser's award made it (not 供应商录入协议).
    expect(shown.data.history.map((h) => [h.action, h.note])).toEqual([['采购商授标生成协议', `询价单 ${e.code} 授标生成`]]);
    expect((await callEndpoint(t.app, s1.admin.token, ag.agreementAccept, { id: ofS1.id })).message).toBe('框架协议已确认生效');
    const ofS2 = made.find((a) => a.sellerCompanyId === s2.id)!;
    expect((await callEndpoint(t.app, s2.admin.token, ag.agreementDecline, { id: ofS2.id, reason: '交期不满足' })).code).toBe(0);
    const after = Object.fromEntries((await db().select().from(agreements).where(eq(agreements.buyerCompanyId, co.buyer.companyId))).map((a) => [a.id, a]));
    expect(after[ofS1.id]).toMatchObject({ status: AgreementStatus.ACTIVE });
    expect(after[ofS2.id]).toMatchObject({ status: AgreementStatus.REJECTED, rejectReason: '交期不满足' });
    expect((await callEndpoint(t.app, s1.admin.token, ag.agreementAccept, { id: ofS1.id })).message).toBe('该协议已处理，不能重复确认');
  });
});

describe('tender awards through approvals', () => {
  it('a lot of ¥60,000 waits as a request with the lot open; on approval it is awarded with its order', async () => {
    const co = await company();
    await makeAddress(db(), co.buyer.companyId, { isDefault: true });
    const { published, id: tenderId, lotIds } = await publishTender(t.app, co.buyer.token, {
      title: `药剂招标${co.n}`,
      budget: 100000,
      lots: [{ name: '聚合氯化铝', spec: '含量≥28%', quantity: 10, unit: '吨', budget: 70000 }],
    });
    expect(published.code).toBe(0);
    const detail = async () => (await http.get<TenderDetail>(co.buyer.token, `/api/tender/detail?id=${tenderId}`)).data;
    const lotId = lotIds[0]!;
    // Three valid bids open the tender; the cheapest (¥6,000 × 10 吨) wins.
    const bidders = [];
    for (const [i, price] of [6000, 6200, 6500].entries()) {
      const s = await makeSupplier(db(), `投标供应商${co.n}-${i}`);
      expect((await http.post(s.admin.token, '/api/tender/bid', { tenderId, prices: [{ lotId, price }], validityDays: 90 })).code).toBe(0);
      bidders.push(s);
    }
    const s = bidders[0]!;
    await runDueJobs(db(), addHours(new Date(), 2.5));
    const bidId = (await detail()).bids.find((b) => b.companyId === s.id)!.bidId;

    const res = await http.post<{ orderId: number | null; purchaseRequest?: { id: number } }>(co.buyer.token, '/api/tender/award', { tenderId, lotId, bidId, createOrder: true });
    expect(res.code).toBe(0);
    expect(res.data.orderId).toBeNull();
    const id = res.data.purchaseRequest!.id;
    expect(await request(id)).toMatchObject({ kind: PurchaseRequestKind.TENDER_AWARD, totalAmount: '60000.00' });
    const lot = async () => (await db().select().from(tenderLots).where(eq(tenderLots.id, lotId)))[0]!;
    expect((await lot()).status).toBe(TenderLotStatus.OPEN);
    expect((await http.post(co.buyer.token, '/api/tender/award', { tenderId, lotId, bidId })).message).toContain('正在审批中，不能重复授标');
    expect((await http.post(co.buyer.token, '/api/tender/publishResult', { tenderId, title: '中标公告' })).message).toBe('标段「聚合氯化铝」尚未定标');

    await approve(co.head.token, id);
    expect((await approve(co.finance.token, id)).message).toBe('审批通过，已执行授标');
    const awarded = await lot();
    expect(awarded).toMatchObject({ status: TenderLotStatus.AWARDED, winnerBidId: bidId, winAmount: '60000.00' });
    const [order] = await db().select().from(orders).where(eq(orders.id, awarded.orderId!));
    expect(order).toMatchObject({ sellerCompanyId: s.id, buyerUserId: co.buyer.id, totalAmount: '60000.00' });
    expect((await request(id)).orderIds).toEqual([order!.id]);
  });
});
