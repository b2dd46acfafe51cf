import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { Code, PRODUCT_COUNT_CAP, ProductStatus, type Paged, type ProductDetail, type ProductListAnswer, type ProductReviewRow, type ProductRow } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { auditLogs, categoryAttributes, messages, products, productSearch } from '../../db/schema/index.ts';
import { signedInPlatformAdmin, signedInUser } from '../../test/factories/index.ts';
import { api, makeCategoryBranch, makeSupplier, productBody } from '../../test/factories/index.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
let leaf: number;
let a: Awaited<ReturnType<typeof makeSupplier>>;
let b: Awaited<ReturnType<typeof makeSupplier>>;
let admin: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  const db = t.database.db;
  leaf = (await makeCategoryBranch(db, '71', ['水处理药剂', '絮凝剂', '聚合氯化铝'])).leaf;
  a = await makeSupplier(db, '甲供应商');
  b = await makeSupplier(db, '乙供应商');
  admin = await signedInPlatformAdmin(db);
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/products/products.test.ts');

async function create(token: string, body: unknown) {
  const res = await http.post<{ sysNo: number }>(token, '/api/myproduct/create', body);
  expect(res).toMatchObject({ code: 0 });
  return res.data.sysNo;
}
const detail = (token: string, id: number) => http.get<ProductDetail>(token, `/api/myproduct/detail?id=${id}`);
const product = async (id: number) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!;
async function pendingReviewOf(productId: number) {
  const list = await http.post<Paged<ProductReviewRow>>(admin.token, '/admin/api/product/review/list', { status: 1, pageIndex: 1, pageSize: 100 });
  return list.data.list.find((r) => r.productId === productId);
}

