import { crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  Code,
  InvoiceStatus,
  type InvoiceableOrder,
  type InvoiceDetail,
  type InvoiceRow,
  type OrderListAnswer,
  type Paged,
} from '@aquamall/shared';
import { createTestApp, testDbKind, type TestApp } from '../../test/app.ts';
import { invoiceOrders, invoices, invoiceTitles, messages } from '../../db/schema/index.ts';
import {
  api,
  giveRole,
  image,
  makeCompletedOrder,
  makeInvoiceTitle,
  makeOnSaleProduct,
  makeOrder,
  makePurchaser,
  makeSupplier,
  multipartBody,
  presetRoleId,
  signedInUser,
} from '../../test/factories/index.ts';
import { checkAmounts } from './transitions.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/invoices/invoices.test.ts');

const db = () => t.database.db;
const detail = (token: string, id: number) => http.get<InvoiceDetail>(token, `/api/invoice/detail?id=${id}`);
const invoiceable = async (token: string) =>
  (await http.get<InvoiceableOrder[]>(token, '/api/invoice/invoiceable')).data;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** A minimal stored (uncompressed) zip holding the given entries, as an OFD package is. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const n = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, data);
    centrals.push(central, n);
    offset += 30 + n.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
const OFD = zip({
  'OFD.xml': '<ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016" Version="1.1"/>',
  'Doc_0/Document.xml': '<ofd:Document/>',
});

async function upload(token: string, name: string, body: Buffer) {
  const { payload, headers } = await multipartBody([{ name, body }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/UploadHandler.ashx?appName=invoice',
    payload,
    headers: { ...headers, 'x-token': token },
  });
  return res.json<{
    code: number;
    message: string;
    data: { fileRelativePath: string; fileName: string }[];
  }>();
}
async function invoicePdf(token: string) {
  const res = await upload(token, '发票.pdf', PDF);
  expect(res.code, res.message).toBe(0);
  return { name: '发票.pdf', path: res.data[0]!.fileRelativePath };
}

let seq = 0;
/** A supplier, a purchaser with a 专用 title and two completed orders of 500.00 and 300.00. */
async function scene() {
  const n = ++seq;
  const seller = await makeSupplier(db(), `开票供应商${n}`);
  const buyer = await makePurchaser(db(), `开票采购商${n}`);
  const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 100, stock: 100 }] });
  const a = await makeCompletedOrder(db(), buyer, seller, [{ skuId: skuIds[0]!, quantity: 5 }]);
  const b = await makeCompletedOrder(db(), buyer, seller, [{ skuId: skuIds[0]!, quantity: 3 }]);
  const titleId = await makeInvoiceTitle(db(), buyer.companyId, 2);
  return { seller, buyer, skuIds, a, b, titleId };
}

async function request(token: string, body: object) {
  return http.post<{ id: number; code: string }>(token, '/api/invoice/request', {
    kind: 2,
    remark: '',
    ...body,
  });
}
/** Issue at 13%: 500.00 → 442.48 + 57.52. */
const issueBody = (id: number, file: { name: string; path: string }, over: object = {}) => ({
  id,
  invoiceNo: '12345678',
  invoiceDate: '2026-01-05',
  amountExTax: 442.48,
  taxRate: 13,
  taxAmount: 57.52,
  files: [file],
  ...over,
});

describe('invoices: amount rule', () => {
  it('before tax + tax = requested, tax = before tax × rate within ±0.01', () => {
    expect(checkAmounts(50_000, 442.48, 13, 57.52)).toEqual({ exFen: 44_248, taxFen: 5_752 });
    expect(checkAmounts(50_000, 442.47, 13, 57.53)).toEqual({ exFen: 44_247, taxFen: 5_753 });
    expect(() => checkAmounts(50_000, 442.48, 13, 57.51)).toThrow('应等于申请开票金额 ¥500.00');
    expect(() => checkAmounts(50_000, 445, 13, 55)).toThrow('税额应为不含税金额 × 13% = ¥57.85');
    expect(checkAmounts(10_000, 100, 0, 0)).toEqual({ exFen: 10_000, taxFen: 0 });
    expect(() => checkAmounts(10_000, 94.34, 6, 5.66)).not.toThrow();
  });
});

