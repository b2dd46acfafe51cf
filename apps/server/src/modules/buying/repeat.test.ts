import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Code, MAX_CART_LINES, ProductStatus, type ResolvedLine } from '@aquamall/shared';
import { repeatBuyEndpoints as r } from '@aquamall/shared/endpoints';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callEndpoint } from '../../test/http.ts';
import { cartLines, productSkus, products } from '../../db/schema/index.ts';
import {
  makeCartLine,
  makeOnSaleProduct,
  makeOrder,
  makePurchaser,
  makeSupplier,
} from '../../test/factories/index.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

/** 再次购买 and 快速下单 (docs/product/orders.md#reorder-and-quick-order). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/buying/repeat.test.ts');

const cartOf = (userId: number) =>
  t.database.db
    .select({ skuId: cartLines.skuId, quantity: cartLines.quantity, priceAtAdd: cartLines.priceAtAdd })
    .from(cartLines)
    .where(eq(cartLines.userId, userId));
const skuCode = async (skuId: number) =>
  (await t.database.db.select({ code: productSkus.code }).from(productSkus).where(eq(productSkus.id, skuId)))[0]!.code;

/** An order of four lines whose products then change: price up, off sale, minimum raised, stock short. */
async function changedOrder(name: string) {
  const db = t.database.db;
  const seller = await makeSupplier(db, `${name}供应商`);
  const buyer = await makePurchaser(db, `${name}采购商`);
  const up = await makeOnSaleProduct(db, seller, { name: '涨价品', skus: [{ price: 100, stock: 50 }] });
  const off = await makeOnSaleProduct(db, seller, { name: '下架品', skus: [{ price: 10, stock: 50 }] });
  const moq = await makeOnSaleProduct(db, seller, { name: '起订品', skus: [{ price: 5, stock: 50 }] });
  const short = await makeOnSaleProduct(db, seller, { name: '紧缺品', skus: [{ price: 8, stock: 8 }] });
  const order = await makeOrder(db, buyer, seller.id, [
    { skuId: up.skuIds[0]!, quantity: 2 },
    { skuId: off.skuIds[0]!, quantity: 1 },
    { skuId: moq.skuIds[0]!, quantity: 2 },
    { skuId: short.skuIds[0]!, quantity: 5 },
  ]);
  await db.update(productSkus).set({ price: '120' }).where(eq(productSkus.id, up.skuIds[0]!));
  await db.update(products).set({ status: ProductStatus.OFF_SALE }).where(eq(products.id, off.productId));
  await db.update(products).set({ minOrder: 10 }).where(eq(products.id, moq.productId));
  return { seller, buyer, order, up, off, moq, short };
}

describe('再次购买', () => {
  it('puts the lines still on sale into the cart at today’s prices and says what changed', async () => {
    const { buyer, order, up, off, moq, short } = await changedOrder('再买');
    const res = await callEndpoint(t.app, buyer.token, r.cartReorder, { orderId: order.id });
    expect(res.code, res.message).toBe(0);
    expect(res.message).toBe('已将3种商品加入购物车');
    const bySku = new Map(res.data.lines.map((l: ResolvedLine) => [l.skuId, l]));
    expect(bySku.get(up.skuIds[0]!)).toMatchObject({ ok: true, quantity: 2, unitPrice: 120, previousPrice: 100, notes: ['价格上涨 ¥100.00 → ¥120.00'] });
    expect(bySku.get(off.skuIds[0]!)).toMatchObject({ ok: false, quantity: 0, productName: '下架品', notes: ['商品已下架'] });
    expect(bySku.get(moq.skuIds[0]!)).toMatchObject({ ok: true, quantity: 10, notes: ['低于起订量，已调整为 10吨'] });
    // 8 in stock, 5 reserved by the order itself: 3 can be bought.
    expect(bySku.get(short.skuIds[0]!)).toMatchObject({ ok: true, quantity: 3, notes: ['库存不足，已调整为可用的 3吨'] });
    const cart = await cartOf(buyer.id);
    expect(cart.map((c) => [c.skuId, c.quantity, c.priceAtAdd]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [up.skuIds[0]!, 2, '120.00'],
      [moq.skuIds[0]!, 10, '5.00'],
      [short.skuIds[0]!, 3, '8.00'],
    ]);
    // Again: the cart already holds the stock-short SKU's 3, so that line is refused; the others add up.
    const again = await callEndpoint(t.app, buyer.token, r.cartReorder, { orderId: order.id });
    expect(again.data.added).toBe(2);
    expect(again.data.lines.find((l: ResolvedLine) => l.skuId === short.skuIds[0])).toMatchObject({
      ok: false,
      notes: ['库存不足（可用 3吨，购物车中已有 3吨）'],
    });
    expect((await cartOf(buyer.id)).find((c) => c.skuId === up.skuIds[0])?.quantity).toBe(4);
  });

  it('another company cannot reorder an order it did not place', async () => {
    const { buyer, seller, order } = await changedOrder('他方再买');
    const other = await makePurchaser(t.database.db, '他方再买乙');
    crossCompanyCaller(other.token);
    const res = await callEndpoint(t.app, other.token, r.cartReorder, { orderId: order.id });
    expect(res.code).toBe(Code.NOT_FOUND);
    expect(res.message).toBe('订单记录不存在');
    expect(await cartOf(other.id)).toHaveLength(0);
    // The supplier of the order is no purchaser: refused in words.
    const bySeller = await callEndpoint(t.app, seller.admin.token, r.cartReorder, { orderId: order.id });
    expect(bySeller.code).toBe(Code.FORBIDDEN);
    expect(await cartOf(buyer.id)).toHaveLength(0);
  });

  it('parallel reorders of one order add up exactly (the user’s cart changes one at a time)', async () => {
    const { buyer, order, up } = await changedOrder('并发再买');
    const all = await Promise.all([1, 2, 3].map(() => callEndpoint(t.app, buyer.token, r.cartReorder, { orderId: order.id })));
    expect(all.every((x) => x.code === 0)).toBe(true);
    const cart = await cartOf(buyer.id);
    expect(cart.find((c) => c.skuId === up.skuIds[0])?.quantity).toBe(6);
    expect(new Set(cart.map((c) => c.skuId)).size).toBe(cart.length);
  });
});

