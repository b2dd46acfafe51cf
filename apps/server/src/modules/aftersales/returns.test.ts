import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  AddressKind,
  Code,
  InvoiceStatus,
  OrderInvoiceState,
  ReturnDisposition,
  RmaStatus,
  RmaType,
  StockReason,
  toFen,
  type AddressRow,
  type InvoiceRow,
  type OrderDetail,
  type Paged,
  type RmaDetail,
  type StockRow,
} from '@aquamall/shared';
import { createTestApp, testDbKind, type TestApp } from '../../test/app.ts';
import { invoices, orderLines, productSkus, rmaLines, stockLedger } from '../../db/schema/index.ts';
import {
  api,
  makeCompletedOrder,
  makeInvoiceTitle,
  makeOnSaleProduct,
  makePurchaser,
  makeSupplier,
  multipartBody,
} from '../../test/factories/index.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/aftersales/returns.test.ts');

const db = () => t.database.db;
const sku = async (id: number) => (await db().select().from(productSkus).where(eq(productSkus.id, id)))[0]!;
const detail = (token: string, id: number) => http.get<RmaDetail>(token, `/api/rma/detail?id=${id}`);
const AREA = [110000, 110100, 110101];
const addr = (over: object = {}) => ({ receiver: '退货仓', phone: '13800000002', area: AREA, detail: '东城区退货仓库2号门', ...over });

let seq = 0;
/** A supplier with one product of two SKUs and a purchaser with a completed order of 5 + 3 units. */
async function scene() {
  const n = ++seq;
  const seller = await makeSupplier(db(), `退货供应商${n}`);
  const buyer = await makePurchaser(db(), `退货采购商${n}`);
  const { skuIds } = await makeOnSaleProduct(db(), seller, { name: '聚丙烯酰胺', skus: [{ price: 100, stock: 50 }, { price: 20, stock: 30 }] });
  const order = await makeCompletedOrder(db(), buyer, seller, [{ skuId: skuIds[0]!, quantity: 5 }, { skuId: skuIds[1]!, quantity: 3 }]);
  const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.id);
  return { seller, buyer, skuIds, order, lines };
}

async function apply(token: string, body: object) {
  const res = await http.post<{ id: number; rmaNo: string }>(token, '/api/rma/apply', { type: RmaType.RETURN, reason: '质量问题', description: '絮凝效果差', photos: [], ...body });
  expect(res.code, res.message).toBe(0);
  return res.data;
}

/** Approved with a new address, shipped back: ready for receipt. */
async function toReturned(s: Awaited<ReturnType<typeof scene>>, body: object) {
  const r = await apply(s.buyer.token, { orderId: s.order.id, ...body });
  expect((await http.post(s.seller.admin.token, '/api/rma/approve', { id: r.id, address: addr() })).code).toBe(0);
  expect((await http.post(s.buyer.token, '/api/rma/shipBack', { id: r.id, carrier: '顺丰速运', trackingNo: 'SF100200300' })).code).toBe(0);
  return r;
}

