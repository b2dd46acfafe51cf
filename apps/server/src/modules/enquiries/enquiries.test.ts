import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  Code,
  EnquiryStatus,
  EnquiryVisibility,
  OrderKind,
  ProductStatus,
  QuotationStatus,
  type EnquiryAwardResult,
  type EnquiryFromProduct,
  type MyEnquiryCounts,
  type MyEnquiryDetail,
  type MyEnquiryRow,
  type OfferComparison,
  type OfferDetail,
  type Paged,
} from '@aquamall/shared';
import { createTestApp, testDbKind, type TestApp } from '../../test/app.ts';
import { enquiries, enquiryItems, jobs, messages, orderLines, orders, quotations } from '../../db/schema/index.ts';
import ExcelJS from 'exceljs';
import { api, insertEnquiry, insertOffer, makeOnSaleProduct, makePurchaser, makeSupplier, multipartBody, uploadedFile } from '../../test/factories/index.ts';
import { products } from '../../db/schema/index.ts';
import { makeQuotingSupplier } from '../../test/factories/quotations.ts';
import { runDueJobs } from '../jobs/runner.ts';
import { ENQUIRY_JOBS } from './common.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/enquiries/enquiries.test.ts');

const db = () => t.database.db;
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000);
const enquiry = async (id: number) => (await db().select().from(enquiries).where(eq(enquiries.id, id)))[0]!;

const line = (over: object = {}) => ({ productName: '聚合氯化铝', spec: '含量30%', quantity: 10, unit: '吨', ...over });
const draft = (over: object = {}) => ({
  title: '2027年一季度净水药剂采购',
  lines: [line(), line({ productName: '次氯酸钠', quantity: 5, targetPrice: 900 })],
  deliveryProvinceCode: 440000,
  deliveryCityCode: 440300,
  deliveryDistrictCode: 440305,
  deliveryAreaName: '广东省 深圳市 南山区',
  deliveryAddress: '水厂路1号',
  contactName: '王工',
  contactPhone: '13800000001',
  deadline: inDays(5).toISOString(),
  invoiceKind: 2,
  paymentTerms: '月结30天',
  ...over,
});

let seq = 0;
/** A purchaser with a published enquiry of two lines and two suppliers' offers (one revised). */
async function scene(opts: { sealed?: boolean; deadline?: Date; validUntil?: Date } = {}) {
  const n = ++seq;
  const buyer = await makePurchaser(db(), `询价采购商${n}`);
  const s1 = await makeSupplier(db(), `询价供应商甲${n}`);
  const s2 = await makeSupplier(db(), `询价供应商乙${n}`);
  const s3 = await makeSupplier(db(), `询价供应商丙${n}`);
  const e = await insertEnquiry(db(), buyer.companyId, { sealed: opts.sealed, deadline: opts.deadline, invoiceKind: 1 });
  const [i1, i2] = e.itemIds as [number, number];
  const ref = { id: e.id, companyId: buyer.companyId, quantities: { [i1]: 10, [i2]: 2 } };
  const q1 = await insertOffer(db(), ref, { id: s1.id, name: `询价供应商甲${n}` }, [
    { prices: { [i1]: 1500, [i2]: 9000 }, freight: 300 },
    { prices: { [i1]: 1450, [i2]: 8800 }, freight: 200, validUntil: opts.validUntil },
  ]);
  const q2 = await insertOffer(db(), ref, { id: s2.id, name: `询价供应商乙${n}` }, [{ prices: { [i1]: 1480, [i2]: 8500 }, freight: 0, taxRate: 9 }]);
  const q3 = await insertOffer(db(), ref, { id: s3.id, name: `询价供应商丙${n}` }, [{ prices: { [i1]: 1600 }, freight: 100 }]);
  return { buyer, s1, s2, s3, e, i1, i2, q1, q2, q3 };
}