describe('product lifecycle: 草稿 → 待审核 → 已上架 ⇄ 已下架, 已驳回', () => {
  it('creates a draft with SKUs, tiers and opening stock; the mall does not see it', async () => {
    const id = await create(a.admin.token, productBody(leaf, a.image));
    const d = await detail(a.admin.token, id);
    expect(d.data).toMatchObject({ status: ProductStatus.DRAFT, pendingRevision: false });
    expect(d.data.content.description).toBe('<p>优质净水剂</p>');
    expect(d.data.skus.map((s) => [s.price, s.onHand, s.available])).toEqual([[2000, 100, 100], [1800, 20, 20]]);
    expect(d.data.categoryPath.map((c) => c.name)).toEqual(['水处理药剂', '絮凝剂', '聚合氯化铝']);
    const p = await product(id);
    expect([p.price, p.stock, p.priceTiers]).toEqual(['1800.00', 120, []]);
    expect(await t.database.db.select().from(productSearch).where(eq(productSearch.productId, id))).toHaveLength(0);
  });

  it('goes through review: approve puts it on sale; an edit waits for review while the approved version stays on sale', async () => {
    const id = await create(a.admin.token, productBody(leaf, a.image, { name: '聚丙烯酰胺 审核测试' }));
    expect(await http.post(a.admin.token, '/api/myproduct/submit', { sysNo: id })).toMatchObject({ code: 0 });
    expect((await product(id)).status).toBe(ProductStatus.PENDING);
    // Pending: no edit, no second submit, no shelf.
    const body = productBody(leaf, a.image, { name: '聚丙烯酰胺 审核测试' });
    expect((await http.post(a.admin.token, '/api/myproduct/update', { sysNo: id, product: body })).code).toBe(Code.CONFLICT);
    expect((await http.post(a.admin.token, '/api/myproduct/submit', { sysNo: id })).code).toBe(Code.CONFLICT);

    const review = await pendingReviewOf(id);
    expect(review).toMatchObject({ isEdit: false, productName: '聚丙烯酰胺 审核测试', companyName: '甲供应商店' });
    const preview = await http.get<{ content: { name: string }; current: unknown; skus: unknown[] }>(admin.token, `/admin/api/product/review/detail?id=${review!.sysNo}`);
    expect(preview.data).toMatchObject({ content: { name: '聚丙烯酰胺 审核测试' }, current: null });
    expect(preview.data.skus).toHaveLength(2);
    expect(await http.post(admin.token, '/admin/api/product/review/approve', { id: review!.sysNo })).toMatchObject({ code: 0 });
    expect((await http.post(admin.token, '/admin/api/product/review/approve', { id: review!.sysNo })).code).toBe(Code.CONFLICT);
    expect((await product(id)).status).toBe(ProductStatus.ON_SALE);
    expect(await t.database.db.select().from(productSearch).where(eq(productSearch.productId, id))).toHaveLength(1);
    // The mall's goods detail offers the SKUs with their tiers and available stock.
    const mall = await http.get<{ skus: { spec: string; price: number; priceTiers: unknown[]; available: number }[]; leadTimeDays: number }>(null, `/api/product/${id}`);
    expect(mall.data.skus).toEqual([
      expect.objectContaining({ spec: '30%', price: 2000, priceTiers: [{ minQty: 10, price: 1900 }, { minQty: 50, price: 1800 }], available: 100 }),
      expect.objectContaining({ spec: '28%', price: 1800, priceTiers: [], available: 20 }),
    ]);
    expect(mall.data.leadTimeDays).toBe(3);
    const inbox = await t.database.db.select().from(messages).where(eq(messages.companyId, a.id));
    expect(inbox.some((m) => m.title.includes('聚丙烯酰胺 审核测试') && m.title.includes('审核已通过'))).toBe(true);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'product.approve'));
    expect(audit.some((r) => r.targetId === String(id))).toBe(true);

    // Content edit on sale: pending revision, the mall keeps the approved name; the price applies at once.
    const current = (await detail(a.admin.token, id)).data;
    const edited = {
      ...body,
      name: '聚丙烯酰胺 新名称',
      skus: current.skus.map((s) => ({ sysNo: s.sysNo, code: s.code, specValues: s.specValues, price: s.price - 50, priceTiers: s.priceTiers, stock: s.onHand, lowStock: s.lowStock })),
    };
    const upd = await http.post<{ pendingRevision: boolean }>(a.admin.token, '/api/myproduct/update', { sysNo: id, product: edited });
    expect(upd).toMatchObject({ code: 0, data: { pendingRevision: true } });
    const onSale = await product(id);
    expect([onSale.name, onSale.status, onSale.price]).toEqual(['聚丙烯酰胺 审核测试', ProductStatus.ON_SALE, '1750.00']);
    expect((await detail(a.admin.token, id)).data).toMatchObject({ pendingRevision: true, content: { name: '聚丙烯酰胺 新名称' } });

    // Reject the edit: still on sale with the old content, the reason is shown.
    const editReview = await pendingReviewOf(id);
    expect(editReview?.isEdit).toBe(true);
    expect((await http.post(admin.token, '/admin/api/product/review/reject', { id: editReview!.sysNo, reason: '图片与名称不符' })).code).toBe(0);
    expect(await product(id)).toMatchObject({ status: ProductStatus.ON_SALE, name: '聚丙烯酰胺 审核测试', rejectReason: '图片与名称不符' });

    // Resubmit the edit and approve it: the new name is on sale.
    await http.post(a.admin.token, '/api/myproduct/update', { sysNo: id, product: edited });
    await http.post(admin.token, '/admin/api/product/review/approve', { id: (await pendingReviewOf(id))!.sysNo });
    expect(await product(id)).toMatchObject({ status: ProductStatus.ON_SALE, name: '聚丙烯酰胺 新名称', rejectReason: null });

    // Off and on shelf; deleting an approved product is refused.
    const off = await http.post<{ changed: number }>(a.admin.token, '/api/myproduct/shelf', { ids: [id], onSale: false });
    expect(off).toMatchObject({ code: 0, data: { changed: 1 } });
    expect(await t.database.db.select().from(productSearch).where(eq(productSearch.productId, id))).toHaveLength(0);
    expect((await http.post(a.admin.token, '/api/myproduct/shelf', { ids: [id], onSale: false })).code).toBe(Code.CONFLICT);
    expect((await http.post(a.admin.token, '/api/myproduct/shelf', { ids: [id], onSale: true })).code).toBe(0);
    expect((await http.post(a.admin.token, '/api/myproduct/delete', { ids: [id] })).code).toBe(Code.CONFLICT);
  });

  it('a rejected first submission becomes 已驳回 with the reason, can be edited, resubmitted or deleted', async () => {
    const id = await create(a.admin.token, productBody(leaf, a.image, { name: '驳回测试商品' }));
    await http.post(a.admin.token, '/api/myproduct/submit', { sysNo: id });
    await http.post(admin.token, '/admin/api/product/review/reject', { id: (await pendingReviewOf(id))!.sysNo, reason: '缺少执行标准' });
    expect(await product(id)).toMatchObject({ status: ProductStatus.REJECTED, rejectReason: '缺少执行标准' });
    const list = await http.post<Paged<ProductRow>>(a.admin.token, '/api/myproduct/list', { status: ProductStatus.REJECTED, pageIndex: 1, pageSize: 20 });
    expect(list.data.list.find((r) => r.sysNo === id)).toMatchObject({ rejectReason: '缺少执行标准' });
    expect((await http.post(a.admin.token, '/api/myproduct/shelf', { ids: [id], onSale: true })).code).toBe(Code.CONFLICT);
    expect((await http.post(a.admin.token, '/api/myproduct/submit', { sysNo: id })).code).toBe(0);
    await http.post(admin.token, '/admin/api/product/review/reject', { id: (await pendingReviewOf(id))!.sysNo, reason: '仍缺少' });
    expect(await http.post(a.admin.token, '/api/myproduct/delete', { ids: [id] })).toMatchObject({ code: 0, data: { deleted: 1 } });
    expect(await t.database.db.select().from(products).where(eq(products.id, id))).toHaveLength(0);
  });

  it('copies a product as a new draft with new SKU codes and no stock', async () => {
    const id = await create(a.admin.token, productBody(leaf, a.image, { name: '复制源' }));
    const res = await http.post<{ sysNo: number }>(a.admin.token, '/api/myproduct/copy', { sysNo: id });
    expect(res.code).toBe(0);
    const copy = (await detail(a.admin.token, res.data.sysNo)).data;
    const source = (await detail(a.admin.token, id)).data;
    expect(copy).toMatchObject({ status: ProductStatus.DRAFT, content: { name: '复制源（副本）' } });
    expect(copy.skus.map((s) => s.onHand)).toEqual([0, 0]);
    expect(copy.skus.map((s) => s.code)).not.toEqual(source.skus.map((s) => s.code));
  });

  it('lists with filters: name, SKU code, category, status, on sale', async () => {
    const body = productBody(leaf, a.image, { name: '过滤测试 活性炭' });
    const id = await create(a.admin.token, body);
    const q = (f: object) => http.post<Paged<ProductRow>>(a.admin.token, '/api/myproduct/list', { pageIndex: 1, pageSize: 50, ...f });
    expect((await q({ name: '活性炭' })).data.list.map((r) => r.sysNo)).toEqual([id]);
    expect((await q({ code: body.skus[1]!.code })).data.list.map((r) => r.sysNo)).toEqual([id]);
    expect((await q({ categoryCode: '71' })).data.total).toBeGreaterThan(0);
    expect((await q({ categoryCode: '72' })).data.total).toBe(0);
    expect((await q({ onSale: 1 })).data.list.every((r) => r.status === ProductStatus.ON_SALE)).toBe(true);
    expect((await q({ status: 0 })).data.list.every((r) => r.status === 0)).toBe(true);
    expect((await q({ name: '活性炭' })).data.list[0]).toMatchObject({ skuCount: 2, stock: 120, price: 1800, categoryName: '聚合氯化铝' });
  });

  it('counts at most PRODUCT_COUNT_CAP products (10000+) and pages products sharing one updated_at by id', async () => {
    const c = await makeSupplier(t.database.db, '万件商品供应商');
    const id = await create(c.admin.token, productBody(leaf, c.image, { name: '批量导入' }));
    // PRODUCT_COUNT_CAP + 1 more copies in one statement: all with the same updated_at, as a bulk import makes them.
    const cols = Object.values(getTableColumns(products)).map((col) => `"${col.name.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)}"`).filter((n) => n !== '"id"');
    await t.database.db.execute(
      sql.raw(`insert into products (${cols.join(', ')}) select ${cols.map((n) => `p.${n}`).join(', ')} from products p, generate_series(1, ${PRODUCT_COUNT_CAP + 1}) where p.id = ${id}`),
    );
    const q = (f: object) => http.post<ProductListAnswer>(c.admin.token, '/api/myproduct/list', { pageIndex: 1, pageSize: 20, ...f });
    const first = (await q({})).data;
    expect(first).toMatchObject({ total: PRODUCT_COUNT_CAP, totalCapped: true });
    const ids = first.list.map((r) => r.sysNo);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const second = (await q({ pageIndex: 2 })).data.list.map((r) => r.sysNo);
    expect(Math.max(...second)).toBeLessThan(Math.min(...ids));
    // A page past the end still answers the capped total; a filter under the cap is exact.
    expect((await q({ pageIndex: 100_000 })).data).toMatchObject({ list: [], total: PRODUCT_COUNT_CAP, totalCapped: true });
    expect((await q({ status: ProductStatus.ON_SALE })).data).toMatchObject({ total: 0, totalCapped: false });
    expect((await q({ status: ProductStatus.DRAFT, name: '批量导入' })).data).toMatchObject({ total: PRODUCT_COUNT_CAP, totalCapped: true });
  });
});

