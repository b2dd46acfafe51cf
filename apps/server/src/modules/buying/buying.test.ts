import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Code, MAX_ADDRESSES, MAX_CART_LINES, ProductStatus } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { call } from '../../test/http.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';
import { addresses, products, productSkus } from '../../db/schema/index.ts';
import {
  makeCartLine,
  makeInvoiceTitle,
  makeOnSaleProduct,
  makePurchaser,
  makeSupplier,
  TEST_TAX_NO,
} from '../../test/factories/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/buying/buying.test.ts');

const address = (over: object = {}) => ({
  receiver: '王五',
  phone: '13700137000',
  area: [110000, 110100, 110101],
  detail: '东城区测试路 9 号',
  isDefault: false,
  ...over,
});
const special = (over: object = {}) => ({
  kind: 2,
  title: '采购单位有限公司',
  taxNo: TEST_TAX_NO,
  regAddress: '北京市东城区1号',
  regPhone: '010-88886666',
  bankName: '工商银行',
  bankAccount: '6222000011112222',
  ...over,
});

describe('addresses', () => {
  it('names the area from the tree, keeps one default, refuses a bad area and the 21st address', async () => {
    const db = t.database.db;
    const a = await makePurchaser(db, '地址采购商');
    const first = await call(t.app, a.token, 'POST', '/api/address/create', address());
    expect(first.code).toBe(0);
    const second = await call(
      t.app,
      a.token,
      'POST',
      '/api/address/create',
      address({ isDefault: true, area: [440000, 440300, 440305] }),
    );
    expect(second.code).toBe(0);
    let list = (await call(t.app, a.token, 'GET', '/api/address/list')).data;
    // The first address was the default until the second asked for it: still one default.
    expect(list.filter((r: { isDefault: boolean }) => r.isDefault)).toHaveLength(1);
    expect(list[0]).toMatchObject({
      sysNo: second.data.sysNo,
      isDefault: true,
      areaName: '广东省 深圳市 南山区',
    });
    expect(
      (await call(t.app, a.token, 'POST', '/api/address/create', address({ area: [110000, 440300] })))
        .message,
    ).toBe('所在地区不正确，请重新选择');
    expect(
      (await call(t.app, a.token, 'POST', '/api/address/create', address({ phone: '123' }))).message,
    ).toContain('请输入正确的手机号');
    // Deleting the default makes the oldest remaining one the default.
    expect(
      (await call(t.app, a.token, 'POST', '/api/address/delete', { sysNo: second.data.sysNo })).code,
    ).toBe(0);
    list = (await call(t.app, a.token, 'GET', '/api/address/list')).data;
    expect(list).toMatchObject([{ sysNo: first.data.sysNo, isDefault: true }]);
    for (let i = list.length; i < MAX_ADDRESSES; i++)
      expect((await call(t.app, a.token, 'POST', '/api/address/create', address())).code).toBe(0);
    const over = await call(t.app, a.token, 'POST', '/api/address/create', address());
    expect(over).toMatchObject({ code: Code.CONFLICT, message: '地址最多保存20个，请先删除不用的地址' });
    expect(await db.select().from(addresses).where(eq(addresses.companyId, a.companyId))).toHaveLength(
      MAX_ADDRESSES,
    );
  });

  it('suppliers keep addresses too: return and shipping-from ones, not delivery ones (modules/aftersales/returns.test.ts)', async () => {
    const s = await makeSupplier(t.database.db, '地址供应商');
    expect((await call(t.app, s.admin.token, 'POST', '/api/address/create', { ...address(), kind: 3 })).code).toBe(0);
    expect((await call(t.app, s.admin.token, 'POST', '/api/address/create', { ...address(), kind: 2 })).code).toBe(0);
    expect((await call(t.app, s.admin.token, 'POST', '/api/address/create', address())).message).toBe('贵公司不能保存该类型的地址');
  });
});

