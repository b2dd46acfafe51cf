import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { Code, InvoiceKind, OrderStatus, PURCHASE_REFUSAL } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cartEndpoints as e, type EndpointInput } from '@aquamall/shared/endpoints';
import { callEndpoint } from '../../test/http.ts';
import {
  cartLines,
  idempotencyKeys,
  orderLines,
  orders,
  productSkus,
  stockLedger,
} from '../../db/schema/index.ts';
import {
  giveRole,
  makeAddress,
  makeCartLine,
  makeInvoiceTitle,
  makeOnSaleProduct,
  makePurchaser,
  makeSupplier,
  newIdempotencyKey,
  presetRoleId,
  signedInUser,
} from '../../test/factories/index.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/buying/checkout.test.ts');

/** Submits a checkout by its descriptor; the bodies here may be wrong on purpose, so they are taken as sent. */
const submit = (token: string, key: string | null, body: object) =>
  callEndpoint(t.app, token, e.checkoutSubmit, body as EndpointInput<typeof e.checkoutSubmit>, key ? { 'idempotency-key': key } : {});
const previewOf = (token: string, input: EndpointInput<typeof e.checkoutPreview>) =>
  callEndpoint(t.app, token, e.checkoutPreview, input);

const ordersOf = (companyId: number) =>
  t.database.db.select().from(orders).where(eq(orders.buyerCompanyId, companyId));

/** on hand / reserved of a SKU and the sums of its ledger rows. */
async function stockAndLedger(skuId: number) {
  const db = t.database.db;
  const [s] = await db
    .select({ onHand: productSkus.onHand, reserved: productSkus.reserved })
    .from(productSkus)
    .where(eq(productSkus.id, skuId));
  const [l] = await db
    .select({
      onHand: sql<number>`coalesce(sum(${stockLedger.onHandChange}), 0)::int`,
      reserved: sql<number>`coalesce(sum(${stockLedger.reservedChange}), 0)::int`,
    })
    .from(stockLedger)
    .where(eq(stockLedger.skuId, skuId));
  return { sku: s!, ledger: l! };
}

async function twoSupplierCart(name: string) {
  const db = t.database.db;
  const s1 = await makeSupplier(db, `${name}供应商甲`);
  const s2 = await makeSupplier(db, `${name}供应商乙`);
  const buyer = await makePurchaser(db, `${name}采购商`);
  const p1 = await makeOnSaleProduct(db, s1, {
    name: '聚合氯化铝',
    skus: [{ price: 100, stock: 20, tiers: [{ minQty: 5, price: 90 }] }],
  });
  const p2 = await makeOnSaleProduct(db, s2, { name: '活性炭', skus: [{ price: 12.5, stock: 20 }] });
  const l1 = await makeCartLine(
    db,
    buyer,
    { sellerCompanyId: s1.id, productId: p1.productId, skuId: p1.skuIds[0]! },
    5,
    90,
  );
  const l2 = await makeCartLine(
    db,
    buyer,
    { sellerCompanyId: s2.id, productId: p2.productId, skuId: p2.skuIds[0]! },
    2,
    12.5,
  );
  const addressId = await makeAddress(db, buyer.companyId);
  return { s1, s2, buyer, p1, p2, l1, l2, addressId };
}

