import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  addDays,
  AGREEMENT_CLOCKS,
  AgreementStatus,
  chinaDay,
  chinaDayEnd,
  Code,
  OrderStatus,
  type AgreementDetail,
} from '@aquamall/shared';
import { agreementEndpoints as e, orderEndpoints as o } from '@aquamall/shared/endpoints';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { agreements, jobs, messages, orderLines, orders, productSkus } from '../../db/schema/index.ts';
import { callEndpoint } from '../../test/http.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';
import {
  agreementBody,
  makeAddress,
  makeAgreement,
  makeOnSaleProduct,
  makePurchaser,
  makeSupplier,
} from '../../test/factories/index.ts';
import { expireAgreement, remindAgreement } from './jobs.ts';
import { agreementPrices } from './price-source.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/agreements/agreements.test.ts');
const db = () => t.database.db;

async function scene(name: string) {
  const seller = await makeSupplier(db(), `${name}供应商`);
  const buyer = await makePurchaser(db(), `${name}采购商`);
  const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 100, stock: 500 }] });
  const [sku] = await db().select({ code: productSkus.code }).from(productSkus).where(eq(productSkus.id, skuIds[0]!));
  const addressId = await makeAddress(db(), buyer.companyId);
  return { seller, buyer, skuId: skuIds[0]!, skuCode: sku!.code, addressId };
}
const detail = async (token: string, id: number) => {
  const d = await callEndpoint(t.app, token, e.agreementDetail, { id });
  expect(d.code, d.message).toBe(0);
  return d.data as AgreementDetail;
};