describe('enquiry editor', () => {
  it('saves a draft, edits it, publishes it with the closing job, and counts it in its tab', async () => {
    const buyer = await makePurchaser(db(), '编辑采购商');
    const file = await uploadedFile(t.app, buyer.token);
    const saved = await http.post<{ id: number; code: string; status: number }>(buyer.token, '/api/enquiry/save', draft({ attachments: [{ name: '图纸.png', path: file }] }));
    expect(saved).toMatchObject({ code: 0, message: '草稿已保存', data: { status: EnquiryStatus.DRAFT } });
    expect(saved.data.code).toMatch(/^XJ\d{16}$/);
    const id = saved.data.id;
    const edited = await http.post(buyer.token, '/api/enquiry/save', draft({ id, title: '改过的标题', publish: true }));
    expect(edited).toMatchObject({ code: 0, message: '询价已发布' });
    const d = await http.get<MyEnquiryDetail>(buyer.token, `/api/enquiry/mineDetail?id=${id}`);
    expect(d.data).toMatchObject({ title: '改过的标题', status: EnquiryStatus.QUOTING, statusName: '报价中', invoiceKind: 2, paymentTerms: '月结30天', attachments: [] });
    expect(d.data.items).toMatchObject([{ productName: '聚合氯化铝', quantity: 10, targetPrice: null }, { productName: '次氯酸钠', quantity: 5, targetPrice: '900.00' }]);
    expect(d.data.actions).toMatchObject({ edit: false, extend: true, withdraw: true });
    const [job] = await db().select().from(jobs).where(and(eq(jobs.kind, ENQUIRY_JOBS.DEADLINE), eq(jobs.refId, id)));
    expect(job).toMatchObject({ status: 0 });
    expect(job!.runAt.getTime()).toBe((await enquiry(id)).deadline.getTime());
    // A published enquiry is not edited again.
    expect((await http.post(buyer.token, '/api/enquiry/save', draft({ id }))).message).toBe('只有草稿可以修改，已发布的询价可以延期或撤销');

    const counts = await http.get<MyEnquiryCounts>(buyer.token, '/api/enquiry/counts');
    expect(counts.data).toMatchObject({ all: 1, byStatus: { '0': 0, '1': 1 } });
    const list = await http.post<Paged<MyEnquiryRow>>(buyer.token, '/api/enquiry/mine', { status: EnquiryStatus.QUOTING, keyword: '次氯酸钠' });
    expect(list.data.list.map((r) => r.id)).toEqual([id]);
    expect(list.data.list[0]).toMatchObject({ itemCount: 2, offerCount: 0 });
    expect((await http.post<Paged<MyEnquiryRow>>(buyer.token, '/api/enquiry/mine', { status: EnquiryStatus.DRAFT })).data.total).toBe(0);
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const buyer = await makePurchaser(db(), '校验采购商');
    const other = await makePurchaser(db(), '别家采购商');
    const pending = await makeSupplier(db(), '未审核供应商', { approved: false });
    const save = (over: object) => http.post(buyer.token, '/api/enquiry/save', draft({ publish: true, ...over }));
    expect((await save({ lines: [line({ quantity: 1.5 })] })).message).toContain('数量必须是正整数');
    expect((await save({ lines: [] })).message).toContain('请至少添加一条询价明细');
    expect((await save({ title: '' })).message).toContain('请输入询价标题');
    expect((await save({ deadline: inDays(-1).toISOString() })).message).toBe('报价截止时间必须晚于当前时间');
    expect((await save({ deadline: inDays(91).toISOString() })).message).toBe('报价截止时间不能超过90天');
    expect((await save({ visibility: EnquiryVisibility.INVITED, invitedSupplierIds: [] })).message).toContain('邀请询价请至少选择一家供应商');
    expect((await save({ visibility: EnquiryVisibility.INVITED, invitedSupplierIds: [buyer.companyId] })).message).toBe('不能邀请本公司报价');
    expect((await save({ visibility: EnquiryVisibility.INVITED, invitedSupplierIds: [pending.id] })).message).toBe('邀请的供应商不存在或未通过审核');
    expect((await save({ visibility: EnquiryVisibility.INVITED, invitedSupplierIds: [other.companyId] })).message).toBe('邀请的供应商不存在或未通过审核');
    const foreignFile = await uploadedFile(t.app, other.token);
    expect((await save({ attachments: [{ name: 'x.png', path: foreignFile }] })).message).toBe('附件不存在或不是本公司上传的文件');
    expect((await db().select().from(enquiries).where(eq(enquiries.companyId, buyer.companyId))).length).toBe(0);
    // Suppliers do not publish enquiries (the permission is a purchaser's).
    const supplier = await makeSupplier(db(), '想发询价的供应商');
    expect((await http.post(supplier.admin.token, '/api/enquiry/save', draft())).code).toBe(Code.FORBIDDEN);
  });

  it('invites approved suppliers only; the invitation reaches their inbox', async () => {
    const buyer = await makePurchaser(db(), '邀请采购商');
    const s = await makeSupplier(db(), '受邀供应商');
    const opts = await http.get<{ id: number }[]>(buyer.token, `/api/enquiry/suppliers?keyword=${encodeURIComponent('受邀')}`);
    expect(opts.data.map((o) => o.id)).toContain(s.id);
    const res = await http.post<{ id: number }>(buyer.token, '/api/enquiry/save', draft({ publish: true, visibility: EnquiryVisibility.INVITED, invitedSupplierIds: [s.id] }));
    expect(res.code).toBe(0);
    const d = await http.get<MyEnquiryDetail>(buyer.token, `/api/enquiry/mineDetail?id=${res.data.id}`);
    expect(d.data).toMatchObject({ visibility: EnquiryVisibility.INVITED, invited: [{ id: s.id, name: '受邀供应商' }] });
    const inbox = await db().select().from(messages).where(and(eq(messages.companyId, s.id), eq(messages.type, 'enquiry')));
    expect(inbox.map((m) => m.title)).toEqual(['询价邀请：2027年一季度净水药剂采购']);
    // The public board lists it, marked 邀请询价 (only the invited may quote).
    const pub = await http.get<{ visibility: number; sealed: boolean }>(null, `/api/openEnquiry/${res.data.id}`);
    expect(pub.data).toMatchObject({ visibility: EnquiryVisibility.INVITED, sealed: false, offerCount: 0 });
    // A draft is not on the board.
    const d2 = await http.post<{ id: number }>(buyer.token, '/api/enquiry/save', draft());
    expect((await http.get(null, `/api/openEnquiry/${d2.data.id}`)).code).toBe(Code.NOT_FOUND);
  });

  it('extends only later while 报价中 and moves the job; withdraws with a reason, cancels the job and tells bidders', async () => {
    const { buyer, e, s1, s2 } = await scene();
    const jobOf = async () => (await db().select().from(jobs).where(and(eq(jobs.kind, ENQUIRY_JOBS.DEADLINE), eq(jobs.refId, e.id))))[0];
    const before = await enquiry(e.id);
    expect((await http.post(buyer.token, '/api/enquiry/extend', { id: e.id, deadline: inDays(1).toISOString() })).message).toBe('新的截止时间必须晚于原截止时间');
    expect((await http.post(buyer.token, '/api/enquiry/extend', { id: e.id, deadline: inDays(100).toISOString() })).message).toBe('新的截止时间不能超过90天');
    const later = inDays(10);
    expect(await http.post(buyer.token, '/api/enquiry/extend', { id: e.id, deadline: later.toISOString() })).toMatchObject({ code: 0, message: '截止时间已延长' });
    expect((await enquiry(e.id)).deadline.getTime()).toBe(later.getTime());
    expect(before.deadline.getTime()).not.toBe(later.getTime());
    expect((await jobOf())!.runAt.getTime()).toBe(later.getTime());

    expect((await http.post(buyer.token, '/api/enquiry/withdraw', { id: e.id, reason: '' })).message).toContain('请输入撤销原因');
    expect(await http.post(buyer.token, '/api/enquiry/withdraw', { id: e.id, reason: '预算取消' })).toMatchObject({ code: 0 });
    expect(await enquiry(e.id)).toMatchObject({ status: EnquiryStatus.REVOKED, revokeReason: '预算取消' });
    expect((await jobOf())!.status).toBe(2);
    for (const s of [s1, s2]) {
      const inbox = await db().select().from(messages).where(and(eq(messages.companyId, s.id), eq(messages.type, 'enquiry')));
      expect(inbox.map((m) => m.content)).toContain('采购商撤销了询价，原因：预算取消');
    }
    expect((await http.post(buyer.token, '/api/enquiry/withdraw', { id: e.id, reason: '再撤' })).message).toBe('询价已撤销');
    expect((await http.post(buyer.token, '/api/enquiry/extend', { id: e.id, deadline: inDays(20).toISOString() })).message).toBe('只有报价中的询价可以延期');
  });
});

