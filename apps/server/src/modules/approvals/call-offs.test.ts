import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { addDays, chinaDay, Code, OrderStatus, PurchaseRequestKind, PurchaseRequestStatus as P } from '@aquamall/shared';
import { agreementEndpoints as ag, approvalRuleEndpoints as r, departmentEndpoints as d, purchaseRequestEndpoints as p } from '@aquamall/shared/endpoints';
import { createTestApp, testDbKind, type TestApp } from '../../test/app.ts';
import { callEndpoint } from '../../test/http.ts';
import { agreementDraws, agreements, documentHistory, orderLines, orders, purchaseRequests } from '../../db/schema/index.ts';
import { giveRole, insertUser, makeAgreement, makeApprovalCompany, signIn } from '../../test/factories/index.ts';
import { runDueJobs } from '../jobs/runner.ts';

/**
 * Call-offs (订单下达) through the approval rules (docs/product/approvals.md#call-offs): a call-off a rule catches
 * waits as a purchase request keeping it exactly; the last approval performs it under the agreement lock with
 * every check again, or returns it; rejection and expiry leave the agreement as it was.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const db = () => t.database.db;

let seq = 0;

/** A purchaser whose purchases ≥ ¥50,000 need the department head, then any finance manager; an agreement of 100 吨 at ¥1,000. */
async function scene(over: { quantity?: number | null; amountLimit?: number } = {}) {
  const n = ++seq;
  const co = await makeApprovalCompany(db(), `下达审批${n}`);
  const finance2 = await signIn(db(), await insertUser(db(), { companyId: co.buyer.companyId, realName: `下达审批${n}财务二` }));
  await giveRole(db(), finance2.id, co.financeRoleId);
  expect((await callEndpoint(t.app, co.buyer.token, d.departmentCreate, { name: '采购部', headUserId: co.head.id, memberIds: [co.buyer.id, co.head.id] })).code).toBe(0);
  const rule = await callEndpoint(t.app, co.buyer.token, r.approvalRuleCreate, {
    name: '大额采购',
    priority: 1,
    active: true,
    minAmount: 50_000,
    categoryId: null,
    sellerCompanyId: null,
    departmentId: null,
    roleId: null,
    steps: [{ kind: 'head' }, { kind: 'role', roleId: co.financeRoleId }],
  });
  expect(rule.code).toBe(0);
  const agreementId = await makeAgreement(t.app, co.supplier.admin.token, co.buyer, {
    ...(over.amountLimit ? { amountLimit: over.amountLimit } : {}),
    lines: [{ productName: '聚合氯化铝', spec: '30%', unit: '吨', unitPrice: 1000, quantity: over.quantity === undefined ? 100 : over.quantity }],
  });
  const detail = async (token = co.buyer.token) => (await callEndpoint(t.app, token, ag.agreementDetail, { id: agreementId })).data;
  const lineId = (await detail()).lines[0]!.id;
  const callOff = (quantity: number, remark = '') =>
    callEndpoint(t.app, co.buyer.token, ag.agreementCallOff, { id: agreementId, addressId: co.addressId, remark, lines: [{ lineId, quantity }] });
  return { ...co, finance2, agreementId, lineId, detail, callOff, n };
}

const approve = (token: string, sysNo: number, comment = '') => callEndpoint(t.app, token, p.purchaseRequestApprove, { sysNo, comment });
const request = async (id: number) => (await db().select().from(purchaseRequests).where(eq(purchaseRequests.id, id)))[0]!;
const drawn = async (agreementId: number) =>
  (await db().select({ n: sql<number>`coalesce(sum(${agreementDraws.quantity}), 0)`.mapWith(Number) }).from(agreementDraws).where(eq(agreementDraws.agreementId, agreementId)))[0]!.n;
const ordersOf = (companyId: number) => db().select().from(orders).where(eq(orders.buyerCompanyId, companyId));