describe('agreements: entered by the supplier, confirmed by the purchaser', () => {
  it('a SKU line takes its product; confirming starts the expiry and reminder clocks', async () => {
    const { seller, buyer, skuCode } = await scene('录入');
    const validTo = addDays(chinaDay(), 30);
    const id = await makeAgreement(
      t.app,
      seller.admin.token,
      buyer,
      {
        validTo,
        lines: [
          { skuCode, unitPrice: 80.5, quantity: 10 },
          { productName: '活性炭', spec: '8目', unit: '袋', unitPrice: 12, quantity: 3 },
        ],
      },
      false,
    );
    const pending = await detail(buyer.token, id);
    expect(pending).toMatchObject({ status: AgreementStatus.PENDING, side: 'buyer', totalAmount: '841.00', usedAmount: '0.00' });
    expect(pending.actions).toEqual(['confirm', 'reject']);
    expect(pending.lines[0]).toMatchObject({ productName: '聚合氯化铝', skuCode, unit: '吨', unitPrice: '80.50', remainingQuantity: 10 });
    expect((await detail(seller.admin.token, id)).actions).toEqual(['edit']);
    const inbox = await db().select().from(messages).where(eq(messages.companyId, buyer.companyId));
    expect(inbox.map((m) => m.title)).toContainEqual(expect.stringContaining('待确认框架协议'));

    const ok = await callEndpoint(t.app, buyer.token, e.agreementConfirm, { id });
    expect(ok.code, ok.message).toBe(0);
    const active = await detail(seller.admin.token, id);
    expect(active.status).toBe(AgreementStatus.ACTIVE);
    expect(active.actions).toEqual(['terminate']);
    expect(active.history.map((h) => h.action)).toEqual(['供应商录入协议', '采购商确认协议']);
    const clocks = await db().select().from(jobs).where(and(eq(jobs.refId, id), inArray(jobs.kind, Object.values(AGREEMENT_CLOCKS))));
    const expiry = clocks.find((c) => c.kind === AGREEMENT_CLOCKS.EXPIRE);
    expect(expiry?.runAt.toISOString()).toBe(chinaDayEnd(validTo).toISOString());
    expect(clocks.some((c) => c.kind === AGREEMENT_CLOCKS.REMIND)).toBe(true);
  });

  it('refuses bad input in Chinese: period, unknown SKU, a company that is not a purchaser', async () => {
    const { seller, buyer } = await scene('校验');
    const bad = await callEndpoint(t.app, seller.admin.token, e.agreementCreate, agreementBody(buyer.companyId, { validFrom: '2026-12-10', validTo: '2026-12-01' }));
    expect(bad).toMatchObject({ code: Code.INVALID, message: '到期日期不能早于生效日期' });
    const noName = await callEndpoint(t.app, seller.admin.token, e.agreementCreate, agreementBody(buyer.companyId, { lines: [{ unitPrice: 1, quantity: 1, unit: '吨' }] }));
    expect(noName).toMatchObject({ code: Code.INVALID, message: '请输入商品名称或SKU编码' });
    const sku = await callEndpoint(t.app, seller.admin.token, e.agreementCreate, agreementBody(buyer.companyId, { lines: [{ skuCode: 'NOPE-1', unitPrice: 1, quantity: 1 }] }));
    expect(sku).toMatchObject({ code: Code.INVALID, message: 'SKU编码「NOPE-1」不是本公司的商品' });
    const past = await callEndpoint(t.app, seller.admin.token, e.agreementCreate, agreementBody(buyer.companyId, { validFrom: '2020-01-01', validTo: '2020-02-01' }));
    expect(past).toMatchObject({ code: Code.INVALID, message: '到期日期不能早于今天' });
    const other = await makeSupplier(db(), '校验另一供应商');
    const notBuyer = await callEndpoint(t.app, seller.admin.token, e.agreementCreate, agreementBody(other.id));
    expect(notBuyer).toMatchObject({ code: Code.INVALID, message: '请选择一家采购商' });
    const zero = await callEndpoint(t.app, seller.admin.token, e.agreementCreate, agreementBody(buyer.companyId, { lines: [{ productName: 'x', unit: '吨', unitPrice: 1, quantity: 0 }] }));
    expect(zero).toMatchObject({ code: Code.INVALID, message: '协议数量必须大于0' });
  });

  it('a rejected agreement is corrected by the supplier and sent again', async () => {
    const { seller, buyer } = await scene('拒绝');
    const id = await makeAgreement(t.app, seller.admin.token, buyer, {}, false);
    const r = await callEndpoint(t.app, buyer.token, e.agreementReject, { id, reason: '单价偏高' });
    expect(r.code, r.message).toBe(0);
    expect(await detail(buyer.token, id)).toMatchObject({ status: AgreementStatus.REJECTED, rejectReason: '单价偏高', actions: [] });
    const body = agreementBody(buyer.companyId, { title: '修改后的协议' });
    const { buyerCompanyId: _, ...rest } = body;
    const edited = await callEndpoint(t.app, seller.admin.token, e.agreementEdit, { ...rest, id, lines: [{ productName: '聚合硫酸铁', unit: '吨', unitPrice: 45, quantity: 80 }] });
    expect(edited.code, edited.message).toBe(0);
    const d = await detail(buyer.token, id);
    expect(d).toMatchObject({ status: AgreementStatus.PENDING, title: '修改后的协议', rejectReason: '', totalAmount: '3600.00' });
    expect(d.history.map((h) => h.action)).toEqual(['供应商录入协议', '采购商拒绝协议', '修改协议']);
  });

  it('lists each side its own agreements, paged and filtered', async () => {
    const { seller, buyer } = await scene('列表');
    for (let i = 0; i < 3; i++) await makeAgreement(t.app, seller.admin.token, buyer, { title: `列表协议${i}` }, i > 0);
    const page = await callEndpoint(t.app, buyer.token, e.agreementList, { pageIndex: 1, pageSize: 2 });
    expect(page.data.total).toBe(3);
    expect(page.data.list).toHaveLength(2);
    const pending = await callEndpoint(t.app, seller.admin.token, e.agreementList, { pageIndex: 1, pageSize: 10, status: AgreementStatus.PENDING });
    expect(pending.data.list.map((r) => r.title)).toEqual(['列表协议0']);
    const kw = await callEndpoint(t.app, seller.admin.token, e.agreementList, { pageIndex: 1, pageSize: 10, keyword: '列表协议2' });
    expect(kw.data.total).toBe(1);
    const buyers = await callEndpoint(t.app, seller.admin.token, e.agreementBuyers, { keyword: '列表采购' });
    expect(buyers.data).toEqual([{ id: buyer.companyId, name: '列表采购商' }]);
  });
});

