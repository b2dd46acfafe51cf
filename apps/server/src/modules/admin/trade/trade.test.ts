import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { BidStatus, BidType, Code, type AdminOrderDetail, RmaDisputeStatus, RmaStatus, RmaType, type AdminTradeStats, type AuditRow, type Paged, type RmaDetail } from '@aquamall/shared';
import { createTestApp, testDbKind, type TestApp } from '../../../test/app.ts';
import { auditLogs, bids, messages, orderLines, orders } from '../../../db/schema/index.ts';
import { api, insertEnquiry, makeCompletedOrder, makeOnSaleProduct, makePurchaser, makeSupplier, signedInPlatformAdmin } from '../../../test/factories/index.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../../test/isolation-record.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
let admin: { token: string; id: number };
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  admin = await signedInPlatformAdmin(t.database.db, { adminName: '仲裁管理员' });
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/admin/trade/trade.test.ts');

const db = () => t.database.db;
const claimed = async (orderId: number) => (await db().select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id)).map((l) => l.claimedQty);
const rma = (token: string, id: number) => http.get<RmaDetail>(token, `/api/rma/detail?id=${id}`);
const inbox = async (companyId: number) => db().select().from(messages).where(and(eq(messages.companyId, companyId), eq(messages.type, 'rma'))).orderBy(desc(messages.id));

let seq = 0;
/** A completed order of 5 + 3 units and a request on 2 of the first line, refused by the supplier. */
async function refusedRequest(type: number = RmaType.RETURN) {
  const n = ++seq;
  const seller = await makeSupplier(db(), `仲裁供应商${n}`);
  const buyer = await makePurchaser(db(), `仲裁采购商${n}`);
  const { skuIds } = await makeOnSaleProduct(db(), seller, { name: '聚合氯化铝', skus: [{ price: 100, stock: 50 }, { price: 20, stock: 30 }] });
  const order = await makeCompletedOrder(db(), buyer, seller, [{ skuId: skuIds[0]!, quantity: 5 }, { skuId: skuIds[1]!, quantity: 3 }]);
  const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.id);
  const applied = await http.post<{ id: number }>(buyer.token, '/api/rma/apply', { type, reason: '质量问题', description: '结块', photos: [], orderId: order.id, lines: [{ orderLineId: lines[0]!.id, quantity: 2 }] });
  expect(applied.code).toBe(0);
  const id = applied.data.id;
  expect((await http.post(seller.admin.token, '/api/rma/reject', { id, reason: '包装完好，不予退货' })).code).toBe(0);
  return { seller, buyer, order, lines, id };
}

async function disputeIdOf(rmaId: number) {
  const list = await http.post<Paged<{ id: number; rmaId: number }>>(admin.token, '/admin/api/trade/dispute/list', { pageSize: 100 });
  return list.data.list.find((d) => d.rmaId === rmaId)!.id;
}

describe('console trade: who may call it', () => {
  it('refuses every console trade endpoint to a supplier, a purchaser and a visitor', async () => {
    const seller = await makeSupplier(db(), '越权供应商');
    const buyer = await makePurchaser(db(), '越权采购商');
    const calls: [string, string, object?][] = [
      ['POST', '/admin/api/trade/order/list', {}],
      ['GET', '/admin/api/trade/order/detail/1'],
      ['POST', '/admin/api/trade/dispute/list', {}],
      ['POST', '/admin/api/trade/dispute/decide', { id: 1, support: 'buyer', reason: '理由充分' }],
      ['POST', '/admin/api/trade/listing/list', { kind: 'tender' }],
      ['POST', '/admin/api/trade/listing/takedown', { kind: 'tender', id: 1, down: true, reason: '违规内容' }],
      ['POST', '/admin/api/trade/stats', { dateFrom: '2026-01-01', dateTo: '2026-01-31' }],
      ['POST', '/admin/api/trade/stats/export', { dateFrom: '2026-01-01', dateTo: '2026-01-31' }],
    ];
    for (const [method, url, body] of calls) {
      for (const [token, code] of [[seller.admin.token, Code.FORBIDDEN], [buyer.token, Code.FORBIDDEN], [null, Code.LOGIN_EXPIRED]] as const) {
        const res = method === 'GET' ? await http.get(token, url) : await http.post(token, url, body);
        expect(res.code, `${url}`).toBe(code);
      }
    }
  });
});