describe('validation', () => {
  it('refuses bad tiers, duplicate codes, MOQ 0, more than 5 images and images of another company', async () => {
    const bad = (over: object) => http.post(a.admin.token, '/api/myproduct/create', productBody(leaf, a.image, over));
    const sku = productBody(leaf, a.image).skus[0]!;
    expect((await bad({ skus: [{ ...sku, priceTiers: [{ minQty: 10, price: 1900 }, { minQty: 10, price: 1800 }] }] })).message).toContain('逐级递增');
    expect((await bad({ skus: [{ ...sku, priceTiers: [{ minQty: 10, price: 1900 }, { minQty: 20, price: 1950 }] }] })).message).toContain('逐级递减');
    expect((await bad({ skus: [{ ...sku, priceTiers: [{ minQty: 10, price: 2100 }] }] })).message).toContain('低于基础单价');
    expect((await bad({ skus: [sku, { ...sku, specValues: [] }] })).message).toContain('规格编码不能重复');
    expect((await bad({ minOrder: 0 })).code).toBe(Code.INVALID);
    expect((await bad({ images: Array.from({ length: 6 }, () => a.image) })).message).toContain('最多允许5张');
    expect(await bad({ images: [b.image] })).toMatchObject({ code: Code.INVALID, message: '商品图片须为本企业上传的图片' });
    expect((await bad({ categoryId: (await makeCategoryBranch(t.database.db, '73', ['a', 'b', 'c'])).mid })).message).toBe('请选择三级分类');
  });

  it('enforces the category attribute definitions (required, number, option)', async () => {
    const branch = await makeCategoryBranch(t.database.db, '74', ['水处理设备', '泵', '离心泵']);
    await t.database.db.insert(categoryAttributes).values([
      { categoryId: branch.top, name: '执行标准', type: 1, required: true },
      { categoryId: branch.leaf, name: '流量', type: 2, unit: 'm³/h' },
      { categoryId: branch.leaf, name: '材质', type: 3, options: ['铸铁', '不锈钢'] },
    ]);
    const defs = await http.get<{ name: string }[]>(a.admin.token, `/api/myproduct/attributes?categoryId=${branch.leaf}`);
    expect(defs.data.map((d) => d.name)).toEqual(['执行标准', '流量', '材质']);
    const body = (attributes: { name: string; value: string }[]) => productBody(branch.leaf, a.image, { attributes });
    expect((await http.post(a.admin.token, '/api/myproduct/create', body([]))).message).toBe('请填写参数「执行标准」');
    expect((await http.post(a.admin.token, '/api/myproduct/create', body([{ name: '执行标准', value: 'GB/T' }, { name: '流量', value: '大' }]))).message).toBe('参数「流量」须为数字');
    expect((await http.post(a.admin.token, '/api/myproduct/create', body([{ name: '执行标准', value: 'GB/T' }, { name: '材质', value: '木头' }]))).message).toBe('参数「材质」须从选项中选择');
    expect((await http.post(a.admin.token, '/api/myproduct/create', body([{ name: '执行标准', value: 'GB/T' }, { name: '材质', value: '铸铁' }]))).code).toBe(0);
  });

  it('only approved merchants submit or put products on sale', async () => {
    const c = await makeSupplier(t.database.db, '未入驻供应商', { approved: false });
    const id = await create(c.admin.token, productBody(leaf, c.image));
    expect(await http.post(c.admin.token, '/api/myproduct/submit', { sysNo: id })).toMatchObject({ code: Code.FORBIDDEN });
    expect((await product(id)).status).toBe(ProductStatus.DRAFT);
  });
});