describe('快速下单', () => {
  it('resolves codes (case-insensitive), explains the ones it cannot buy, and adds the valid ones', async () => {
    const { buyer, up, off, moq } = await changedOrder('快速');
    const [upCode, offCode, moqCode] = await Promise.all([up.skuIds[0]!, off.skuIds[0]!, moq.skuIds[0]!].map(skuCode));
    const res = await callEndpoint(t.app, buyer.token, r.quickOrderResolve, {
      lines: [
        { row: 1, code: upCode.toLowerCase(), quantity: 3 },
        { row: 2, code: 'NO-SUCH-CODE', quantity: 1 },
        { row: 3, code: offCode, quantity: 1 },
        { row: 4, code: moqCode, quantity: 4 },
      ],
    });
    expect(res.code, res.message).toBe(0);
    const [a, b, c, d] = res.data.lines;
    expect(a).toMatchObject({ row: 1, ok: true, productName: '涨价品', spec: '规格 1号', unitPrice: 120, quantity: 3, available: 48, minOrder: 1, notes: [] });
    expect(b).toMatchObject({ row: 2, ok: false, skuId: null, notes: ['编码不存在'] });
    expect(c).toMatchObject({ row: 3, ok: false, notes: ['商品已下架'] });
    expect(d).toMatchObject({ row: 4, ok: true, quantity: 10, notes: ['低于起订量，已调整为 10吨'] });
    expect(await cartOf(buyer.id)).toHaveLength(0);

    const add = await callEndpoint(t.app, buyer.token, r.quickOrderAdd, {
      lines: [
        { row: 1, skuId: a!.skuId!, quantity: a!.quantity },
        { row: 4, skuId: d!.skuId!, quantity: d!.quantity },
      ],
    });
    expect(add.data.added).toBe(2);
    expect(add.message).toBe('已将2种商品加入购物车');
    expect((await cartOf(buyer.id)).map((x) => x.quantity).sort((x, y) => x - y)).toEqual([3, 10]);
  });

  it('names a code several suppliers use, and refuses a malformed paste in Chinese', async () => {
    const db = t.database.db;
    const s1 = await makeSupplier(db, '同码甲');
    const s2 = await makeSupplier(db, '同码乙');
    const buyer = await makePurchaser(db, '同码采购');
    const p1 = await makeOnSaleProduct(db, s1);
    const p2 = await makeOnSaleProduct(db, s2);
    await db.update(productSkus).set({ code: 'SAME-001' }).where(eq(productSkus.id, p1.skuIds[0]!));
    await db.update(productSkus).set({ code: 'SAME-001' }).where(eq(productSkus.id, p2.skuIds[0]!));
    const res = await callEndpoint(t.app, buyer.token, r.quickOrderResolve, { lines: [{ row: 1, code: 'same-001', quantity: 1 }] });
    expect(res.data.lines[0].notes[0]).toMatch(/^编码对应多个供应商的商品（同码.店、同码.店）/);
    // One of them off sale: the other one is meant.
    await db.update(products).set({ status: ProductStatus.OFF_SALE }).where(eq(products.id, p2.productId));
    const one = await callEndpoint(t.app, buyer.token, r.quickOrderResolve, { lines: [{ row: 1, code: 'SAME-001', quantity: 1 }] });
    expect(one.data.lines[0]).toMatchObject({ ok: true, skuId: p1.skuIds[0] });
    const bad = await callEndpoint(t.app, buyer.token, r.quickOrderResolve, { lines: [{ row: 1, code: 'X', quantity: 0 }] });
    expect(bad.code).toBe(Code.INVALID);
    expect(bad.message).toContain('购买数量至少为1');
  });

  it('stops at a full cart and says so on the lines it could not add', async () => {
    const db = t.database.db;
    const seller = await makeSupplier(db, '满车供应商');
    const buyer = await makePurchaser(db, '满车采购');
    const p = await makeOnSaleProduct(db, seller, { skus: Array.from({ length: MAX_CART_LINES + 1 }, () => ({ price: 1, stock: 5 })) });
    for (const skuId of p.skuIds.slice(0, MAX_CART_LINES - 1))
      await makeCartLine(db, buyer, { sellerCompanyId: seller.id, productId: p.productId, skuId }, 1, 1);
    const add = await callEndpoint(t.app, buyer.token, r.quickOrderAdd, {
      lines: p.skuIds.slice(MAX_CART_LINES - 1).map((skuId, i) => ({ row: i + 1, skuId, quantity: 1 })),
    });
    expect(add.data.added).toBe(1);
    expect(add.data.lines[1]).toMatchObject({ ok: false, notes: [`购物车已满（最多${MAX_CART_LINES}种商品）`] });
    expect(
      await db.select().from(cartLines).where(and(eq(cartLines.userId, buyer.id), eq(cartLines.companyId, buyer.companyId))),
    ).toHaveLength(MAX_CART_LINES);
  });
});