describe('console trade: orders', () => {
  it('lists every company’s orders with filters and shows one read only', async () => {
    const a = await refusedRequest();
    const b = await refusedRequest();
    const all = await http.post<Paged<{ id: number; orderNo: string; sellerCompanyName: string }>>(admin.token, '/admin/api/trade/order/list', { pageSize: 100 });
    expect(all.data.list.map((o) => o.id)).toEqual(expect.arrayContaining([a.order.id, b.order.id]));
    const bySupplier = await http.post<Paged<{ id: number }>>(admin.token, '/admin/api/trade/order/list', { supplier: a.seller.admin.company.name });
    expect(bySupplier.data.list.map((o) => o.id)).toEqual([a.order.id]);
    const byPurchaserAndNo = await http.post<Paged<{ id: number }>>(admin.token, '/admin/api/trade/order/list', { purchaser: '仲裁采购商', orderNo: b.order.orderNo });
    expect(byPurchaserAndNo.data.list.map((o) => o.id)).toEqual([b.order.id]);
    const china = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect((await http.post<Paged<unknown>>(admin.token, '/admin/api/trade/order/list', { dateFrom: china, dateTo: china, supplier: a.seller.admin.company.name })).data.total).toBe(1);
    expect((await http.post<Paged<unknown>>(admin.token, '/admin/api/trade/order/list', { dateTo: '2020-01-01', supplier: a.seller.admin.company.name })).data.total).toBe(0);
    expect(await http.post(admin.token, '/admin/api/trade/order/list', { dateFrom: '2026-02-01', dateTo: '2026-01-01' })).toMatchObject({ code: Code.INVALID, message: '开始日期不能晚于结束日期' });

    const detail = await http.get<AdminOrderDetail>(admin.token, `/admin/api/trade/order/detail/${a.order.id}`);
    expect(detail.code).toBe(0);
    expect(detail.data).toMatchObject({ orderNo: a.order.orderNo, lines: [{ quantity: 5 }, { quantity: 3 }], rmas: [{ id: a.id, status: RmaStatus.REJECTED }] });
    expect(detail.data.history.length).toBeGreaterThan(0);
    expect(await http.get(admin.token, '/admin/api/trade/order/detail/999999')).toMatchObject({ code: Code.NOT_FOUND, message: '订单不存在' });
  });
});