describe('invoices: request', () => {
  it('requests up to the uninvoiced amounts, notifies the supplier and refuses more than is left', async () => {
    const { seller, buyer, a, b, titleId } = await scene();
    expect((await invoiceable(buyer.token)).map((o) => [o.orderId, o.uninvoicedAmount])).toEqual(
      expect.arrayContaining([
        [a.id, '500.00'],
        [b.id, '300.00'],
      ]),
    );
    const res = await request(buyer.token, {
      titleId,
      orders: [{ orderId: a.id, amount: 200 }, { orderId: b.id }],
      remark: '请尽快开具',
    });
    expect(res.code, res.message).toBe(0);
    expect(res.data.code).toMatch(/^FP\d{16}$/);
    const d = await detail(buyer.token, res.data.id);
    expect(d.data).toMatchObject({
      status: InvoiceStatus.REQUESTED,
      requestedAmount: '500.00',
      kind: 2,
      viewer: 0,
      orderCount: 2,
      actions: ['withdraw'],
    });
    expect(d.data.title).toMatchObject({ taxNo: '91350100M000100Y43', bankName: '工商银行北京分行' });
    expect(d.data.orders.map((o) => o.amount)).toEqual(['200.00', '300.00']);
    expect(d.data.history).toMatchObject([{ action: '申请开票', note: '请尽快开具' }]);
    const [msg] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, seller.id), eq(messages.type, 'invoice')));
    expect(msg).toMatchObject({ linkPath: `/customer/invoice/index?type=1&id=${res.data.id}` });

    const left = await invoiceable(buyer.token);
    expect(left.map((o) => [o.orderId, o.uninvoicedAmount])).toEqual([[a.id, '300.00']]);
    expect(
      await request(buyer.token, { titleId, orders: [{ orderId: a.id, amount: 300.01 }] }),
    ).toMatchObject({ code: Code.CONFLICT, message: `订单 ${a.orderNo} 最多可开票 ¥300.00` });
    expect(await request(buyer.token, { titleId, orders: [{ orderId: b.id }] })).toMatchObject({
      code: Code.CONFLICT,
      message: `订单 ${b.orderNo} 已没有可开票金额`,
    });
    expect(await request(buyer.token, { titleId, orders: [{ orderId: a.id, amount: 1.001 }] })).toMatchObject(
      { code: Code.INVALID },
    );
    expect(
      (await db().select().from(invoices).where(eq(invoices.buyerCompanyId, buyer.companyId))).length,
    ).toBe(1);

    // Withdrawn: the amount is invoiceable again; only before issue.
    expect((await http.post(buyer.token, '/api/invoice/withdraw', { id: res.data.id })).code).toBe(0);
    expect((await invoiceable(buyer.token)).map((o) => o.uninvoicedAmount).sort()).toEqual([
      '300.00',
      '500.00',
    ]);
    expect(await http.post(buyer.token, '/api/invoice/withdraw', { id: res.data.id })).toMatchObject({
      code: Code.CONFLICT,
      message: '供应商已处理该申请，不能撤销',
    });
  });

  it('refuses orders not completed, of two suppliers, of another company, and titles unfit for the kind', async () => {
    const { seller, buyer, skuIds, a, titleId } = await scene();
    const open = await makeOrder(db(), buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 1 }]);
    expect(await request(buyer.token, { titleId, orders: [{ orderId: open.id }] })).toMatchObject({
      code: Code.CONFLICT,
      message: `订单 ${open.orderNo} 尚未完成，完成后才能申请开票`,
    });

    const other = await scene();
    expect(
      await request(buyer.token, { titleId, orders: [{ orderId: a.id }, { orderId: other.a.id }] }),
    ).toMatchObject({ code: Code.NOT_FOUND, message: '订单不存在' });
    const seller2 = await makeSupplier(db(), '第二供应商');
    const p2 = await makeOnSaleProduct(db(), seller2, { skus: [{ price: 10, stock: 10 }] });
    const c = await makeCompletedOrder(db(), buyer, seller2, [{ skuId: p2.skuIds[0]!, quantity: 1 }]);
    expect(
      await request(buyer.token, { titleId, orders: [{ orderId: a.id }, { orderId: c.id }] }),
    ).toMatchObject({ code: Code.INVALID, message: '一张发票只能包含同一供应商的订单' });
    expect(await request(buyer.token, { titleId: other.titleId, orders: [{ orderId: a.id }] })).toMatchObject(
      { code: Code.NOT_FOUND, message: '发票抬头不存在' },
    );

    // A 普通 title without the registered details: fine for 普通, refused for 专用 naming what is missing.
    const [plain] = await db()
      .insert(invoiceTitles)
      .values({
        companyId: buyer.companyId,
        kind: 1,
        title: '普通抬头',
        taxNo: '91350100M000100Y43',
        regAddress: '某地',
        bankName: '',
      })
      .returning();
    expect(
      await request(buyer.token, { kind: 2, titleId: plain!.id, orders: [{ orderId: a.id }] }),
    ).toMatchObject({
      code: Code.INVALID,
      message: '专用发票需要完整的抬头信息，所选抬头缺少注册电话、开户银行、银行账号，请先补全发票抬头',
    });
    const [bad] = await db()
      .insert(invoiceTitles)
      .values({ companyId: buyer.companyId, kind: 1, title: '错号抬头', taxNo: '91350100M000100Y44' })
      .returning();
    expect(
      await request(buyer.token, { kind: 1, titleId: bad!.id, orders: [{ orderId: a.id }] }),
    ).toMatchObject({
      code: Code.INVALID,
      message: '发票抬头的纳税人识别号不正确，请先在发票抬头中核对统一社会信用代码',
    });
    expect(
      (await request(buyer.token, { kind: 1, titleId: plain!.id, orders: [{ orderId: a.id }] })).code,
    ).toBe(0);
  });
});