describe('return addresses', () => {
  it('a supplier keeps shipping-from and return addresses, one default per kind; a purchaser only delivery ones', async () => {
    const { seller, buyer } = await scene();
    const tok = seller.admin.token;
    const a = await http.post<{ sysNo: number }>(tok, '/api/address/create', { ...addr(), kind: AddressKind.RETURN });
    const b = await http.post<{ sysNo: number }>(tok, '/api/address/create', { ...addr({ receiver: '二号仓' }), kind: AddressKind.RETURN, isDefault: true });
    const c = await http.post<{ sysNo: number }>(tok, '/api/address/create', { ...addr({ receiver: '发货仓' }), kind: AddressKind.SHIP_FROM });
    expect([a.code, b.code, c.code]).toEqual([0, 0, 0]);
    const list = (await http.get<AddressRow[]>(tok, '/api/address/list')).data;
    const byId = new Map(list.map((x) => [x.sysNo, x]));
    expect(byId.get(a.data.sysNo)).toMatchObject({ kind: AddressKind.RETURN, isDefault: false });
    expect(byId.get(b.data.sysNo)).toMatchObject({ kind: AddressKind.RETURN, isDefault: true });
    // The first shipping-from address is its kind's default, whatever the return addresses say.
    expect(byId.get(c.data.sysNo)).toMatchObject({ kind: AddressKind.SHIP_FROM, isDefault: true });
    expect(await http.post(tok, '/api/address/create', { ...addr(), kind: AddressKind.DELIVERY })).toMatchObject({ code: Code.INVALID, message: '贵公司不能保存该类型的地址' });
    expect(await http.post(buyer.token, '/api/address/create', { ...addr(), kind: AddressKind.RETURN })).toMatchObject({ code: Code.INVALID, message: '贵公司不能保存该类型的地址' });
    expect(await http.post(tok, '/api/address/create', { ...addr(), kind: 9 })).toMatchObject({ code: Code.INVALID });
    // Deleting the default return address promotes the other return address, not the shipping-from one.
    expect((await http.post(tok, '/api/address/delete', { sysNo: b.data.sysNo })).code).toBe(0);
    const after = (await http.get<AddressRow[]>(tok, '/api/address/list')).data;
    expect(after.find((x) => x.sysNo === a.data.sysNo)?.isDefault).toBe(true);
    expect(after.find((x) => x.sysNo === c.data.sysNo)?.isDefault).toBe(true);
  });

  it('approval copies the chosen return address; the purchaser sees it; another company cannot read or use it', async () => {
    const s = await scene();
    const tok = s.seller.admin.token;
    const saved = await http.post<{ sysNo: number }>(tok, '/api/address/create', { ...addr(), kind: AddressKind.RETURN });
    const ship = await http.post<{ sysNo: number }>(tok, '/api/address/create', { ...addr(), kind: AddressKind.SHIP_FROM });
    const r = await apply(s.buyer.token, { orderId: s.order.id, lines: [{ orderLineId: s.lines[0]!.id, quantity: 1 }] });

    const other = await makeSupplier(db(), '别家供应商');
    crossCompanyCaller(other.admin.token);
    const theirs = await http.post<{ sysNo: number }>(other.admin.token, '/api/address/create', { ...addr(), kind: AddressKind.RETURN });
    expect((await http.get<AddressRow[]>(other.admin.token, '/api/address/list')).data.map((x) => x.sysNo)).toEqual([theirs.data.sysNo]);
    expect(await http.post(other.admin.token, '/api/address/update', { sysNo: saved.data.sysNo, address: addr() })).toMatchObject({ code: Code.NOT_FOUND });
    expect(await http.post(tok, '/api/rma/approve', { id: r.id, addressId: theirs.data.sysNo })).toMatchObject({ code: Code.NOT_FOUND, message: '退货地址不存在' });
    // A shipping-from address is not a return address.
    expect(await http.post(tok, '/api/rma/approve', { id: r.id, addressId: ship.data.sysNo })).toMatchObject({ code: Code.NOT_FOUND, message: '退货地址不存在' });
    expect(await http.post(tok, '/api/rma/approve', { id: r.id, address: addr({ phone: '123' }) })).toMatchObject({ code: Code.INVALID });
    expect((await detail(s.buyer.token, r.id)).data).toMatchObject({ status: RmaStatus.PENDING, returnAddress: null });

    expect((await http.post(tok, '/api/rma/approve', { id: r.id, addressId: saved.data.sysNo })).code).toBe(0);
    // Editing the address book later does not change what the request says.
    await http.post(tok, '/api/address/update', { sysNo: saved.data.sysNo, address: addr({ receiver: '改过的' }) });
    const d = (await detail(s.buyer.token, r.id)).data;
    expect(d.returnAddress).toEqual({ receiver: '退货仓', phone: '13800000002', areaName: '北京市 北京市 东城区', detail: '东城区退货仓库2号门' });
    expect(d.history.at(-1)?.note).toContain('退货地址：退货仓 13800000002');

    // A new address entered on approval is saved to the book when asked.
    const r2 = await apply(s.buyer.token, { orderId: s.order.id, lines: [{ orderLineId: s.lines[1]!.id, quantity: 1 }] });
    expect((await http.post(tok, '/api/rma/approve', { id: r2.id, address: addr({ receiver: '新仓库' }), save: true })).code).toBe(0);
    const book = (await http.get<AddressRow[]>(tok, '/api/address/list')).data;
    expect(book.some((x) => x.receiver === '新仓库' && x.kind === AddressKind.RETURN)).toBe(true);
    expect((await detail(s.buyer.token, r2.id)).data.returnAddress?.receiver).toBe('新仓库');
  });
});

