import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { Code, PURCHASE_REQUEST_EXPIRE, PurchaseRequestStatus as P, purchaseRequestMachine, stateMatrix } from '@aquamall/shared';
import {
  approvalRuleEndpoints as r,
  cartEndpoints as c,
  departmentEndpoints as d,
  purchaseRequestEndpoints as p,
} from '@aquamall/shared/endpoints';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callEndpoint } from '../../test/http.ts';
import { cartLines, documentHistory, jobs, messages, orders, productSkus, purchaseRequests } from '../../db/schema/index.ts';
import { createApprovalRule, createHeadedDepartment, makeApprovalCompany, newIdempotencyKey } from '../../test/factories/index.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';
import { addDays } from '../jobs/schedule.ts';
import { runDueJobs } from '../jobs/runner.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/approvals/approvals.test.ts');
const db = () => t.database.db;

type Co = Awaited<ReturnType<typeof makeApprovalCompany>>;

/** The company of the example: ≥¥200,000 head then finance (tried first), ≥¥50,000 the head; a department headed. */
async function companyWithRules(name: string, price = 10_000): Promise<Co & { departmentId: number }> {
  const co = await makeApprovalCompany(db(), name, price);
  const dep = await createHeadedDepartment(t.app, co, '生产部');
  expect(dep.code).toBe(0);
  const big = await createApprovalRule(t.app, co.buyer.token, {
    name: '大额采购',
    minAmount: 200_000,
    steps: [{ kind: 'head' }, { kind: 'role', roleId: co.financeRoleId }],
  });
  expect(big.code).toBe(0);
  const mid = await createApprovalRule(t.app, co.buyer.token, { name: '中额采购', priority: 2, minAmount: 50_000 });
  expect(mid.code).toBe(0);
  return { ...co, departmentId: dep.data.sysNo };
}

/** Checks out `quantity` of the company's product from the cart, as the checkout page would. */
async function checkout(co: Co, quantity: number, shownTotal = quantity * co.price) {
  const line = await co.cartLine(quantity);
  const res = await callEndpoint(
    t.app,
    co.buyer.token,
    c.checkoutSubmit,
    { source: { cartLineIds: [line], items: [] }, addressId: co.addressId, invoiceKind: 0, invoiceTitleId: null, remarks: [], shownTotal },
    { 'idempotency-key': newIdempotencyKey() },
  );
  return { res, line };
}

const requestRow = async (id: number) => (await db().select().from(purchaseRequests).where(eq(purchaseRequests.id, id)))[0]!;
const ordersOf = (companyId: number) => db().select().from(orders).where(eq(orders.buyerCompanyId, companyId));
const pendingExpiry = (id: number) =>
  db().select().from(jobs).where(and(eq(jobs.kind, PURCHASE_REQUEST_EXPIRE), eq(jobs.refId, id), eq(jobs.status, 0)));
const approve = (token: string, sysNo: number, comment = '') => callEndpoint(t.app, token, p.purchaseRequestApprove, { sysNo, comment });

describe('departments', () => {
  it('keeps each user in one department, the head among its members, names unique', async () => {
    const co = await makeApprovalCompany(db(), '部门');
    const a = await callEndpoint(t.app, co.buyer.token, d.departmentCreate, { name: '采购部', headUserId: co.head.id, memberIds: [co.head.id, co.buyer.id] });
    expect(a.code).toBe(0);
    const b = await callEndpoint(t.app, co.buyer.token, d.departmentCreate, { name: '财务部', headUserId: null, memberIds: [co.buyer.id, co.finance.id] });
    expect(b.code).toBe(0);
    const list = await callEndpoint(t.app, co.buyer.token, d.departmentList, { pageIndex: 1, pageSize: 10 });
    expect(list.data.total).toBe(2);
    const byName = Object.fromEntries(list.data.list.map((x) => [x.name, x]));
    // The buyer moved to 财务部: one department per user.
    expect(byName['采购部']!.members.map((m) => m.userId)).toEqual([co.head.id]);
    expect(byName['采购部']!.headName).toBe('部门部门经理');
    expect(byName['财务部']!.members.map((m) => m.userId).sort()).toEqual([co.buyer.id, co.finance.id].sort());
    const dup = await callEndpoint(t.app, co.buyer.token, d.departmentCreate, { name: '采购部', headUserId: null, memberIds: [] });
    expect(dup).toMatchObject({ code: Code.CONFLICT, message: '部门名称已存在' });
    const headOutside = await callEndpoint(t.app, co.buyer.token, d.departmentUpdate, {
      sysNo: a.data.sysNo,
      name: '采购部',
      headUserId: co.finance.id,
      memberIds: [co.head.id],
    });
    expect(headOutside.message).toBe('部门负责人须是本部门成员');
    const empty = await callEndpoint(t.app, co.buyer.token, d.departmentCreate, { name: ' ', headUserId: null, memberIds: [] });
    expect(empty.message).toBe('请输入部门名称');
    expect((await callEndpoint(t.app, co.buyer.token, d.departmentDelete, { sysNo: b.data.sysNo })).code).toBe(0);
    expect((await callEndpoint(t.app, co.buyer.token, d.departmentAll)).data.map((x) => x.name)).toEqual(['采购部']);
  });
});

