import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { chinaDay, ContractPriceKind } from '@aquamall/shared';
import { cartEndpoints, contractPriceEndpoints as e, customerGroupEndpoints as g, goodsEndpoints, myPriceEndpoints as m } from '@aquamall/shared/endpoints';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { contractPrices, productSkus } from '../../db/schema/index.ts';
import { goodsChanged } from '../../lib/goods-changes.ts';
import { callEndpoint } from '../../test/http.ts';
import { makeAddress, makeCustomerGroup, makeOnSaleProduct, makePurchaser, makeSupplier, newIdempotencyKey } from '../../test/factories/index.ts';
import { MY_PRICES_TTL_MS, myPriceCache } from './my-price-cache.ts';

let t: TestApp;
// The cache's clock runs ahead by `offset`: `pass()` moves it past one lifetime, so that after a change (which
// refuses to keep that supplier's answers for one lifetime) the next answer is kept again.
const realNow = myPriceCache.now;
let offset = 0;
const pass = () => {
  offset += MY_PRICES_TTL_MS + 1;
};
beforeAll(async () => {
  t = await createTestApp();
  myPriceCache.now = () => realNow() + offset;
});
afterAll(async () => {
  myPriceCache.now = realNow;
  await t?.close();
});
const db = () => t.database.db;

/** A supplier with two products (two SKUs, list 100 and 200; one SKU, list 50) and a purchaser. */
async function scene(name: string) {
  const seller = await makeSupplier(db(), `${name}供应商`);
  const buyer = await makePurchaser(db(), `${name}采购商`);
  const a = await makeOnSaleProduct(db(), seller, { name: `${name}絮凝剂`, skus: [{ price: 100, stock: 500 }, { price: 200, stock: 500 }] });
  const b = await makeOnSaleProduct(db(), seller, { name: `${name}除磷剂`, skus: [{ price: 50, stock: 500 }] });
  return { seller, buyer, a, b, token: seller.admin.token };
}

const rule = (over: Record<string, unknown> = {}) => ({ kind: ContractPriceKind.FIXED, value: 80, validFrom: chinaDay(), ...over });

async function mine(token: string, productIds: number[]) {
  const r = await callEndpoint(t.app, token, m.pricingMine, { productIds });
  expect(r.code, r.message).toBe(0);
  return r.data.skus.map((s) => [s.productId, s.skuId, s.price]);
}

