import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ORDER_CLOCKS, Code, MSG, OrderStatus, PaymentStatus, Side, StockReason } from '@aquamall/shared';
import { useTestApp } from '../../test/use-app.ts';
import {
  bankAccounts,
  documentHistory,
  orderPayments,
  orders,
  products,
  productSkus,
  stockLedger,
} from '../../db/schema/index.ts';
import {
  advanceOrder,
  callerFor,
  giveBankAccount,
  linesOf,
  makeOrder,
  makePurchaser,
  makeSupplier,
  makeTradePair,
  proofFile,
} from '../../test/factories/index.ts';
import { call } from '../../test/http.ts';
import { cancelOrder, confirmOrder, payOrder, receiveOrder } from './lifecycle.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';
import { jobsOf } from '../jobs/schedule.ts';

const t = useTestApp();
expectCrossCompanyProbes('modules/orders/lifecycle.test.ts');

const { db } = t;
const sku = async (id: number) => (await db().select().from(productSkus).where(eq(productSkus.id, id)))[0]!;
const order = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const pendingJobs = async (id: number) => (await jobsOf(db(), Object.values(ORDER_CLOCKS), id)).filter((j) => j.status === 0);

/** A supplier with a two-SKU product (100 each), a purchaser and a fresh 待确认 order of 10 + 4. */
async function scene(name: string) {
  const { seller, buyer, productId, skuIds } = await makeTradePair(db(), name, {
    payee: true,
    skus: [
      { price: 100, stock: 100 },
      { price: 50, stock: 100 },
    ],
  });
  const created = await makeOrder(
    db(),
    buyer,
    seller.id,
    [
      { skuId: skuIds[0]!, quantity: 10 },
      { skuId: skuIds[1]!, quantity: 4 },
    ],
    { freight: 10 },
  );
  const lines = await linesOf(db(), created.id);
  return { seller, buyer, productId, skuIds, id: created.id, orderNo: created.orderNo, lines };
}

const post = (token: string, path: string, body: unknown) =>
  call(t.app, token, 'POST', `/api/order/${path}`, body);