describe('console trade: after-sales disputes', () => {
  it('only a party escalates, only a refused request, and once', async () => {
    const { seller, buyer, order, lines, id } = await refusedRequest();
    const outsider = await makePurchaser(db(), '无关采购商甲');
    const outsiderSeller = await makeSupplier(db(), '无关供应商甲');
    crossCompanyCaller(outsider.token);
    crossCompanyCaller(outsiderSeller.admin.token);
    for (const token of [outsider.token, outsiderSeller.admin.token]) {
      expect(await http.post(token, '/api/rma/escalate', { id, reason: '我也想介入' })).toMatchObject({ code: Code.NOT_FOUND, message: '售后单不存在' });
    }
    expect(await http.post(buyer.token, '/api/rma/escalate', { id, reason: '' })).toMatchObject({ code: Code.INVALID, message: '请填写申请介入的理由' });

    // A request still pending is not refused: no escalation.
    const pending = await http.post<{ id: number }>(buyer.token, '/api/rma/apply', { type: RmaType.RETURN, reason: '质量问题', description: '', photos: [], orderId: order.id, lines: [{ orderLineId: lines[1]!.id, quantity: 1 }] });
    expect(await http.post(buyer.token, '/api/rma/escalate', { id: pending.data.id, reason: '供应商不理' })).toMatchObject({ code: Code.CONFLICT, message: '只有被驳回的售后申请可以申请平台介入' });

    expect(await http.post(buyer.token, '/api/rma/escalate', { id, reason: '货物确有结块，附检测报告' })).toMatchObject({ code: 0, message: '已申请平台介入，平台处理后会通知双方' });
    expect(await http.post(seller.admin.token, '/api/rma/escalate', { id, reason: '我方也申请' })).toMatchObject({ code: Code.CONFLICT, message: '该售后申请已申请过平台介入，每个申请只能申请一次' });
    expect(await http.post(buyer.token, '/api/rma/escalate', { id, reason: '再申请一次' })).toMatchObject({ code: Code.CONFLICT });

    const seen = await rma(seller.admin.token, id);
    expect(seen.data.dispute).toMatchObject({ status: RmaDisputeStatus.OPEN, raisedBySide: 1, reason: '货物确有结块，附检测报告', decisionReason: null });
    expect(seen.data.history.at(-1)).toMatchObject({ action: 'escalate', side: 1 });
    expect((await inbox(seller.id))[0]).toMatchObject({ title: expect.stringContaining('申请平台介入') });
    const [entry] = await db().select().from(auditLogs).where(and(eq(auditLogs.action, 'rma.escalate'), eq(auditLogs.targetId, String(id))));
    // A workbench action records where it came from and the company, like a console action.
    expect(entry).toMatchObject({ companyId: buyer.companyId, ip: '127.0.0.1', userAgent: 'lightMyRequest' });
  });

  it('the platform supports the purchaser: the request goes on as approved, both are told, audited, decided once', async () => {
    const { seller, buyer, order, id } = await refusedRequest();
    expect(await claimed(order.id)).toEqual([0, 0]);
    expect((await http.post(seller.admin.token, '/api/rma/escalate', { id, reason: '采购商索赔不合理，请平台裁决' })).code).toBe(0);
    const disputeId = await disputeIdOf(id);
    const listed = await http.post<Paged<{ id: number; status: number; orderNo: string; raisedBySide: number; rejectReason: string }>>(admin.token, '/admin/api/trade/dispute/list', { status: 0, keyword: order.orderNo });
    expect(listed.data.list).toMatchObject([{ id: disputeId, status: 0, orderNo: order.orderNo, raisedBySide: 2, rejectReason: '包装完好，不予退货' }]);
    expect(await http.post(admin.token, '/admin/api/trade/dispute/decide', { id: disputeId, support: 'buyer', reason: '' })).toMatchObject({ code: Code.INVALID, message: '请填写裁决理由' });

    const decided = await http.post(admin.token, '/admin/api/trade/dispute/decide', { id: disputeId, support: 'buyer', reason: '检测报告显示质量不合格' });
    expect(decided).toMatchObject({ code: 0 });
    const after = await rma(buyer.token, id);
    expect(after.data).toMatchObject({ status: RmaStatus.TO_RETURN, dispute: { status: RmaDisputeStatus.BUYER_SUPPORTED, decisionReason: '检测报告显示质量不合格' } });
    expect(after.data.history.at(-1)).toMatchObject({ action: 'arbitrate', side: 3, userName: '平台' });
    expect(await claimed(order.id)).toEqual([2, 0]);
    expect((await inbox(buyer.companyId))[0]).toMatchObject({ title: expect.stringContaining('平台裁决支持您的售后申请') });
    expect((await inbox(seller.id))[0]).toMatchObject({ title: expect.stringContaining('平台裁决支持采购商') });
    const audit = await http.post<Paged<AuditRow>>(admin.token, '/admin/api/audit/list', { action: 'rma.arbitrate.buyer', targetId: String(id) });
    expect(audit.data.list).toMatchObject([{ actorName: '仲裁管理员', targetType: 'rma', userAgent: 'lightMyRequest', companyId: null, after: { reason: '检测报告显示质量不合格' } }]);

    expect(await http.post(admin.token, '/admin/api/trade/dispute/decide', { id: disputeId, support: 'seller', reason: '改判' })).toMatchObject({ code: Code.CONFLICT, message: '该争议已裁决，不能重复处理' });
    expect((await rma(buyer.token, id)).data.status).toBe(RmaStatus.TO_RETURN);
    // The request then goes on as an approved one: the purchaser ships the goods back.
    expect((await http.post(buyer.token, '/api/rma/shipBack', { id, carrier: '顺丰', trackingNo: 'SF100' })).code).toBe(0);
  });

  it('refund only goes to 待退款; supporting the supplier closes the request with the refusal standing', async () => {
    const refund = await refusedRequest(RmaType.REFUND);
    await http.post(refund.buyer.token, '/api/rma/escalate', { id: refund.id, reason: '仅退款被拒' });
    expect((await http.post(admin.token, '/admin/api/trade/dispute/decide', { id: await disputeIdOf(refund.id), support: 'buyer', reason: '应予退款' })).code).toBe(0);
    expect((await rma(refund.buyer.token, refund.id)).data.status).toBe(RmaStatus.TO_SETTLE);

    const s = await refusedRequest();
    await http.post(s.buyer.token, '/api/rma/escalate', { id: s.id, reason: '不服驳回' });
    expect((await http.post(admin.token, '/admin/api/trade/dispute/decide', { id: await disputeIdOf(s.id), support: 'seller', reason: '照片显示包装完好' })).code).toBe(0);
    const d = await rma(s.buyer.token, s.id);
    expect(d.data).toMatchObject({ status: RmaStatus.REJECTED, dispute: { status: RmaDisputeStatus.SELLER_SUPPORTED, decisionReason: '照片显示包装完好' } });
    expect(await claimed(s.order.id)).toEqual([0, 0]);
    expect((await inbox(s.buyer.companyId))[0]).toMatchObject({ title: expect.stringContaining('平台裁决维持驳回') });
    expect((await inbox(s.seller.id))[0]).toMatchObject({ title: expect.stringContaining('平台裁决支持您的驳回') });
  });

  it('cannot support the purchaser when the quantities were claimed again meanwhile', async () => {
    const { buyer, order, lines, id } = await refusedRequest();
    await http.post(buyer.token, '/api/rma/escalate', { id, reason: '不服' });
    expect((await http.post(buyer.token, '/api/rma/apply', { type: RmaType.RETURN, reason: '质量问题', description: '', photos: [], orderId: order.id, lines: [{ orderLineId: lines[0]!.id, quantity: 5 }] })).code).toBe(0);
    const res = await http.post(admin.token, '/admin/api/trade/dispute/decide', { id: await disputeIdOf(id), support: 'buyer', reason: '应予退货' });
    expect(res).toMatchObject({ code: Code.CONFLICT, message: expect.stringContaining('已被其他售后申请占用') });
    expect((await rma(buyer.token, id)).data).toMatchObject({ status: RmaStatus.REJECTED, dispute: { status: RmaDisputeStatus.OPEN } });
    expect(await claimed(order.id)).toEqual([5, 0]);
  });
});