describe('invoice titles', () => {
  it('checks the taxpayer number as a credit code and requires the registered details for 专用', async () => {
    const a = await makePurchaser(t.database.db, '抬头采购商');
    expect((await call(t.app, a.token, 'POST', '/api/invoice-title/create', special())).code).toBe(0);
    const wrongCheck = await call(
      t.app,
      a.token,
      'POST',
      '/api/invoice-title/create',
      special({ taxNo: '91350100M000100Y44' }),
    );
    expect(wrongCheck.message).toBe('纳税人识别号不正确，请核对统一社会信用代码');
    const missing = await call(
      t.app,
      a.token,
      'POST',
      '/api/invoice-title/create',
      special({ bankAccount: '' }),
    );
    expect(missing.code).toBe(Code.INVALID);
    expect(missing.message).toContain('请输入银行账号');
    // 普通 needs only title and number.
    expect(
      (
        await call(t.app, a.token, 'POST', '/api/invoice-title/create', {
          kind: 1,
          title: '普通抬头公司',
          taxNo: TEST_TAX_NO.toLowerCase(),
        })
      ).code,
    ).toBe(0);
    const list = (await call(t.app, a.token, 'GET', '/api/invoice-title/list')).data;
    expect(list).toHaveLength(2);
    expect(list[1]).toMatchObject({ kind: 1, taxNo: TEST_TAX_NO, isDefault: false });
  });

  it('keeps one default: marking another moves it, deleting the default passes it to the oldest remaining', async () => {
    const a = await makePurchaser(t.database.db, '默认抬头采购商');
    const ids: number[] = [];
    for (const title of ['甲抬头', '乙抬头', '丙抬头'])
      ids.push((await call(t.app, a.token, 'POST', '/api/invoice-title/create', special({ title }))).data.sysNo);
    const defaults = async () =>
      ((await call(t.app, a.token, 'GET', '/api/invoice-title/list')).data as { sysNo: number; isDefault: boolean }[])
        .filter((r) => r.isDefault)
        .map((r) => r.sysNo);
    expect(await defaults()).toEqual([ids[0]]);
    expect((await call(t.app, a.token, 'POST', '/api/invoice-title/update', { sysNo: ids[2], title: special({ title: '丙抬头', isDefault: true }) })).code).toBe(0);
    expect(await defaults()).toEqual([ids[2]]);
    expect((await call(t.app, a.token, 'POST', '/api/invoice-title/delete', { sysNo: ids[2] })).code).toBe(0);
    expect(await defaults()).toEqual([ids[0]]);
  });
});

