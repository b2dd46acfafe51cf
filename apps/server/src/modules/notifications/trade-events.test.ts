import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { chinaDay, addDays as addChinaDays, NOTICE_DEFAULTS, NOTICE_EVENTS, RmaType, type NoticeEventKey } from '@aquamall/shared';
import { endpoints as e, paymentEndpoints as pay } from '@aquamall/shared/endpoints';
import { useTestApp } from '../../test/use-app.ts';
import { jobs, noticeOutbox, orders, quotations, rmas, users } from '../../db/schema/index.ts';
import {
  createApprovalRule,
  createHeadedDepartment,
  HOUR_LONG_TENDERS,
  insertOffer,
  linesOf,
  makeApprovalCompany,
  makeCompletedOrder,
  makeOnSaleProduct,
  makePurchaser,
  makeSupplier,
  newIdempotencyKey,
  orderAwaitingPayment,
  publishTender,
} from '../../test/factories/index.ts';
import { makeEnquiry, makeQuotingSupplier } from '../../test/factories/quotations.ts';
import { callEndpoint } from '../../test/http.ts';
import { jobRun, runDueJobs } from '../jobs/runner.ts';
import { addHours } from '../jobs/schedule.ts';
import { NOTICE_SEND, OutboxStatus } from './outbound.ts';
import { scheduleDeadlineSoon } from '../enquiries/editor.ts';

/**
 * The catalogued events emitted by their use cases (docs/product/notifications.md#events): enquiry deadline near,
 * tender opening and awards, credit request, statement to confirm, approval waiting, after-sales requested and
 * approved, quotation received and enquiry awards. Each reaches its
 * recipient exactly once per channel the category is on by default, sent through the sandbox, and a second
 * run of the jobs adds nothing.
 */
const t = useTestApp({ env: HOUR_LONG_TENDERS });
const { db } = t;

/** Binds WeChat and e-mail besides the login phone, so every channel can reach the user. */
async function bindAll(userId: number) {
  await db().update(users).set({ wechatOpenId: `oTrade${userId}`, email: `u${userId}@example.cn` }).where(eq(users.id, userId));
}

/**
 * Runs due jobs at `now` three times (a timed rule, the dispatch of the events it recorded, the sends the dispatch
 * wrote) and waits for the detached sends.
 */
async function runJobs(now = new Date()) {
  for (let i = 0; i < 3; i++) await runDueJobs(db(), now);
  const pending = await db().select({ refId: jobs.refId }).from(jobs).where(eq(jobs.kind, NOTICE_SEND));
  await Promise.all(pending.map((j) => jobRun(NOTICE_SEND, j.refId)));
}

const rowsOf = (userId: number, event: NoticeEventKey) =>
  db().select().from(noticeOutbox).where(and(eq(noticeOutbox.userId, userId), eq(noticeOutbox.event, event)));

/** Exactly one sent message per default channel of the event's category, none elsewhere. */
async function expectOnce(userId: number, event: NoticeEventKey) {
  const rows = await rowsOf(userId, event);
  expect(rows.map((r) => r.channel).sort(), `${event} to user ${userId}`).toEqual([...NOTICE_DEFAULTS[NOTICE_EVENTS[event].category]].sort());
  expect(rows.every((r) => r.status === OutboxStatus.SENT), `${event} sent`).toBe(true);
}