describe('agreements: call-off orders', () => {
  it('金额协议: lines fix prices only; call-offs draw the total amount down, beyond it refused; cancelling gives it back', async () => {
    const { seller, buyer, skuCode, addressId } = await scene('金额');
    // A quantity agreement still needs every line's quantity.
    const missing = await callEndpoint(t.app, seller.admin.token, e.agreementCreate, agreementBody(buyer.companyId, { lines: [{ productName: '活性炭', unit: '袋', unitPrice: 12.5, quantity: null }] }));
    expect(missing.message).toContain('请输入协议数量');
    const id = await makeAgreement(t.app, seller.admin.token, buyer, {
      amountLimit: 1000,
      lines: [
        { skuCode, unitPrice: 88, quantity: 99 },
        { productName: '活性炭', unit: '袋', unitPrice: 12.5, quantity: null },
      ],
    });
    const d0 = await detail(buyer.token, id);
    expect(d0).toMatchObject({ amountLimit: '1000.00', totalAmount: '1000.00', usedAmount: '0.00', remainingAmount: '1000.00' });
    // The quantity typed on an amount agreement's line is not kept: no per-line cap.
    expect(d0.lines.map((l) => [l.quantity, l.remainingQuantity])).toEqual([
      [null, null],
      [null, null],
    ]);
    const [skuLine, freeLine] = d0.lines;
    const first = await callEndpoint(t.app, buyer.token, e.agreementCallOff, { id, addressId, lines: [{ lineId: skuLine!.id, quantity: 8 }, { lineId: freeLine!.id, quantity: 10 }] });
    expect(first.code, first.message).toBe(0);
    for (const token of [buyer.token, seller.admin.token]) expect(await detail(token, id)).toMatchObject({ usedAmount: '829.00', remainingAmount: '171.00' });
    const over = await callEndpoint(t.app, buyer.token, e.agreementCallOff, { id, addressId, lines: [{ lineId: skuLine!.id, quantity: 2 }] });
    expect(over).toMatchObject({ code: Code.CONFLICT, message: '本次下达金额¥176.00超过协议剩余金额¥171.00，不能超额下达' });
    expect(await db().$count(orders, eq(orders.buyerCompanyId, buyer.companyId))).toBe(1);
    // The remaining amount is a price source: what it buys at the line's price.
    const prices = await agreementPrices(db(), buyer.companyId, [d0.lines[0]!.skuId!]);
    expect(prices.get(d0.lines[0]!.skuId!)).toMatchObject({ unitFen: 8800, remainingQuantity: 1 });
    const cancel = await callEndpoint(t.app, buyer.token, o.orderCancel, { orderId: first.data.orderId!, reason: '计划调整' });
    expect(cancel.code, cancel.message).toBe(0);
    expect(await detail(seller.admin.token, id)).toMatchObject({ usedAmount: '0.00', remainingAmount: '1000.00' });
  });

  it('a call-off is an order at the agreed price; remaining drops on both sides; over-drawing is refused; cancelling releases', async () => {
    const { seller, buyer, skuId, skuCode, addressId } = await scene('下达');
    const id = await makeAgreement(t.app, seller.admin.token, buyer, {
      lines: [
        { skuCode, unitPrice: 88, quantity: 10 },
        { productName: '活性炭', unit: '袋', unitPrice: 12.5, quantity: 4 },
      ],
    });
    const [skuLine, freeLine] = (await detail(buyer.token, id)).lines;
    const res = await callEndpoint(t.app, buyer.token, e.agreementCallOff, {
      id,
      addressId,
      lines: [
        { lineId: skuLine!.id, quantity: 6 },
        { lineId: freeLine!.id, quantity: 4 },
      ],
    });
    expect(res.code, res.message).toBe(0);
    const [order] = await db().select().from(orders).where(eq(orders.id, res.data.orderId!));
    expect(order).toMatchObject({ status: OrderStatus.TO_CONFIRM, sellerCompanyId: seller.id, totalAmount: '578.00' });
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines.map((l) => [l.skuId, l.unitPrice, l.quantity])).toEqual([
      [skuId, '88.00', 6],
      [null, '12.50', 4],
    ]);
    for (const token of [buyer.token, seller.admin.token]) {
      const d = await detail(token, id);
      expect(d.lines.map((l) => [l.usedQuantity, l.remainingQuantity])).toEqual([
        [6, 4],
        [4, 0],
      ]);
      expect(d.usedAmount).toBe('578.00');
      expect(d.callOffs).toMatchObject([{ orderId: order!.id, quantity: 10, released: false }]);
    }

    const over = await callEndpoint(t.app, buyer.token, e.agreementCallOff, { id, addressId, lines: [{ lineId: skuLine!.id, quantity: 5 }] });
    expect(over).toMatchObject({ code: Code.CONFLICT, message: '「聚合氯化铝」协议剩余数量为 4吨，不能超量下达' });
    expect(await db().$count(orders, eq(orders.buyerCompanyId, buyer.companyId))).toBe(1);

    const cancel = await callEndpoint(t.app, buyer.token, o.orderCancel, { orderId: order!.id, reason: '计划调整' });
    expect(cancel.code, cancel.message).toBe(0);
    const after = await detail(seller.admin.token, id);
    expect(after.lines.map((l) => l.remainingQuantity)).toEqual([10, 4]);
    expect(after.callOffs).toMatchObject([{ orderId: order!.id, released: true }]);
    expect(after.history.map((h) => h.action)).toContain('订单取消，释放数量');
  });

  it('refuses a call-off on a pending, terminated or not yet started agreement, and by the supplier', async () => {
    const { seller, buyer, addressId } = await scene('拒下达');
    const pending = await makeAgreement(t.app, seller.admin.token, buyer, {}, false);
    const line = (await detail(buyer.token, pending)).lines[0]!;
    const a = await callEndpoint(t.app, buyer.token, e.agreementCallOff, { id: pending, addressId, lines: [{ lineId: line.id, quantity: 1 }] });
    expect(a).toMatchObject({ code: Code.CONFLICT, message: '框架协议尚未确认，不能下达订单' });
    const later = await makeAgreement(t.app, seller.admin.token, buyer, { validFrom: addDays(chinaDay(), 3) });
    const l2 = (await detail(buyer.token, later)).lines[0]!;
    const b = await callEndpoint(t.app, buyer.token, e.agreementCallOff, { id: later, addressId, lines: [{ lineId: l2.id, quantity: 1 }] });
    expect(b).toMatchObject({ code: Code.CONFLICT, message: '协议尚未到生效日期，不能下达订单' });
    const term = await callEndpoint(t.app, seller.admin.token, e.agreementTerminate, { id: later, reason: '合作终止' });
    expect(term.code, term.message).toBe(0);
    expect(await detail(buyer.token, later)).toMatchObject({ status: AgreementStatus.TERMINATED, terminateReason: '合作终止' });
    const c = await callEndpoint(t.app, buyer.token, e.agreementCallOff, { id: later, addressId, lines: [{ lineId: l2.id, quantity: 1 }] });
    expect(c).toMatchObject({ code: Code.CONFLICT, message: '框架协议不在生效中，不能下达订单' });
    expect(await db().$count(jobs, and(eq(jobs.refId, later), eq(jobs.kind, AGREEMENT_CLOCKS.EXPIRE), eq(jobs.status, 0)))).toBe(0);
  });

  it('answers agreement prices of SKU lines with quantity left, for the price resolver', async () => {
    const { seller, buyer, skuId, skuCode, addressId } = await scene('价格');
    const id = await makeAgreement(t.app, seller.admin.token, buyer, { lines: [{ skuCode, unitPrice: 66.6, quantity: 5 }] });
    const line = (await detail(buyer.token, id)).lines[0]!;
    expect(await agreementPrices(db(), buyer.companyId, [skuId, 999999])).toEqual(
      new Map([[skuId, { unitFen: 6660, agreementId: id, lineId: line.id, remainingQuantity: 5 }]]),
    );
    const other = await makePurchaser(db(), '价格另一采购商');
    expect((await agreementPrices(db(), other.companyId, [skuId])).size).toBe(0);
    await callEndpoint(t.app, buyer.token, e.agreementCallOff, { id, addressId, lines: [{ lineId: line.id, quantity: 5 }] });
    expect((await agreementPrices(db(), buyer.companyId, [skuId])).size).toBe(0);
  });
});