describe('cart', () => {
  it('adds (same SKU adds up, minimum order), shows tier prices, flags 失效 lines and price changes, clears 失效', async () => {
    const db = t.database.db;
    const seller = await makeSupplier(db, '购物车供应商');
    const buyer = await makePurchaser(db, '购物车采购商');
    const p1 = await makeOnSaleProduct(db, seller, {
      name: '聚丙烯酰胺',
      minOrder: 2,
      skus: [{ price: 50, stock: 100, tiers: [{ minQty: 10, price: 45 }] }],
    });
    const p2 = await makeOnSaleProduct(db, seller, { name: '次氯酸钠', skus: [{ price: 20, stock: 10 }] });
    const p3 = await makeOnSaleProduct(db, seller, { name: '活性炭', skus: [{ price: 30, stock: 10 }] });
    expect(
      (await call(t.app, buyer.token, 'POST', '/api/cart/add', { skuId: p1.skuIds[0], quantity: 1 })).message,
    ).toBe('「聚丙烯酰胺 规格 1号」起订量为 2吨');
    expect(
      (await call(t.app, buyer.token, 'POST', '/api/cart/add', { skuId: p1.skuIds[0], quantity: 6 })).code,
    ).toBe(0);
    expect(
      (await call(t.app, buyer.token, 'POST', '/api/cart/add', { skuId: p1.skuIds[0], quantity: 4 })).code,
    ).toBe(0);
    expect(
      (await call(t.app, buyer.token, 'POST', '/api/cart/add', { skuId: p2.skuIds[0], quantity: 11 }))
        .message,
    ).toContain('库存不足');
    expect(
      (await call(t.app, buyer.token, 'POST', '/api/cart/add', { skuId: p2.skuIds[0], quantity: 2 })).code,
    ).toBe(0);
    await makeCartLine(
      db,
      buyer,
      { sellerCompanyId: seller.id, productId: p3.productId, skuId: p3.skuIds[0]! },
      1,
      30,
    );
    // The supplier changes p2's price, takes p3 off sale.
    await db.update(productSkus).set({ price: '22.00' }).where(eq(productSkus.id, p2.skuIds[0]!));
    await db.update(products).set({ status: ProductStatus.OFF_SALE }).where(eq(products.id, p3.productId));
    const cart = (await call(t.app, buyer.token, 'GET', '/api/cart')).data;
    expect(cart.shops).toHaveLength(1);
    expect(cart.shops[0].shopName).toBe('购物车供应商店');
    const [l1, l2, l3] = cart.shops[0].lines;
    expect(l1).toMatchObject({
      quantity: 10,
      unitPrice: 45,
      amount: 450,
      priceChanged: false,
      problem: '',
      selected: true,
    });
    expect(l2).toMatchObject({ unitPrice: 22, priceAtAdd: 20, priceChanged: true, problem: '' });
    expect(l3).toMatchObject({ problem: '商品已下架', selected: false });
    expect(cart).toMatchObject({ lineCount: 3, selectedCount: 2, selectedAmount: 494 });
    const sel = await call(t.app, buyer.token, 'POST', '/api/cart/select', {
      sysNos: [l3.sysNo],
      selected: true,
    });
    expect(sel).toMatchObject({ code: Code.CONFLICT, message: '该商品商品已下架，不能选择' });
    expect(
      (await call(t.app, buyer.token, 'POST', '/api/cart/quantity', { sysNo: l1.sysNo, quantity: 1 }))
        .message,
    ).toContain('起订量为 2吨');
    expect(
      (await call(t.app, buyer.token, 'POST', '/api/cart/quantity', { sysNo: l2.sysNo, quantity: 3 })).code,
    ).toBe(0);
    expect((await call(t.app, buyer.token, 'GET', '/api/cart')).data.shops[0].lines[1]).toMatchObject({
      quantity: 3,
      priceAtAdd: 22,
      priceChanged: false,
    });
    expect((await call(t.app, buyer.token, 'GET', '/api/cart/count')).data).toEqual({ count: 3 });
    expect((await call(t.app, buyer.token, 'POST', '/api/cart/clear-invalid')).data).toEqual({ removed: 1 });
    expect((await call(t.app, buyer.token, 'GET', '/api/cart/count')).data).toEqual({ count: 2 });
  });

  it('is for purchasers only and caps the lines per user', async () => {
    const db = t.database.db;
    const seller = await makeSupplier(db, '上限供应商');
    const other = await makeSupplier(db, '另一供应商');
    const { skuIds } = await makeOnSaleProduct(db, seller, { skus: [{ price: 1, stock: 10 }] });
    const supplierCart = await call(t.app, other.admin.token, 'POST', '/api/cart/add', {
      skuId: skuIds[0],
      quantity: 1,
    });
    expect(supplierCart).toMatchObject({
      code: Code.FORBIDDEN,
      message: '购物车和下单仅对采购单位开放，供应商账号不能采购',
    });
    expect((await call(t.app, other.admin.token, 'GET', '/api/cart/count')).data).toEqual({ count: 0 });
    const buyer = await makePurchaser(db, '上限采购商');
    const many = await makeOnSaleProduct(db, seller, {
      skus: Array.from({ length: MAX_CART_LINES + 1 }, () => ({ price: 1, stock: 5 })),
    });
    for (const skuId of many.skuIds.slice(0, MAX_CART_LINES)) {
      await makeCartLine(db, buyer, { sellerCompanyId: seller.id, productId: many.productId, skuId }, 1, 1);
    }
    const over = await call(t.app, buyer.token, 'POST', '/api/cart/add', {
      skuId: many.skuIds[MAX_CART_LINES],
      quantity: 1,
    });
    expect(over).toMatchObject({
      code: Code.CONFLICT,
      message: '购物车最多100种商品，请先结算或删除部分商品',
    });
  });
});