describe('invoices: issue, confirm, dispute, reverse', () => {
  it('the supplier issues with a PDF, the purchaser confirms; a reversal frees the amount', async () => {
    const { seller, buyer, a, titleId } = await scene();
    const { data } = await request(buyer.token, { titleId, orders: [{ orderId: a.id }] });
    const id = data.id;
    const file = await invoicePdf(seller.admin.token);

    expect(await http.post(buyer.token, '/api/invoice/issue', issueBody(id, file))).toMatchObject({
      code: Code.CONFLICT,
      message: '只有开票的供应商可以执行此操作',
    });
    expect(await http.post(seller.admin.token, '/api/invoice/confirm', { id })).toMatchObject({
      code: Code.CONFLICT,
      message: '只有申请开票的采购商可以执行此操作',
    });
    expect(
      await http.post(
        seller.admin.token,
        '/api/invoice/issue',
        issueBody(id, file, { amountExTax: 450, taxAmount: 50 }),
      ),
    ).toMatchObject({
      code: Code.INVALID,
      message: '税额应为不含税金额 × 13% = ¥58.50（允许 ±0.01 元误差）',
    });
    expect(
      await http.post(seller.admin.token, '/api/invoice/issue', issueBody(id, file, { taxRate: 11 })),
    ).toMatchObject({ code: Code.INVALID });
    const foreign = await invoicePdf(buyer.token);
    expect(await http.post(seller.admin.token, '/api/invoice/issue', issueBody(id, foreign))).toMatchObject({
      code: Code.INVALID,
      message: '发票文件不存在或不是本公司上传的文件',
    });
    expect(await http.post(buyer.token, '/api/invoice/confirm', { id })).toMatchObject({
      code: Code.CONFLICT,
      message: '发票尚未开具或已处理，不能确认收票',
    });

    expect((await http.post(seller.admin.token, '/api/invoice/issue', issueBody(id, file))).code).toBe(0);
    let d = (await detail(buyer.token, id)).data;
    expect(d).toMatchObject({
      status: InvoiceStatus.ISSUED,
      invoiceNo: '12345678',
      amountExTax: '442.48',
      taxRate: '13.00',
      taxAmount: '57.52',
      totalAmount: '500.00',
      actions: ['confirm', 'dispute'],
    });
    expect(d.files).toEqual([{ name: '发票.pdf', path: file.path }]);
    // The invoice file is a private document: the purchaser opens it, a visitor does not (decision 0171).
    expect((await t.app.inject({ method: 'GET', url: `/f/${file.path}` })).statusCode).toBe(404);
    const fileRes = await t.app.inject({ method: 'GET', url: `/f/${file.path}`, headers: { 'x-token': buyer.token } });
    expect(fileRes.statusCode).toBe(200);
    expect(fileRes.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Orders show their invoice state from the issued amounts.
    const list = await http.post<OrderListAnswer>(buyer.token, '/api/order/list', { type: 0 });
    expect(list.data.list.find((o) => o.id === a.id)?.invoiceState).toBe(2);

    expect((await http.post(buyer.token, '/api/invoice/confirm', { id })).code).toBe(0);
    expect((await detail(seller.admin.token, id)).data).toMatchObject({
      status: InvoiceStatus.RECEIVED,
      viewer: 1,
      actions: ['reverse'],
    });
    expect((await invoiceable(buyer.token)).some((o) => o.orderId === a.id)).toBe(false);

    const rev = await http.post<{ id: number; code: string }>(seller.admin.token, '/api/invoice/reverse', {
      id,
      invoiceNo: '87654321',
      invoiceDate: '2026-01-06',
      reason: '开票信息有误',
    });
    expect(rev.code, rev.message).toBe(0);
    d = (await detail(buyer.token, id)).data;
    expect(d).toMatchObject({
      status: InvoiceStatus.REVERSED,
      reversedById: rev.data.id,
      reversedByCode: rev.data.code,
      actions: [],
    });
    expect(d.history.map((h) => h.action)).toEqual(['申请开票', '开具发票', '确认收票', '红冲']);
    const red = (await detail(seller.admin.token, rev.data.id)).data;
    expect(red).toMatchObject({
      reversalOfId: id,
      reversalOfCode: data.code,
      requestedAmount: '-500.00',
      amountExTax: '-442.48',
      taxAmount: '-57.52',
      totalAmount: '-500.00',
      actions: [],
    });
    expect(red.orders).toMatchObject([{ orderId: a.id, amount: '-500.00' }]);
    expect((await invoiceable(buyer.token)).find((o) => o.orderId === a.id)?.uninvoicedAmount).toBe('500.00');
    expect(
      (await http.post<OrderListAnswer>(buyer.token, '/api/order/list', { type: 0 })).data.list.find(
        (o) => o.id === a.id,
      )?.invoiceState,
    ).toBe(0);
    expect(
      await http.post(seller.admin.token, '/api/invoice/reverse', {
        id,
        invoiceNo: '87654322',
        invoiceDate: '2026-01-06',
        reason: '再次',
      }),
    ).toMatchObject({ code: Code.CONFLICT, message: '只有已开具的发票可以红冲' });
    expect(
      await http.post(seller.admin.token, '/api/invoice/reverse', {
        id: rev.data.id,
        invoiceNo: '87654322',
        invoiceDate: '2026-01-06',
        reason: '再次',
      }),
    ).toMatchObject({ code: Code.CONFLICT });
    // A new request covers the freed amount.
    expect((await request(buyer.token, { titleId, orders: [{ orderId: a.id }] })).code).toBe(0);
  });

  it('dispute → the supplier re-issues; refuse frees the amount; issued never exceeds requested', async () => {
    const { seller, buyer, a, b, titleId } = await scene();
    const { data } = await request(buyer.token, { titleId, orders: [{ orderId: a.id }] });
    const file = await invoicePdf(seller.admin.token);
    expect((await http.post(seller.admin.token, '/api/invoice/issue', issueBody(data.id, file))).code).toBe(
      0,
    );
    expect(await http.post(buyer.token, '/api/invoice/dispute', { id: data.id, reason: ' ' })).toMatchObject({
      code: Code.INVALID,
    });
    expect(
      (await http.post(buyer.token, '/api/invoice/dispute', { id: data.id, reason: '税号错误' })).code,
    ).toBe(0);
    expect((await detail(seller.admin.token, data.id)).data).toMatchObject({
      status: InvoiceStatus.DISPUTED,
      disputeReason: '税号错误',
      actions: ['issue', 'reverse'],
    });
    expect(
      (
        await http.post(
          seller.admin.token,
          '/api/invoice/issue',
          issueBody(data.id, file, { invoiceNo: '22223333' }),
        )
      ).code,
    ).toBe(0);
    expect((await detail(buyer.token, data.id)).data).toMatchObject({
      status: InvoiceStatus.ISSUED,
      invoiceNo: '22223333',
    });
    expect((await detail(buyer.token, data.id)).data.history.map((h) => h.action)).toEqual([
      '申请开票',
      '开具发票',
      '提出异议',
      '重新开票',
    ]);

    const second = await request(buyer.token, { kind: 1, titleId, orders: [{ orderId: b.id, amount: 100 }] });
    expect(
      await http.post(
        seller.admin.token,
        '/api/invoice/issue',
        issueBody(second.data.id, file, { amountExTax: 442.48, taxAmount: 57.52 }),
      ),
    ).toMatchObject({
      code: Code.INVALID,
      message: '不含税金额 ¥442.48 + 税额 ¥57.52 应等于申请开票金额 ¥100.00',
    });
    expect(
      (
        await http.post(seller.admin.token, '/api/invoice/refuse', {
          id: second.data.id,
          reason: '订单已另行开票',
        })
      ).code,
    ).toBe(0);
    expect((await detail(buyer.token, second.data.id)).data).toMatchObject({
      status: InvoiceStatus.REFUSED,
      rejectReason: '订单已另行开票',
    });
    expect((await invoiceable(buyer.token)).find((o) => o.orderId === b.id)?.uninvoicedAmount).toBe('300.00');
    // The database keeps the amounts adding up whatever the code does.
    await expect(
      db().update(invoices).set({ taxAmount: '1.00' }).where(eq(invoices.id, data.id)),
    ).rejects.toThrow();
  });
});

describe('invoices: files', () => {
  it('the invoice folder takes PDF, OFD and images by their bytes; other folders stay images only', async () => {
    const { seller } = await scene();
    expect((await upload(seller.admin.token, 'a.pdf', PDF)).code).toBe(0);
    expect((await upload(seller.admin.token, 'a.ofd', OFD)).code).toBe(0);
    expect((await upload(seller.admin.token, 'a.png', await image(20, 20, 'png'))).code).toBe(0);
    expect(await upload(seller.admin.token, 'fake.pdf', Buffer.from('<html>not a pdf</html>'))).toMatchObject(
      { code: Code.INVALID, message: '仅允许pdf、ofd、jpg、jpeg、png格式' },
    );
    expect(await upload(seller.admin.token, 'fake.ofd', zip({ 'word/document.xml': '<w/>' }))).toMatchObject({
      code: Code.INVALID,
    });
    expect(await upload(seller.admin.token, 'a.pdf.exe', PDF)).toMatchObject({ code: Code.INVALID });
    const { payload, headers } = await multipartBody([{ name: 'a.pdf', body: PDF }]);
    const common = await t.app.inject({
      method: 'POST',
      url: '/UploadHandler.ashx?appName=common',
      payload,
      headers: { ...headers, 'x-token': seller.admin.token },
    });
    expect(common.json()).toMatchObject({ code: Code.INVALID, message: '仅允许jpg、jpeg、png格式' });
  });
});

describe('invoices: lists, export, isolation and gates', () => {
  it('lists each side with filters, counts and an Excel export', async () => {
    const { seller, buyer, a, b, titleId } = await scene();
    const one = await request(buyer.token, { titleId, orders: [{ orderId: a.id }] });
    await request(buyer.token, { kind: 1, titleId, orders: [{ orderId: b.id }] });
    const file = await invoicePdf(seller.admin.token);
    await http.post(
      seller.admin.token,
      '/api/invoice/issue',
      issueBody(one.data.id, file, { invoiceNo: '99990001' }),
    );

    const mine = await http.post<Paged<InvoiceRow>>(buyer.token, '/api/invoice/list', { type: 0 });
    expect(mine.data.total).toBe(2);
    expect(mine.data.list[1]).toMatchObject({ counterpartName: seller.admin.company.name, orderCount: 1 });
    const toMe = await http.post<Paged<InvoiceRow>>(seller.admin.token, '/api/invoice/list', {
      type: 1,
      status: InvoiceStatus.ISSUED,
    });
    expect(toMe.data.list.map((r) => r.invoiceNo)).toEqual(['99990001']);
    expect(
      (
        await http.post<Paged<InvoiceRow>>(seller.admin.token, '/api/invoice/list', {
          type: 1,
          number: '9999',
        })
      ).data.total,
    ).toBe(1);
    expect(
      (await http.post<Paged<InvoiceRow>>(seller.admin.token, '/api/invoice/list', { type: 1, kind: 1 })).data
        .total,
    ).toBe(1);
    expect(
      (
        await http.post<Paged<InvoiceRow>>(seller.admin.token, '/api/invoice/list', {
          type: 1,
          counterparty: '不存在的单位',
        })
      ).data.total,
    ).toBe(0);
    expect(
      (
        await http.post<Paged<InvoiceRow>>(seller.admin.token, '/api/invoice/list', {
          type: 1,
          dateFrom: '2099-01-01',
        })
      ).data.total,
    ).toBe(0);
    expect(
      (await http.post<Paged<InvoiceRow>>(seller.admin.token, '/api/invoice/list', { type: 0 })).data.total,
    ).toBe(0);
    const counts = await http.get<{ status: number; count: number }[]>(
      buyer.token,
      '/api/invoice/counts?type=0',
    );
    expect(counts.data).toEqual([
      { status: InvoiceStatus.REQUESTED, count: 1 },
      { status: InvoiceStatus.ISSUED, count: 1 },
    ]);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/invoice/export',
      payload: { type: 1 },
      headers: { 'x-token': seller.admin.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('发票列表.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('发票列表')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(5).value).toBe('采购商');
    expect(sheet.getRow(3).getCell(11).value).toBe('99990001');
    expect(sheet.getRow(3).getCell(16).value).toBe(500);
  });

  it('a third company reads and acts on nothing; users without the finance role are refused', async () => {
    const { seller, buyer, a, titleId } = await scene();
    const { data } = await request(buyer.token, { titleId, orders: [{ orderId: a.id }] });
    const third = await makePurchaser(db(), '第三方采购商');
    const thirdSeller = await makeSupplier(db(), '第三方供应商');
    crossCompanyCaller(third.token);
    crossCompanyCaller(thirdSeller.admin.token);
    const row = async () => (await db().select().from(invoices).where(eq(invoices.id, data.id)))[0];
    const requested = await row();
    // The third supplier's own file, so that only the invoice id is foreign.
    const thirdFile = await invoicePdf(thirdSeller.admin.token);
    const smuggled = { companyId: seller.id, sellerCompanyId: seller.id, buyerCompanyId: buyer.companyId };
    for (const token of [third.token, thirdSeller.admin.token]) {
      expect(await http.post(token, '/api/invoice/issue', issueBody(data.id, thirdFile))).toMatchObject({
        code: Code.NOT_FOUND,
      });
      for (const type of [0, 1]) {
        expect((await http.get(token, `/api/invoice/counts?type=${type}&companyId=${seller.id}`)).data).toEqual([]);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/invoice/export',
          payload: { type, ...smuggled },
          headers: { 'x-token': token },
        });
        expect(res.statusCode, res.body).toBe(200);
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        // The header row only: nothing of the seller's or the buyer's invoices.
        expect(wb.getWorksheet('发票列表')!.rowCount).toBe(1);
      }
      expect(await detail(token, data.id)).toMatchObject({ code: Code.NOT_FOUND, message: '发票记录不存在' });
      expect(await http.post(token, '/api/invoice/withdraw', { id: data.id })).toMatchObject({
        code: Code.NOT_FOUND,
      });
      expect(await http.post(token, '/api/invoice/refuse', { id: data.id, reason: '无' })).toMatchObject({
        code: Code.NOT_FOUND,
      });
      expect((await http.post<Paged<InvoiceRow>>(token, '/api/invoice/list', { type: 0 })).data.total).toBe(
        0,
      );
      expect((await http.post<Paged<InvoiceRow>>(token, '/api/invoice/list', { type: 1 })).data.total).toBe(
        0,
      );
    }
    expect(await invoiceable(third.token)).toEqual([]);
    expect(await request(third.token, { titleId, orders: [{ orderId: a.id }] })).toMatchObject({
      code: Code.NOT_FOUND,
    });
    expect(await row()).toEqual(requested);
    // Issued by its seller: neither outsider can confirm or dispute it.
    expect((await http.post(seller.admin.token, '/api/invoice/issue', issueBody(data.id, await invoicePdf(seller.admin.token)))).code).toBe(0);
    const issued = await row();
    for (const token of [third.token, thirdSeller.admin.token]) {
      expect(await http.post(token, '/api/invoice/confirm', { id: data.id })).toMatchObject({ code: Code.NOT_FOUND });
      expect(await http.post(token, '/api/invoice/dispute', { id: data.id, reason: '借来的异议' })).toMatchObject({
        code: Code.NOT_FOUND,
      });
    }
    expect(await row()).toEqual(issued);
    expect((await detail(buyer.token, data.id)).data.status).toBe(InvoiceStatus.ISSUED);

    // A purchaser's 采购员 (no invoice:manage) is refused; its 财务 may.
    const clerk = await signedInUser(db(), { companyId: buyer.companyId, realName: '采购员' });
    await giveRole(db(), clerk.id, await presetRoleId(db(), 'purchaser.buyer'));
    expect((await http.post(clerk.token, '/api/invoice/list', { type: 0 })).code).toBe(Code.FORBIDDEN);
    expect((await request(clerk.token, { titleId, orders: [{ orderId: a.id }] })).code).toBe(Code.FORBIDDEN);
    const finance = await signedInUser(db(), { companyId: seller.id, realName: '财务' });
    await giveRole(db(), finance.id, await presetRoleId(db(), 'supplier.finance'));
    expect(
      (await http.post<Paged<InvoiceRow>>(finance.token, '/api/invoice/list', { type: 1 })).data.total,
    ).toBe(1);
  });
});

describe.runIf(testDbKind === 'pg')('invoices: concurrency (PostgreSQL)', () => {
  it('parallel requests covering the same order never exceed its total', async () => {
    const { buyer, a, b, titleId } = await scene();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request(buyer.token, {
          titleId,
          orders:
            i % 2
              ? [
                  { orderId: b.id, amount: 100 },
                  { orderId: a.id, amount: 150 },
                ]
              : [
                  { orderId: a.id, amount: 150 },
                  { orderId: b.id, amount: 100 },
                ],
        }),
      ),
    );
    // 500 / 150 → 3 fit; 300 / 100 → 3 fit: exactly 3 requests win.
    expect(results.filter((r) => r.code === 0)).toHaveLength(3);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === Code.CONFLICT)).toBe(true);
    const rows = await db().select().from(invoiceOrders).where(eq(invoiceOrders.orderId, a.id));
    expect(rows.reduce((s, r) => s + Number(r.amount), 0)).toBe(450);
  });
});
