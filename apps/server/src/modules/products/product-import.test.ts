import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Code, ImportJobStatus, IMPORT_MAX_ROWS, ProductStatus, type ImportJobView } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  categoryAttributes,
  productImportJobs,
  productRevisions,
  products,
  productSkus,
  stockLedger,
} from '../../db/schema/index.ts';
import {
  api,
  makeCategoryBranch,
  makeSupplier,
  multipartBody,
  productBody,
  signedInCompanyAdmin,
} from '../../test/factories/index.ts';
import { importRun, resumeImports } from './import-jobs.ts';
import { IMPORT_COLUMNS } from './product-import.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
let leafCode: string;
let leafId: number;
let attrLeafCode: string;
let a: Awaited<ReturnType<typeof makeSupplier>>;
let b: Awaited<ReturnType<typeof makeSupplier>>;
let template: Buffer;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  const db = t.database.db;
  leafId = (await makeCategoryBranch(db, '72', ['水处理药剂', '絮凝剂', '聚合氯化铝'])).leaf;
  leafCode = '720101';
  const attrLeaf = await makeCategoryBranch(db, '73', ['水处理设备', '泵', '计量泵']);
  attrLeafCode = '730101';
  await db
    .insert(categoryAttributes)
    .values({ categoryId: attrLeaf.leaf, name: '流量', type: 2, required: true });
  a = await makeSupplier(db, '导入甲');
  b = await makeSupplier(db, '导入乙');
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/myproduct/import/template/download',
    headers: { 'x-token': a.admin.token },
  });
  expect(res.headers['content-type']).toContain(XLSX);
  template = res.rawPayload;
});
afterAll(async () => t?.close());

type Row = Partial<Record<(typeof IMPORT_COLUMNS)[number]['key'], string | number>>;

