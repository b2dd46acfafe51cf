import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OrderStatus, type WorkbenchTodo } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { orders } from '../../db/schema/index.ts';
import {
  giveRole,
  makeOnSaleProduct,
  makeOrder,
  makePurchaser,
  makeSupplier,
  presetRoleId,
  signedInUser,
} from '../../test/factories/index.ts';
import { call } from '../../test/http.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const todo = async (token: string) => {
  const res = await call<WorkbenchTodo>(t.app, token, 'GET', '/api/workbench/todo');
  expect(res.code).toBe(0);
  return Object.fromEntries(res.data.trade.map((x) => [x.key, { count: x.count, to: x.to }]));
};
const setStatus = (id: number, status: number) => db().update(orders).set({ status }).where(eq(orders.id, id));

describe('workbench home to-dos', () => {
  it('counts each side’s trade work from the same counts as the lists, linking to the tab', async () => {
    const seller = await makeSupplier(db(), '待办供应商');
    const buyer = await makePurchaser(db(), '待办采购商');
    const other = await makePurchaser(db(), '旁观采购商');
    const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 10, stock: 1000 }] });
    const place = async (who = buyer) => (await makeOrder(db(), who, seller.id, [{ skuId: skuIds[0]!, quantity: 1 }])).id;
    const [a, b, c, d, e] = [await place(), await place(), await place(), await place(), await place()];
    await place(other); // another purchaser's order: never in this buyer's counts
    await setStatus(a, OrderStatus.TO_PAY);
    await setStatus(b, OrderStatus.TO_PAY);
    await setStatus(c, OrderStatus.TO_RECEIVE);
    await setStatus(d, OrderStatus.TO_SHIP);
    await setStatus(e, OrderStatus.PART_SHIPPED);

    const mine = await todo(buyer.token);
    expect(mine.toPayOrders).toEqual({ count: 2, to: '/customer/order?status=1' });
    expect(mine.toReceiveOrders).toEqual({ count: 1, to: '/customer/order?status=4' });
    expect(mine.quotingEnquiries).toEqual({ count: 0, to: '/customer/enquiry?status=1' });
    expect(mine.openRmas).toEqual({ count: 0, to: '/customer/rma/rmaList?type=0' });
    expect(mine.toShipOrders).toBeUndefined();

    const theirs = await todo(other.token);
    expect(theirs.toPayOrders?.count).toBe(0);

    const sales = await todo(seller.admin.token);
    expect(sales.toConfirmOrders).toEqual({ count: 1, to: '/customer/saleOrder?status=0' });
    // 待发货 and 部分发货 both wait for the supplier: two tabs, so the link opens the whole list.
    expect(sales.toShipOrders).toEqual({ count: 2, to: '/customer/saleOrder' });
    expect(sales.pendingInvoices).toEqual({ count: 0, to: '/customer/invoice/index?type=1' });
    expect(sales.toPayOrders).toBeUndefined();

    await setStatus(e, OrderStatus.TO_RECEIVE);
    expect((await todo(seller.admin.token)).toShipOrders).toEqual({ count: 1, to: '/customer/saleOrder?status=2' });
  });

  it('leaves out the lists a member may not open', async () => {
    const seller = await makeSupplier(db(), '权限供应商');
    const goods = await signedInUser(db(), { companyId: seller.id });
    await giveRole(db(), goods.id, await presetRoleId(db(), 'supplier.goods'));
    const sales = await signedInUser(db(), { companyId: seller.id });
    await giveRole(db(), sales.id, await presetRoleId(db(), 'supplier.sales'));
    expect(Object.keys(await todo(goods.token))).toEqual([]);
    const salesTodos = await todo(sales.token);
    expect(salesTodos.toConfirmOrders).toBeDefined();
    expect(salesTodos.toShipOrders).toBeDefined();
  });
});