describe('approval rules at checkout', () => {
  it('≥¥200,000: the department head, then the finance manager; the orders reach the supplier as submitted', async () => {
    const co = await companyWithRules('大额');
    const rules = await callEndpoint(t.app, co.buyer.token, r.approvalRuleList, { pageIndex: 1, pageSize: 10 });
    expect(rules.data.list.map((x) => x.stepsSummary)).toEqual([['第1步 部门负责人', '第2步 角色：财务'], ['第1步 部门负责人']]);
    expect(rules.data.list[0]!.summary).toBe('订单金额≥¥200,000.00');

    const { res, line } = await checkout(co, 25);
    expect(res.code).toBe(0);
    expect(res.message).toMatch(/^已提交审批（采购申请 SQ\d{16}），审批通过后自动下单$/);
    expect(res.data.orders).toEqual([]);
    const id = res.data.purchaseRequest!.id;
    expect(await ordersOf(co.buyer.companyId)).toHaveLength(0);
    expect(await db().select().from(cartLines).where(eq(cartLines.id, line))).toHaveLength(0);
    // Nothing is reserved while the request waits.
    const [sku] = await db().select().from(productSkus).where(eq(productSkus.id, co.product.skuIds[0]!));
    expect(sku!.reserved).toBe(0);

    // The head sees it in 待我审批 and got an inbox notice; the finance manager does not yet.
    const todo = await callEndpoint(t.app, co.head.token, p.purchaseRequestList, { pageIndex: 1, pageSize: 10, scope: 'todo' });
    expect(todo.data.list.map((x) => [x.sysNo, x.currentStepLabel, x.totalAmount])).toEqual([[id, '部门负责人', '250000.00']]);
    expect((await callEndpoint(t.app, co.finance.token, p.purchaseRequestList, { pageIndex: 1, pageSize: 10, scope: 'todo' })).data.total).toBe(0);
    const notices = await db().select().from(messages).where(and(eq(messages.companyId, co.buyer.companyId), eq(messages.userId, co.head.id)));
    expect(notices.map((m) => m.linkPath)).toEqual([`/customer/approval/request/${id}`]);

    // The finance manager cannot decide the head's step.
    expect((await approve(co.finance.token, id)).message).toBe('当前审批步骤不需要您审批');
    const first = await approve(co.head.token, id, '同意');
    expect(first).toMatchObject({ code: 0, message: '审批通过，已转下一步审批', data: { status: P.PENDING } });
    const second = await approve(co.finance.token, id, '预算内');
    expect(second).toMatchObject({ code: 0, message: '审批通过，订单已提交给供应商', data: { status: P.APPROVED } });
    const placed = await ordersOf(co.buyer.companyId);
    expect(placed.map((o) => [o.sellerCompanyId, o.totalAmount, o.buyerUserId])).toEqual([[co.supplier.id, '250000.00', co.buyer.id]]);
    expect(second.data.orderIds).toEqual([placed[0]!.id]);

    const detail = await callEndpoint(t.app, co.buyer.token, p.purchaseRequestDetail, { sysNo: id });
    expect(detail.data).toMatchObject({ status: P.APPROVED, actions: [], orders: [{ id: placed[0]!.id }] });
    expect(detail.data.steps).toEqual([
      { label: '部门负责人', approvers: ['大额部门经理'] },
      { label: '角色：财务', approvers: ['大额财务经理'] },
    ]);
    expect(detail.data.history.map((h) => [h.action, h.toStatus, h.userName])).toEqual([
      ['create', P.PENDING, '大额采购商采购员'],
      ['approve', P.PENDING, '大额部门经理'],
      ['approve', P.APPROVED, '大额财务经理'],
    ]);
    expect(await pendingExpiry(id)).toHaveLength(0);
  });

  it('≥¥50,000 needs the head only; below every threshold the checkout orders at once', async () => {
    const co = await companyWithRules('中额');
    const { res } = await checkout(co, 6);
    const id = res.data.purchaseRequest!.id;
    expect((await requestRow(id)).steps.map((s) => s.label)).toEqual(['部门负责人']);
    expect((await approve(co.head.token, id)).data.status).toBe(P.APPROVED);
    const small = await checkout(co, 2);
    expect(small.res).toMatchObject({ code: 0, message: '订单已提交，等待供应商确认' });
    expect(small.res.data.purchaseRequest).toBeUndefined();
    expect(await ordersOf(co.buyer.companyId)).toHaveLength(2);
  });

  it('a step nobody can decide refuses the checkout in words; a rule for another department does not apply', async () => {
    const co = await makeApprovalCompany(db(), '无人');
    const rule = await createApprovalRule(t.app, co.buyer.token, { name: '部门审批', priority: 0 });
    const { res } = await checkout(co, 1);
    expect(res).toMatchObject({ code: Code.CONFLICT, message: '审批规则「部门审批」第1步（部门负责人）没有可用的审批人，请联系企业管理员完善审批设置' });
    await db().delete(cartLines).where(eq(cartLines.userId, co.buyer.id));
    const other = await callEndpoint(t.app, co.buyer.token, d.departmentCreate, { name: '仓储部', headUserId: co.head.id, memberIds: [co.head.id] });
    await callEndpoint(t.app, co.buyer.token, r.approvalRuleUpdate, {
      sysNo: rule.data.sysNo, name: '部门审批', priority: 0, active: true, minAmount: 0, categoryId: null, sellerCompanyId: null,
      departmentId: other.data.sysNo, roleId: null, steps: [{ kind: 'head' }],
    });
    expect((await checkout(co, 1)).res.data.orders).toHaveLength(1);
    const bad = await callEndpoint(t.app, co.buyer.token, r.approvalRuleCreate, {
      name: '', priority: 0, active: true, minAmount: -1, categoryId: null, sellerCompanyId: null, departmentId: null, roleId: null, steps: [],
    });
    expect(bad.code).toBe(Code.INVALID);
  });

  it('a price shown that is not today’s is refused as at checkout, and nothing is kept', async () => {
    const co = await companyWithRules('改价');
    const { res } = await checkout(co, 6, 59_000);
    expect(res.code).toBe(Code.CONFLICT);
    expect(res.message).toBe('价格已变动：应付总额为 ¥60000.00（页面显示 ¥59000.00），请确认后重新提交');
    expect(await db().select().from(purchaseRequests).where(eq(purchaseRequests.companyId, co.buyer.companyId))).toHaveLength(0);
  });
});