describe('询价 from a goods page (decision 0185)', () => {
  it('line 1 from the product (the chosen SKU’s spec, the minimum order, the unit) and its supplier to invite; the enquiry publishes with it', async () => {
    const buyer = await makePurchaser(db(), '商品询价采购商');
    const seller = await makeQuotingSupplier(db(), '商品询价供应商');
    const { productId, skuIds } = await makeOnSaleProduct(db(), seller, { name: '聚合硫酸铁', unit: '吨', minOrder: 3, skus: [{ price: 100, stock: 10 }, { price: 120, stock: 10 }] });
    await db().update(products).set({ model: 'PFS-21', spec: '固体' }).where(eq(products.id, productId));
    const from = await http.get<EnquiryFromProduct>(buyer.token, `/api/enquiry/fromProduct?productId=${productId}&skuId=${skuIds[1]}`);
    expect(from).toMatchObject({
      code: 0,
      data: {
        title: '聚合硫酸铁 询价',
        line: { productName: '聚合硫酸铁', spec: 'PFS-21 2号', quantity: 3, unit: '吨', productId },
        supplier: { id: seller.id, name: '商品询价供应商', certified: true },
      },
    });
    // Without a SKU: the product's own model and spec.
    expect((await http.get<EnquiryFromProduct>(buyer.token, `/api/enquiry/fromProduct?productId=${productId}`)).data.line.spec).toBe('PFS-21 固体');
    // The editor publishes what it was given, the supplier invited.
    const f = from.data;
    const saved = await http.post<{ id: number }>(buyer.token, '/api/enquiry/save', draft({ title: f.title, lines: [{ ...f.line }], visibility: 2, invitedSupplierIds: [f.supplier!.id], publish: true }));
    expect(saved.code).toBe(0);
    const d = await http.get<MyEnquiryDetail>(buyer.token, `/api/enquiry/mineDetail?id=${saved.data.id}`);
    expect(d.data.items[0]).toMatchObject({ productName: '聚合硫酸铁', spec: 'PFS-21 2号', unit: '吨', productId });
    expect(d.data.invited.map((s) => s.id)).toEqual([seller.id]);
  });

  it('refuses what the goods page would not show, a SKU of another product, a supplier and a visitor', async () => {
    const buyer = await makePurchaser(db(), '商品询价采购商2');
    const seller = await makeQuotingSupplier(db(), '商品询价供应商2');
    const { productId, skuIds } = await makeOnSaleProduct(db(), seller, { name: '次氯酸钠' });
    const other = await makeOnSaleProduct(db(), seller, { name: '活性炭' });
    expect(await http.get(buyer.token, `/api/enquiry/fromProduct?productId=${productId}&skuId=${other.skuIds[0]}`)).toMatchObject({ code: Code.NOT_FOUND, message: '商品规格不存在' });
    expect(await http.get(buyer.token, '/api/enquiry/fromProduct?productId=abc')).toMatchObject({ code: Code.INVALID, message: expect.stringContaining('商品编号格式不正确') });
    expect(await http.get(seller.admin.token, `/api/enquiry/fromProduct?productId=${productId}`)).toMatchObject({ code: Code.FORBIDDEN });
    expect(await http.get(null, `/api/enquiry/fromProduct?productId=${productId}`)).toMatchObject({ code: Code.LOGIN_EXPIRED });
    await db().update(products).set({ status: ProductStatus.OFF_SALE }).where(eq(products.id, productId));
    expect(await http.get(buyer.token, `/api/enquiry/fromProduct?productId=${productId}&skuId=${skuIds[0]}`)).toMatchObject({ code: Code.NOT_FOUND, message: '商品不存在或已下架' });
    // A product of a company without an open shop (here the purchaser's own) is not on any goods page.
    await db().update(products).set({ companyId: buyer.companyId }).where(eq(products.id, other.productId));
    expect(await http.get(buyer.token, `/api/enquiry/fromProduct?productId=${other.productId}`)).toMatchObject({ code: Code.NOT_FOUND, message: '商品不存在或已下架' });
  });
});

