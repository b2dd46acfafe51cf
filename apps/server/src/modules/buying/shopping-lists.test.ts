import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  Code,
  MAX_SHOPPING_LIST_ITEMS,
  MAX_SHOPPING_LISTS,
  ProductStatus,
  type ResolvedLine,
  type ShoppingListItemRow,
} from '@aquamall/shared';
import { quickOrderSheetEndpoints as q, shoppingListEndpoints as s } from '@aquamall/shared/endpoints';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callEndpoint } from '../../test/http.ts';
import { cartLines, productSkus, products, shoppingListItems, shoppingLists } from '../../db/schema/index.ts';
import {
  giveRole,
  makeOnSaleProduct,
  makePurchaser,
  makeSupplier,
  multipartBody,
  presetRoleId,
  signedInUser,
} from '../../test/factories/index.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

/** 常购清单 and 快速下单 from Excel (docs/product/shopping-lists.md, decision 0214). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/buying/shopping-lists.test.ts');

const db = () => t.database.db;
const cartOf = (userId: number) =>
  db().select({ skuId: cartLines.skuId, quantity: cartLines.quantity }).from(cartLines).where(eq(cartLines.userId, userId));
const itemsOf = (listId: number) =>
  db().select().from(shoppingListItems).where(eq(shoppingListItems.listId, listId)).orderBy(shoppingListItems.id);
const listRow = async (id: number) => (await db().select().from(shoppingLists).where(eq(shoppingLists.id, id)))[0];

/** A purchaser (its administrator) with a 采购员 colleague, and a supplier with four products. */
async function setting(name: string) {
  const seller = await makeSupplier(db(), `${name}供应商`);
  const buyer = await makePurchaser(db(), `${name}采购商`);
  const colleague = await signedInUser(db(), { companyId: buyer.companyId, realName: `${name}同事` });
  await giveRole(db(), colleague.id, await presetRoleId(db(), 'purchaser.buyer'));
  const a = await makeOnSaleProduct(db(), seller, { name: `${name}甲`, skus: [{ price: 100, stock: 50 }] });
  const b = await makeOnSaleProduct(db(), seller, { name: `${name}乙`, skus: [{ price: 10, stock: 50 }] });
  const c = await makeOnSaleProduct(db(), seller, { name: `${name}丙`, skus: [{ price: 5, stock: 50 }] });
  const d = await makeOnSaleProduct(db(), seller, { name: `${name}丁`, skus: [{ price: 8, stock: 3 }] });
  return { seller, buyer, colleague, a, b, c, d };
}

async function newList(token: string, name: string, shared = false) {
  const res = await callEndpoint(t.app, token, s.shoppingListCreate, { name, shared });
  expect(res.code, res.message).toBe(0);
  return res.data.id;
}