describe('purchase request decisions', () => {
  it('reject: the requester is told with the reason, nothing is ordered, the clock stops, the table refuses more', async () => {
    const co = await companyWithRules('驳回');
    const id = (await checkout(co, 6)).res.data.purchaseRequest!.id;
    const noReason = await callEndpoint(t.app, co.head.token, p.purchaseRequestReject, { sysNo: id, comment: '' });
    expect(noReason.message).toBe('请填写驳回原因');
    const res = await callEndpoint(t.app, co.head.token, p.purchaseRequestReject, { sysNo: id, comment: '超出本月预算' });
    expect(res).toMatchObject({ code: 0, message: '已驳回' });
    const row = await requestRow(id);
    expect([row.status, row.reason]).toEqual([P.REJECTED, '超出本月预算']);
    expect(await ordersOf(co.buyer.companyId)).toHaveLength(0);
    expect(await pendingExpiry(id)).toHaveLength(0);
    const told = await db().select().from(messages).where(and(eq(messages.userId, co.buyer.id), eq(messages.linkPath, `/customer/approval/request/${id}`)));
    expect(told.map((m) => m.content)).toEqual(['驳回原因：超出本月预算']);
    expect((await approve(co.head.token, id)).message).toBe('该采购申请已处理，不能重复操作');
  });

  it('a price that rose before the last approval sends the request back to the requester with the reason', async () => {
    const co = await companyWithRules('涨价');
    const id = (await checkout(co, 6)).res.data.purchaseRequest!.id;
    await db().update(productSkus).set({ price: '10500.00' }).where(eq(productSkus.id, co.product.skuIds[0]!));
    const res = await approve(co.head.token, id);
    expect(res).toMatchObject({ code: 0, data: { status: P.RETURNED, orderIds: [] } });
    const row = await requestRow(id);
    expect(row.reason).toBe('价格已上涨：「聚合氯化铝」单价由¥10000.00涨至¥10500.00，请重新下单');
    expect(await ordersOf(co.buyer.companyId)).toHaveLength(0);
  });

  it('the requester withdraws; only the requester may; an undecided request expires by its clock', async () => {
    const co = await companyWithRules('撤回');
    const a = (await checkout(co, 6)).res.data.purchaseRequest!.id;
    expect((await callEndpoint(t.app, co.head.token, p.purchaseRequestWithdraw, { sysNo: a })).message).toBe('只有申请人可以撤回采购申请');
    expect((await callEndpoint(t.app, co.buyer.token, p.purchaseRequestWithdraw, { sysNo: a })).code).toBe(0);
    expect((await requestRow(a)).status).toBe(P.WITHDRAWN);

    const b = (await checkout(co, 6)).res.data.purchaseRequest!.id;
    await runDueJobs(db(), addDays(new Date(), 8));
    expect((await requestRow(b)).status).toBe(P.EXPIRED);
    const [h] = await db()
      .select()
      .from(documentHistory)
      .where(and(eq(documentHistory.docType, 'purchase_request'), eq(documentHistory.docId, b), eq(documentHistory.action, 'expire')));
    expect(h?.userName).toBe('系统');
    expect((await approve(co.head.token, b)).message).toBe('该采购申请已处理，不能重复操作');
  });

  it('two approvers of one step at once: the step advances once and one order is placed', async () => {
    const co = await makeApprovalCompany(db(), '并发');
    const other = co.finance;
    await callEndpoint(t.app, co.buyer.token, r.approvalRuleCreate, {
      name: '二选一', priority: 0, active: true, minAmount: 0, categoryId: null, sellerCompanyId: null, departmentId: null, roleId: null,
      steps: [{ kind: 'users', userIds: [co.head.id, other.id] }],
    });
    const id = (await checkout(co, 3)).res.data.purchaseRequest!.id;
    const answers = await Promise.all([approve(co.head.token, id), approve(other.token, id)]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, Code.CONFLICT]);
    expect(answers.find((a) => a.code !== 0)!.message).toBe('该采购申请已处理，不能重复操作');
    expect(await ordersOf(co.buyer.companyId)).toHaveLength(1);
    const approvals = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(documentHistory)
      .where(and(eq(documentHistory.docType, 'purchase_request'), eq(documentHistory.docId, id), eq(documentHistory.action, 'approve')));
    expect(approvals[0]!.n).toBe(1);
  });

  it('the state table walk: each command refuses every state its action does not admit, changing nothing', async () => {
    const co = await companyWithRules('状态');
    const id = (await checkout(co, 6)).res.data.purchaseRequest!.id;
    const historyCount = async () =>
      (await db().select().from(documentHistory).where(and(eq(documentHistory.docType, 'purchase_request'), eq(documentHistory.docId, id)))).length;
    const commands = {
      approve: () => approve(co.head.token, id),
      reject: () => callEndpoint(t.app, co.head.token, p.purchaseRequestReject, { sysNo: id, comment: '不需要' }),
      withdraw: () => callEndpoint(t.app, co.buyer.token, p.purchaseRequestWithdraw, { sysNo: id }),
    };
    for (const { action, state } of stateMatrix(purchaseRequestMachine, 'buyer').filter((m) => !m.allowed)) {
      const run = commands[action as keyof typeof commands];
      {
        await db().update(purchaseRequests).set({ status: state }).where(eq(purchaseRequests.id, id));
        const before = await historyCount();
        const res = await run();
        expect(res.code, `${action} from ${state}`).toBe(Code.CONFLICT);
        expect(res.message).toBe(purchaseRequestMachine.refusal(action as keyof typeof commands, state, undefined, 'buyer'));
        expect((await requestRow(id)).status).toBe(state);
        expect(await historyCount()).toBe(before);
      }
    }
    expect(await ordersOf(co.buyer.companyId)).toHaveLength(0);
  });
});