describe('agreements: timed rules', () => {
  it('expires at the end of its last China day, not before; the reminder tells both sides', async () => {
    const { seller, buyer } = await scene('到期');
    const validTo = addDays(chinaDay(), 10);
    const id = await makeAgreement(t.app, seller.admin.token, buyer, { validTo });
    const end = chinaDayEnd(validTo);
    await db().transaction((tx) => expireAgreement(tx, id, new Date(end.getTime() - 1000)));
    expect((await detail(buyer.token, id)).status).toBe(AgreementStatus.ACTIVE);
    await db().transaction((tx) => remindAgreement(tx, id, new Date(end.getTime() - 3 * 86_400_000)));
    const reminded = await db().select().from(messages).where(inArray(messages.companyId, [buyer.companyId, seller.id]));
    expect(reminded.filter((m) => m.title.startsWith('框架协议即将到期'))).toHaveLength(2);
    await db().transaction((tx) => expireAgreement(tx, id, end));
    const d = await detail(seller.admin.token, id);
    expect(d.status).toBe(AgreementStatus.EXPIRED);
    expect(d.history.at(-1)).toMatchObject({ action: '协议到期', userName: '系统' });
    // Again (a retried job) changes nothing.
    await db().transaction((tx) => expireAgreement(tx, id, end));
    expect((await detail(seller.admin.token, id)).history).toHaveLength(d.history.length);
  });
});

