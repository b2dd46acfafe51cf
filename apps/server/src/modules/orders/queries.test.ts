import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { Code, ORDER_COUNT_CAP, OrderStatus } from '@aquamall/shared';
import { orders } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  advanceOrder,
  insertUser,
  makeOnSaleProduct,
  makeOrder,
  makePurchaser,
  makeSupplier,
  signIn,
} from '../../test/factories/index.ts';
import { call } from '../../test/http.ts';
import { EXPORT_LIMITS } from '../../lib/download.ts';
import { createOrders } from './create.ts';
import { DEFAULT_ORDER_RULES } from '../../config.ts';
import { noInvoice, testAddress } from '../../test/factories/orders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const db = () => t.database.db;
const list = (token: string, body: object) => call(t.app, token, 'POST', '/api/order/list', body);

describe('order lists', () => {
  it('shows the user’s own orders (order), the company’s (allorder) and the supplier’s (saleOrder), with filters and tab counts', async () => {
    const seller = await makeSupplier(db(), '列表供应商');
    const other = await makeSupplier(db(), '另一家水处理');
    const buyer = await makePurchaser(db(), '列表采购商');
    const colleague = await signIn(
      db(),
      await insertUser(db(), { companyId: buyer.companyId, isCompanyAdmin: true, realName: '同事' }),
    );
    const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 100, stock: 100 }] });
    const { skuIds: otherSkus } = await makeOnSaleProduct(db(), other, {
      name: '活性炭',
      skus: [{ price: 20, stock: 100 }],
    });
    const a = await makeOrder(db(), buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 2 }]);
    const b = await makeOrder(db(), buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 5 }]);
    const c = await makeOrder(db(), buyer, other.id, [{ skuId: otherSkus[0]!, quantity: 1 }]);
    const mine = await makeOrder(
      db(),
      { companyId: buyer.companyId, id: colleague.id, realName: '同事' },
      seller.id,
      [{ skuId: skuIds[0]!, quantity: 1 }],
    );
    await advanceOrder(
      db(),
      b.id,
      { buyerUserId: buyer.id, sellerUserId: seller.admin.id },
      OrderStatus.TO_PAY,
    );

    const own = await list(buyer.token, { type: 0 });
    expect(own.code, own.message).toBe(0);
    expect(own.data.list.map((o: { id: number }) => o.id)).toEqual([c.id, b.id, a.id]);
    expect(own.data).toMatchObject({ total: 3, counts: { '0': 2, '1': 1 } });
    expect(own.data.list[2]).toMatchObject({
      type: 0,
      firstLine: '聚合氯化铝 规格 1号',
      lineCount: 1,
      totalAmount: '200.00',
      sellerCompanyName: '列表供应商',
    });
    expect((await list(colleague.token, { type: 0 })).data.list.map((o: { id: number }) => o.id)).toEqual([
      mine.id,
    ]);
    expect((await list(colleague.token, { type: 0, all: 1 })).data.total).toBe(4);
    // The unfiltered pages are prepared statements per shape (company-wide, one buyer, the seller) and tab.
    const ids = (r: { data: { list: { id: number }[] } }) => r.data.list.map((o) => o.id);
    expect(ids(await list(colleague.token, { type: 0, all: 1 }))).toEqual([mine.id, c.id, b.id, a.id]);
    expect(ids(await list(colleague.token, { type: 0, all: 1, pageIndex: 2, pageSize: 3 }))).toEqual([a.id]);
    expect(ids(await list(colleague.token, { type: 0, all: 1, status: 1 }))).toEqual([b.id]);
    expect(ids(await list(seller.admin.token, { type: 6 }))).toEqual([mine.id, b.id, a.id]);
    expect(ids(await list(seller.admin.token, { type: 6, status: 0 }))).toEqual([mine.id, a.id]);
    expect(ids(await list(seller.admin.token, { type: 8 }))).toEqual([]);
    expect((await list(buyer.token, { type: 4 })).data.total).toBe(0);

    expect(
      (await list(buyer.token, { type: 0, status: 1 })).data.list.map((o: { id: number }) => o.id),
    ).toEqual([b.id]);
    expect((await list(buyer.token, { type: 0, status: 1 })).data.counts).toEqual({ '0': 2, '1': 1 });
    expect(
      (await list(buyer.token, { type: 0, counterparty: '另一家' })).data.list.map(
        (o: { id: number }) => o.id,
      ),
    ).toEqual([c.id]);
    expect(
      (await list(buyer.token, { type: 0, orderNo: a.orderNo.slice(-8) })).data.list.map(
        (o: { id: number }) => o.id,
      ),
    ).toEqual([a.id]);
    expect(
      (await list(buyer.token, { type: 0, amountMin: 100, amountMax: 300 })).data.list.map(
        (o: { id: number }) => o.id,
      ),
    ).toEqual([a.id]);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await list(buyer.token, { type: 0, dateFrom: today, dateTo: today })).data.total).toBe(3);
    expect(
      (await list(buyer.token, { type: 0, dateFrom: '2000-01-01', dateTo: '2000-01-02' })).data.total,
    ).toBe(0);
    expect((await list(buyer.token, { type: 0, dateFrom: '2000-13-01' })).code).toBe(Code.INVALID);

    const sale = await list(seller.admin.token, { type: 6, pageSize: 2 });
    expect(sale.data).toMatchObject({ total: 3 });
    expect(sale.data.list).toHaveLength(2);
    expect(sale.data.list[0]).toMatchObject({ type: 6, buyerCompanyName: '列表采购商' });
    expect((await list(seller.admin.token, { type: 6, counterparty: '列表采购' })).data.total).toBe(3);
    // A purchaser has no saleOrder menu; a supplier has no order menu.
    expect((await list(buyer.token, { type: 6 })).code).toBe(Code.FORBIDDEN);
    expect((await list(seller.admin.token, { type: 0 })).code).toBe(Code.FORBIDDEN);
  });

  it('answers a filtered list over ORDER_COUNT_CAP as 1000 (shown 1000+), never 1001, in its total and tabs', async () => {
    const seller = await makeSupplier(db(), '千单供应商');
    const buyer = await makePurchaser(db(), '千单采购商');
    const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 10, stock: 10 }] });
    const a = await makeOrder(db(), buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 1 }]);
    // ORDER_COUNT_CAP + 1 more copies of one order (same status) in one statement.
    const cols = Object.values(getTableColumns(orders))
      .map((col) => col.name.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`))
      .filter((n) => n !== 'id');
    const value = (n: string) => (n === 'order_no' ? `o.order_no || '-' || g` : `o."${n}"`);
    await db().execute(
      sql.raw(
        `insert into orders (${cols.map((n) => `"${n}"`).join(', ')}) select ${cols.map(value).join(', ')}
         from orders o, generate_series(1, ${ORDER_COUNT_CAP + 1}) g where o.id = ${a.id}`,
      ),
    );
    const filtered = { type: 0, counterparty: '千单' };
    const all = await list(buyer.token, filtered);
    expect(all.data).toMatchObject({
      total: ORDER_COUNT_CAP,
      totalCapped: true,
      counts: { [String(OrderStatus.TO_CONFIRM)]: ORDER_COUNT_CAP },
    });
    expect(all.data.list).toHaveLength(20);
    const tab = await list(buyer.token, { ...filtered, status: OrderStatus.TO_CONFIRM });
    expect(tab.data).toMatchObject({ total: ORDER_COUNT_CAP, totalCapped: true });
    // Unfiltered, the tabs come from the kept counters: exact.
    expect((await list(buyer.token, { type: 0 })).data).toMatchObject({
      total: ORDER_COUNT_CAP + 2,
      totalCapped: false,
    });
  });

  it('exports the filtered list to Excel, one row per line', async () => {
    const seller = await makeSupplier(db(), '导出供应商');
    const buyer = await makePurchaser(db(), '导出采购商');
    const { skuIds } = await makeOnSaleProduct(db(), seller, {
      skus: [
        { price: 100, stock: 100 },
        { price: 30, stock: 100 },
      ],
    });
    await makeOrder(db(), buyer, seller.id, [
      { skuId: skuIds[0]!, quantity: 2 },
      { skuId: skuIds[1]!, quantity: 3 },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/export',
      payload: { type: 6 },
      headers: { 'x-token': seller.admin.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('订单列表')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(4).value).toBe('采购单号');
    expect(sheet.getRow(1).getCell(6).value).toBe('采购商');
    expect(sheet.getRow(2).getCell(6).value).toBe('导出采购商');
    expect(sheet.getRow(3).getCell(10).value).toBe(3);
    expect(res.headers['x-export-limit']).toBeUndefined();
  });

  it('cuts an export at its row limit and says so in the answer', async () => {
    const seller = await makeSupplier(db(), '限量导出供应商');
    const buyer = await makePurchaser(db(), '限量导出采购商');
    const { skuIds } = await makeOnSaleProduct(db(), seller);
    const first = await makeOrder(db(), buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 1 }]);
    const second = await makeOrder(db(), buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 2 }]);
    const exported = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order/export',
        payload: { type: 6 },
        headers: { 'x-token': seller.admin.token },
      });
      expect(res.statusCode, res.body).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const orderNos = wb.getWorksheet('订单列表')!.getColumn(1).values.slice(2);
      return { limit: res.headers['x-export-limit'], orderNos };
    };
    const saved = EXPORT_LIMITS.orders;
    try {
      EXPORT_LIMITS.orders = 1;
      // Newest first: the cut keeps the second order and the answer names the limit.
      expect(await exported()).toEqual({ limit: '1', orderNos: [second.orderNo] });
      EXPORT_LIMITS.orders = 2;
      expect(await exported()).toEqual({ limit: undefined, orderNos: [second.orderNo, first.orderNo] });
    } finally {
      EXPORT_LIMITS.orders = saved;
    }
  });
});

describe('order detail', () => {
  it('lists orders of the same checkout as related (only the viewer’s) and applies the member gate of type 6', async () => {
    const seller = await makeSupplier(db(), '关联供应商', { isMemberVail: 1, memberLevel: 0 });
    const other = await makeSupplier(db(), '关联另一家');
    const buyer = await makePurchaser(db(), '关联采购商');
    const { skuIds } = await makeOnSaleProduct(db(), seller);
    const { skuIds: otherSkus } = await makeOnSaleProduct(db(), other);
    const [a, b] = await db().transaction((tx) =>
      createOrders(
        tx,
        [seller.id, other.id].map((sellerCompanyId, i) => ({
          buyer: { companyId: buyer.companyId, userId: buyer.id, userName: '' },
          sellerCompanyId,
          lines: [{ skuId: (i ? otherSkus : skuIds)[0]!, quantity: 1 }],
          address: testAddress(),
          invoice: noInvoice(),
          checkoutId: 'checkout-rel-1',
        })),
        DEFAULT_ORDER_RULES,
      ),
    );
    const mine = await call(t.app, buyer.token, 'GET', `/api/order/detail?id=${a!.id}&type=0`);
    expect(mine.data.related).toEqual([
      expect.objectContaining({ id: b!.id, relation: '同批提交', type: 0, counterparty: '关联另一家' }),
    ]);
    expect(mine.data.address).toMatchObject({ receiver: '张三', areaName: '北京市 北京市 东城区' });
    expect(mine.data.deadline).not.toBeNull();
    // Level 0 of a gated supplier: 请购买一级/三级会员 for its sales order (type 6), by whatever type the page says.
    for (const q of ['', '&type=6', '&type=0']) {
      expect(await call(t.app, seller.admin.token, 'GET', `/api/order/detail?id=${a!.id}${q}`)).toMatchObject(
        { code: Code.MEMBER_REQUIRED, message: '请购买一级/三级会员' },
      );
    }
    await db().update(orders).set({ checkoutId: null }).where(eq(orders.id, b!.id));
    const otherView = await call(t.app, other.admin.token, 'GET', `/api/order/detail?id=${b!.id}`);
    expect(otherView.data).toMatchObject({
      side: 'seller',
      type: 6,
      related: [],
      actions: ['reprice', 'confirm', 'cancel'],
    });
  });
});