describe('company isolation', () => {
  it("B cannot read or change A's addresses, invoice titles or cart", async () => {
    const db = t.database.db;
    const seller = await makeSupplier(db, '隔离供应商');
    const a = await makePurchaser(db, '隔离采购商A');
    const b = await makePurchaser(db, '隔离采购商B');
    const { productId, skuIds } = await makeOnSaleProduct(db, seller);
    const addr = (await call(t.app, a.token, 'POST', '/api/address/create', address())).data.sysNo;
    const title = await makeInvoiceTitle(db, a.companyId);
    const line = await makeCartLine(
      db,
      a,
      { sellerCompanyId: seller.id, productId, skuId: skuIds[0]! },
      1,
      100,
    );
    const aAddresses = (await call(t.app, a.token, 'GET', '/api/address/list')).data;
    const aTitles = (await call(t.app, a.token, 'GET', '/api/invoice-title/list')).data;
    const aCart = (await call(t.app, a.token, 'GET', '/api/cart')).data;
    crossCompanyCaller(b.token);
    expect((await call(t.app, b.token, 'GET', `/api/address/list?companyId=${a.companyId}`)).data).toEqual([]);
    expect(
      (
        await call(t.app, b.token, 'POST', '/api/address/update', {
          sysNo: addr,
          address: address({ receiver: '冒名者' }),
        })
      ).code,
    ).toBe(Code.NOT_FOUND);
    expect((await call(t.app, b.token, 'POST', '/api/address/delete', { sysNo: addr })).code).toBe(
      Code.NOT_FOUND,
    );
    expect((await call(t.app, b.token, 'POST', '/api/address/default', { sysNo: addr })).code).toBe(
      Code.NOT_FOUND,
    );
    expect((await call(t.app, b.token, 'GET', `/api/invoice-title/list?companyId=${a.companyId}`)).data).toEqual([]);
    expect(
      (await call(t.app, b.token, 'POST', '/api/invoice-title/update', { sysNo: title, title: special() }))
        .code,
    ).toBe(Code.NOT_FOUND);
    expect((await call(t.app, b.token, 'POST', '/api/invoice-title/delete', { sysNo: title })).code).toBe(
      Code.NOT_FOUND,
    );
    expect((await call(t.app, b.token, 'GET', '/api/cart')).data.lineCount).toBe(0);
    expect(
      (await call(t.app, b.token, 'POST', '/api/cart/quantity', { sysNo: line, quantity: 2 })).code,
    ).toBe(Code.NOT_FOUND);
    expect(
      (await call(t.app, b.token, 'POST', '/api/cart/select', { sysNos: [line], selected: false })).code,
    ).toBe(Code.NOT_FOUND);
    await call(t.app, b.token, 'POST', '/api/cart/remove', { sysNos: [line] });
    expect((await call(t.app, b.token, 'POST', '/api/checkout/preview', { cartLineIds: [line] })).code).toBe(
      Code.CONFLICT,
    );
    // A's rows are untouched.
    expect((await call(t.app, a.token, 'GET', '/api/address/list')).data).toMatchObject([
      { sysNo: addr, receiver: '王五' },
    ]);
    expect((await call(t.app, a.token, 'GET', '/api/address/list')).data).toEqual(aAddresses);
    expect((await call(t.app, a.token, 'GET', '/api/invoice-title/list')).data).toEqual(aTitles);
    expect(aTitles).toHaveLength(1);
    expect((await call(t.app, a.token, 'GET', '/api/cart')).data.shops[0].lines).toMatchObject([
      { sysNo: line, quantity: 1 },
    ]);
    expect((await call(t.app, a.token, 'GET', '/api/cart')).data).toEqual(aCart);
  });
});