describe('agreements: isolation', () => {
  it('a third company gets 记录不存在 on every call and changes nothing', async () => {
    const { seller, buyer, addressId } = await scene('隔离');
    const id = await makeAgreement(t.app, seller.admin.token, buyer, {}, false);
    const lineId = (await detail(buyer.token, id)).lines[0]!.id;
    const thirdBuyer = crossCompanyCaller((await makePurchaser(db(), '隔离第三采购商')).token);
    const thirdSeller = crossCompanyCaller((await makeSupplier(db(), '隔离第三供应商')).admin.token);
    const before = await db().select().from(agreements).where(eq(agreements.id, id));
    for (const token of [thirdBuyer, thirdSeller]) {
      const d = await callEndpoint(t.app, token, e.agreementDetail, { id });
      expect(d).toMatchObject({ code: Code.NOT_FOUND, message: '框架协议记录不存在' });
      const list = await callEndpoint(t.app, token, e.agreementList, { pageIndex: 1, pageSize: 10 });
      expect(list.data.total).toBe(0);
    }
    const { buyerCompanyId: _, ...rest } = agreementBody(buyer.companyId);
    const probes = [
      await callEndpoint(t.app, thirdBuyer, e.agreementConfirm, { id }),
      await callEndpoint(t.app, thirdBuyer, e.agreementReject, { id, reason: '越权' }),
      await callEndpoint(t.app, thirdBuyer, e.agreementTerminate, { id, reason: '越权' }),
      await callEndpoint(t.app, thirdBuyer, e.agreementCallOff, { id, addressId, lines: [{ lineId, quantity: 1 }] }),
      await callEndpoint(t.app, thirdSeller, e.agreementEdit, { ...rest, id }),
      await callEndpoint(t.app, thirdSeller, e.agreementTerminate, { id, reason: '越权' }),
      await callEndpoint(t.app, thirdSeller, e.agreementAccept, { id }),
      await callEndpoint(t.app, thirdSeller, e.agreementDecline, { id, reason: '越权' }),
      await callEndpoint(t.app, thirdBuyer, e.agreementDetail, { id }),
    ];
    for (const p of probes) expect(p).toMatchObject({ code: Code.NOT_FOUND, message: '框架协议记录不存在' });
    // The create of a third supplier names its own company as the seller whatever it sends.
    const own = await callEndpoint(t.app, thirdSeller, e.agreementCreate, { ...agreementBody(buyer.companyId), sellerCompanyId: seller.id } as never);
    expect(own.code, own.message).toBe(0);
    const [mine] = await db().select().from(agreements).where(eq(agreements.id, own.data.id));
    expect(mine!.sellerCompanyId).not.toBe(seller.id);
    expect(await db().select().from(agreements).where(eq(agreements.id, id))).toEqual(before);
    // The supplier of the agreement may not act for the purchaser, nor the purchaser for the supplier.
    const wrong = await callEndpoint(t.app, buyer.token, e.agreementTerminate, { id, reason: '待确认' });
    expect(wrong.code).toBe(Code.CONFLICT);
  });
});