describe('order lifecycle over HTTP', () => {
  it('goes 待确认 → 改价 → 待付款 → 凭证 (驳回, 再交) → 待发货 → 部分发货 → 待收货 → 已完成, refusing wrong steps', async () => {
    const s = await scene('全流程');
    const S = s.seller.admin.token;
    const B = s.buyer.token;
    const [l0, l1] = s.lines;

    // The purchaser cannot act as the supplier (no order:ship) and vice versa.
    expect((await post(B, 'confirm', { orderId: s.id })).code).toBe(Code.FORBIDDEN);
    expect((await post(S, 'pay', { orderId: s.id, proofFiles: ['x.png'] })).code).toBe(Code.FORBIDDEN);
    expect(
      await post(B, 'pay', {
        orderId: s.id,
        proofFiles: [await proofFile(db(), s.buyer.companyId, s.buyer.id)],
      }),
    ).toMatchObject({
      code: Code.CONFLICT,
      message: '订单当前状态为待确认，不能付款',
    });

    // Reprice: line 0 at 90, freight 20; the purchaser sees the submitted and the new figures.
    expect(
      await post(S, 'reprice', { orderId: s.id, lines: [{ lineId: l0!.id, unitPrice: 90 }], freight: 20 }),
    ).toMatchObject({ code: 0 });
    expect(
      await post(S, 'reprice', { orderId: s.id, lines: [{ lineId: l0!.id, unitPrice: 90 }], freight: 20 }),
    ).toMatchObject({ message: '价格和运费没有变化' });
    const repriced = await call(t.app, B, 'GET', `/api/order/detail?id=${s.id}&type=0`);
    expect(repriced.data).toMatchObject({
      side: 'buyer',
      type: 0,
      goodsAmount: '1100.00',
      freight: '20.00',
      totalAmount: '1120.00',
      originalGoodsAmount: '1200.00',
      originalFreight: '10.00',
      originalTotalAmount: '1210.00',
      actions: ['cancel'],
    });
    expect(repriced.data.lines[0]).toMatchObject({
      unitPrice: '90.00',
      originalUnitPrice: '100.00',
      amount: '900.00',
    });

    expect(await post(S, 'confirm', { orderId: s.id })).toMatchObject({ code: 0 });
    expect((await order(s.id)).status).toBe(OrderStatus.TO_PAY);
    expect((await pendingJobs(s.id)).map((j) => j.kind)).toEqual([ORDER_CLOCKS.PAY_TIMEOUT]);
    expect(await post(S, 'confirm', { orderId: s.id })).toMatchObject({
      code: Code.CONFLICT,
      message: '订单当前状态为待付款，不能确认',
    });
    expect(
      await post(S, 'reprice', { orderId: s.id, lines: [{ lineId: l0!.id, unitPrice: 80 }], freight: 20 }),
    ).toMatchObject({ message: '订单当前状态为待付款，不能改价' });
    expect(await post(S, 'payConfirm', { orderId: s.id, receivedAmount: 1120 })).toMatchObject({
      code: Code.CONFLICT,
      message: '采购商尚未提交付款凭证',
    });

    // A file of another company is not a proof.
    const foreign = await proofFile(db(), s.seller.id, s.seller.admin.id);
    expect(await post(B, 'pay', { orderId: s.id, proofFiles: [foreign] })).toMatchObject({
      code: Code.INVALID,
      message: '付款凭证文件无效，请重新上传',
    });
    const proof = await proofFile(db(), s.buyer.companyId, s.buyer.id);
    expect(
      await post(B, 'pay', { orderId: s.id, proofFiles: [proof], payerName: '测试采购单位' }),
    ).toMatchObject({ code: 0 });
    expect(await post(B, 'pay', { orderId: s.id, proofFiles: [proof] })).toMatchObject({
      code: Code.CONFLICT,
      message: '付款凭证已提交，等待供应商确认',
    });
    const waiting = await call(t.app, S, 'GET', `/api/order/detail?id=${s.id}`);
    expect(waiting.data).toMatchObject({
      status: OrderStatus.TO_PAY,
      paymentSubmitted: true,
      side: 'seller',
      type: 6,
    });
    expect(waiting.data.actions).toEqual(['cancel', 'payConfirm', 'payPartial', 'payReject']);
    expect(await pendingJobs(s.id)).toEqual([]);

    expect(await post(S, 'payReject', { orderId: s.id, reason: '' })).toMatchObject({ code: Code.INVALID });
    expect(await post(S, 'payReject', { orderId: s.id, reason: '未收到款项' })).toMatchObject({ code: 0 });
    expect((await pendingJobs(s.id)).map((j) => j.kind)).toEqual([ORDER_CLOCKS.PAY_TIMEOUT]);
    expect(await post(B, 'pay', { orderId: s.id, proofFiles: [proof] })).toMatchObject({ code: 0 });
    expect(await post(S, 'payConfirm', { orderId: s.id, receivedAmount: 1120 })).toMatchObject({ code: 0 });
    expect(await order(s.id)).toMatchObject({
      status: OrderStatus.TO_SHIP,
      paidAmount: '1120.00',
      paymentMethod: 1,
    });
    const pays = await db()
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, s.id))
      .orderBy(orderPayments.id);
    expect(pays.map((p) => p.status)).toEqual([PaymentStatus.REJECTED, PaymentStatus.CONFIRMED]);

    // Shipments: more than remains is refused; partial, then the rest.
    const ship = (lines: { lineId: number; quantity: number }[], no: string) =>
      post(S, 'ship', { orderId: s.id, lines, carrier: '顺丰速运', trackingNo: no });
    expect(await ship([{ lineId: l0!.id, quantity: 11 }], 'SF1')).toMatchObject({
      code: Code.INVALID,
      message: '「聚合氯化铝」本次发货数量超过待发数量 10吨',
    });
    expect(await ship([{ lineId: l0!.id, quantity: 0 }], 'SF1')).toMatchObject({
      code: Code.INVALID,
      message: '请填写发货数量',
    });
    expect(await ship([{ lineId: l0!.id, quantity: 6 }], 'SF1')).toMatchObject({ code: 0 });
    expect((await order(s.id)).status).toBe(OrderStatus.PART_SHIPPED);
    expect(await sku(s.skuIds[0]!)).toMatchObject({ onHand: 94, reserved: 4 });
    expect(await post(B, 'receive', { orderId: s.id })).toMatchObject({
      code: Code.CONFLICT,
      message: '订单当前状态为部分发货，不能确认收货',
    });
    expect(await post(S, 'cancel', { orderId: s.id, reason: '不想卖了' })).toMatchObject({
      code: Code.CONFLICT,
      message: '订单当前状态为部分发货，不能取消',
    });
    expect(
      await ship(
        [
          { lineId: l0!.id, quantity: 4 },
          { lineId: l1!.id, quantity: 4 },
        ],
        'SF2',
      ),
    ).toMatchObject({ code: 0 });
    expect((await order(s.id)).status).toBe(OrderStatus.TO_RECEIVE);
    expect(await sku(s.skuIds[0]!)).toMatchObject({ onHand: 90, reserved: 0 });
    expect(await sku(s.skuIds[1]!)).toMatchObject({ onHand: 96, reserved: 0 });
    const ledger = await db()
      .select()
      .from(stockLedger)
      .where(and(eq(stockLedger.docType, 'order'), eq(stockLedger.docId, s.id)));
    expect(
      ledger
        .filter((r) => r.reason === StockReason.SHIP)
        .map((r) => r.quantity)
        .sort(),
    ).toEqual([-4, -4, -6]);
    expect((await pendingJobs(s.id)).map((j) => j.kind)).toEqual([ORDER_CLOCKS.AUTO_RECEIVE]);
    expect(await ship([{ lineId: l1!.id, quantity: 1 }], 'SF3')).toMatchObject({
      code: Code.CONFLICT,
      message: '订单当前状态为待收货，不能发货',
    });

    expect(await post(B, 'receive', { orderId: s.id })).toMatchObject({ code: 0 });
    expect((await order(s.id)).completedAt).not.toBeNull();
    expect((await db().select().from(products).where(eq(products.id, s.productId)))[0]!.salesCount).toBe(14);
    expect(await pendingJobs(s.id)).toEqual([]);
    const done = await call(t.app, B, 'GET', `/api/order/detail?id=${s.id}&type=0`);
    expect(done.data.actions).toEqual(['rma']);
    expect(done.data.shipments).toHaveLength(2);
    expect(done.data.history.map((h: { action: string }) => h.action)).toEqual([
      'create',
      'reprice',
      'confirm',
      'pay',
      'pay_reject',
      'pay',
      'pay_confirm',
      'ship',
      'ship',
      'receive',
    ]);
  });

  it('refuses a transfer to a supplier whose settlement account is not verified (the server, not only the dialog)', async () => {
    const s = await scene('未验证收款');
    await advanceOrder(db(), s.id, { buyerUserId: s.buyer.id, sellerUserId: s.seller.admin.id }, OrderStatus.TO_PAY);
    await db().delete(bankAccounts).where(eq(bankAccounts.companyId, s.seller.id));
    const proof = await proofFile(db(), s.buyer.companyId, s.buyer.id);
    const refused = { code: Code.CONFLICT, message: '该供应商尚未完成对公账户验证，暂不能通过银行转账付款' };
    expect(await post(s.buyer.token, 'pay', { orderId: s.id, method: 1, proofFiles: [proof] })).toMatchObject(refused);
    // An account still waiting for its small deposit is no payee either.
    await giveBankAccount(db(), s.seller.id, { status: 1 });
    expect(await post(s.buyer.token, 'pay', { orderId: s.id, method: 1, proofFiles: [proof] })).toMatchObject(refused);
    expect(await db().select().from(orderPayments).where(eq(orderPayments.orderId, s.id))).toEqual([]);
    expect((await order(s.id)).status).toBe(OrderStatus.TO_PAY);
    await db().update(bankAccounts).set({ status: 2 }).where(eq(bankAccounts.companyId, s.seller.id));
    const paid = await post(s.buyer.token, 'pay', { orderId: s.id, method: 1, proofFiles: [proof] });
    expect(paid, paid.message).toMatchObject({ code: 0 });
  });

  it('refuses the wrong side inside the use cases too (a caller holding both permissions cannot cross over)', async () => {
    const s = await scene('错方');
    const buyer = await callerFor(db(), s.buyer.id);
    const seller = await callerFor(db(), s.seller.admin.id);
    await expect(confirmOrder(db(), buyer, s.id, t.app.config.orderRules)).rejects.toThrow(
      '只有供应商可以执行此操作',
    );
    await advanceOrder(
      db(),
      s.id,
      { buyerUserId: s.buyer.id, sellerUserId: s.seller.admin.id },
      OrderStatus.TO_PAY,
    );
    await expect(
      payOrder(db(), seller, {
        orderId: s.id,
        method: 1,
        proofFiles: [await proofFile(db(), s.seller.id, s.seller.admin.id)],
      }),
    ).rejects.toThrow('只有采购商可以执行此操作');
    await advanceOrder(
      db(),
      s.id,
      { buyerUserId: s.buyer.id, sellerUserId: s.seller.admin.id },
      OrderStatus.TO_SHIP,
    );
    await expect(receiveOrder(db(), seller, s.id)).rejects.toThrow('只有采购商可以执行此操作');
  });
});