describe.runIf(testDbKind === 'pg')('console trade on PostgreSQL', () => {
  it('concurrent decisions decide once; concurrent escalations by both parties escalate once', async () => {
    const { seller, buyer, order, id } = await refusedRequest();
    const raised = await Promise.all([
      http.post(buyer.token, '/api/rma/escalate', { id, reason: '采购商申请' }),
      http.post(seller.admin.token, '/api/rma/escalate', { id, reason: '供应商申请' }),
    ]);
    expect(raised.filter((r) => r.code === 0)).toHaveLength(1);
    const disputeId = await disputeIdOf(id);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => http.post(admin.token, '/admin/api/trade/dispute/decide', { id: disputeId, support: i % 2 ? 'seller' : 'buyer', reason: `裁决${i}` })),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === Code.CONFLICT)).toBe(true);
    const entries = await db().select().from(auditLogs).where(eq(auditLogs.targetId, String(id)));
    expect(entries.filter((e) => e.action.startsWith('rma.arbitrate'))).toHaveLength(1);
    const status = (await rma(buyer.token, id)).data.status;
    expect(await claimed(order.id)).toEqual(status === RmaStatus.TO_RETURN ? [2, 0] : [0, 0]);
  });
});

describe('console trade: tenders and enquiries', () => {
  it('takes an enquiry and a tender down from the public pages with a reason, tells the owner, and restores them', async () => {
    const buyer = await makePurchaser(db(), '下架采购商');
    const enquiry = await insertEnquiry(db(), buyer.companyId, { title: '违规询价单' });
    const [tender] = await db()
      .insert(bids)
      .values({ type: BidType.TENDER, code: `ZB-T-${Date.now()}`, title: '违规招标项目', status: BidStatus.OPEN, companyId: buyer.companyId, purchaserName: '下架采购商', deadline: new Date(Date.now() + 7 * 86_400_000), publishedAt: new Date(Date.now() - 3600_000) })
      .returning();
    const publicEnquiry = () => http.get(null, `/api/openEnquiry/${enquiry.id}`);
    const publicTender = () => http.get(null, `/api/openbid/${tender!.id}`);
    expect((await publicEnquiry()).code).toBe(0);
    expect((await publicTender()).code).toBe(0);

    const listed = await http.post<Paged<{ id: number; companyName: string; takenDownAt: string | null }>>(admin.token, '/admin/api/trade/listing/list', { kind: 'enquiry', keyword: '违规询价' });
    expect(listed.data.list).toMatchObject([{ id: enquiry.id, companyName: '下架采购商', takenDownAt: null }]);
    expect(await http.post(admin.token, '/admin/api/trade/listing/takedown', { kind: 'enquiry', id: enquiry.id, down: true, reason: '' })).toMatchObject({ code: Code.INVALID, message: '请填写原因' });

    for (const [kind, id] of [['enquiry', enquiry.id], ['tender', tender!.id]] as const) {
      expect((await http.post(admin.token, '/admin/api/trade/listing/takedown', { kind, id, down: true, reason: '含联系方式等违规内容' })).code).toBe(0);
      expect(await http.post(admin.token, '/admin/api/trade/listing/takedown', { kind, id, down: true, reason: '再下架' })).toMatchObject({ code: Code.CONFLICT, message: '已下架，请勿重复操作' });
    }
    expect((await publicEnquiry()).code).toBe(Code.NOT_FOUND);
    expect((await publicTender()).code).toBe(Code.NOT_FOUND);
    const board = await http.post<Paged<{ id: number }>>(null, '/api/openEnquiry/query', { pageSize: 100 });
    expect(board.data.list.map((e) => e.id)).not.toContain(enquiry.id);
    const notices = await db().select().from(messages).where(eq(messages.companyId, buyer.companyId)).orderBy(desc(messages.id));
    expect(notices.map((m) => m.title)).toEqual(expect.arrayContaining(['您的询价单「违规询价单」已被平台下架', '您的招标项目「违规招标项目」已被平台下架']));
    const down = await http.post<Paged<{ id: number; takedownReason: string }>>(admin.token, '/admin/api/trade/listing/list', { kind: 'tender', takenDown: 1 });
    expect(down.data.list).toMatchObject([{ id: tender!.id, takedownReason: '含联系方式等违规内容' }]);
    const audit = await http.post<Paged<AuditRow>>(admin.token, '/admin/api/audit/list', { action: 'tender.takedown' });
    expect(audit.data.list[0]).toMatchObject({ targetType: 'bid', targetId: String(tender!.id) });

    expect((await http.post(admin.token, '/admin/api/trade/listing/takedown', { kind: 'enquiry', id: enquiry.id, down: false, reason: '已整改' })).code).toBe(0);
    expect((await publicEnquiry()).code).toBe(0);
    expect(await http.post(admin.token, '/admin/api/trade/listing/takedown', { kind: 'tender', id: 999999, down: true, reason: '不存在的' })).toMatchObject({ code: Code.NOT_FOUND, message: '招标项目不存在' });
  });
});