describe('询价即将截止', () => {
  it('reminds the invited suppliers that have not quoted, once, 24 hours before the deadline', async () => {
    const buyer = await makePurchaser(db(), '截止提醒采购商');
    const quoted = await makeSupplier(db(), '已报价供应商');
    const waiting = await makeSupplier(db(), '未报价供应商');
    for (const u of [quoted.admin, waiting.admin]) await bindAll(u.id);
    const deadline = new Date(Date.now() + 3 * 86_400_000);
    const { enquiry, items } = await makeEnquiry(db(), buyer.companyId, { deadline, invited: [quoted.id, waiting.id] });
    await insertOffer(db(), { id: enquiry.id, companyId: buyer.companyId, quantities: { [items[0]!.id]: 2 } }, { id: quoted.id, name: '已报价供应商' }, [
      { prices: { [items[0]!.id]: 100 } },
    ]);
    await scheduleDeadlineSoon(db(), enquiry.id, deadline, new Date());
    await runJobs(addHours(deadline, -25));
    expect(await rowsOf(waiting.admin.id, 'enquiry.deadlineSoon')).toHaveLength(0);
    await runJobs(addHours(deadline, -23));
    await runJobs(addHours(deadline, -22));
    await expectOnce(waiting.admin.id, 'enquiry.deadlineSoon');
    expect(await rowsOf(quoted.admin.id, 'enquiry.deadlineSoon')).toHaveLength(0);
  });
});

describe('招标: 开标提醒 and 中标 / 未中标', () => {
  it('tells each bidder of the opening at the deadline, then the winner 中标 and the others 未中标, once each', async () => {
    const buyer = await makePurchaser(db(), '招标通知采购商');
    const bidders: Awaited<ReturnType<typeof makeSupplier>>[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await makeSupplier(db(), `招标通知供应商${i}`);
      await bindAll(s.admin.id);
      bidders.push(s);
    }
    const { saved, published, id, lotIds } = await publishTender(t.app, buyer.token, { title: '水厂药剂招标通知测试' });
    expect(saved.code).toBe(0);
    expect(published.code).toBe(0);
    const lotId = lotIds[0]!;
    for (const [i, s] of bidders.entries()) {
      const bid = await callEndpoint(t.app, s.admin.token, e.tenderBid, { tenderId: id, prices: [{ lotId, price: 100 + i }], validityDays: 90 });
      expect(bid.code).toBe(0);
    }
    await runJobs(addHours(new Date(), 1.5));
    for (const s of bidders) await expectOnce(s.admin.id, 'tender.opening');
    await runJobs(addHours(new Date(), 2.5));
    const opened = (await callEndpoint(t.app, buyer.token, e.tenderDetail, { id })).data;
    const winner = opened.bids.find((b) => b.companyId === bidders[1]!.id)!.bidId;
    expect((await callEndpoint(t.app, buyer.token, e.tenderAward, { tenderId: id, lotId, bidId: winner })).code).toBe(0);
    expect((await callEndpoint(t.app, buyer.token, e.tenderPublishResult, { tenderId: id, title: '中标公告' })).code).toBe(0);
    await runJobs(addHours(new Date(), 2.6));
    await runJobs(addHours(new Date(), 2.7));
    await expectOnce(bidders[1]!.admin.id, 'tender.awardWon');
    expect(await rowsOf(bidders[1]!.admin.id, 'tender.awardLost')).toHaveLength(0);
    for (const s of [bidders[0]!, bidders[2]!]) {
      await expectOnce(s.admin.id, 'tender.awardLost');
      expect(await rowsOf(s.admin.id, 'tender.awardWon')).toHaveLength(0);
    }
    for (const s of bidders) await expectOnce(s.admin.id, 'tender.opening');
  });
});

describe('信用申请 and 对账单待确认', () => {
  it('tells the supplier of a credit request and the purchaser of a statement to confirm, once each', async () => {
    const buyer = await makePurchaser(db(), '信用通知采购商');
    const supplier = await makeSupplier(db(), '信用通知供应商');
    await bindAll(buyer.id);
    await bindAll(supplier.admin.id);
    const applied = await callEndpoint(t.app, buyer.token, e.creditApply, { sellerCompanyId: supplier.id, remark: '月结' });
    expect(applied.code).toBe(0);
    const approved = await callEndpoint(t.app, supplier.admin.token, e.creditApprove, { id: applied.data.id, creditLimit: 10000, paymentDays: 30 });
    expect(approved.code).toBe(0);
    const yesterday = addChinaDays(chinaDay(), -1);
    const issued = await callEndpoint(t.app, supplier.admin.token, e.statementIssue, { accountId: applied.data.id, from: addChinaDays(yesterday, -6), to: yesterday });
    expect(issued.code).toBe(0);
    await runJobs();
    await runJobs();
    await expectOnce(supplier.admin.id, 'credit.requested');
    await expectOnce(buyer.id, 'statement.toConfirm');
    expect(await rowsOf(buyer.id, 'credit.requested')).toHaveLength(0);
  });
});