describe('cancelling', () => {
  it('lets the purchaser cancel before paying and releases the reserved stock through the ledger', async () => {
    const s = await scene('买家取消');
    expect(await sku(s.skuIds[0]!)).toMatchObject({ onHand: 100, reserved: 10 });
    expect(await post(s.buyer.token, 'cancel', { orderId: s.id })).toMatchObject({ code: 0 });
    expect(await order(s.id)).toMatchObject({ status: OrderStatus.CANCELLED, cancelledBy: Side.BUYER });
    expect(await sku(s.skuIds[0]!)).toMatchObject({ onHand: 100, reserved: 0 });
    expect(await sku(s.skuIds[1]!)).toMatchObject({ onHand: 100, reserved: 0 });
    const releases = await db()
      .select()
      .from(stockLedger)
      .where(and(eq(stockLedger.docId, s.id), eq(stockLedger.reason, StockReason.RELEASE)));
    expect(releases.map((r) => r.reservedChange).sort()).toEqual([-10, -4]);
    expect(await pendingJobs(s.id)).toEqual([]);
    expect(await post(s.buyer.token, 'cancel', { orderId: s.id })).toMatchObject({
      code: Code.CONFLICT,
      message: '订单当前状态为已取消，不能取消',
    });
  });

  it('refuses the purchaser once a proof waits or the order is paid; the supplier needs a reason and may cancel a paid order', async () => {
    const s = await scene('卖家取消');
    const sides = { buyerUserId: s.buyer.id, sellerUserId: s.seller.admin.id };
    await advanceOrder(db(), s.id, sides, OrderStatus.TO_PAY);
    const buyer = await callerFor(db(), s.buyer.id);
    await payOrder(db(), buyer, {
      orderId: s.id,
      method: 1,
      proofFiles: [await proofFile(db(), s.buyer.companyId, s.buyer.id)],
    });
    expect(await post(s.buyer.token, 'cancel', { orderId: s.id })).toMatchObject({
      code: Code.CONFLICT,
      message: '付款凭证已提交，等待供应商确认，不能取消',
    });
    expect(await post(s.seller.admin.token, 'payConfirm', { orderId: s.id, receivedAmount: Number((await order(s.id)).totalAmount) })).toMatchObject({ code: 0 });
    expect(await post(s.buyer.token, 'cancel', { orderId: s.id })).toMatchObject({
      code: Code.CONFLICT,
      message: '订单当前状态为待发货，不能取消',
    });
    expect(await post(s.seller.admin.token, 'cancel', { orderId: s.id })).toMatchObject({
      code: Code.INVALID,
      message: '请填写取消原因',
    });
    expect(
      await post(s.seller.admin.token, 'cancel', { orderId: s.id, reason: '库存盘点有误' }),
    ).toMatchObject({ code: 0 });
    expect(await order(s.id)).toMatchObject({ status: OrderStatus.CANCELLED, cancelledBy: Side.SELLER });
    expect((await order(s.id)).cancelReason).toContain('库存盘点有误');
    expect(await sku(s.skuIds[0]!)).toMatchObject({ onHand: 100, reserved: 0 });
    const [last] = await db()
      .select()
      .from(documentHistory)
      .where(and(eq(documentHistory.docType, 'order'), eq(documentHistory.docId, s.id)))
      .orderBy(documentHistory.id)
      .then((h) => h.slice(-1));
    expect(last).toMatchObject({
      action: 'cancel',
      fromStatus: OrderStatus.TO_SHIP,
      toStatus: OrderStatus.CANCELLED,
      side: Side.SELLER,
    });
  });

  it('cannot cancel after something shipped', async () => {
    const s = await scene('已发货取消');
    await advanceOrder(
      db(),
      s.id,
      { buyerUserId: s.buyer.id, sellerUserId: s.seller.admin.id },
      OrderStatus.PART_SHIPPED,
    );
    await expect(
      cancelOrder(db(), await callerFor(db(), s.seller.admin.id), { orderId: s.id, reason: '缺货' }),
    ).rejects.toThrow('订单当前状态为部分发货，不能取消');
  });
});