describe('attachments (drawings and specifications)', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  /** The start of a Windows program (MZ header). */
  const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120)]);
  async function upload(token: string, name: string, body: Buffer) {
    const { payload, headers } = await multipartBody([{ name, body }]);
    const res = await t.app.inject({ method: 'POST', url: '/UploadHandler.ashx?appName=enquiry', payload, headers: { ...headers, 'x-token': token } });
    return res.json<{ code: number; message: string; data: { fileRelativePath: string }[] }>();
  }

  it('the enquiry folder takes a PDF and refuses a program renamed .pdf; the PDF shows to a quoting supplier and on the public board of a public enquiry only', async () => {
    const buyer = await makePurchaser(db(), '图纸采购商');
    const up = await upload(buyer.token, '工艺图纸.pdf', PDF);
    expect(up.code, up.message).toBe(0);
    const path = up.data[0]!.fileRelativePath;
    expect(path).toMatch(/^u\/enquiry\/\d{4}\/\d{2}\/.+\.pdf$/);
    for (const name of ['工艺图纸.pdf', 'setup.exe'])
      expect(await upload(buyer.token, name, EXE)).toMatchObject({ code: Code.INVALID, message: expect.stringContaining('pdf') });

    const supplier = await makeQuotingSupplier(db(), '看图供应商');
    const attachments = [{ name: '工艺图纸.pdf', path }];
    const pub = await http.post<{ id: number }>(buyer.token, '/api/enquiry/save', draft({ publish: true, attachments }));
    const inv = await http.post<{ id: number }>(buyer.token, '/api/enquiry/save', draft({ publish: true, attachments, visibility: EnquiryVisibility.INVITED, invitedSupplierIds: [supplier.id] }));
    expect([pub.code, inv.code]).toEqual([0, 0]);
    for (const id of [pub.data.id, inv.data.id]) {
      const mine = await http.get<MyEnquiryDetail>(buyer.token, `/api/enquiry/mineDetail?id=${id}`);
      expect(mine.data.attachments).toEqual(attachments);
      const seen = await http.get<{ enquiry: { attachments: unknown[] } }>(supplier.admin.token, `/api/quotation/detail?enquiryId=${id}`);
      expect(seen.data.enquiry.attachments).toEqual(attachments);
    }
    // The public board: a public enquiry shows its drawings, an invitation-only one none.
    const board = async (id: number) => (await http.get<{ attachments: unknown[] }>(null, `/api/openEnquiry/${id}`)).data.attachments;
    expect(await board(pub.data.id)).toEqual(attachments);
    expect(await board(inv.data.id)).toEqual([]);
    // An uninvited supplier does not get the invitation-only enquiry (nor its drawings).
    const outsider = await makeQuotingSupplier(db(), '未邀请供应商');
    const refused = await http.get(outsider.admin.token, `/api/quotation/detail?enquiryId=${inv.data.id}`);
    expect(refused.code).toBe(Code.NOT_FOUND);
    expect(JSON.stringify(refused)).not.toContain(path);
  });
});

/** POST /api/enquiry/export as the rows of its sheet (cell values), or the JSON refusal. */
async function exported(token: string, body: object) {
  const res = await t.app.inject({ method: 'POST', url: '/api/enquiry/export', headers: { 'x-token': token }, payload: body });
  if (!String(res.headers['content-type']).includes('spreadsheetml')) return { refusal: res.json() as { code: number; message: string }, rows: [] };
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return { refusal: null, rows, disposition: String(res.headers['content-disposition']) };
}