describe('待您审批', () => {
  it('tells the approver of the waiting step, and only that user', async () => {
    const co = await makeApprovalCompany(db(), '审批通知');
    await bindAll(co.head.id);
    await bindAll(co.buyer.id);
    const dep = await createHeadedDepartment(t.app, co, '生产部');
    expect(dep.code).toBe(0);
    const rule = await createApprovalRule(t.app, co.buyer.token, { name: '中额采购', minAmount: 50_000, steps: [{ kind: 'head' }] });
    expect(rule.code).toBe(0);
    const line = await co.cartLine(6);
    const res = await callEndpoint(
      t.app,
      co.buyer.token,
      e.checkoutSubmit,
      { source: { cartLineIds: [line], items: [] }, addressId: co.addressId, invoiceKind: 0, invoiceTitleId: null, remarks: [], shownTotal: 6 * co.price },
      { 'idempotency-key': newIdempotencyKey() },
    );
    expect(res.code).toBe(0);
    await runJobs();
    await runJobs();
    await expectOnce(co.head.id, 'approval.waiting');
    expect(await rowsOf(co.buyer.id, 'approval.waiting')).toHaveLength(0);
  });
});

describe('买家申请售后 and 售后申请已同意', () => {
  it('tells the supplier of the request (with the order number) and the purchaser of the approval (with the after-sales number), once each', async () => {
    const supplier = await makeSupplier(db(), '售后通知供应商');
    const buyer = await makePurchaser(db(), '售后通知采购商');
    for (const u of [supplier.admin, buyer]) await bindAll(u.id);
    const { skuIds } = await makeOnSaleProduct(db(), supplier, { skus: [{ price: 50, stock: 20 }] });
    const order = await makeCompletedOrder(db(), buyer, supplier, [{ skuId: skuIds[0]!, quantity: 2 }]);
    const [line] = await linesOf(db(), order.id);
    const applied = await callEndpoint(t.app, buyer.token, e.rmaApply, {
      orderId: order.id,
      type: RmaType.REFUND,
      lines: [{ orderLineId: line!.id, quantity: 1 }],
      reason: '质量问题',
    });
    expect(applied.code, applied.message).toBe(0);
    await runJobs();
    await runJobs();
    await expectOnce(supplier.admin.id, 'rma.requested');
    expect(await rowsOf(buyer.id, 'rma.requested')).toHaveLength(0);
    const [requested] = await rowsOf(supplier.admin.id, 'rma.requested');
    expect(requested!.vars.no).toBe(order.orderNo);

    const approved = await callEndpoint(t.app, supplier.admin.token, e.rmaApprove, { id: applied.data.id });
    expect(approved.code, approved.message).toBe(0);
    await runJobs();
    await runJobs();
    await expectOnce(buyer.id, 'rma.approved');
    expect(await rowsOf(supplier.admin.id, 'rma.approved')).toHaveLength(0);
    const [told] = await rowsOf(buyer.id, 'rma.approved');
    const [rma] = await db().select({ rmaNo: rmas.rmaNo }).from(rmas).where(eq(rmas.id, applied.data.id));
    expect(told!.vars.no).toBe(rma!.rmaNo);
  });
});