describe('常购清单', () => {
  it('adds from goods and orders (the same SKU adds up), shows today’s facts, renames and deletes', async () => {
    const { buyer, a, b } = await setting('基本');
    const id = await newList(buyer.token, '每月药剂');
    const add = await callEndpoint(t.app, buyer.token, s.shoppingListAddItems, {
      listId: id,
      items: [
        { skuId: a.skuIds[0]!, quantity: 2, note: '一号池' },
        { skuId: b.skuIds[0]!, quantity: 5 },
      ],
    });
    expect(add).toMatchObject({ code: 0, message: '已加入常购清单“每月药剂”', data: { added: 2, merged: 0 } });
    const again = await callEndpoint(t.app, buyer.token, s.shoppingListAddItems, {
      listId: id,
      items: [{ skuId: a.skuIds[0]!, quantity: 3 }],
    });
    expect(again.data).toMatchObject({ added: 0, merged: 1 });
    expect((await itemsOf(id)).map((i) => [i.skuId, i.quantity, i.note, i.priceAtAdd])).toEqual([
      [a.skuIds[0]!, 5, '一号池', '100.00'],
      [b.skuIds[0]!, 5, '', '10.00'],
    ]);
    // A new list in the same step.
    const fresh = await callEndpoint(t.app, buyer.token, s.shoppingListAddItems, {
      newList: { name: '备用', shared: false },
      items: [{ skuId: b.skuIds[0]!, quantity: 1 }],
    });
    expect(fresh.code, fresh.message).toBe(0);
    expect((await listRow(fresh.data.listId))?.name).toBe('备用');

    await db().update(productSkus).set({ price: '120' }).where(eq(productSkus.id, a.skuIds[0]!));
    await db().update(products).set({ status: ProductStatus.OFF_SALE }).where(eq(products.id, b.productId));
    const detail = await callEndpoint(t.app, buyer.token, s.shoppingListDetail, { id });
    expect(detail.code, detail.message).toBe(0);
    const bySku = new Map(detail.data.items.map((i: ShoppingListItemRow) => [i.skuId, i]));
    expect(bySku.get(a.skuIds[0]!)).toMatchObject({ unitPrice: 120, priceAtAdd: 100, available: 50, problem: '', note: '一号池' });
    expect(bySku.get(b.skuIds[0]!)).toMatchObject({ problem: '商品已下架' });
    expect(detail.data.list).toMatchObject({ name: '每月药剂', mine: true, editable: true, itemCount: 2, shared: false });

    // Rename to a name the owner already uses: refused, nothing changed.
    const taken = await callEndpoint(t.app, buyer.token, s.shoppingListUpdate, { id, name: '备用' });
    expect(taken).toMatchObject({ code: Code.CONFLICT, identity: 'SHOPPING_LIST_NAME_TAKEN' });
    expect((await listRow(id))?.name).toBe('每月药剂');
    expect((await callEndpoint(t.app, buyer.token, s.shoppingListUpdate, { id, name: '每月常用药剂' })).code).toBe(0);
    expect((await listRow(id))?.name).toBe('每月常用药剂');
    // An off-sale product cannot be added; the caller's own items can be changed and removed.
    const off = await callEndpoint(t.app, buyer.token, s.shoppingListAddItems, { listId: id, items: [{ skuId: b.skuIds[0]!, quantity: 1 }] });
    expect(off).toMatchObject({ identity: 'SHOPPING_LIST_SKU_UNAVAILABLE', message: '基本乙商品已下架，不能加入清单' });
    const [first, second] = await itemsOf(id);
    expect((await callEndpoint(t.app, buyer.token, s.shoppingListItemUpdate, { id: first!.id, quantity: 9, note: '二号池' })).code).toBe(0);
    expect((await callEndpoint(t.app, buyer.token, s.shoppingListItemsRemove, { ids: [second!.id] })).code).toBe(0);
    expect((await itemsOf(id)).map((i) => [i.quantity, i.note])).toEqual([[9, '二号池']]);
    // Bad input changes nothing.
    const bad = await callEndpoint(t.app, buyer.token, s.shoppingListItemUpdate, { id: first!.id, quantity: 0 });
    expect(bad.code).not.toBe(0);
    expect((await itemsOf(id))[0]!.quantity).toBe(9);

    expect((await callEndpoint(t.app, buyer.token, s.shoppingListDelete, { id })).code).toBe(0);
    expect(await listRow(id)).toBeUndefined();
    expect(await itemsOf(id)).toHaveLength(0);
  });

  it('a private list is its owner’s alone; a shared one is read and bought by colleagues, changed by owner and administrators', async () => {
    const { buyer, colleague, a } = await setting('共享');
    const priv = await newList(colleague.token, '私人清单');
    await callEndpoint(t.app, colleague.token, s.shoppingListAddItems, { listId: priv, items: [{ skuId: a.skuIds[0]!, quantity: 1 }] });
    // The administrator does not see a colleague's private list.
    const adminView = await callEndpoint(t.app, buyer.token, s.shoppingListList, {});
    expect(adminView.data.list.map((l) => l.id)).not.toContain(priv);
    expect(await callEndpoint(t.app, buyer.token, s.shoppingListDetail, { id: priv })).toMatchObject({
      code: Code.NOT_FOUND,
      message: '清单不存在或已删除',
    });
    expect((await callEndpoint(t.app, buyer.token, s.shoppingListBuy, { id: priv })).code).toBe(Code.NOT_FOUND);
    expect((await callEndpoint(t.app, buyer.token, s.shoppingListDelete, { id: priv })).code).toBe(Code.NOT_FOUND);
    expect(await listRow(priv)).toBeDefined();
    expect(await cartOf(buyer.id)).toHaveLength(0);

    // The administrator shares its own list: the colleague reads and buys from it, but cannot change it.
    const shared = await newList(buyer.token, '公司常购', true);
    await callEndpoint(t.app, buyer.token, s.shoppingListAddItems, { listId: shared, items: [{ skuId: a.skuIds[0]!, quantity: 4 }] });
    const seen = await callEndpoint(t.app, colleague.token, s.shoppingListList, {});
    expect(seen.data.list.find((l) => l.id === shared)).toMatchObject({ mine: false, editable: false, shared: true, itemCount: 1 });
    expect((await callEndpoint(t.app, colleague.token, s.shoppingListList, { editable: true })).data.list.map((l) => l.id)).toEqual([priv]);
    const readOnly = await callEndpoint(t.app, colleague.token, s.shoppingListAddItems, { listId: shared, items: [{ skuId: a.skuIds[0]!, quantity: 1 }] });
    expect(readOnly).toMatchObject({ code: Code.FORBIDDEN, message: '共享清单只有创建人和企业管理员可以修改' });
    expect((await callEndpoint(t.app, colleague.token, s.shoppingListUpdate, { id: shared, shared: false })).code).toBe(Code.FORBIDDEN);
    const [item] = await itemsOf(shared);
    expect((await callEndpoint(t.app, colleague.token, s.shoppingListItemsRemove, { ids: [item!.id] })).code).toBe(Code.FORBIDDEN);
    expect((await itemsOf(shared))[0]!.quantity).toBe(4);
    const bought = await callEndpoint(t.app, colleague.token, s.shoppingListBuy, { id: shared });
    expect(bought).toMatchObject({ code: 0, data: { added: 1 } });
    expect(await cartOf(colleague.id)).toEqual([{ skuId: a.skuIds[0]!, quantity: 4 }]);

    // The colleague shares its list: the administrator may now change it; unsharing hides it again.
    expect((await callEndpoint(t.app, colleague.token, s.shoppingListUpdate, { id: priv, shared: true })).code).toBe(0);
    expect((await callEndpoint(t.app, buyer.token, s.shoppingListUpdate, { id: priv, name: '管理员改名' })).code).toBe(0);
    expect((await callEndpoint(t.app, buyer.token, s.shoppingListUpdate, { id: priv, shared: false })).code).toBe(0);
    expect((await callEndpoint(t.app, buyer.token, s.shoppingListDetail, { id: priv })).code).toBe(Code.NOT_FOUND);
    expect(await listRow(priv)).toMatchObject({ name: '管理员改名', shared: false });
  });

  it('another company sees none of the lists and changes nothing', async () => {
    const { buyer, a } = await setting('隔离');
    const other = await makePurchaser(db(), '隔离乙采购商');
    crossCompanyCaller(other.token);
    const id = await newList(buyer.token, '共享清单', true);
    await callEndpoint(t.app, buyer.token, s.shoppingListAddItems, { listId: id, items: [{ skuId: a.skuIds[0]!, quantity: 2 }] });
    const [item] = await itemsOf(id);
    expect((await callEndpoint(t.app, other.token, s.shoppingListList, {})).data).toEqual({ list: [], total: 0 });
    const notFound = { code: Code.NOT_FOUND };
    expect(await callEndpoint(t.app, other.token, s.shoppingListDetail, { id })).toMatchObject(notFound);
    expect(await callEndpoint(t.app, other.token, s.shoppingListUpdate, { id, name: '偷改' })).toMatchObject(notFound);
    expect(await callEndpoint(t.app, other.token, s.shoppingListDelete, { id })).toMatchObject(notFound);
    expect(
      await callEndpoint(t.app, other.token, s.shoppingListAddItems, { listId: id, items: [{ skuId: a.skuIds[0]!, quantity: 1 }] }),
    ).toMatchObject(notFound);
    expect(await callEndpoint(t.app, other.token, s.shoppingListItemUpdate, { id: item!.id, quantity: 7 })).toMatchObject(notFound);
    expect(await callEndpoint(t.app, other.token, s.shoppingListItemsRemove, { ids: [item!.id] })).toMatchObject(notFound);
    expect(await callEndpoint(t.app, other.token, s.shoppingListBuy, { id })).toMatchObject(notFound);
    expect(await listRow(id)).toMatchObject({ name: '共享清单' });
    expect((await itemsOf(id)).map((i) => i.quantity)).toEqual([2]);
    expect(await cartOf(other.id)).toHaveLength(0);
    // A supplier has no lists at all.
    const { seller } = await setting('隔离供应');
    expect((await callEndpoint(t.app, seller.admin.token, s.shoppingListCreate, { name: '供应商清单' })).code).not.toBe(0);
  });

  it('buys selected items in one step and says what changed: off sale, price since added, minimum order, stock', async () => {
    const { buyer, a, b, c, d } = await setting('购买');
    const id = await newList(buyer.token, '采购清单');
    await callEndpoint(t.app, buyer.token, s.shoppingListAddItems, {
      listId: id,
      items: [
        { skuId: a.skuIds[0]!, quantity: 2 },
        { skuId: b.skuIds[0]!, quantity: 1 },
        { skuId: c.skuIds[0]!, quantity: 2 },
        { skuId: d.skuIds[0]!, quantity: 2 },
      ],
    });
    const items = await itemsOf(id);
    await db().update(productSkus).set({ price: '120' }).where(eq(productSkus.id, a.skuIds[0]!));
    await db().update(products).set({ status: ProductStatus.OFF_SALE }).where(eq(products.id, b.productId));
    await db().update(products).set({ minOrder: 10 }).where(eq(products.id, c.productId));
    // Only three of the four items: 丁 stays out.
    const res = await callEndpoint(t.app, buyer.token, s.shoppingListBuy, { id, itemIds: items.slice(0, 3).map((i) => i.id) });
    expect(res.code, res.message).toBe(0);
    expect(res.message).toBe('已将2种商品加入购物车');
    const bySku = new Map(res.data.lines.map((l: ResolvedLine) => [l.skuId, l]));
    expect(bySku.get(a.skuIds[0]!)).toMatchObject({ ok: true, quantity: 2, notes: ['加入清单后价格上涨 ¥100.00 → ¥120.00'] });
    expect(bySku.get(b.skuIds[0]!)).toMatchObject({ ok: false, notes: ['商品已下架'] });
    expect(bySku.get(c.skuIds[0]!)).toMatchObject({ ok: true, quantity: 10, notes: ['低于起订量，已调整为 10吨'] });
    expect((await cartOf(buyer.id)).sort((x, y) => x.skuId - y.skuId)).toEqual([
      { skuId: a.skuIds[0]!, quantity: 2 },
      { skuId: c.skuIds[0]!, quantity: 10 },
    ]);
    // 丁 has 3 in stock: 2 go in, the next time 1 (cut to the stock), then none.
    await callEndpoint(t.app, buyer.token, s.shoppingListBuy, { id, itemIds: [items[3]!.id] });
    const cut = await callEndpoint(t.app, buyer.token, s.shoppingListBuy, { id, itemIds: [items[3]!.id] });
    expect(cut.data.lines[0]).toMatchObject({ ok: true, quantity: 1, notes: ['库存不足，已调整为可用的 1吨'] });
    const short = await callEndpoint(t.app, buyer.token, s.shoppingListBuy, { id, itemIds: [items[3]!.id] });
    expect(short.data.lines[0]).toMatchObject({ ok: false, notes: ['库存不足（可用 3吨，购物车中已有 3吨）'] });
    // An item of another list is not this list's.
    const otherList = await newList(buyer.token, '别的清单');
    const wrong = await callEndpoint(t.app, buyer.token, s.shoppingListBuy, { id: otherList, itemIds: [items[0]!.id] });
    expect(wrong).toMatchObject({ identity: 'SHOPPING_LIST_ITEM_NOT_FOUND' });
  });

  it(`keeps to ${MAX_SHOPPING_LISTS} lists per user and ${MAX_SHOPPING_LIST_ITEMS} items per list`, async () => {
    const { buyer, seller, a, b } = await setting('上限');
    await db()
      .insert(shoppingLists)
      .values(Array.from({ length: MAX_SHOPPING_LISTS - 1 }, (_, i) => ({ companyId: buyer.companyId, ownerUserId: buyer.id, name: `清单${i}` })));
    // Parallel creates for the last place: exactly one gets it.
    const tries = await Promise.all(
      Array.from({ length: 4 }, (_, i) => callEndpoint(t.app, buyer.token, s.shoppingListCreate, { name: `最后${i}` })),
    );
    expect(tries.filter((r) => r.code === 0)).toHaveLength(1);
    expect(tries.filter((r) => r.identity === 'SHOPPING_LIST_LIMIT')[0]?.message).toBe(
      `每人最多建立${MAX_SHOPPING_LISTS}个常购清单，请先删除不用的清单`,
    );
    const full = tries.find((r) => r.code === 0)!.data.id;
    // 498 items of other SKUs plus 甲: two new SKUs do not fit, one does.
    const many = await makeOnSaleProduct(db(), seller, {
      name: '多规格',
      skus: Array.from({ length: MAX_SHOPPING_LIST_ITEMS - 2 }, () => ({ price: 1, stock: 1 })),
    });
    await db()
      .insert(shoppingListItems)
      .values(many.skuIds.map((skuId) => ({ listId: full, skuId, quantity: 1, priceAtAdd: '1.00' })));
    await callEndpoint(t.app, buyer.token, s.shoppingListAddItems, { listId: full, items: [{ skuId: a.skuIds[0]!, quantity: 1 }] });
    const c = await makeOnSaleProduct(db(), seller, { name: '上限戊', skus: [{ price: 1, stock: 9 }] });
    const over = await callEndpoint(t.app, buyer.token, s.shoppingListAddItems, {
      listId: full,
      items: [
        { skuId: b.skuIds[0]!, quantity: 1 },
        { skuId: c.skuIds[0]!, quantity: 1 },
      ],
    });
    expect(over).toMatchObject({ identity: 'SHOPPING_LIST_FULL', message: `每个清单最多${MAX_SHOPPING_LIST_ITEMS}种商品，本清单还能加入1种，请分到其他清单` });
    expect(await itemsOf(full)).toHaveLength(MAX_SHOPPING_LIST_ITEMS - 1);
    // A SKU already in the list still adds up when the list is full.
    expect((await callEndpoint(t.app, buyer.token, s.shoppingListAddItems, { listId: full, items: [{ skuId: b.skuIds[0]!, quantity: 1 }] })).code).toBe(0);
    expect((await callEndpoint(t.app, buyer.token, s.shoppingListAddItems, { listId: full, items: [{ skuId: a.skuIds[0]!, quantity: 1 }] })).data).toMatchObject({ merged: 1 });
    expect(await itemsOf(full)).toHaveLength(MAX_SHOPPING_LIST_ITEMS);
  });
});