describe('checkout', () => {
  it('previews per supplier, creates one order per supplier sharing a checkoutId and empties the bought lines', async () => {
    const { s1, s2, buyer, p1, l1, l2, addressId } = await twoSupplierCart('结算');
    const preview = (
      await previewOf(buyer.token, { cartLineIds: [l1, l2] })
    ).data;
    expect(preview.totalAmount).toBe(475);
    expect(
      preview.groups.map((g: { sellerCompanyId: number; goodsAmount: number }) => [
        g.sellerCompanyId,
        g.goodsAmount,
      ]),
    ).toEqual([
      [s1.id, 450],
      [s2.id, 25],
    ]);
    const titleId = await makeInvoiceTitle(t.database.db, buyer.companyId, 2);
    const body = {
      source: { cartLineIds: [l1, l2] },
      addressId,
      invoiceKind: InvoiceKind.SPECIAL,
      invoiceTitleId: titleId,
      remarks: [{ sellerCompanyId: s1.id, remark: '请尽快发货' }],
      shownTotal: 475,
    };
    const res = await submit(buyer.token, newIdempotencyKey(), body);
    expect(res).toMatchObject({ code: 0, message: '已提交2个订单，等待供应商确认' });
    expect(res.data.orders).toHaveLength(2);
    const rows = await ordersOf(buyer.companyId);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((o) => o.checkoutId))).toEqual(new Set([res.data.checkoutId]));
    const first = rows.find((o) => o.sellerCompanyId === s1.id)!;
    expect(first).toMatchObject({
      status: OrderStatus.TO_CONFIRM,
      totalAmount: '450.00',
      buyerRemark: '请尽快发货',
    });
    expect(first.address).toMatchObject({ receiver: '李四', areaName: '北京市 北京市 东城区' });
    expect(first.invoice).toMatchObject({ kind: InvoiceKind.SPECIAL, bankName: '工商银行北京分行' });
    expect(
      await t.database.db
        .select()
        .from(cartLines)
        .where(inArray(cartLines.id, [l1, l2])),
    ).toEqual([]);
    expect((await stockAndLedger(p1.skuIds[0]!)).sku).toEqual({ onHand: 20, reserved: 5 });
  });

  it('needs the Idempotency-Key header; the same key replays the first answer; another body with it is refused', async () => {
    const { buyer, l1, l2, addressId } = await twoSupplierCart('幂等');
    const body = { source: { cartLineIds: [l1, l2] }, addressId, invoiceKind: 0, shownTotal: 475 };
    const noKey = await submit(buyer.token, null, body);
    expect(noKey.code).toBe(Code.INVALID);
    expect(noKey.message).toContain('Idempotency-Key');
    const key = newIdempotencyKey();
    const one = await submit(buyer.token, key, body);
    const again = await submit(buyer.token, key, body);
    expect(one.code).toBe(0);
    expect(again).toEqual(one);
    expect(await ordersOf(buyer.companyId)).toHaveLength(2);
    const other = await submit(buyer.token, key, { ...body, source: { cartLineIds: [l1] } });
    expect(other).toMatchObject({
      code: Code.CONFLICT,
      message: '该提交编号已用于另一笔内容不同的订单，请刷新页面后重新提交',
    });
  });

  it('parallel repeats of one key create one set of orders and give every caller the same answer', async () => {
    const { buyer, l1, l2, addressId } = await twoSupplierCart('并发幂等');
    const body = { source: { cartLineIds: [l1, l2] }, addressId, invoiceKind: 0, shownTotal: 475 };
    const key = newIdempotencyKey();
    const answers = await Promise.all(Array.from({ length: 6 }, () => submit(buyer.token, key, body)));
    expect(answers.every((a) => a.code === 0)).toBe(true);
    expect(new Set(answers.map((a) => JSON.stringify(a.data))).size).toBe(1);
    expect(await ordersOf(buyer.companyId)).toHaveLength(2);
    expect(
      await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)),
    ).toHaveLength(1);
  });

  it('answers 价格已变动 with the new totals when the prices moved, and creates nothing', async () => {
    const { buyer, p2, l1, l2, addressId } = await twoSupplierCart('变价');
    await t.database.db.update(productSkus).set({ price: '13.00' }).where(eq(productSkus.id, p2.skuIds[0]!));
    const key = newIdempotencyKey();
    const body = { source: { cartLineIds: [l1, l2] }, addressId, invoiceKind: 0, shownTotal: 475 };
    const res = await submit(buyer.token, key, body);
    expect(res.code).toBe(Code.CONFLICT);
    expect(res.message).toMatch(/^价格已变动/);
    expect(res.data).toMatchObject({ priceChanged: true, totalAmount: 476 });
    // The refusal by identity, typed by the descriptor's refusals (what the checkout page reads).
    expect(res.identity).toBe('CHECKOUT_PRICE_CHANGED');
    expect(res.refusal?.reason === 'CHECKOUT_PRICE_CHANGED' && res.refusal.groups).toHaveLength(2);
    expect(await ordersOf(buyer.companyId)).toHaveLength(0);
    // Confirming the new total with the same key (nothing was stored) goes through.
    expect((await submit(buyer.token, key, { ...body, shownTotal: 476 })).code).toBe(0);
  });

  it('names the short line (sku and cart line) and changes nothing', async () => {
    const { buyer, p2, l1, l2, addressId } = await twoSupplierCart('缺货');
    await t.database.db.update(cartLines).set({ quantity: 25 }).where(eq(cartLines.id, l2));
    const res = await submit(buyer.token, newIdempotencyKey(), {
      source: { cartLineIds: [l1, l2] },
      addressId,
      invoiceKind: 0,
      shownTotal: 762.5,
    });
    expect(res).toMatchObject({
      code: Code.CONFLICT,
      message: '「活性炭 规格 1号」库存不足：需要 25吨，可用 20吨',
      data: { skuId: p2.skuIds[0], cartLineId: l2 },
    });
    expect(res.refusal?.reason).toBe('CHECKOUT_LINE_REFUSED');
    expect(await ordersOf(buyer.companyId)).toHaveLength(0);
    expect(
      await t.database.db
        .select()
        .from(cartLines)
        .where(inArray(cartLines.id, [l1, l2])),
    ).toHaveLength(2);
    const preview = (
      await previewOf(buyer.token, { cartLineIds: [l1, l2] })
    ).data;
    expect(preview.groups[1].lines[0].problem).toBe('库存不足（可用 20吨）');
  });

  it('立即购买 orders one SKU without touching the cart; suppliers and other companies cannot check out', async () => {
    const { buyer, s2, p1, l1, addressId } = await twoSupplierCart('直购');
    const res = await submit(buyer.token, newIdempotencyKey(), {
      source: { items: [{ skuId: p1.skuIds[0], quantity: 1 }] },
      addressId,
      invoiceKind: 0,
      shownTotal: 100,
    });
    expect(res.code).toBe(0);
    expect(await t.database.db.select().from(cartLines).where(eq(cartLines.id, l1))).toHaveLength(1);
    const supplier = await submit(s2.admin.token, newIdempotencyKey(), {
      source: { items: [{ skuId: p1.skuIds[0], quantity: 1 }] },
      addressId,
      invoiceKind: 0,
      shownTotal: 100,
    });
    expect(supplier.code).toBe(Code.FORBIDDEN);
    const other = await makePurchaser(t.database.db, '直购他人');
    crossCompanyCaller(other.token);
    // Another company's address and another user's cart lines are not theirs to use.
    expect(
      (
        await submit(other.token, newIdempotencyKey(), {
          source: { items: [{ skuId: p1.skuIds[0], quantity: 1 }] },
          addressId,
          invoiceKind: 0,
          shownTotal: 100,
        })
      ).code,
    ).toBe(Code.NOT_FOUND);
    const ownAddress = await makeAddress(t.database.db, other.companyId);
    expect(
      (
        await submit(other.token, newIdempotencyKey(), {
          source: { cartLineIds: [l1] },
          addressId: ownAddress,
          invoiceKind: 0,
          shownTotal: 450,
        })
      ).code,
    ).toBe(Code.CONFLICT);
    const titleOfA = await makeInvoiceTitle(t.database.db, buyer.companyId, 1);
    expect(
      (
        await submit(other.token, newIdempotencyKey(), {
          source: { items: [{ skuId: p1.skuIds[0], quantity: 1 }] },
          addressId: ownAddress,
          invoiceKind: 1,
          invoiceTitleId: titleOfA,
          shownTotal: 100,
        })
      ).code,
    ).toBe(Code.NOT_FOUND);
    expect(await ordersOf(other.companyId)).toHaveLength(0);
  });

  it('tells an employee without purchase:manage to ask the administrator, and lets a 采购员 submit', async () => {
    const { buyer, p1, addressId } = await twoSupplierCart('无权下单');
    const db = t.database.db;
    const employee = await signedInUser(db, { companyId: buyer.companyId, isCompanyAdmin: false });
    const body = {
      source: { items: [{ skuId: p1.skuIds[0], quantity: 1 }] },
      addressId,
      invoiceKind: 0,
      shownTotal: 100,
    };
    const refused = await submit(employee.token, newIdempotencyKey(), body);
    expect(refused).toMatchObject({ code: Code.FORBIDDEN, message: PURCHASE_REFUSAL });
    expect(await ordersOf(buyer.companyId)).toHaveLength(0);
    // The check itself is unchanged: the 采购员 preset (purchase:manage) passes it.
    await giveRole(db, employee.id, await presetRoleId(db, 'purchaser.buyer'));
    expect((await submit(employee.token, newIdempotencyKey(), body)).code).toBe(0);
    expect(await ordersOf(buyer.companyId)).toHaveLength(1);
  });

  it('parallel checkouts for one SKU never oversell; stock and ledger agree', async () => {
    const db = t.database.db;
    const seller = await makeSupplier(db, '抢购供应商');
    const { skuIds } = await makeOnSaleProduct(db, seller, {
      name: '抢购药剂',
      skus: [{ price: 10, stock: 10 }],
    });
    const buyers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => makePurchaser(db, `抢购采购商${i}`)),
    );
    const addressIds = await Promise.all(buyers.map((b) => makeAddress(db, b.companyId)));
    const answers = await Promise.all(
      buyers.map((b, i) =>
        submit(b.token, newIdempotencyKey(), {
          source: { items: [{ skuId: skuIds[0], quantity: 3 }] },
          addressId: addressIds[i],
          invoiceKind: 0,
          shownTotal: 30,
        }),
      ),
    );
    const okCount = answers.filter((a) => a.code === 0).length;
    expect(okCount).toBe(3);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.message.includes('库存不足'))).toBe(true);
    const [{ sold }] = (await db
      .select({ sold: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orderLines)
      .where(eq(orderLines.skuId, skuIds[0]!))) as [{ sold: number }];
    expect(sold).toBe(9);
    const { sku, ledger } = await stockAndLedger(skuIds[0]!);
    expect(sku).toEqual({ onHand: 10, reserved: 9 });
    expect(ledger).toEqual(sku);
  });
});
