import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { Code, ORDER_CLOCKS, OrderStatus, RmaStatus, RmaType, StockReason, type RmaApplyInfo, type RmaDetail, type RmaRow, type Paged } from '@aquamall/shared';
import { createTestApp, testDbKind, type TestApp } from '../../test/app.ts';
import { jobs, messages, documentHistory, orderLines, orders, productSkus, stockLedger } from '../../db/schema/index.ts';
import { api, makeCompletedOrder, makeOnSaleProduct, makeOrder, makePurchaser, makeSupplier, uploadedFile } from '../../test/factories/index.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/aftersales/aftersales.test.ts');

const db = () => t.database.db;
const sku = async (id: number) => (await db().select().from(productSkus).where(eq(productSkus.id, id)))[0]!;
const lineOf = async (orderId: number) => db().select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.id);
const detail = (token: string, id: number) => http.get<RmaDetail>(token, `/api/rma/detail?id=${id}`);

let seq = 0;
/** A supplier with one product of two SKUs and a purchaser with a completed order of 5 + 3 units. */
async function scene(opts: { completedAt?: Date; minOrder?: number } = {}) {
  const n = ++seq;
  const seller = await makeSupplier(db(), `售后供应商${n}`);
  const buyer = await makePurchaser(db(), `售后采购商${n}`);
  const { skuIds } = await makeOnSaleProduct(db(), seller, { name: '聚合氯化铝', minOrder: opts.minOrder, skus: [{ price: 100, stock: 50 }, { price: 20.5, stock: 30 }] });
  const order = await makeCompletedOrder(db(), buyer, seller, [{ skuId: skuIds[0]!, quantity: 5 }, { skuId: skuIds[1]!, quantity: 3 }], { completedAt: opts.completedAt });
  const lines = await lineOf(order.id);
  return { seller, buyer, skuIds, order, lines };
}

/** A new return address entered on approval (returns and exchanges need one). */
const RET = { address: { receiver: '仓库收货', phone: '13800000001', area: [110000, 110100, 110101], detail: '东城区退货仓库1号门' } };

async function apply(token: string, body: object) {
  return http.post<{ id: number; rmaNo: string }>(token, '/api/rma/apply', { type: RmaType.RETURN, reason: '质量问题', description: '结块', photos: [], ...body });
}