describe('call-offs through approvals', () => {
  it('a call-off ≥ ¥50,000 waits as a purchase request drawing nothing; head then finance approve; the order is placed and the agreement drawn down', async () => {
    const s = await scene();
    const res = await s.callOff(60, '一季度用量');
    expect(res.code, res.message).toBe(0);
    const agreementCode = (await db().select().from(agreements).where(eq(agreements.id, s.agreementId)))[0]!.code;
    expect(res.message).toBe(`本次下达需审批，已提交采购申请 ${res.data.purchaseRequest!.requestNo}，审批通过后下单`);
    expect(res.data).toMatchObject({ orderId: null, orderNo: '' });
    const id = res.data.purchaseRequest!.id;
    // Kept exactly; nothing drawn, no order; both sides still see the whole agreement remaining.
    expect(await request(id)).toMatchObject({
      kind: PurchaseRequestKind.CALL_OFF,
      status: P.PENDING,
      totalAmount: '60000.00',
      ruleName: '大额采购',
      award: { kind: 'callOff', agreementId: s.agreementId, lines: [{ lineId: s.lineId, quantity: 60 }], remark: '一季度用量', subject: `框架协议 ${agreementCode} 订单下达` },
      remarks: [{ sellerCompanyId: s.supplier.id, remark: '一季度用量' }],
    });
    expect(await drawn(s.agreementId)).toBe(0);
    expect(await ordersOf(s.buyer.companyId)).toHaveLength(0);
    expect((await s.detail(s.supplier.admin.token)).lines[0]).toMatchObject({ usedQuantity: 0, remainingQuantity: 100 });

    // The head's to-do names it; its page shows the line at the agreed price from the supplier.
    const todo = await callEndpoint(t.app, s.head.token, p.purchaseRequestList, { pageIndex: 1, pageSize: 10, scope: 'todo' });
    expect(todo.data.list[0]).toMatchObject({ sysNo: id, kind: PurchaseRequestKind.CALL_OFF, subject: `框架协议 ${agreementCode} 订单下达`, totalAmount: '60000.00' });
    const shown = await callEndpoint(t.app, s.head.token, p.purchaseRequestDetail, { sysNo: id });
    expect(shown.data.lines.map((l) => [l.productName, l.spec, l.quantity, l.unitPrice, l.shopName])).toEqual([['聚合氯化铝', '30%', 60, '1000.00', `下达审批${s.n}供应商`]]);
    expect((await approve(s.head.token, id, '同意')).message).toBe('审批通过，已转下一步审批');
    expect(await drawn(s.agreementId)).toBe(0);
    const last = await approve(s.finance2.token, id, '财务同意');
    expect(last).toMatchObject({ code: 0, message: '审批通过，订单已提交给供应商' });

    // Performed as submitted, by the requester: one order at the agreed price, the agreement drawn down by it.
    const placed = await ordersOf(s.buyer.companyId);
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({ buyerUserId: s.buyer.id, sellerCompanyId: s.supplier.id, status: OrderStatus.TO_CONFIRM, totalAmount: '60000.00', buyerRemark: '一季度用量' });
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, placed[0]!.id));
    expect(lines.map((l) => [l.productName, l.unitPrice, l.quantity])).toEqual([['聚合氯化铝', '1000.00', 60]]);
    expect(await request(id)).toMatchObject({ status: P.APPROVED, orderIds: [placed[0]!.id] });
    for (const token of [s.buyer.token, s.supplier.admin.token]) {
      const a = await s.detail(token);
      expect(a.lines[0]).toMatchObject({ usedQuantity: 60, remainingQuantity: 40 });
      expect(a.callOffs.map((c) => [c.orderNo, c.quantity, c.userName])).toEqual([[placed[0]!.orderNo, 60, placed[0]!.buyerUserName]]);
    }
    // Audited on both documents.
    const history = await db()
      .select()
      .from(documentHistory)
      .where(and(eq(documentHistory.docType, 'purchase_request'), eq(documentHistory.docId, id)))
      .orderBy(documentHistory.id);
    expect(history.map((h) => h.note)).toEqual([
      `框架协议 ${agreementCode} 订单下达；适用审批规则「大额采购」`,
      '第1步（部门负责人）通过：同意',
      '第2步（角色：财务）通过：财务同意；已下单',
    ]);
    const agreementHistory = await db()
      .select()
      .from(documentHistory)
      .where(and(eq(documentHistory.docType, 'agreement'), eq(documentHistory.docId, s.agreementId), eq(documentHistory.action, 'callOff')));
    expect(agreementHistory.map((h) => h.note)).toEqual([`订单 ${placed[0]!.orderNo}：聚合氯化铝 60吨（采购申请审批通过）`]);
  });

  it('below the threshold a call-off places its order at once; over-drawing is still refused before any rule', async () => {
    const s = await scene();
    const small = await s.callOff(40);
    expect(small).toMatchObject({ code: 0, message: '订单已下达，等待供应商确认' });
    expect(small.data.orderId).toBeGreaterThan(0);
    expect(small.data.purchaseRequest).toBeUndefined();
    expect(await drawn(s.agreementId)).toBe(40);
    const over = await s.callOff(61);
    expect(over).toMatchObject({ code: Code.CONFLICT, message: '「聚合氯化铝」协议剩余数量为 60吨，不能超量下达' });
    expect(await db().$count(purchaseRequests, eq(purchaseRequests.companyId, s.buyer.companyId))).toBe(0);
  });

  it('two waiting call-offs: the second approved finds too little remaining and returns to the requester; nothing was reserved', async () => {
    const s = await scene();
    const a = (await s.callOff(60)).data.purchaseRequest!.id;
    const b = (await s.callOff(55)).data.purchaseRequest!.id;
    for (const id of [a, b]) expect((await approve(s.head.token, id)).code).toBe(0);
    expect((await approve(s.finance.token, a)).message).toBe('审批通过，订单已提交给供应商');
    const second = await approve(s.finance.token, b);
    expect(second).toMatchObject({ code: 0, message: '审批已通过，但未能下达订单，申请已退回申请人' });
    expect(await request(b)).toMatchObject({ status: P.RETURNED, orderIds: [], reason: '「聚合氯化铝」协议剩余数量为 40吨，不能超量下达，请重新下达' });
    expect(await drawn(s.agreementId)).toBe(60);
    expect(await ordersOf(s.buyer.companyId)).toHaveLength(1);
  });

  it('金额协议: the remaining amount is checked again on the last approval', async () => {
    const s = await scene({ quantity: null, amountLimit: 100_000 });
    const a = (await s.callOff(60)).data.purchaseRequest!.id;
    const b = (await s.callOff(50)).data.purchaseRequest!.id;
    for (const id of [a, b]) expect((await approve(s.head.token, id)).code).toBe(0);
    expect((await approve(s.finance.token, a)).code).toBe(0);
    expect((await approve(s.finance.token, b)).code).toBe(0);
    expect(await request(b)).toMatchObject({ status: P.RETURNED, reason: '本次下达金额¥50,000.00超过协议剩余金额¥40,000.00，不能超额下达，请重新下达' });
    expect((await s.detail()).remainingAmount).toBe('40000.00');
  });

  it('an agreement expired or terminated by the last approval returns the request with the reason', async () => {
    const s = await scene();
    const id = (await s.callOff(60)).data.purchaseRequest!.id;
    expect((await approve(s.head.token, id)).code).toBe(0);
    // The period ended while the request waited (the expiry job has not run yet: the status is still 生效中).
    await db().update(agreements).set({ validFrom: addDays(chinaDay(), -30), validTo: addDays(chinaDay(), -1) }).where(eq(agreements.id, s.agreementId));
    expect((await approve(s.finance.token, id)).message).toBe('审批已通过，但未能下达订单，申请已退回申请人');
    expect(await request(id)).toMatchObject({ status: P.RETURNED, reason: '协议已过有效期，不能下达订单，请重新下达' });

    const s2 = await scene();
    const id2 = (await s2.callOff(60)).data.purchaseRequest!.id;
    expect((await approve(s2.head.token, id2)).code).toBe(0);
    const ended = await callEndpoint(t.app, s2.supplier.admin.token, ag.agreementTerminate, { id: s2.agreementId, reason: '停产' });
    expect(ended.code, ended.message).toBe(0);
    expect((await approve(s2.finance.token, id2)).code).toBe(0);
    expect(await request(id2)).toMatchObject({ status: P.RETURNED, reason: '框架协议不在生效中，不能下达订单，请重新下达' });
    for (const x of [s, s2]) {
      expect(await drawn(x.agreementId)).toBe(0);
      expect(await ordersOf(x.buyer.companyId)).toHaveLength(0);
    }
  });

  it('rejection and expiry leave the agreement as it was: the quantity can be called off again', async () => {
    const s = await scene();
    const rejected = (await s.callOff(100)).data.purchaseRequest!.id;
    const no = await callEndpoint(t.app, s.head.token, p.purchaseRequestReject, { sysNo: rejected, comment: '用量过大' });
    expect(no.code, no.message).toBe(0);
    expect(await request(rejected)).toMatchObject({ status: P.REJECTED, reason: '用量过大' });
    const expiring = (await s.callOff(100)).data.purchaseRequest!.id;
    await runDueJobs(db(), new Date(Date.now() + 8 * 86_400_000));
    expect((await request(expiring)).status).toBe(P.EXPIRED);
    expect(await drawn(s.agreementId)).toBe(0);
    expect((await s.detail()).lines[0]).toMatchObject({ usedQuantity: 0, remainingQuantity: 100 });
    // Below the threshold the whole remaining can still be drawn.
    expect((await s.callOff(45)).data.orderId).toBeGreaterThan(0);
  });

  it.runIf(testDbKind === 'pg')('three approvals of the last step at once perform the call-off once (PostgreSQL)', async () => {
    const s = await scene();
    const id = (await s.callOff(60)).data.purchaseRequest!.id;
    expect((await approve(s.head.token, id)).code).toBe(0);
    const answers = await Promise.all([approve(s.finance.token, id), approve(s.finance2.token, id), approve(s.finance.token, id)]);
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 0)) expect(a.code).toBe(Code.CONFLICT);
    expect(await ordersOf(s.buyer.companyId)).toHaveLength(1);
    expect(await drawn(s.agreementId)).toBe(60);
    expect(await request(id)).toMatchObject({ status: P.APPROVED });
  });
});