describe('isolation between companies', () => {
  it('answers 记录不存在 to a third company on the detail and every command, and lists nothing of it', async () => {
    const s = await scene('隔离');
    const otherBuyer = await makePurchaser(db(), '隔离第三采购商');
    const otherSeller = await makeSupplier(db(), '隔离第三供应商');
    crossCompanyCaller(otherBuyer.token);
    crossCompanyCaller(otherSeller.admin.token);
    const proof = await proofFile(db(), otherBuyer.companyId, otherBuyer.id);
    for (const token of [otherBuyer.token, otherSeller.admin.token]) {
      expect(await call(t.app, token, 'GET', `/api/order/detail?id=${s.id}`)).toMatchObject({
        code: Code.NOT_FOUND,
        message: MSG.recordNotFound,
      });
    }
    const asSeller = otherSeller.admin.token;
    const asBuyer = otherBuyer.token;
    const attempts: [string, string, unknown][] = [
      [asSeller, 'reprice', { orderId: s.id, lines: [{ lineId: s.lines[0]!.id, unitPrice: 1 }], freight: 0 }],
      [asSeller, 'confirm', { orderId: s.id }],
      [asSeller, 'cancel', { orderId: s.id, reason: '试试' }],
      [asBuyer, 'cancel', { orderId: s.id }],
      [asBuyer, 'pay', { orderId: s.id, proofFiles: [proof] }],
      [asSeller, 'payConfirm', { orderId: s.id, receivedAmount: 1 }],
      [asSeller, 'payReject', { orderId: s.id, reason: '试试' }],
      [
        asSeller,
        'ship',
        { orderId: s.id, lines: [{ lineId: s.lines[0]!.id, quantity: 1 }], carrier: 'x', trackingNo: 'y' },
      ],
      [asBuyer, 'receive', { orderId: s.id }],
    ];
    for (const [token, path, body] of attempts) {
      expect(await post(token, path, body), path).toMatchObject({
        code: Code.NOT_FOUND,
        message: MSG.recordNotFound,
      });
    }
    expect((await order(s.id)).status).toBe(OrderStatus.TO_CONFIRM);
    const buyerList = await post(asBuyer, 'list', { type: 0, all: 1 });
    expect(buyerList.data.list.map((o: { id: number }) => o.id)).not.toContain(s.id);
    const sellerList = await post(asSeller, 'list', { type: 6 });
    expect(sellerList.data.total).toBe(0);
    // The Excel export of every list, with the parties' ids smuggled in: the header row only.
    const smuggled = { companyId: s.seller.id, sellerCompanyId: s.seller.id, buyerCompanyId: s.buyer.companyId };
    for (const [token, type] of [[asBuyer, 0], [asBuyer, 4], [asSeller, 6], [asSeller, 8]] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order/export',
        payload: { type, all: 1, ...smuggled },
        headers: { 'x-token': token },
      });
      expect(res.statusCode, res.body).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(wb.getWorksheet('订单列表')!.rowCount, `type ${type}`).toBe(1);
    }
  });
});