describe('the price overlay keeps its answers per company and product, and forgets them on every change', () => {
  it('answers product by product in the order asked; a kept answer is served until a rule change of the supplier forgets it', async () => {
    const { buyer, a, b, token } = await scene('保留');
    const made = await callEndpoint(t.app, token, e.contractPriceCreate, { ...rule(), purchaserCompanyId: buyer.companyId, skuIds: [a.skuIds[1]!, b.skuIds[0]!, a.skuIds[0]!] });
    expect(made.code, made.message).toBe(0);
    pass();
    {
      // Products in the order asked, SKUs in id order, whatever the rows' order in the table.
      expect(await mine(buyer.token, [b.productId, a.productId])).toEqual([
        [b.productId, b.skuIds[0], '80.00'],
        [a.productId, a.skuIds[0], '80.00'],
        [a.productId, a.skuIds[1], '80.00'],
      ]);
      // Kept: a change behind the application's back (no command, no hook) is not seen within the lifetime…
      await db().update(contractPrices).set({ value: '70.00' }).where(eq(contractPrices.skuId, b.skuIds[0]!));
      expect(await mine(buyer.token, [b.productId])).toEqual([[b.productId, b.skuIds[0], '80.00']]);
      // …and is once the lifetime has passed.
      pass();
      expect(await mine(buyer.token, [b.productId])).toEqual([[b.productId, b.skuIds[0], '70.00']]);
    }
    // A command of the supplier forgets at once: the edited price is answered on the next call.
    const [row] = await db().select().from(contractPrices).where(eq(contractPrices.skuId, a.skuIds[0]!));
    expect(await mine(buyer.token, [a.productId])).toEqual([
      [a.productId, a.skuIds[0], '80.00'],
      [a.productId, a.skuIds[1], '80.00'],
    ]);
    expect((await callEndpoint(t.app, token, e.contractPriceEdit, { id: row!.id, ...rule({ value: 60 }) })).code).toBe(0);
    expect(await mine(buyer.token, [a.productId])).toEqual([
      [a.productId, a.skuIds[0], '60.00'],
      [a.productId, a.skuIds[1], '80.00'],
    ]);
    expect((await callEndpoint(t.app, token, e.contractPriceEnd, { id: row!.id })).code).toBe(0);
    expect(await mine(buyer.token, [a.productId])).toEqual([[a.productId, a.skuIds[1], '80.00']]);
  });

  it('a group member added after its answer was kept sees the group price at once; a discount follows a list price change', async () => {
    const { seller, buyer, a, token } = await scene('分组');
    const groupId = await makeCustomerGroup(db(), seller.id, '保留分组', []);
    const made = await callEndpoint(t.app, token, e.contractPriceCreate, {
      kind: ContractPriceKind.DISCOUNT,
      value: 10,
      validFrom: chinaDay(),
      groupId,
      skuIds: [a.skuIds[0]!],
    });
    expect(made.code, made.message).toBe(0);
    pass();
    expect(await mine(buyer.token, [a.productId])).toEqual([]);
    expect((await callEndpoint(t.app, token, g.customerGroupAddMembers, { id: groupId, companyIds: [buyer.companyId] })).code).toBe(0);
    expect(await mine(buyer.token, [a.productId])).toEqual([[a.productId, a.skuIds[0], '90.00']]);
    pass();
    expect(await mine(buyer.token, [a.productId])).toEqual([[a.productId, a.skuIds[0], '90.00']]);
    // The list price moves (the product's save reports a goods change): 10% off the new price.
    await db().update(productSkus).set({ price: '300.00' }).where(eq(productSkus.id, a.skuIds[0]!));
    goodsChanged({ productIds: [a.productId] });
    expect(await mine(buyer.token, [a.productId])).toEqual([[a.productId, a.skuIds[0], '270.00']]);
    pass();
    expect(await mine(buyer.token, [a.productId])).toEqual([[a.productId, a.skuIds[0], '270.00']]);
    expect((await callEndpoint(t.app, token, g.customerGroupRemoveMembers, { id: groupId, companyIds: [buyer.companyId] })).code).toBe(0);
    expect(await mine(buyer.token, [a.productId])).toEqual([]);
  });

  it('a capped rule bought up is no longer answered once the order is placed', async () => {
    const { buyer, a, token } = await scene('限购');
    const made = await callEndpoint(t.app, token, e.contractPriceCreate, { ...rule({ capQty: 2 }), purchaserCompanyId: buyer.companyId, skuIds: [a.skuIds[0]!] });
    expect(made.code, made.message).toBe(0);
    pass();
    expect(await mine(buyer.token, [a.productId])).toEqual([[a.productId, a.skuIds[0], '80.00']]);
    const addressId = await makeAddress(db(), buyer.companyId);
    const order = await callEndpoint(
      t.app,
      buyer.token,
      cartEndpoints.checkoutSubmit,
      { source: { items: [{ skuId: a.skuIds[0]!, quantity: 2 }] }, addressId, invoiceKind: 0, shownTotal: 160 } as never,
      { 'idempotency-key': newIdempotencyKey() },
    );
    expect(order.code, order.message).toBe(0);
    expect(await mine(buyer.token, [a.productId])).toEqual([]);
  });

  it('an order at an uncapped rule forgets nothing (its answers name no rule); a capped one forgets its rule', async () => {
    const { buyer, a, b, token } = await scene('不限量');
    const open = await callEndpoint(t.app, token, e.contractPriceCreate, { ...rule(), purchaserCompanyId: buyer.companyId, skuIds: [a.skuIds[0]!] });
    expect(open.code, open.message).toBe(0);
    const capped = await callEndpoint(t.app, token, e.contractPriceCreate, { ...rule({ capQty: 5 }), purchaserCompanyId: buyer.companyId, skuIds: [b.skuIds[0]!] });
    expect(capped.code, capped.message).toBe(0);
    pass();
    const forgotten: string[][] = [];
    const realForget = myPriceCache.forget.bind(myPriceCache);
    myPriceCache.forget = (...tags: string[]) => {
      forgotten.push(tags);
      realForget(...tags);
    };
    try {
      const addressId = await makeAddress(db(), buyer.companyId);
      const buy = async (skuId: number, shownTotal: number) => {
        const r = await callEndpoint(
          t.app,
          buyer.token,
          cartEndpoints.checkoutSubmit,
          { source: { items: [{ skuId, quantity: 1 }] }, addressId, invoiceKind: 0, shownTotal } as never,
          { 'idempotency-key': newIdempotencyKey() },
        );
        expect(r.code, r.message).toBe(0);
      };
      await buy(a.skuIds[0]!, 80);
      expect(forgotten).toEqual([]);
      await buy(b.skuIds[0]!, 80);
      expect(forgotten).toEqual([[`r:${capped.data.ids[0]}`]]);
    } finally {
      myPriceCache.forget = realForget;
    }
  });

  it('the query of a goods list page answers the prices of that page, as its product ids do; a supplier gets none', async () => {
    const { seller, buyer, a, b, token } = await scene('列表页');
    const made = await callEndpoint(t.app, token, e.contractPriceCreate, { ...rule(), purchaserCompanyId: buyer.companyId, skuIds: [a.skuIds[1]!, b.skuIds[0]!] });
    expect(made.code, made.message).toBe(0);
    pass();
    const goods = { pageIndex: 1, pageSize: 20, companyId: seller.id };
    const byQuery = await callEndpoint(t.app, buyer.token, m.pricingMine, { goods } as never);
    expect(byQuery.code, byQuery.message).toBe(0);
    const page = await callEndpoint(t.app, null, goodsEndpoints.goodsQuery, goods as never);
    expect(page.code, page.message).toBe(0);
    const ids = page.data.list.map((g) => g.id);
    expect([...ids].sort()).toEqual([a.productId, b.productId].sort());
    expect(byQuery.data.skus.map((s) => [s.productId, s.skuId, s.price])).toEqual(await mine(buyer.token, ids));
    expect(byQuery.data.skus).toHaveLength(2);
    // The second page of the same query has no products, so no prices.
    const empty = await callEndpoint(t.app, buyer.token, m.pricingMine, { goods: { ...goods, pageIndex: 2 } } as never);
    expect(empty.data.skus).toEqual([]);
    const asSupplier = await callEndpoint(t.app, token, m.pricingMine, { goods } as never);
    expect(asSupplier.data.skus).toEqual([]);
    // A query the list refuses is refused here too, in words.
    const bad = await callEndpoint(t.app, buyer.token, m.pricingMine, { goods: { ...goods, pageSize: 1000 } } as never);
    expect(bad.code).not.toBe(0);
  });
});