describe('快速下单 from Excel', () => {
  it('reads the template’s sheet, resolves each row as a paste and names the rows it cannot read', async () => {
    const { buyer, a } = await setting('表格');
    const code = (await db().select({ code: productSkus.code }).from(productSkus).where(eq(productSkus.id, a.skuIds[0]!)))[0]!.code;
    const template = await t.app.inject({ method: 'GET', url: q.quickOrderTemplate.path, headers: { 'x-token': buyer.token } });
    expect(template.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('快速下单')!;
    expect(ws.getRow(1).values).toEqual([undefined, 'SKU编码', '数量']);
    ws.addRow([code, 3]);
    ws.addRow(['不存在的编码', 1]);
    ws.addRow([code, 'abc']);
    ws.addRow(['', '']);
    ws.addRow([code.toLowerCase()]);
    const { payload, headers } = await multipartBody([
      { field: 'file', name: 'q.xlsx', body: Buffer.from(await wb.xlsx.writeBuffer()) },
    ]);
    const res = await t.app.inject({ method: 'POST', url: q.quickOrderSheet.path, payload, headers: { ...headers, 'x-token': buyer.token } });
    const body = res.json();
    expect(body.code, body.message).toBe(0);
    expect(body.data.errors).toEqual(['第4行：数量必须是正整数']);
    expect(body.data.lines.map((l: ResolvedLine) => [l.row, l.ok, l.quantity, l.unitPrice, l.notes])).toEqual([
      [2, true, 3, 100, []],
      [3, false, 0, null, ['编码不存在']],
      [6, true, 1, 100, []],
    ]);
    // Nothing was written: the cart is empty.
    expect(await cartOf(buyer.id)).toHaveLength(0);
    const bad = await multipartBody([{ field: 'file', name: 'x.xlsx', body: Buffer.from('not a workbook') }]);
    const refused = await t.app.inject({ method: 'POST', url: q.quickOrderSheet.path, payload: bad.payload, headers: { ...bad.headers, 'x-token': buyer.token } });
    expect(refused.json()).toMatchObject({ message: '文件无法读取，请使用下载的模板（.xlsx）填写' });
    const none = await t.app.inject({ method: 'POST', url: q.quickOrderSheet.path, payload: {}, headers: { 'x-token': buyer.token } });
    expect(none.json()).toMatchObject({ message: '请选择要上传的Excel文件（.xlsx）' });
  });
});