/** Fills the downloaded template's import sheet with rows (a user's round trip). */
async function sheet(rows: Row[], base: Buffer = template): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(base as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('商品导入')!;
  const col = new Map<string, number>();
  ws.getRow(1).eachCell((c, i) => col.set(IMPORT_COLUMNS.find((x) => x.header === c.value)?.key ?? '', i));
  rows.forEach((r, i) => {
    const row = ws.getRow(i + 2);
    for (const [k, v] of Object.entries(r)) row.getCell(col.get(k)!).value = v;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(token: string, body: Buffer, opts: { name?: string; submit?: boolean } = {}) {
  const { payload, headers } = await multipartBody([
    { field: 'file', name: opts.name ?? '商品.xlsx', body, type: XLSX },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/myproduct/import${opts.submit ? '?submit=1' : ''}`,
    payload,
    headers: { ...headers, 'x-token': token },
  });
  return res.json<{ code: number; message: string; data: ImportJobView }>();
}

/** Uploads and waits for the job the server started, then answers its status as the page polls it. */
async function importFile(token: string, body: Buffer, opts: { submit?: boolean } = {}) {
  const res = await upload(token, body, opts);
  expect(res, res.message).toMatchObject({ code: 0 });
  await importRun(res.data.sysNo);
  const status = await http.get<ImportJobView>(token, `/api/myproduct/import/status?id=${res.data.sysNo}`);
  expect(status.code).toBe(0);
  return status.data;
}

const productCount = async (companyId: number) =>
  (await t.database.db.select({ n: count() }).from(products).where(eq(products.companyId, companyId)))[0]!.n;

const good = (code: string, over: Row = {}): Row => ({
  category: leafCode,
  name: `导入商品${code}`,
  unit: '吨',
  code,
  price: 100,
  ...over,
});

describe('product import: template round trip', () => {
  it('offers a template with the import sheet, instructions in Chinese and the category codes', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['商品导入', '填写说明', '分类编码']);
    const headers: string[] = [];
    wb.getWorksheet('商品导入')!
      .getRow(1)
      .eachCell((c) => headers.push(String(c.value)));
    expect(headers).toEqual(IMPORT_COLUMNS.map((c) => c.header));
    const codes: string[] = [];
    wb.getWorksheet('分类编码')!.eachRow((r, i) => i > 1 && codes.push(String(r.getCell(1).value)));
    expect(codes).toEqual(expect.arrayContaining([leafCode, attrLeafCode]));
    let note = '';
    wb.getWorksheet('分类编码')!.eachRow(
      (r) => r.getCell(1).value === attrLeafCode && (note = String(r.getCell(3).value)),
    );
    expect(note).toContain('*流量');
    expect(String(wb.getWorksheet('填写说明')!.getRow(2).getCell(1).value)).toBe('商品标识');
  });

  it('creates drafts from a filled template: rows with one 商品标识 are one product with several SKUs; opening stock is in the ledger', async () => {
    const before = await productCount(a.id);
    const job = await importFile(
      a.admin.token,
      await sheet([
        {
          group: 'P1',
          category: leafCode,
          name: '聚合氯化铝 导入',
          brand: '清源',
          model: 'PAC',
          unit: '吨',
          minOrder: 2,
          leadTime: 5,
          origin: '江苏省 南京市',
          relief: '是',
          attributes: '执行标准:GB 15892',
          images: a.image,
          description: '优质',
          code: 'IMP-1',
          specs: '含量:30%',
          price: 2000,
          tiers: '10:1900;50:1800',
          stock: 100,
          lowStock: 5,
        },
        { group: 'P1', code: 'IMP-2', specs: '含量:28%', price: 1800, stock: 20 },
        { category: '聚合氯化铝', name: '单规格商品 导入', unit: '袋', code: 'IMP-3', price: 35.5 },
      ]),
    );
    expect(job).toMatchObject({
      status: ImportJobStatus.DONE,
      total: 3,
      done: 3,
      errorRows: 0,
      created: 2,
      hasErrorFile: false,
    });
    expect(await productCount(a.id)).toBe(before + 2);
    const db = t.database.db;
    const [p] = await db
      .select()
      .from(products)
      .where(and(eq(products.companyId, a.id), eq(products.name, '聚合氯化铝 导入')));
    expect(p).toMatchObject({
      status: ProductStatus.DRAFT,
      brand: '清源',
      minOrder: 2,
      leadTimeDays: 5,
      originName: '江苏省 南京市',
      isPovertyRelief: true,
      images: [a.image],
      stock: 120,
      price: '1800.00',
    });
    expect(p!.attributes).toEqual([{ name: '执行标准', value: 'GB 15892' }]);
    const skus = await db
      .select()
      .from(productSkus)
      .where(eq(productSkus.productId, p!.id))
      .orderBy(productSkus.sort);
    expect(skus.map((s) => [s.code, s.onHand, Number(s.price), s.priceTiers, s.lowStock])).toEqual([
      [
        'IMP-1',
        100,
        2000,
        [
          { minQty: 10, price: 1900 },
          { minQty: 50, price: 1800 },
        ],
        5,
      ],
      ['IMP-2', 20, 1800, [], 0],
    ]);
    const ledger = await db.select().from(stockLedger).where(eq(stockLedger.productId, p!.id));
    expect(ledger.map((l) => [l.docType, l.docId, l.onHandAfter])).toEqual(
      expect.arrayContaining([
        ['opening', job.sysNo, 100],
        ['opening', job.sysNo, 20],
      ]),
    );
  });

  it('submits the imported products for review when asked (导入后提交审核)', async () => {
    const job = await importFile(a.admin.token, await sheet([good('SUB-1', { images: a.image })]), {
      submit: true,
    });
    expect(job).toMatchObject({ status: ImportJobStatus.DONE, created: 1, submit: true });
    const [p] = await t.database.db.select().from(products).where(eq(products.name, '导入商品SUB-1'));
    expect(p!.status).toBe(ProductStatus.PENDING);
    const revs = await t.database.db
      .select()
      .from(productRevisions)
      .where(eq(productRevisions.productId, p!.id));
    expect(revs).toMatchObject([{ status: 1, isEdit: false }]);
  });
});

describe('product import: every row is checked with the editor rules, and a file with any error imports nothing', () => {
  it('marks each broken row in a copy of the upload (error column, red cells) and creates no product', async () => {
    await http.post(
      a.admin.token,
      '/api/myproduct/create',
      productBody(leafId, a.image, {
        skus: [{ code: 'TAKEN-1', specValues: [], price: 10, priceTiers: [], stock: 0, lowStock: 0 }],
      }),
    );
    const before = await productCount(a.id);
    const rows: [Row, string][] = [
      [good('OK-1'), ''],
      [good('E-NAME', { name: '' }), '商品名称至少2个字'],
      [good('E-CAT', { category: '999999' }), '分类编码「999999」不存在'],
      [good('E-PRICE', { price: 'abc' }), '单价（元）须为数字'],
      [good('E-ZERO', { price: 0 }), '单价必须大于0'],
      [good('E-TIER', { tiers: '10:120' }), '阶梯单价须逐级递减，且低于基础单价'],
      [good('E-TIERFMT', { tiers: '10-90' }), '阶梯价格式应为'],
      [good('E-UNIT', { unit: '' }), '请输入销售单位'],
      [good('E CODE'), '规格编码为1-40位字母'],
      [good('TAKEN-1'), '已被本企业的其他商品使用'],
      [good('OK-1', { name: '重复编码商品' }), '与第2行重复'],
      [good('E-ORIGIN', { origin: '火星 奥林匹斯' }), '产地「火星 奥林匹斯」不正确'],
      [good('E-ATTR', { category: attrLeafCode }), '请填写参数「流量」'],
      [good('E-ATTRNUM', { category: attrLeafCode, attributes: '流量:很大' }), '参数「流量」须为数字'],
      [good('E-IMG', { images: b.image }), '不是本企业图片库中的图片'],
      [good('E-RELIEF', { relief: '也许' }), '消费扶贫请填写「是」或「否」'],
      [good('E-STOCK', { stock: -1 }), '库存不能小于0'],
      [good('E-MIN', { minOrder: 1.5 }), '最小起订量必须是整数'],
      [good('E-LEAD', { leadTime: 400 }), '交货期最多365天'],
      [{ group: 'G', ...good('E-G1') }, ''],
      [{ group: 'G', code: 'E-G2', price: 50, unit: '袋' }, '同一商品的「销售单位」须与第21行一致'],
      [{ group: 'S', ...good('E-S1', { specs: '含量:30%' }) }, ''],
      [{ group: 'S', code: 'E-S2', price: 50, specs: '含量:30%' }, '规格值组合与第23行重复'],
      [good('E-SPEC', { specs: '30%' }), '规格值格式应为'],
    ];
    const job = await importFile(a.admin.token, await sheet(rows.map(([r]) => r)));
    expect(job).toMatchObject({
      status: ImportJobStatus.ROW_ERRORS,
      total: rows.length,
      created: 0,
      hasErrorFile: true,
    });
    expect(job.message).toContain('整个文件未导入');
    expect(await productCount(a.id)).toBe(before);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/myproduct/import/errors/download?id=${job.sysNo}`,
      headers: { 'x-token': a.admin.token },
    });
    expect(res.headers['content-type']).toContain(XLSX);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('商品导入')!;
    const errorCol = IMPORT_COLUMNS.length + 1;
    expect(ws.getRow(1).getCell(errorCol).value).toBe('错误信息');
    const marked = rows.map((_, i) => String(ws.getRow(i + 2).getCell(errorCol).value ?? ''));
    rows.forEach(([, expected], i) => {
      if (expected) expect(marked[i], `row ${i + 2}`).toContain(expected);
    });
    // Rows without a problem of their own are not marked (the group's first row carries the group's errors).
    expect(marked[0]).toBe('');
    expect(marked[21]).toBe('');
    const fill = ws.getRow(3).getCell(errorCol).fill as ExcelJS.FillPattern;
    expect(fill.fgColor?.argb).toBe('FFFFCCC7');
    expect(job.errorRows).toBe(rows.filter(([, e]) => e).length);
  });

  it('refuses a file that is not the template, has no rows or too many rows, and nothing changes', async () => {
    const wrong = new ExcelJS.Workbook();
    wrong.addWorksheet('Sheet1').addRow(['名称', '价格']);
    const bad = await importFile(a.admin.token, Buffer.from(await wrong.xlsx.writeBuffer()));
    expect(bad).toMatchObject({ status: ImportJobStatus.FAILED, hasErrorFile: false });
    expect(bad.message).toContain('表头不正确');
    expect((await importFile(a.admin.token, template)).message).toBe('文件中没有商品数据');
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => good(`MANY-${i}`));
    const before = await productCount(a.id);
    expect((await importFile(a.admin.token, await sheet(rows))).message).toBe(
      `每次最多导入${IMPORT_MAX_ROWS}行，请分批导入`,
    );
    expect(await productCount(a.id)).toBe(before);
  });

  it('takes only .xlsx files of at most 5 MB, checked by name and content', async () => {
    expect(await upload(a.admin.token, template, { name: '商品.xls' })).toMatchObject({
      code: Code.INVALID,
      message: '请上传 .xlsx 格式的Excel文件',
    });
    expect(
      await upload(a.admin.token, Buffer.from('<html>not excel</html>'), { name: 'x.xlsx' }),
    ).toMatchObject({ code: Code.INVALID, message: '文件内容不是Excel（.xlsx）文件' });
    const big = Buffer.concat([template, Buffer.alloc(5 * 1024 * 1024)]);
    expect(await upload(a.admin.token, big)).toMatchObject({
      code: Code.INVALID,
      message: '文件不能超过5MB',
    });
  });
});