describe('console trade: statistics', () => {
  it('counts GMV, orders, new companies and active companies by China day, and exports them to Excel', async () => {
    const china = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const q = { granularity: 'day', dateFrom: china, dateTo: china };
    const before = await http.post<AdminTradeStats>(admin.token, '/admin/api/trade/stats', q);
    expect(before.code).toBe(0);
    const { order, seller, buyer } = await refusedRequest();
    const after = await http.post<AdminTradeStats>(admin.token, '/admin/api/trade/stats', q);
    const [o] = await db().select().from(orders).where(eq(orders.id, order.id));
    expect(after.data.periods).toHaveLength(1);
    const diff = (k: 'orders' | 'newCompanies') => after.data.total[k] - before.data.total[k];
    expect(diff('orders')).toBe(1);
    expect(diff('newCompanies')).toBe(2);
    expect(Math.round(Number(after.data.total.gmv) * 100) - Math.round(Number(before.data.total.gmv) * 100)).toBe(Math.round(Number(o!.totalAmount) * 100));
    expect(after.data.total.activeSuppliers - before.data.total.activeSuppliers).toBe(1);
    expect(after.data.total.activePurchasers - before.data.total.activePurchasers).toBe(1);
    expect(after.data.periods[0]).toMatchObject({ period: china, orders: after.data.total.orders });
    expect(seller.id).not.toBe(buyer.companyId);

    const months = await http.post<AdminTradeStats>(admin.token, '/admin/api/trade/stats', { granularity: 'month', dateFrom: '2026-01-15', dateTo: '2026-03-02' });
    expect(months.data.periods.map((p) => p.period)).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(await http.post(admin.token, '/admin/api/trade/stats', { granularity: 'day', dateFrom: '2026-01-01', dateTo: '2026-12-31' })).toMatchObject({ code: Code.INVALID, message: '按日统计最多93天，按月统计最多36个月' });

    const file = await t.app.inject({ method: 'POST', url: '/admin/api/trade/stats/export', headers: { 'x-token': admin.token }, payload: q });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
