import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { InvoiceKind } from '@aquamall/shared';
import { cartEndpoints as e, orderEndpoints as o, type EndpointInput } from '@aquamall/shared/endpoints';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callEndpoint } from '../../test/http.ts';
import { orders } from '../../db/schema/index.ts';
import {
  callerFor,
  makeAddress,
  makeCartLine,
  makeOnSaleProduct,
  makePurchaser,
  makeSupplier,
  newIdempotencyKey,
} from '../../test/factories/index.ts';
import { exportOrders } from '../orders/export.ts';
import { paperOf } from '../trade-papers/papers.ts';
import { loadExcel } from '../../lib/lazy.ts';

/** 采购单号 / 成本中心 at checkout, on both sides' detail, lists, exports and papers (docs/product/orders.md#po-numbers). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const submit = (token: string, body: object) =>
  callEndpoint(t.app, token, e.checkoutSubmit, body as EndpointInput<typeof e.checkoutSubmit>, {
    'idempotency-key': newIdempotencyKey(),
  });

async function twoSupplierCart(name: string) {
  const db = t.database.db;
  const s1 = await makeSupplier(db, `${name}供应商甲`);
  const s2 = await makeSupplier(db, `${name}供应商乙`);
  const buyer = await makePurchaser(db, `${name}采购商`);
  const p1 = await makeOnSaleProduct(db, s1, { skus: [{ price: 100, stock: 20 }] });
  const p2 = await makeOnSaleProduct(db, s2, { skus: [{ price: 10, stock: 20 }] });
  const l1 = await makeCartLine(db, buyer, { sellerCompanyId: s1.id, productId: p1.productId, skuId: p1.skuIds[0]! }, 1, 100);
  const l2 = await makeCartLine(db, buyer, { sellerCompanyId: s2.id, productId: p2.productId, skuId: p2.skuIds[0]! }, 1, 10);
  const addressId = await makeAddress(db, buyer.companyId);
  const base = { source: { cartLineIds: [l1, l2] }, addressId, invoiceKind: InvoiceKind.NONE, shownTotal: 110 };
  return { s1, s2, buyer, base };
}

describe('PO numbers and cost centres', () => {
  it('stores the submission pair on every order unless a supplier group gives its own', async () => {
    const { s1, s2, buyer, base } = await twoSupplierCart('单号');
    const r = await submit(buyer.token, {
      ...base,
      poNumber: ' PO-2026/001 ',
      costCentre: '研发部 A1',
      refs: [{ sellerCompanyId: s2.id, poNumber: 'PO-2026/002', costCentre: '' }],
    });
    expect(r.code, r.message).toBe(0);
    const rows = await t.database.db
      .select({ seller: orders.sellerCompanyId, po: orders.poNumber, cc: orders.costCentre })
      .from(orders)
      .where(eq(orders.buyerCompanyId, buyer.companyId));
    const bySeller = new Map(rows.map((x) => [x.seller, x]));
    expect(bySeller.get(s1.id)).toMatchObject({ po: 'PO-2026/001', cc: '研发部 A1' });
    // The group's own 采购单号; its empty 成本中心 falls back to the submission's.
    expect(bySeller.get(s2.id)).toMatchObject({ po: 'PO-2026/002', cc: '研发部 A1' });
  });

  it('refuses a PO number with other characters or too long, in Chinese, and orders nothing', async () => {
    const { buyer, base } = await twoSupplierCart('坏单号');
    const bad = await submit(buyer.token, { ...base, poNumber: 'PO 001' });
    expect(bad.code).not.toBe(0);
    expect(bad.message).toContain('采购单号只能包含字母、数字');
    const long = await submit(buyer.token, { ...base, costCentre: '部'.repeat(41) });
    expect(long.message).toContain('成本中心最多40个字符');
    const badCc = await submit(buyer.token, { ...base, costCentre: '研发<script>' });
    expect(badCc.message).toContain('成本中心只能包含');
    expect(await t.database.db.select().from(orders).where(eq(orders.buyerCompanyId, buyer.companyId))).toHaveLength(0);
  });

  it('shows on both sides’ detail and is searchable in both lists; another company finds nothing', async () => {
    const { s1, buyer, base } = await twoSupplierCart('查单号');
    expect((await submit(buyer.token, { ...base, poNumber: 'ZX-778899', costCentre: '水处理车间' })).code).toBe(0);
    const [row] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.sellerCompanyId, s1.id));
    const buyerDetail = await callEndpoint(t.app, buyer.token, o.orderDetail, { type: 0, id: row!.id });
    expect(buyerDetail.data).toMatchObject({ poNumber: 'ZX-778899', costCentre: '水处理车间' });
    const sellerDetail = await callEndpoint(t.app, s1.admin.token, o.orderDetail, { type: 6, id: row!.id });
    expect(sellerDetail.data).toMatchObject({ poNumber: 'ZX-778899', costCentre: '水处理车间' });

    const sellerFound = await callEndpoint(t.app, s1.admin.token, o.orderList, { type: 6, poRef: '7788', pageIndex: 1, pageSize: 10 });
    expect(sellerFound.data.list.map((x) => x.id)).toEqual([row!.id]);
    expect(sellerFound.data.list[0]).toMatchObject({ poNumber: 'ZX-778899', costCentre: '水处理车间' });
    const buyerFound = await callEndpoint(t.app, buyer.token, o.orderList, { type: 0, poRef: '车间', pageIndex: 1, pageSize: 10 });
    expect(buyerFound.data.total).toBe(2);
    const none = await callEndpoint(t.app, buyer.token, o.orderList, { type: 0, poRef: 'NOPE-1', pageIndex: 1, pageSize: 10 });
    expect(none.data.total).toBe(0);
    // Another purchaser searching the same number sees none of these orders.
    const other = await makePurchaser(t.database.db, '查单号他方');
    const theirs = await callEndpoint(t.app, other.token, o.orderList, { type: 0, all: 1, poRef: 'ZX-778899', pageIndex: 1, pageSize: 10 });
    expect(theirs.data.total).toBe(0);

    // The export carries both columns; the order paper prints them.
    const file = await exportOrders(t.database.db, await callerFor(t.database.db, s1.admin.id), {
      type: 6,
      poRef: 'ZX-778899',
      pageIndex: 1,
      pageSize: 10,
    });
    const wb = new (await loadExcel()).Workbook();
    await wb.xlsx.load(file.file as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('订单列表')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const values = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(values[header.indexOf('采购单号')]).toBe('ZX-778899');
    expect(values[header.indexOf('成本中心')]).toBe('水处理车间');
    const paper = paperOf(sellerDetail.data, 'order');
    expect(paper.facts).toContainEqual(['采购单号', 'ZX-778899']);
    expect(paper.facts).toContainEqual(['成本中心', '水处理车间']);
  });
});