describe('permissions, member gate and company isolation', () => {
  it('a sub-user without product:edit cannot create; a purchaser cannot list', async () => {
    const clerk = await signedInUser(t.database.db, { companyId: a.id });
    expect((await http.post(clerk.token, '/api/myproduct/create', productBody(leaf, a.image))).code).toBe(Code.FORBIDDEN);
    expect((await http.post(clerk.token, '/api/myproduct/list', {})).code).toBe(Code.FORBIDDEN);
  });

  it('members at level 0 (membership enforced) cannot open the product detail; level 2 can (levels are cumulative)', async () => {
    const c = await makeSupplier(t.database.db, '普通会员', { memberLevel: 0, isMemberVail: 1 });
    const id = await create(c.admin.token, productBody(leaf, c.image));
    expect(await detail(c.admin.token, id)).toMatchObject({ code: Code.MEMBER_REQUIRED, message: '请购买一级/三级会员' });
    const d = await makeSupplier(t.database.db, '二级会员', { memberLevel: 2, isMemberVail: 1 });
    const own = await create(d.admin.token, productBody(leaf, d.image));
    expect((await detail(d.admin.token, own)).code).toBe(0);
  });

  it('company B can neither read nor change A’s products', async () => {
    const id = await create(a.admin.token, productBody(leaf, a.image, { name: '甲的商品' }));
    const before = await product(id);
    const aView = (await detail(a.admin.token, id)).data;
    crossCompanyCaller(b.admin.token);
    expect((await detail(b.admin.token, id)).code).toBe(Code.NOT_FOUND);
    expect((await http.post(b.admin.token, '/api/myproduct/update', { sysNo: id, product: productBody(leaf, b.image) })).code).toBe(Code.NOT_FOUND);
    expect((await http.post(b.admin.token, '/api/myproduct/submit', { sysNo: id })).code).toBe(Code.NOT_FOUND);
    expect((await http.post(b.admin.token, '/api/myproduct/shelf', { ids: [id], onSale: true })).code).toBe(Code.CONFLICT);
    expect((await http.post(b.admin.token, '/api/myproduct/delete', { ids: [id] })).code).toBe(Code.CONFLICT);
    expect((await http.post(b.admin.token, '/api/myproduct/copy', { sysNo: id })).code).toBe(Code.NOT_FOUND);
    const list = await http.post<Paged<ProductRow>>(b.admin.token, '/api/myproduct/list', { pageIndex: 1, pageSize: 100 });
    expect(list.data.list.some((r) => r.sysNo === id)).toBe(false);
    // B's product may not take A's SKUs over by id.
    const aSku = (await detail(a.admin.token, id)).data.skus[0]!;
    const bId = await create(b.admin.token, productBody(leaf, b.image));
    const steal = productBody(leaf, b.image, { skus: [{ sysNo: aSku.sysNo, code: 'STEAL1', specValues: [], price: 1, priceTiers: [], stock: 0, lowStock: 0 }] });
    expect((await http.post(b.admin.token, '/api/myproduct/update', { sysNo: bId, product: steal })).code).toBe(Code.INVALID);
    expect(await product(id)).toEqual(before);
    expect((await detail(a.admin.token, id)).data).toEqual(aView);
  });

  it('exports the filtered list as Excel, one row per SKU of the company’s own products', async () => {
    const id = await create(a.admin.token, productBody(leaf, a.image, { name: '导出测试 除磷剂' }));
    await create(b.admin.token, productBody(leaf, b.image, { name: '导出测试 乙公司' }));
    // A smuggled companyId of B changes nothing: A's export holds A's rows only.
    crossCompanyCaller(a.admin.token);
    const res = await t.app.inject({ method: 'POST', url: '/api/myproduct/export', payload: { name: '导出测试', companyId: b.id }, headers: { 'x-token': a.admin.token } });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((r) => [r[1], r[2], r[8]])).toEqual([
      [id, '导出测试 除磷剂', 2000],
      [id, '导出测试 除磷剂', 1800],
    ]);
  });

  it('SKU codes are unique within a company, not across companies', async () => {
    const body = productBody(leaf, a.image);
    await create(a.admin.token, body);
    expect((await http.post(a.admin.token, '/api/myproduct/create', body)).message).toBe('规格编码已被本企业的其他商品使用');
    expect((await http.post(b.admin.token, '/api/myproduct/create', productBody(leaf, b.image, { skus: body.skus }))).code).toBe(0);
  });

  it('the platform console alone reviews; company users get no access to /admin', async () => {
    expect((await http.post(a.admin.token, '/admin/api/product/review/list', {})).code).not.toBe(0);
  });

  it('keeps products.price and stock equal to the SKUs in the same transaction', async () => {
    const rows = (await t.database.db.execute(sql`
      select count(*)::int as bad from products p
      where exists (select 1 from product_skus s where s.product_id = p.id)
        and (p.price <> (select min(price) from product_skus s where s.product_id = p.id)
          or p.stock <> (select sum(on_hand - reserved) from product_skus s where s.product_id = p.id))`)) as unknown as { rows: { bad: number }[] };
    expect(Number(rows.rows[0]!.bad)).toBe(0);
  });
});