describe('我的询价 export', () => {
  it('exports the tab and filters the list shows, only the caller’s enquiries, and refuses bad input in Chinese', async () => {
    const buyer = await makePurchaser(db(), '导出采购商');
    const other = await makePurchaser(db(), '导出隔壁采购商');
    const sealed = await insertEnquiry(db(), buyer.companyId, { title: '滤料采购', sealed: true });
    const draftOne = await insertEnquiry(db(), buyer.companyId, { title: '药剂采购', status: EnquiryStatus.DRAFT });
    const old = await insertEnquiry(db(), buyer.companyId, { title: '药剂采购二期', publishedAt: inDays(-40) });
    const theirs = await insertEnquiry(db(), other.companyId, { title: '药剂采购（别家）' });
    const codes = (rows: unknown[][]) => rows.slice(1).map((r) => r[0]);

    const all = await exported(buyer.token, {});
    expect(all.disposition).toContain(encodeURIComponent('我的询价.xlsx'));
    expect(all.rows[0]).toEqual(['询价单号', '询价标题', '状态', '询价方式', '密封报价', '询价产品', '报价数（家）', '交货地区', '报价截止', '发布时间', '创建时间']);
    expect(codes(all.rows)).toEqual([draftOne.code, sealed.code, old.code]);
    expect(all.rows.find((r) => r[0] === sealed.code)?.slice(0, 8)).toEqual([sealed.code, '滤料采购', '报价中', '公开询价', '是', '聚合氯化铝、聚丙烯酰胺', 0, '广东省 深圳市 南山区']);
    expect(all.rows.find((r) => r[0] === draftOne.code)?.[9]).toBe('');
    // The tab, the keyword and the dates narrow the file as they narrow the list; the other company never shows.
    expect(codes((await exported(buyer.token, { status: EnquiryStatus.DRAFT })).rows)).toEqual([draftOne.code]);
    expect(new Set(codes((await exported(buyer.token, { keyword: '药剂' })).rows))).toEqual(new Set([draftOne.code, old.code]));
    const since = new Date(Date.now() + 8 * 3_600_000 - 10 * 86_400_000).toISOString().slice(0, 10);
    expect(new Set(codes((await exported(buyer.token, { dateFrom: since })).rows))).toEqual(new Set([sealed.code, draftOne.code]));
    expect(codes((await exported(other.token, { keyword: '药剂' })).rows)).toEqual([theirs.code]);
    expect(JSON.stringify((await exported(buyer.token, { keyword: '别家' })).rows)).not.toContain(theirs.code);
    // Bad input: the INVALID envelope (decision 0002) with a Chinese message, no file.
    expect((await exported(buyer.token, { status: 99 })).refusal).toMatchObject({ code: Code.INVALID, message: expect.stringContaining('询价状态不正确') });
    expect((await exported(buyer.token, { keyword: '药'.repeat(61) })).refusal).toMatchObject({ code: Code.INVALID, message: expect.stringContaining('关键词最多60个字') });
    // A supplier has no purchaser export.
    const supplier = await makeSupplier(db(), '导出供应商');
    expect((await exported(supplier.admin.token, {})).refusal).toMatchObject({ code: Code.FORBIDDEN });
  });
});