describe('收到新报价 and 询价中标 / 未中标', () => {
  it('tells the purchaser of each first offer (not of a revision), then the winner 中标 and the other 未中标, once each', async () => {
    const buyer = await makePurchaser(db(), '报价通知采购商');
    const winner = await makeQuotingSupplier(db(), '报价通知甲');
    const loser = await makeQuotingSupplier(db(), '报价通知乙');
    for (const u of [buyer, winner.admin, loser.admin]) await bindAll(u.id);
    const { enquiry, items } = await makeEnquiry(db(), buyer.companyId);
    const validUntil = addChinaDays(chinaDay(), 30);
    const offer = (token: string, price: number, baseVersion = 0) =>
      callEndpoint(
        t.app,
        token,
        e.quotationSubmit,
        {
          enquiryId: enquiry.id,
          baseVersion,
          lines: items.map((i) => ({ enquiryItemId: i.id, unitPrice: price, taxRate: 13 })),
          freight: 0,
          leadDays: 7,
          validUntil,
          remark: '',
          contactName: '王经理',
          contactPhone: '13800001111',
        },
        { 'idempotency-key': newIdempotencyKey() },
      );
    const first = await offer(winner.admin.token, 100);
    expect(first.code, first.message).toBe(0);
    expect((await offer(loser.admin.token, 120)).code).toBe(0);
    // A revision is not a new offer: no second message.
    expect((await offer(winner.admin.token, 99, 1)).code).toBe(0);
    await runJobs();
    await runJobs();
    const received = await rowsOf(buyer.id, 'quotation.received');
    const channels = [...NOTICE_DEFAULTS[NOTICE_EVENTS['quotation.received'].category]];
    expect(received).toHaveLength(2 * channels.length);
    expect(received.every((r) => r.status === OutboxStatus.SENT && r.vars.no === enquiry.code)).toBe(true);

    const quotationOf = async (companyId: number) =>
      (await db().select({ id: quotations.id }).from(quotations).where(and(eq(quotations.enquiryId, enquiry.id), eq(quotations.supplierCompanyId, companyId))))[0]!.id;
    const awarded = await callEndpoint(t.app, buyer.token, e.enquiryAward, {
      enquiryId: enquiry.id,
      lines: await Promise.all(items.map(async (i) => ({ enquiryItemId: i.id, quotationId: await quotationOf(winner.id) }))),
    });
    expect(awarded.code, awarded.message).toBe(0);
    await runJobs();
    await runJobs();
    await expectOnce(winner.admin.id, 'enquiry.awardWon');
    await expectOnce(loser.admin.id, 'enquiry.awardLost');
    expect(await rowsOf(winner.admin.id, 'enquiry.awardLost')).toHaveLength(0);
    expect(await rowsOf(loser.admin.id, 'enquiry.awardWon')).toHaveLength(0);
  });
});

describe('买家已在线支付', () => {
  it('a WeChat Pay sandbox payment, notified twice, tells the supplier once per channel and the purchaser nothing', async () => {
    const s = await orderAwaitingPayment(db(), '在线支付通知');
    await bindAll(s.seller.admin.id);
    await bindAll(s.buyer.id);
    const opened = await callEndpoint(t.app, s.buyer.token, pay.payCreate, { orderId: s.orderId, channel: 1 });
    expect(opened.code, opened.message).toBe(0);
    // The sandbox payer pays; the sandbox sends the signed notification twice, as WeChat Pay may.
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/page',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ no: opened.data!.payNo, outcome: 'pay', notify: 'twice' }).toString(),
    });
    expect(paid.body).toContain('已支付成功');
    await runJobs();
    await runJobs();
    await expectOnce(s.seller.admin.id, 'order.paidOnline');
    expect(await rowsOf(s.buyer.id, 'order.paidOnline')).toHaveLength(0);
    // The outbound message names the order.
    const [order] = await db().select({ no: orders.orderNo }).from(orders).where(eq(orders.id, s.orderId));
    for (const row of await rowsOf(s.seller.admin.id, 'order.paidOnline')) expect(JSON.stringify(row)).toContain(order!.no);
  });
});