describe('isolation', () => {
  it('approvals: another purchaser neither reads nor decides nor names our users', async () => {
    const ours = await companyWithRules('本方');
    const theirs = await makeApprovalCompany(db(), '他方');
    const id = (await checkout(ours, 6)).res.data.purchaseRequest!.id;
    const rule = (await callEndpoint(t.app, ours.buyer.token, r.approvalRuleList, { pageIndex: 1, pageSize: 10 })).data.list[0]!.sysNo;
    const x = crossCompanyCaller(theirs.buyer.token);
    expect((await callEndpoint(t.app, x, d.departmentList, { pageIndex: 1, pageSize: 50 })).data.total).toBe(0);
    expect((await callEndpoint(t.app, x, d.departmentAll)).data).toEqual([]);
    expect((await callEndpoint(t.app, x, d.departmentCreate, { name: '偷人', headUserId: null, memberIds: [ours.head.id] })).message).toBe('所选用户不存在');
    const dep = { sysNo: ours.departmentId, name: '改名', headUserId: null, memberIds: [] };
    expect((await callEndpoint(t.app, x, d.departmentUpdate, dep)).message).toBe('部门不存在');
    expect((await callEndpoint(t.app, x, d.departmentDelete, { sysNo: ours.departmentId })).message).toBe('部门不存在');
    expect((await callEndpoint(t.app, x, r.approvalRuleList, { pageIndex: 1, pageSize: 10 })).data.total).toBe(0);
    const ruleBody = {
      sysNo: rule, name: '改', priority: 0, active: false, minAmount: 0, categoryId: null, sellerCompanyId: null, departmentId: null, roleId: null,
      steps: [{ kind: 'head' as const }],
    };
    expect((await callEndpoint(t.app, x, r.approvalRuleUpdate, ruleBody)).message).toBe('审批规则不存在');
    expect((await callEndpoint(t.app, x, r.approvalRuleDelete, { sysNo: rule })).message).toBe('审批规则不存在');
    for (const scope of ['todo', 'mine', 'all'] as const)
      expect((await callEndpoint(t.app, x, p.purchaseRequestList, { pageIndex: 1, pageSize: 10, scope })).data.total).toBe(0);
    expect((await callEndpoint(t.app, x, p.purchaseRequestDetail, { sysNo: id })).message).toBe('记录不存在');
    expect((await callEndpoint(t.app, x, p.purchaseRequestApprove, { sysNo: id, comment: '' })).message).toBe('记录不存在');
    expect((await callEndpoint(t.app, x, p.purchaseRequestReject, { sysNo: id, comment: '不' })).message).toBe('记录不存在');
    expect((await callEndpoint(t.app, x, p.purchaseRequestWithdraw, { sysNo: id })).message).toBe('记录不存在');
    expect((await requestRow(id)).status).toBe(P.PENDING);
    // Within the company, a member who is neither requester, approver nor manager does not see it either.
    expect((await callEndpoint(t.app, ours.finance.token, p.purchaseRequestDetail, { sysNo: id })).message).toBe('记录不存在');
    expect((await callEndpoint(t.app, ours.finance.token, p.purchaseRequestList, { pageIndex: 1, pageSize: 10, scope: 'all' })).message).toBe('没有操作权限');
  });
});