describe('product import: permissions and company isolation', () => {
  it("does not show company A's job or its error file to company B, nor to a purchaser", async () => {
    const job = await importFile(a.admin.token, await sheet([good('ISO-1', { price: -1 })]));
    expect(job.status).toBe(ImportJobStatus.ROW_ERRORS);
    expect((await http.get(b.admin.token, `/api/myproduct/import/status?id=${job.sysNo}`)).code).toBe(
      Code.NOT_FOUND,
    );
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/myproduct/import/errors/download?id=${job.sysNo}`,
      headers: { 'x-token': b.admin.token },
    });
    expect(res.json()).toMatchObject({ code: Code.NOT_FOUND });
    const purchaser = await signedInCompanyAdmin(t.database.db, { company: { type: 4, name: '导入采购商' } });
    expect((await http.get(purchaser.token, `/api/myproduct/import/status?id=${job.sysNo}`)).code).toBe(
      Code.FORBIDDEN,
    );
    expect((await upload(purchaser.token, template)).code).toBe(Code.FORBIDDEN);
  });
});

describe('product import: the job lives in the database', () => {
  it('is taken up again after a restart: a queued job left by a stopped process is resumed and finished', async () => {
    const uploadPath = `private/imports/${a.id}/resume-test.xlsx`;
    await t.app.storage.put(uploadPath, await sheet([good('RESUME-1')]), XLSX);
    const [job] = await t.database.db
      .insert(productImportJobs)
      .values({ companyId: a.id, userId: a.admin.id, fileName: 'r.xlsx', uploadPath })
      .returning();
    expect(await resumeImports({ db: t.database.db, storage: t.app.storage })).toBeGreaterThanOrEqual(1);
    await importRun(job!.id);
    const status = await http.get<ImportJobView>(a.admin.token, `/api/myproduct/import/status?id=${job!.id}`);
    expect(status.data).toMatchObject({ status: ImportJobStatus.DONE, created: 1 });
    expect(await t.app.storage.exists(uploadPath)).toBe(false);
  });
});

describe('product import: a full file', () => {
  it(`accepts ${IMPORT_MAX_ROWS} rows (products of two SKUs) in one job`, async () => {
    const rows: Row[] = [];
    for (let i = 0; i < IMPORT_MAX_ROWS / 2; i++) {
      rows.push({
        group: `B${i}`,
        ...good(`BIG-${i}-A`, { name: `批量商品${i}`, specs: '含量:30%', stock: 10 }),
      });
      rows.push({ group: `B${i}`, code: `BIG-${i}-B`, specs: '含量:28%', price: 90 });
    }
    const before = await productCount(b.id);
    const job = await importFile(b.admin.token, await sheet(rows));
    expect(job).toMatchObject({
      status: ImportJobStatus.DONE,
      total: IMPORT_MAX_ROWS,
      done: IMPORT_MAX_ROWS,
      created: IMPORT_MAX_ROWS / 2,
    });
    expect(await productCount(b.id)).toBe(before + IMPORT_MAX_ROWS / 2);
    const [skus] = await t.database.db
      .select({ n: count() })
      .from(productSkus)
      .where(eq(productSkus.companyId, b.id));
    expect(skus!.n).toBe(IMPORT_MAX_ROWS);
  }, 180_000);
});