describe('after-sales: apply', () => {
  it('the apply form shows what each line may still claim and the deadline', async () => {
    const { buyer, order, lines } = await scene();
    const res = await http.get<RmaApplyInfo>(buyer.token, `/api/rma/applyInfo?orderId=${order.id}`);
    expect(res.code).toBe(0);
    expect(res.data.blockedReason).toBeNull();
    expect(res.data.lines).toMatchObject([
      { orderLineId: lines[0]!.id, shippedQty: 5, claimedQty: 0, claimableQty: 5, unitPrice: '100.00' },
      { orderLineId: lines[1]!.id, shippedQty: 3, claimableQty: 3, unitPrice: '20.50' },
    ]);
    expect(new Date(res.data.deadline!).getTime() - new Date(res.data.completedAt!).getTime()).toBe(7 * 86_400_000);
  });

  it('claims the quantities, records history, notifies the supplier and refuses more than is left', async () => {
    const { seller, buyer, order, lines } = await scene();
    const photo = await uploadedFile(t.app, buyer.token);
    const res = await apply(buyer.token, { orderId: order.id, lines: [{ orderLineId: lines[0]!.id, quantity: 2 }, { orderLineId: lines[1]!.id, quantity: 1 }], photos: [photo] });
    expect(res).toMatchObject({ code: 0 });
    expect(res.data.rmaNo).toMatch(/^R\d{16}$/);
    const d = await detail(buyer.token, res.data.id);
    expect(d.data).toMatchObject({ status: RmaStatus.PENDING, refundAmount: '220.50', viewer: 0, orderNo: order.orderNo, lineCount: 2, totalQuantity: 3, photos: [photo.replace(/^\/?f\//, '')] });
    expect(d.data.lines).toMatchObject([{ quantity: 2, amount: '200.00' }, { quantity: 1, amount: '20.50' }]);
    expect(d.data.history).toMatchObject([{ action: 'apply', toStatus: RmaStatus.PENDING, side: 1 }]);
    // The buttons each side gets are the after-sales table's (packages/shared/src/machines/rma.ts).
    expect(d.data.actions).toEqual(['withdraw']);
    expect((await detail(seller.admin.token, res.data.id)).data.actions).toEqual(['approve', 'reject']);
    expect((await lineOf(order.id)).map((l) => l.claimedQty)).toEqual([2, 1]);
    const [msg] = await db().select().from(messages).where(and(eq(messages.companyId, seller.id), eq(messages.type, 'rma')));
    expect(msg).toMatchObject({ linkPath: `/customer/rma/rmaEditor?type=1&id=${res.data.id}` });

    const over = await apply(buyer.token, { orderId: order.id, lines: [{ orderLineId: lines[0]!.id, quantity: 4 }] });
    expect(over).toMatchObject({ code: Code.CONFLICT, message: '「聚合氯化铝」最多可申请 3吨' });
    expect((await lineOf(order.id)).map((l) => l.claimedQty)).toEqual([2, 1]);
    expect((await apply(buyer.token, { orderId: order.id, lines: [{ orderLineId: lines[0]!.id, quantity: 3 }] })).code).toBe(0);
    expect((await apply(buyer.token, { orderId: order.id, lines: [{ orderLineId: lines[0]!.id, quantity: 1 }] })).message).toBe('「聚合氯化铝」已没有可申请售后的数量');
  });

  it('refuses orders not completed, past the deadline, a refund above the lines, foreign photos and lines of another order', async () => {
    const { seller, buyer, skuIds, order, lines } = await scene();
    const open = await makeOrder(db(), buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 1 }]);
    const openLine = (await lineOf(open.id))[0]!;
    expect((await apply(buyer.token, { orderId: open.id, lines: [{ orderLineId: openLine.id, quantity: 1 }] })).message).toBe('订单完成后才能申请售后');

    const old = await scene({ completedAt: new Date(Date.now() - 8 * 86_400_000) });
    const late = await apply(old.buyer.token, { orderId: old.order.id, lines: [{ orderLineId: old.lines[0]!.id, quantity: 1 }] });
    expect(late).toMatchObject({ code: Code.CONFLICT, message: '已超过售后申请期限（订单完成后7天内）' });

    const tooMuch = await apply(buyer.token, { orderId: order.id, lines: [{ orderLineId: lines[0]!.id, quantity: 1 }], refundAmount: 100.01 });
    expect(tooMuch).toMatchObject({ code: Code.INVALID, message: '退款金额不能超过所选商品金额 ¥100.00' });
    const exchangeWithMoney = await apply(buyer.token, { orderId: order.id, type: RmaType.EXCHANGE, lines: [{ orderLineId: lines[0]!.id, quantity: 1 }], refundAmount: 5 });
    expect(exchangeWithMoney).toMatchObject({ code: Code.INVALID, message: expect.stringContaining('换货不退款，退款金额须为0') });

    const stranger = await makePurchaser(db(), '图片别家');
    const foreign = await uploadedFile(t.app, stranger.token);
    const photo = await apply(buyer.token, { orderId: order.id, lines: [{ orderLineId: lines[0]!.id, quantity: 1 }], photos: [foreign] });
    expect(photo.message).toBe('图片不存在或不是本公司上传的文件');
    const tooManyPhotos = await apply(buyer.token, { orderId: order.id, lines: [{ orderLineId: lines[0]!.id, quantity: 1 }], photos: Array(6).fill(foreign) });
    expect(tooManyPhotos).toMatchObject({ code: Code.INVALID, message: expect.stringContaining('最多上传5张图片') });

    const mixed = await apply(buyer.token, { orderId: order.id, lines: [{ orderLineId: openLine.id, quantity: 1 }] });
    expect(mixed.message).toBe('订单商品不存在');
    expect((await lineOf(order.id)).map((l) => l.claimedQty)).toEqual([0, 0]);
  });
});

describe('after-sales: the supplier and the purchaser', () => {
  it('return and refund: approve → ship back → receive (退货入库) → refund, each with history and a notice', async () => {
    const { seller, buyer, skuIds, order, lines } = await scene();
    const before = await sku(skuIds[0]!);
    const { data } = await apply(buyer.token, { orderId: order.id, reason: '不想要了', lines: [{ orderLineId: lines[0]!.id, quantity: 2 }], refundAmount: 150 });
    const id = data.id;

    expect(await http.post(seller.admin.token, '/api/rma/shipBack', { id, carrier: '顺丰', trackingNo: 'SF1' })).toMatchObject({ code: Code.CONFLICT, message: '只有申请售后的采购商可以执行此操作' });
    expect(await http.post(buyer.token, '/api/rma/approve', { id })).toMatchObject({ code: Code.CONFLICT, message: '只有订单的供应商可以处理此售后申请' });
    expect(await http.post(seller.admin.token, '/api/rma/receive', { id })).toMatchObject({ code: Code.CONFLICT });

    expect(await http.post(seller.admin.token, '/api/rma/approve', { id, note: '同意退货' })).toMatchObject({ code: Code.INVALID, message: '请选择或填写退货地址' });
    expect((await http.post(seller.admin.token, '/api/rma/approve', { id, note: '同意退货', ...RET })).code).toBe(0);
    expect((await detail(buyer.token, id)).data).toMatchObject({ status: RmaStatus.TO_RETURN, actions: ['shipBack'] });
    expect(await http.post(seller.admin.token, '/api/rma/approve', { id })).toMatchObject({ code: Code.CONFLICT, message: '该申请已处理，不能重复审核' });
    expect(await http.post(buyer.token, '/api/rma/withdraw', { id })).toMatchObject({ code: Code.CONFLICT, message: '供应商已处理该申请，不能撤销' });
    expect(await http.post(seller.admin.token, '/api/rma/receive', { id })).toMatchObject({ code: Code.CONFLICT, message: '采购商尚未寄回商品' });

    expect(await http.post(buyer.token, '/api/rma/shipBack', { id, carrier: '顺丰速运', trackingNo: 'bad no!' })).toMatchObject({ code: Code.INVALID });
    expect((await http.post(buyer.token, '/api/rma/shipBack', { id, carrier: '顺丰速运', trackingNo: 'SF123456' })).code).toBe(0);
    expect(await http.post(seller.admin.token, '/api/rma/refund', { id, amount: 150 })).toMatchObject({ code: Code.CONFLICT, message: '请先确认收到退回商品' });

    expect((await http.post(seller.admin.token, '/api/rma/receive', { id })).code).toBe(0);
    expect(await sku(skuIds[0]!)).toMatchObject({ onHand: before.onHand + 2, reserved: before.reserved });
    const ledger = await db().select().from(stockLedger).where(and(eq(stockLedger.docType, 'rma'), eq(stockLedger.docId, id)));
    expect(ledger).toMatchObject([{ reason: StockReason.RETURN, quantity: 2, onHandChange: 2, docNo: data.rmaNo }]);
    // Receiving again cannot move stock twice.
    expect((await http.post(seller.admin.token, '/api/rma/receive', { id })).code).toBe(Code.CONFLICT);

    expect(await http.post(seller.admin.token, '/api/rma/refund', { id, amount: 150.01 })).toMatchObject({ code: Code.INVALID, message: '退款金额不能超过申请金额 ¥150.00' });
    expect(await http.post(seller.admin.token, '/api/rma/exchange', { id })).toMatchObject({ code: Code.CONFLICT, message: '只有换货申请可以创建换货订单' });
    expect((await http.post(seller.admin.token, '/api/rma/refund', { id, amount: 150, note: '工行转账' })).code).toBe(0);

    const d = (await detail(seller.admin.token, id)).data;
    expect(d).toMatchObject({ status: RmaStatus.CLOSED, viewer: 1, refundMethod: 1, refundedAmount: '150.00', refundNote: '工行转账', returnCarrier: '顺丰速运', returnTrackingNo: 'SF123456' });
    expect(d.closedAt).not.toBeNull();
    expect(d.history.map((h) => [h.action, h.fromStatus, h.toStatus])).toEqual([
      ['apply', null, RmaStatus.PENDING],
      ['approve', RmaStatus.PENDING, RmaStatus.TO_RETURN],
      ['ship_back', RmaStatus.TO_RETURN, RmaStatus.RETURNED],
      ['receive', RmaStatus.RETURNED, RmaStatus.TO_SETTLE],
      ['refund', RmaStatus.TO_SETTLE, RmaStatus.CLOSED],
    ]);
    const buyerNotes = await db().select().from(messages).where(and(eq(messages.companyId, buyer.companyId), eq(messages.type, 'rma')));
    expect(buyerNotes.map((m) => m.linkPath)).toEqual(Array(3).fill(`/customer/rma/rmaEditor?type=0&id=${id}`));
    // The claim stays after a completed return: the same units cannot be claimed again.
    expect((await lineOf(order.id))[0]!.claimedQty).toBe(2);
  });

  it('refund only skips the return; a refund to a credit account needs one (modules/credit tests the account side)', async () => {
    const { seller, buyer, order, lines } = await scene();
    const { data } = await apply(buyer.token, { orderId: order.id, type: RmaType.REFUND, lines: [{ orderLineId: lines[1]!.id, quantity: 1 }] });
    expect((await http.post(seller.admin.token, '/api/rma/approve', { id: data.id })).code).toBe(0);
    expect((await detail(buyer.token, data.id)).data.status).toBe(RmaStatus.TO_SETTLE);
    expect(await http.post(buyer.token, '/api/rma/shipBack', { id: data.id, carrier: '顺丰', trackingNo: 'SF1' })).toMatchObject({ message: '仅退款无需寄回商品' });
    expect(await http.post(seller.admin.token, '/api/rma/refund', { id: data.id, amount: 10, method: 2 })).toMatchObject({ code: Code.CONFLICT, message: '采购商未开通信用账户，请线下转账后登记' });
    expect((await http.post(seller.admin.token, '/api/rma/refund', { id: data.id, amount: 20.5 })).code).toBe(0);
    expect((await detail(buyer.token, data.id)).data).toMatchObject({ status: RmaStatus.CLOSED, refundedAmount: '20.50' });
  });

  it('exchange: after receipt the supplier creates a replacement order at unit price 0 linked to the original, already confirmed and paid (待发货)', async () => {
    const { seller, buyer, skuIds, order, lines } = await scene();
    const { data } = await apply(buyer.token, { orderId: order.id, type: RmaType.EXCHANGE, reason: '包装或商品破损', lines: [{ orderLineId: lines[0]!.id, quantity: 1 }] });
    expect((await detail(buyer.token, data.id)).data.refundAmount).toBe('0.00');
    await http.post(seller.admin.token, '/api/rma/approve', { id: data.id, ...RET });
    await http.post(buyer.token, '/api/rma/shipBack', { id: data.id, carrier: '中通', trackingNo: 'ZT9' });
    expect(await http.post(seller.admin.token, '/api/rma/refund', { id: data.id, amount: 1 })).toMatchObject({ message: '换货申请不退款，请创建换货订单' });
    await http.post(seller.admin.token, '/api/rma/receive', { id: data.id });
    const before = await sku(skuIds[0]!);
    const res = await http.post<{ orderId: number; orderNo: string }>(seller.admin.token, '/api/rma/exchange', { id: data.id });
    expect(res.code).toBe(0);
    const [replacement] = await db().select().from(orders).where(eq(orders.id, res.data.orderId));
    expect(replacement).toMatchObject({ parentOrderId: order.id, kind: 0, status: OrderStatus.TO_SHIP, buyerCompanyId: buyer.companyId, sellerCompanyId: seller.id, totalAmount: '0.00' });
    expect(replacement!.confirmedAt).not.toBeNull();
    expect(replacement!.paidAt).not.toBeNull();
    expect(await db().select().from(documentHistory).where(and(eq(documentHistory.docType, 'order'), eq(documentHistory.docId, res.data.orderId)))).toMatchObject([{ action: 'create', toStatus: OrderStatus.TO_SHIP, note: '换货补发订单' }]);
    // Nothing to confirm: no confirmation clock that would cancel the replacement.
    expect(await db().select().from(jobs).where(and(eq(jobs.refId, res.data.orderId), inArray(jobs.kind, Object.values(ORDER_CLOCKS))))).toEqual([]);
    const replacementLines = await lineOf(res.data.orderId);
    expect(replacementLines).toMatchObject([{ skuId: skuIds[0], quantity: 1, unitPrice: '0.00', amount: '0.00' }]);
    expect(await sku(skuIds[0]!)).toMatchObject({ reserved: before.reserved + 1 });
    expect((await detail(buyer.token, data.id)).data).toMatchObject({ status: RmaStatus.CLOSED, replacementOrderId: res.data.orderId, replacementOrderNo: res.data.orderNo });
    expect((await http.post(seller.admin.token, '/api/rma/exchange', { id: data.id })).code).toBe(Code.CONFLICT);
    // The supplier ships it straight away; the purchaser then has it to receive.
    const ship = await http.post(seller.admin.token, '/api/order/ship', { orderId: res.data.orderId, lines: [{ lineId: replacementLines[0]!.id, quantity: 1 }], carrier: '顺丰', trackingNo: 'SF-EX1' });
    expect(ship.code).toBe(0);
    expect((await db().select().from(orders).where(eq(orders.id, res.data.orderId)))[0]!.status).toBe(OrderStatus.TO_RECEIVE);
  });

  it('an exchange below the minimum order quantity is refused by createOrders and nothing changes', async () => {
    const { seller, buyer, order, lines } = await scene({ minOrder: 2 });
    const { data } = await apply(buyer.token, { orderId: order.id, type: RmaType.EXCHANGE, lines: [{ orderLineId: lines[0]!.id, quantity: 1 }] });
    await http.post(seller.admin.token, '/api/rma/approve', { id: data.id, ...RET });
    await http.post(buyer.token, '/api/rma/shipBack', { id: data.id, carrier: '中通', trackingNo: 'ZT9' });
    await http.post(seller.admin.token, '/api/rma/receive', { id: data.id });
    const res = await http.post(seller.admin.token, '/api/rma/exchange', { id: data.id });
    expect(res).toMatchObject({ code: Code.CONFLICT, message: '「聚合氯化铝 规格 1号」起订量为 2吨' });
    expect((await detail(buyer.token, data.id)).data.status).toBe(RmaStatus.TO_SETTLE);
  });

  it('reject and withdraw release the claimed quantities', async () => {
    const { seller, buyer, order, lines } = await scene();
    const a = await apply(buyer.token, { orderId: order.id, lines: [{ orderLineId: lines[0]!.id, quantity: 5 }] });
    expect(await http.post(seller.admin.token, '/api/rma/reject', { id: a.data.id, reason: '   ' })).toMatchObject({ code: Code.INVALID, message: expect.stringContaining('请输入驳回原因') });
    expect((await http.post(seller.admin.token, '/api/rma/reject', { id: a.data.id, reason: '商品无质量问题' })).code).toBe(0);
    expect((await detail(buyer.token, a.data.id)).data).toMatchObject({ status: RmaStatus.REJECTED, rejectReason: '商品无质量问题' });
    expect((await lineOf(order.id))[0]!.claimedQty).toBe(0);
    expect(await http.post(buyer.token, '/api/rma/withdraw', { id: a.data.id })).toMatchObject({ code: Code.CONFLICT });

    const b = await apply(buyer.token, { orderId: order.id, lines: [{ orderLineId: lines[0]!.id, quantity: 5 }] });
    expect(b.code).toBe(0);
    expect((await http.post(buyer.token, '/api/rma/withdraw', { id: b.data.id })).code).toBe(0);
    expect((await lineOf(order.id))[0]!.claimedQty).toBe(0);
    expect(await http.post(seller.admin.token, '/api/rma/approve', { id: b.data.id })).toMatchObject({ code: Code.CONFLICT });
    const hist = await db().select().from(documentHistory).where(and(eq(documentHistory.docType, 'rma'), eq(documentHistory.docId, b.data.id))).orderBy(documentHistory.id);
    expect(hist.map((h) => h.action)).toEqual(['apply', 'withdraw']);
  });
});

describe('after-sales: company isolation and lists', () => {
  it('a third company gets 记录不存在 on every call and sees none of the requests', async () => {
    const { seller, buyer, order, lines } = await scene();
    const { data } = await apply(buyer.token, { orderId: order.id, lines: [{ orderLineId: lines[0]!.id, quantity: 1 }] });
    const otherBuyer = await makePurchaser(db(), '无关采购商');
    const otherSeller = await makeSupplier(db(), '无关供应商');
    crossCompanyCaller(otherBuyer.token);
    crossCompanyCaller(otherSeller.admin.token);
    for (const token of [otherBuyer.token, otherSeller.admin.token]) {
      expect(await detail(token, data.id)).toMatchObject({ code: Code.NOT_FOUND, message: '售后单不存在' });
      for (const [path, body] of [
        ['/api/rma/withdraw', {}],
        ['/api/rma/approve', {}],
        ['/api/rma/reject', { reason: '无' }],
        ['/api/rma/shipBack', { carrier: '顺丰', trackingNo: 'SF1' }],
        ['/api/rma/receive', {}],
        ['/api/rma/refund', { amount: 1 }],
        ['/api/rma/exchange', {}],
      ] as const) {
        const res = await http.post(token, path, { id: data.id, ...body });
        // Either refused by permission (the other side's command) or as not found; never done.
        expect([Code.NOT_FOUND, Code.FORBIDDEN]).toContain(res.code);
      }
      for (const type of [0, 1]) expect((await http.post<Paged<RmaRow>>(token, '/api/rma/list', { type })).data.total).toBe(0);
    }
    expect(await http.post(otherBuyer.token, '/api/rma/withdraw', { id: data.id })).toMatchObject({ code: Code.NOT_FOUND, message: '售后单不存在' });
    expect(await http.post(otherSeller.admin.token, '/api/rma/approve', { id: data.id })).toMatchObject({ code: Code.NOT_FOUND, message: '售后单不存在' });
    expect(await http.get(otherBuyer.token, `/api/rma/applyInfo?orderId=${order.id}`)).toMatchObject({ code: Code.NOT_FOUND, message: '订单不存在' });
    expect(await apply(otherBuyer.token, { orderId: order.id, lines: [{ orderLineId: lines[0]!.id, quantity: 1 }] })).toMatchObject({ code: Code.NOT_FOUND });
    expect((await detail(buyer.token, data.id)).data.status).toBe(RmaStatus.PENDING);

    const mine = await http.post<Paged<RmaRow>>(buyer.token, '/api/rma/list', { type: 0 });
    expect(mine.data.list).toMatchObject([{ id: data.id, counterpartName: seller.admin.company.name, productName: '聚合氯化铝', totalQuantity: 1 }]);
    const theirs = await http.post<Paged<RmaRow>>(seller.admin.token, '/api/rma/list', { type: 1, status: RmaStatus.PENDING, keyword: order.orderNo.slice(-6) });
    expect(theirs.data.list.map((r) => r.id)).toEqual([data.id]);
    expect((await http.post<Paged<RmaRow>>(seller.admin.token, '/api/rma/list', { type: 1, status: RmaStatus.CLOSED })).data.total).toBe(0);
    expect((await http.post<Paged<RmaRow>>(seller.admin.token, '/api/rma/list', { type: 0 })).data.total).toBe(0);
    expect((await http.get(seller.admin.token, '/api/rma/counts?type=1')).data).toEqual([{ status: RmaStatus.PENDING, count: 1 }]);
    expect((await http.get(buyer.token, '/api/rma/counts?type=0')).data).toEqual([{ status: RmaStatus.PENDING, count: 1 }]);
    expect((await http.get(otherSeller.admin.token, '/api/rma/counts?type=1')).data).toEqual([]);
  });
});

describe.runIf(testDbKind === 'pg')('after-sales on PostgreSQL', () => {
  it('parallel applications never claim more than was received', async () => {
    const { buyer, order, lines } = await scene();
    const results = await Promise.all(Array.from({ length: 6 }, () => apply(buyer.token, { orderId: order.id, lines: [{ orderLineId: lines[0]!.id, quantity: 2 }] })));
    const okCount = results.filter((r) => r.code === 0).length;
    expect(okCount).toBe(2);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === Code.CONFLICT && /最多可申请 1吨/.test(r.message))).toBe(true);
    expect((await lineOf(order.id))[0]!.claimedQty).toBe(4);
  });
});