describe('lines from a sheet', () => {
  it('reads an .xlsx (header row skipped) and names the rows it refuses', async () => {
    const buyer = await makePurchaser(db(), '导入采购商');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('明细');
    ws.addRow(['产品名称', '规格型号', '数量', '单位', '目标单价', '备注']);
    ws.addRow(['聚合氯化铝', '含量30%', 12, '吨', 1500, '']);
    ws.addRow(['活性炭', '', 2.5, '吨', '', '']);
    ws.addRow(['次氯酸钠', '10%', '8', '吨', '', '袋装']);
    const { payload, headers } = await multipartBody([{ field: 'file', name: 'lines.xlsx', body: Buffer.from(await wb.xlsx.writeBuffer()) }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/enquiry/importLines', payload, headers: { ...headers, 'x-token': buyer.token } });
    expect(res.json()).toMatchObject({
      code: 0,
      data: {
        lines: [
          { productName: '聚合氯化铝', spec: '含量30%', quantity: 12, unit: '吨', targetPrice: 1500 },
          { productName: '次氯酸钠', quantity: 8, remark: '袋装', targetPrice: null },
        ],
        errors: ['第3行：数量必须是正整数'],
      },
    });
    const bad = await multipartBody([{ field: 'file', name: 'x.xlsx', body: Buffer.from('not a workbook') }]);
    const refused = await t.app.inject({ method: 'POST', url: '/api/enquiry/importLines', payload: bad.payload, headers: { ...bad.headers, 'x-token': buyer.token } });
    expect(refused.json()).toMatchObject({ message: '文件无法读取，请使用下载的模板（.xlsx）填写' });
  });
});

describe('deadline job', () => {
  it('closes an enquiry 报价中 at its deadline once, and tells the purchaser', async () => {
    const buyer = await makePurchaser(db(), '截止采购商');
    const res = await http.post<{ id: number }>(buyer.token, '/api/enquiry/save', draft({ publish: true, deadline: new Date(Date.now() + 5 * 60_000).toISOString() }));
    const id = res.data.id;
    const e0 = await enquiry(id);
    // Judged by the deadline job itself: the 询价即将截止 reminder (halfway through this short window) runs before it.
    const deadlineJob = async () => (await db().select().from(jobs).where(and(eq(jobs.kind, ENQUIRY_JOBS.DEADLINE), eq(jobs.refId, id))))[0]!;
    await runDueJobs(db(), new Date(e0.deadline.getTime() - 1000));
    expect((await deadlineJob()).status).toBe(0);
    expect((await enquiry(id)).status).toBe(EnquiryStatus.QUOTING);
    const after = new Date(e0.deadline.getTime() + 1000);
    expect((await runDueJobs(db(), after)).done).toBeGreaterThanOrEqual(1);
    expect(await enquiry(id)).toMatchObject({ status: EnquiryStatus.CLOSED });
    expect((await enquiry(id)).closedAt).not.toBeNull();
    await runDueJobs(db(), new Date(after.getTime() + 60_000));
    const inbox = await db().select().from(messages).where(and(eq(messages.companyId, buyer.companyId), eq(messages.type, 'enquiry')));
    expect(inbox.filter((m) => m.title.startsWith('询价已截止')).length).toBe(1);
    const [job] = await db().select().from(jobs).where(and(eq(jobs.kind, ENQUIRY_JOBS.DEADLINE), eq(jobs.refId, id)));
    expect(job!.status).toBe(1);
  });
});

describe('comparison', () => {
  it('shows every live offer against every line with the lowest marked, and one offer with its versions', async () => {
    const { buyer, e, i1, i2, q1, q2, q3 } = await scene();
    const c = await http.get<OfferComparison>(buyer.token, `/api/enquiry/offers?enquiryId=${e.id}`);
    expect(c.code).toBe(0);
    expect(c.data.sealedHidden).toBe(false);
    expect(c.data.offers.map((o) => o.quotationId).sort()).toEqual([q1.id, q2.id, q3.id].sort());
    const o1 = c.data.offers.find((o) => o.quotationId === q1.id)!;
    expect(o1).toMatchObject({ version: 2, statusName: '已修改', freight: '200.00', goodsAmount: '32100.00', totalAmount: '32300.00', awardable: true, expired: false });
    expect(o1.lines).toMatchObject([{ enquiryItemId: i1, unitPrice: '1450.00', amount: '14500.00' }, { enquiryItemId: i2, unitPrice: '8800.00' }]);
    expect(c.data.lowestByItem).toEqual({ [i1]: [q1.id], [i2]: [q2.id] });
    // Offer 3 quoted one line only: not a candidate for the lowest total.
    expect(c.data.lowestTotal).toEqual([q2.id]);
    const d = await http.get<OfferDetail>(buyer.token, `/api/enquiry/offer?quotationId=${q1.id}`);
    expect(d.data.versions.map((v) => [v.version, v.totalAmount, v.lines.map((l) => l.unitPrice)])).toEqual([
      [2, '32300.00', ['1450.00', '8800.00']],
      [1, '33300.00', ['1500.00', '9000.00']],
    ]);
    const x = await t.app.inject({ method: 'GET', url: `/api/enquiry/offers/export?enquiryId=${e.id}`, headers: { 'x-token': buyer.token } });
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
  });

  it('SEALED: before the deadline the purchaser gets the count only, from every call; after it, the offers', async () => {
    const { buyer, e, q1, s1 } = await scene({ sealed: true });
    const c = await http.get<OfferComparison>(buyer.token, `/api/enquiry/offers?enquiryId=${e.id}`);
    expect(c.data).toMatchObject({ sealedHidden: true, offerCount: 3, offers: [], lowestByItem: {}, canAward: false });
    expect(JSON.stringify(c.data)).not.toContain('1450');
    expect((await http.get(buyer.token, `/api/enquiry/offer?quotationId=${q1.id}`)).message).toBe('密封报价，截止时间前不能查看报价内容');
    const x = await t.app.inject({ method: 'GET', url: `/api/enquiry/offers/export?enquiryId=${e.id}`, headers: { 'x-token': buyer.token } });
    expect(x.json()).toMatchObject({ message: '密封报价，截止时间前不能查看报价内容' });
    expect((await http.post(buyer.token, '/api/enquiry/award', { enquiryId: e.id, lines: [{ enquiryItemId: (await db().select().from(enquiryItems).where(eq(enquiryItems.enquiryId, e.id)))[0]!.id, quotationId: q1.id }] })).message).toBe(
      '密封报价，截止时间前不能查看报价内容',
    );
    // The public board: the count, never prices or who quoted.
    const pub = await http.get<Record<string, unknown>>(null, `/api/openEnquiry/${e.id}`);
    expect(pub.code).toBe(0);
    expect(pub.data).toMatchObject({ offerCount: 3, sealed: true });
    const text = JSON.stringify(pub);
    expect(text).not.toContain('1450');
    expect(text).not.toContain('询价供应商甲');
    void s1;

    await db().update(enquiries).set({ deadline: new Date(Date.now() - 1000) }).where(eq(enquiries.id, e.id));
    const open = await http.get<OfferComparison>(buyer.token, `/api/enquiry/offers?enquiryId=${e.id}`);
    expect(open.data.sealedHidden).toBe(false);
    expect(open.data.offers.length).toBe(3);
    expect(open.data.enquiry.statusName).toBe('已截止');
  });

  it('marks expired offers, which cannot be awarded', async () => {
    const { buyer, e, i1, q1 } = await scene({ validUntil: new Date(Date.now() - 60_000) });
    const c = await http.get<OfferComparison>(buyer.token, `/api/enquiry/offers?enquiryId=${e.id}`);
    expect(c.data.offers.find((o) => o.quotationId === q1.id)).toMatchObject({ expired: true, awardable: false });
    expect(c.data.lowestByItem[String(i1)]).not.toContain(q1.id);
    const res = await http.post(buyer.token, '/api/enquiry/award', { enquiryId: e.id, lines: [{ enquiryItemId: i1, quotationId: q1.id }] });
    expect(res).toMatchObject({ code: Code.CONFLICT });
    expect(res.message).toContain('的报价已过有效期，不能授标');
    expect((await enquiry(e.id)).status).toBe(EnquiryStatus.QUOTING);
  });

  it('isolation: another purchaser cannot read, export, award, extend or withdraw; suppliers are refused', async () => {
    const { buyer, e, i1, q1, s1 } = await scene();
    const other = await makePurchaser(db(), '隔壁采购商');
    crossCompanyCaller(other.token);
    expect((await http.get(other.token, `/api/enquiry/mineDetail?id=${e.id}`)).message).toBe('询价单不存在');
    expect((await http.get(other.token, `/api/enquiry/offers?enquiryId=${e.id}`)).message).toBe('询价单不存在');
    expect((await http.get(other.token, `/api/enquiry/offer?quotationId=${q1.id}`)).message).toBe('报价不存在');
    const x = await t.app.inject({ method: 'GET', url: `/api/enquiry/offers/export?enquiryId=${e.id}`, headers: { 'x-token': other.token } });
    expect(x.json()).toMatchObject({ message: '询价单不存在' });
    expect((await http.post(other.token, '/api/enquiry/award', { enquiryId: e.id, lines: [{ enquiryItemId: i1, quotationId: q1.id }] })).message).toBe('询价单不存在');
    expect((await http.post(other.token, '/api/enquiry/withdraw', { id: e.id, reason: '捣乱' })).message).toBe('询价单不存在');
    expect((await http.post(other.token, '/api/enquiry/extend', { id: e.id, deadline: inDays(9).toISOString() })).message).toBe('询价单不存在');
    expect((await http.post<Paged<MyEnquiryRow>>(other.token, '/api/enquiry/mine', {})).data.total).toBe(0);
    // The export of 我的询价: the header row only, even asked for the buyer's code or company.
    expect((await exported(other.token, { keyword: e.code, companyId: buyer.companyId })).rows).toHaveLength(1);
    expect((await http.get<MyEnquiryCounts>(other.token, `/api/enquiry/counts?companyId=${buyer.companyId}`)).data).toMatchObject({ all: 0 });
    // Saving with the id of the buyer's draft or published enquiry neither changes it nor publishes it.
    const saved = await http.post<{ id: number }>(buyer.token, '/api/enquiry/save', draft());
    expect(saved.code).toBe(0);
    const [draftBefore, publishedBefore] = [await enquiry(saved.data.id), await enquiry(e.id)];
    const itemsOf = (id: number) => db().select().from(enquiryItems).where(eq(enquiryItems.enquiryId, id)).orderBy(enquiryItems.id);
    const draftItems = await itemsOf(saved.data.id);
    for (const id of [saved.data.id, e.id])
      for (const publish of [false, true])
        expect((await http.post(other.token, '/api/enquiry/save', draft({ id, title: '借来的询价', publish }))).message).toBe('询价单不存在');
    expect(await enquiry(saved.data.id)).toEqual(draftBefore);
    expect(await enquiry(e.id)).toEqual(publishedBefore);
    expect(await itemsOf(saved.data.id)).toEqual(draftItems);
    expect((await http.post<Paged<MyEnquiryRow>>(other.token, '/api/enquiry/mine', {})).data.total).toBe(0);
    // A supplier (even one who quoted) has no purchaser calls.
    expect((await http.get(s1.admin.token, `/api/enquiry/offers?enquiryId=${e.id}`)).code).toBe(Code.FORBIDDEN);
    expect((await enquiry(e.id)).status).toBe(EnquiryStatus.QUOTING);
  });
});

describe('award', () => {
  it('split award: one 询价订单 per supplier with the quoted prices; winners and the loser told; no second award', async () => {
    const { buyer, e, i1, i2, q1, q2, q3, s1, s2, s3 } = await scene();
    const res = await http.post<EnquiryAwardResult>(buyer.token, '/api/enquiry/award', {
      enquiryId: e.id,
      lines: [
        { enquiryItemId: i1, quotationId: q1.id },
        { enquiryItemId: i2, quotationId: q2.id },
      ],
    });
    expect(res).toMatchObject({ code: 0, message: '授标成功，已生成询价订单' });
    expect(res.data.orders.length).toBe(2);
    const made = await db().select().from(orders).where(eq(orders.enquiryId, e.id)).orderBy(orders.sellerCompanyId);
    expect(made.map((o) => [o.sellerCompanyId, o.kind, o.quotationId, o.goodsAmount, o.freight, o.totalAmount])).toEqual(
      [
        [s1.id, OrderKind.ENQUIRY, q1.id, '14500.00', '200.00', '14700.00'],
        [s2.id, OrderKind.ENQUIRY, q2.id, '17000.00', '0.00', '17000.00'],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
    const o1 = made.find((o) => o.sellerCompanyId === s1.id)!;
    expect(o1.address).toMatchObject({ receiver: '王工', areaName: '广东省 深圳市 南山区', detail: '科技园水厂路1号' });
    expect(o1.invoice).toMatchObject({ kind: 1 });
    const l1 = await db().select().from(orderLines).where(eq(orderLines.orderId, o1.id));
    expect(l1).toMatchObject([{ productName: '聚合氯化铝', quantity: 10, unitPrice: '1450.00', taxRate: '13.00', enquiryItemId: i1, skuId: null }]);
    const l2 = await db().select().from(orderLines).where(eq(orderLines.orderId, made.find((o) => o.sellerCompanyId === s2.id)!.id));
    expect(l2).toMatchObject([{ productName: '聚丙烯酰胺', quantity: 2, unitPrice: '8500.00', taxRate: '9.00' }]);

    const qs = await db().select().from(quotations).where(eq(quotations.enquiryId, e.id));
    expect(Object.fromEntries(qs.map((q) => [q.id, q.status]))).toEqual({ [q1.id]: QuotationStatus.WON, [q2.id]: QuotationStatus.WON, [q3.id]: QuotationStatus.LOST });
    const items = await db().select().from(enquiryItems).where(eq(enquiryItems.enquiryId, e.id)).orderBy(enquiryItems.sort);
    expect(items.map((i) => i.awardedQuotationId)).toEqual([q1.id, q2.id]);
    expect(await enquiry(e.id)).toMatchObject({ status: EnquiryStatus.DEAL });
    const inboxOf = async (id: number) => (await db().select().from(messages).where(and(eq(messages.companyId, id), eq(messages.type, 'enquiry')))).map((m) => m.title);
    expect(await inboxOf(s1.id)).toContain(`恭喜中标：${(await enquiry(e.id)).title}`);
    expect(await inboxOf(s2.id)).toContain(`恭喜中标：${(await enquiry(e.id)).title}`);
    expect(await inboxOf(s3.id)).toContain(`未中标：${(await enquiry(e.id)).title}`);

    const again = await http.post(buyer.token, '/api/enquiry/award', { enquiryId: e.id, lines: [{ enquiryItemId: i1, quotationId: q2.id }] });
    expect(again.message).toBe('询价已授标，不能重复授标');
    expect((await http.post(buyer.token, '/api/enquiry/withdraw', { id: e.id, reason: '晚了' })).message).toBe('询价已成交，不能撤销');
    const d = await http.get<MyEnquiryDetail>(buyer.token, `/api/enquiry/mineDetail?id=${e.id}`);
    expect(d.data.orders.length).toBe(2);
    expect(d.data.items.map((i) => i.awardedSupplierName)).toEqual([qs.find((q) => q.id === q1.id)!.supplierCompanyName, qs.find((q) => q.id === q2.id)!.supplierCompanyName]);
  });

  it('whole award to one supplier; refused after withdrawal, for withdrawn offers and lines the offer did not quote', async () => {
    const a = await scene();
    const unquoted = await http.post(a.buyer.token, '/api/enquiry/award', { enquiryId: a.e.id, lines: [{ enquiryItemId: a.i2, quotationId: a.q3.id }] });
    expect(unquoted.message).toContain('未对「聚丙烯酰胺」报价');
    await db().update(quotations).set({ status: QuotationStatus.WITHDRAWN }).where(eq(quotations.id, a.q2.id));
    expect((await http.post(a.buyer.token, '/api/enquiry/award', { enquiryId: a.e.id, lines: [{ enquiryItemId: a.i1, quotationId: a.q2.id }] })).message).toContain('的报价已撤回，不能授标');
    const whole = await http.post<EnquiryAwardResult>(a.buyer.token, '/api/enquiry/award', {
      enquiryId: a.e.id,
      lines: [
        { enquiryItemId: a.i1, quotationId: a.q1.id },
        { enquiryItemId: a.i2, quotationId: a.q1.id },
      ],
    });
    expect(whole.data.orders).toMatchObject([{ sellerCompanyId: a.s1.id, totalAmount: '32300.00' }]);
    // The withdrawn offer stays withdrawn (not 未中标).
    expect((await db().select().from(quotations).where(eq(quotations.id, a.q2.id)))[0]!.status).toBe(QuotationStatus.WITHDRAWN);

    const b = await scene();
    await http.post(b.buyer.token, '/api/enquiry/withdraw', { id: b.e.id, reason: '项目取消' });
    expect((await http.post(b.buyer.token, '/api/enquiry/award', { enquiryId: b.e.id, lines: [{ enquiryItemId: b.i1, quotationId: b.q1.id }] })).message).toBe('询价已撤销，不能授标');
    expect((await db().select().from(orders).where(eq(orders.enquiryId, b.e.id))).length).toBe(0);
  });

  it.runIf(testDbKind === 'pg')('parallel awards on PostgreSQL give one set of orders', async () => {
    const { buyer, e, i1, i2, q1, q2 } = await scene();
    const body = { enquiryId: e.id, lines: [{ enquiryItemId: i1, quotationId: q1.id }, { enquiryItemId: i2, quotationId: q2.id }] };
    const results = await Promise.all(Array.from({ length: 5 }, () => http.post(buyer.token, '/api/enquiry/award', body)));
    expect(results.filter((r) => r.code === 0).length).toBe(1);
    expect(results.filter((r) => r.code !== 0).every((r) => r.message === '询价已授标，不能重复授标')).toBe(true);
    expect((await db().select().from(orders).where(eq(orders.enquiryId, e.id))).length).toBe(2);
  });
});