describe('receipt dispositions', () => {
  it('a quality fault defaults to 不良品: held, not sellable, with its ledger row; the inventory shows it', async () => {
    const s = await scene();
    const before = await sku(s.skuIds[0]!);
    const r = await toReturned(s, { lines: [{ orderLineId: s.lines[0]!.id, quantity: 2 }] });
    expect(await http.post(s.buyer.token, '/api/rma/receive', { id: r.id })).toMatchObject({ code: Code.CONFLICT, message: '只有订单的供应商可以处理此售后申请' });
    expect((await http.post(s.seller.admin.token, '/api/rma/receive', { id: r.id })).code).toBe(0);
    expect(await sku(s.skuIds[0]!)).toMatchObject({ onHand: before.onHand, reserved: before.reserved, held: 2 });
    const ledger = await db().select().from(stockLedger).where(and(eq(stockLedger.docType, 'rma'), eq(stockLedger.docId, r.id)));
    expect(ledger).toMatchObject([{ reason: StockReason.HELD, quantity: 2, onHandChange: 0, heldChange: 2, heldAfter: 2, docNo: r.rmaNo }]);
    expect((await detail(s.buyer.token, r.id)).data.lines).toMatchObject([{ disposition: ReturnDisposition.DEFECT }]);
    const stock = await http.post<Paged<StockRow>>(s.seller.admin.token, '/api/stock/list', { keyword: '聚丙烯酰胺' });
    expect(stock.data.list.find((x) => x.skuId === s.skuIds[0])).toMatchObject({ held: 2, available: before.onHand - before.reserved });
  });

  it('per line 良品入库 and 报废: sellable again / written off, each with its ledger row; a foreign line id is refused', async () => {
    const s = await scene();
    const b0 = await sku(s.skuIds[0]!);
    const b1 = await sku(s.skuIds[1]!);
    const r = await toReturned(s, { lines: [{ orderLineId: s.lines[0]!.id, quantity: 2 }, { orderLineId: s.lines[1]!.id, quantity: 1 }] });
    const ids = (await db().select().from(rmaLines).where(eq(rmaLines.rmaId, r.id)).orderBy(rmaLines.id)).map((l) => l.id);
    expect(await http.post(s.seller.admin.token, '/api/rma/receive', { id: r.id, lines: [{ id: 999999, disposition: 1 }] })).toMatchObject({ code: Code.INVALID, message: '售后明细不存在' });
    expect(await http.post(s.seller.admin.token, '/api/rma/receive', { id: r.id, lines: [{ id: ids[0], disposition: 7 }] })).toMatchObject({ code: Code.INVALID });
    expect((await detail(s.buyer.token, r.id)).data.status).toBe(RmaStatus.RETURNED);
    const ok = await http.post(s.seller.admin.token, '/api/rma/receive', { id: r.id, lines: [{ id: ids[0], disposition: ReturnDisposition.GOOD }, { id: ids[1], disposition: ReturnDisposition.SCRAP }] });
    expect(ok.code, ok.message).toBe(0);
    expect(await sku(s.skuIds[0]!)).toMatchObject({ onHand: b0.onHand + 2, held: 0 });
    expect(await sku(s.skuIds[1]!)).toMatchObject({ onHand: b1.onHand, held: 0 });
    const ledger = await db().select().from(stockLedger).where(and(eq(stockLedger.docType, 'rma'), eq(stockLedger.docId, r.id))).orderBy(stockLedger.skuId);
    expect(ledger.map((l) => [l.skuId, l.reason, l.quantity, l.onHandChange, l.heldChange])).toEqual([
      [s.skuIds[0], StockReason.RETURN, 2, 2, 0],
      [s.skuIds[1], StockReason.SCRAP, 1, 0, 0],
    ]);
  });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
async function invoicePdf(token: string) {
  const { payload, headers } = await multipartBody([{ name: '发票.pdf', body: PDF }]);
  const res = await t.app.inject({ method: 'POST', url: '/UploadHandler.ashx?appName=invoice', payload, headers: { ...headers, 'x-token': token } });
  const body = res.json<{ code: number; data: { fileRelativePath: string }[] }>();
  return { name: '发票.pdf', path: body.data[0]!.fileRelativePath };
}

describe('refunds and invoices', () => {
  it('a refund on an invoiced order waits for a partial red-letter invoice (待红冲), which nets the order', async () => {
    const s = await scene(); // order total 560.00
    const titleId = await makeInvoiceTitle(db(), s.buyer.companyId, 2);
    const req = await http.post<{ id: number }>(s.buyer.token, '/api/invoice/request', { kind: 2, titleId, orders: [{ orderId: s.order.id }], remark: '' });
    expect(req.code, req.message).toBe(0);
    const issue = await http.post(s.seller.admin.token, '/api/invoice/issue', {
      id: req.data.id, invoiceNo: '12345678', invoiceDate: '2026-01-05', amountExTax: 495.58, taxRate: 13, taxAmount: 64.42, files: [await invoicePdf(s.seller.admin.token)],
    });
    expect(issue.code, issue.message).toBe(0);

    const r = await toReturned(s, { lines: [{ orderLineId: s.lines[0]!.id, quantity: 1 }] });
    expect((await http.post(s.seller.admin.token, '/api/rma/receive', { id: r.id })).code).toBe(0);
    expect((await http.post(s.seller.admin.token, '/api/rma/refund', { id: r.id, amount: 100, note: '' })).code).toBe(0);
    expect((await detail(s.buyer.token, r.id)).data).toMatchObject({ invoiceReverseAmount: '100.00', reversalInvoiceId: null });

    const pending = await http.post<Paged<InvoiceRow>>(s.seller.admin.token, '/api/invoice/list', { type: 1, pendingReversal: 1 });
    expect(pending.data.list).toMatchObject([{ id: req.data.id, pendingReversal: { rmaId: r.id, rmaNo: r.rmaNo, amount: '100.00', total: '100.00', count: 1 } }]);
    const order = await http.get<OrderDetail>(s.seller.admin.token, `/api/order/detail?id=${s.order.id}`);
    expect(order.data).toMatchObject({ invoicedAmount: '560.00', refundedAmount: '100.00', invoiceState: OrderInvoiceState.FULL });

    // Only the supplier, only this request's amount on the invoice it waits on.
    const reverse = { id: req.data.id, rmaId: r.id, invoiceNo: '87654321', invoiceDate: '2026-01-06', reason: '售后退款' };
    expect(await http.post(s.buyer.token, '/api/invoice/reverse', reverse)).toMatchObject({ code: Code.CONFLICT });
    const stranger = await makeSupplier(db(), '红冲别家');
    crossCompanyCaller(stranger.admin.token);
    expect(await http.post(stranger.admin.token, '/api/invoice/reverse', reverse)).toMatchObject({ code: Code.NOT_FOUND });
    const red = await http.post<{ id: number; code: string }>(s.seller.admin.token, '/api/invoice/reverse', reverse);
    expect(red.code, red.message).toBe(0);
    expect(await http.post(s.seller.admin.token, '/api/invoice/reverse', reverse)).toMatchObject({ code: Code.CONFLICT, message: '该售后单没有待在此发票上红冲的金额' });

    const [row] = await db().select().from(invoices).where(eq(invoices.id, red.data.id));
    expect(row).toMatchObject({ reversalOfId: req.data.id, totalAmount: '-100.00', amountExTax: '-88.50', taxAmount: '-11.50', status: InvoiceStatus.ISSUED });
    const [original] = await db().select().from(invoices).where(eq(invoices.id, req.data.id));
    expect(original!.status).toBe(InvoiceStatus.ISSUED);
    expect((await detail(s.buyer.token, r.id)).data).toMatchObject({ reversalInvoiceId: red.data.id, reversalInvoiceCode: red.data.code });
    expect((await http.post<Paged<InvoiceRow>>(s.seller.admin.token, '/api/invoice/list', { type: 1, pendingReversal: 1 })).data.total).toBe(0);
    const net = await http.get<OrderDetail>(s.buyer.token, `/api/order/detail?id=${s.order.id}`);
    expect(net.data).toMatchObject({ invoicedAmount: '460.00', refundedAmount: '100.00', invoiceState: OrderInvoiceState.FULL });
    // The refunded ¥100 is reversed, not invoiceable again: nothing of the order is offered, a request is refused.
    const offered = await http.get<{ orderId: number }[]>(s.buyer.token, '/api/invoice/invoiceable');
    expect(offered.data.map((o) => o.orderId)).not.toContain(s.order.id);
    const again = await http.post(s.buyer.token, '/api/invoice/request', { kind: 2, titleId, orders: [{ orderId: s.order.id, amount: 100 }], remark: '' });
    expect(again).toMatchObject({ code: Code.CONFLICT, message: `订单 ${s.order.orderNo} 已没有可开票金额` });

    // Reversing the rest of the invoice takes back only what still stands.
    const rest = await http.post<{ id: number }>(s.seller.admin.token, '/api/invoice/reverse', { id: req.data.id, invoiceNo: '87654322', invoiceDate: '2026-01-07', reason: '开错' });
    expect(rest.code, rest.message).toBe(0);
    const [restRow] = await db().select().from(invoices).where(eq(invoices.id, rest.data.id));
    expect(restRow!.totalAmount).toBe('-460.00');
    expect((await http.get<OrderDetail>(s.buyer.token, `/api/order/detail?id=${s.order.id}`)).data).toMatchObject({ invoicedAmount: '0.00', invoiceState: OrderInvoiceState.NONE });
  });

  it('a refund on an order not invoiced asks for no reversal', async () => {
    const s = await scene();
    const r = await apply(s.buyer.token, { orderId: s.order.id, type: RmaType.REFUND, lines: [{ orderLineId: s.lines[1]!.id, quantity: 1 }] });
    expect((await http.post(s.seller.admin.token, '/api/rma/approve', { id: r.id })).code).toBe(0);
    expect((await http.post(s.seller.admin.token, '/api/rma/refund', { id: r.id, amount: 20 })).code).toBe(0);
    expect((await detail(s.seller.admin.token, r.id)).data).toMatchObject({ returnAddress: null, invoiceReverseAmount: null });
    // Refunded before any invoice: the order is invoiceable for its total less the refund.
    const offered = await http.get<{ orderId: number; uninvoicedAmount: string; totalAmount: string }[]>(s.buyer.token, '/api/invoice/invoiceable');
    const mine = offered.data.find((o) => o.orderId === s.order.id);
    expect(mine && toFen(mine.totalAmount) - toFen(mine.uninvoicedAmount)).toBe(2000);
  });
});

describe.runIf(testDbKind === 'pg')('returns on PostgreSQL', () => {
  it('parallel receipts of one request move stock once; of two requests on one SKU, both add up', async () => {
    const s = await scene();
    const r1 = await toReturned(s, { lines: [{ orderLineId: s.lines[0]!.id, quantity: 2 }] });
    const r2 = await toReturned(s, { lines: [{ orderLineId: s.lines[0]!.id, quantity: 3 }] });
    const results = await Promise.all([r1.id, r1.id, r2.id, r2.id, r1.id].map((id) => http.post(s.seller.admin.token, '/api/rma/receive', { id })));
    expect(results.filter((x) => x.code === 0)).toHaveLength(2);
    expect(await sku(s.skuIds[0]!)).toMatchObject({ held: 5 });
    const rows = await db().select().from(stockLedger).where(and(eq(stockLedger.skuId, s.skuIds[0]!), eq(stockLedger.reason, StockReason.HELD)));
    expect(rows.map((x) => x.heldChange).sort()).toEqual([2, 3]);
    expect(rows.map((x) => x.heldAfter).sort()).toEqual([rows.length === 2 ? Math.min(...rows.map((x) => x.heldAfter)) : 0, 5]);
  });
});
