import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { addDays, chinaDay, Code, ContractPriceKind } from '@aquamall/shared';
import {
  contractPriceEndpoints as e,
  contractPriceImportEndpoints as p,
  customerGroupEndpoints as g,
  myPriceEndpoints as m,
} from '@aquamall/shared/endpoints';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { auditLogs, contractPrices, customerGroupMembers, customerGroups, productSkus } from '../../db/schema/index.ts';
import { callEndpoint } from '../../test/http.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';
import { makeOnSaleProduct, makePurchaser, makeSupplier, multipartBody } from '../../test/factories/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/pricing/price-lists.test.ts');
const db = () => t.database.db;
const today = () => chinaDay();

async function scene(name: string) {
  const seller = await makeSupplier(db(), `${name}供应商`);
  const buyer = await makePurchaser(db(), `${name}采购商`);
  const { productId, skuIds } = await makeOnSaleProduct(db(), seller, {
    name: `${name}絮凝剂`,
    skus: [
      { price: 100, stock: 500 },
      { price: 200, stock: 500 },
    ],
  });
  const codes = (await db().select({ id: productSkus.id, code: productSkus.code }).from(productSkus).where(inArray(productSkus.id, skuIds)))
    .sort((a, b) => a.id - b.id)
    .map((s) => s.code);
  return { seller, buyer, productId, skuIds, codes, token: seller.admin.token };
}

describe('customer groups (客户分组)', () => {
  it('creates, renames, pages, adds and removes purchasers, refuses duplicates and non-purchasers; a group price reaches its members only', async () => {
    const { seller, buyer, productId, skuIds, token } = await scene('分组');
    const other = await makePurchaser(db(), '分组另一采购商');
    const created = await callEndpoint(t.app, token, g.customerGroupCreate, { name: ' 华北水厂 ' });
    expect(created.code, created.message).toBe(0);
    const id = created.data.id;
    expect((await callEndpoint(t.app, token, g.customerGroupCreate, { name: '华北水厂' })).message).toBe('已有名为“华北水厂”的客户分组');
    expect((await callEndpoint(t.app, token, g.customerGroupCreate, { name: '' })).message).toBe('请输入分组名称');
    await callEndpoint(t.app, token, g.customerGroupCreate, { name: '华南水厂' });

    // Only purchasers join; a supplier in the list refuses the whole request.
    const smuggled = await callEndpoint(t.app, token, g.customerGroupAddMembers, { id, companyIds: [buyer.companyId, seller.id] });
    expect(smuggled.message).toBe('只能加入采购商，请刷新后重选');
    const added = await callEndpoint(t.app, token, g.customerGroupAddMembers, { id, companyIds: [buyer.companyId, buyer.companyId] });
    expect(added.data).toEqual({ added: 1 });
    expect((await callEndpoint(t.app, token, g.customerGroupAddMembers, { id, companyIds: [buyer.companyId] })).data).toEqual({ added: 0 });

    const listed = await callEndpoint(t.app, token, g.customerGroupList, { pageIndex: 1, pageSize: 1 });
    expect(listed.data.total).toBe(2);
    expect(listed.data.list).toHaveLength(1);
    const hua = await callEndpoint(t.app, token, g.customerGroupList, { pageIndex: 1, pageSize: 10, keyword: '华北' });
    expect(hua.data.list).toMatchObject([{ id, name: '华北水厂', memberCount: 1, ruleCount: 0 }]);
    expect((await callEndpoint(t.app, token, g.customerGroupMembers, { id, pageIndex: 1, pageSize: 10 })).data).toEqual({
      list: [{ companyId: buyer.companyId, name: '分组采购商' }],
      total: 1,
    });

    // A price for the group reaches its member, not another purchaser.
    const rule = await callEndpoint(t.app, token, e.contractPriceCreate, {
      kind: ContractPriceKind.FIXED,
      value: 77,
      validFrom: today(),
      groupId: id,
      skuIds: [skuIds[0]!],
    });
    expect(rule.code, rule.message).toBe(0);
    expect((await callEndpoint(t.app, buyer.token, m.pricingMine, { productIds: [productId] })).data.skus).toMatchObject([{ price: '77.00' }]);
    expect((await callEndpoint(t.app, other.token, m.pricingMine, { productIds: [productId] })).data.skus).toEqual([]);

    expect((await callEndpoint(t.app, token, g.customerGroupRename, { id, name: '华南水厂' })).message).toBe('已有名为“华南水厂”的客户分组');
    expect((await callEndpoint(t.app, token, g.customerGroupRename, { id, name: '华北重点水厂' })).code).toBe(0);
    expect((await callEndpoint(t.app, token, e.contractPriceList, { pageIndex: 1, pageSize: 10 })).data.list[0]!.targetName).toBe('客户分组：华北重点水厂');

    // Deleting is refused while a rule names the group; removing the member stops its price at once.
    expect((await callEndpoint(t.app, token, g.customerGroupDelete, { id })).message).toBe('该分组有1条协议价，请先删除这些协议价后再删除分组');
    expect((await callEndpoint(t.app, token, g.customerGroupRemoveMembers, { id, companyIds: [buyer.companyId] })).code).toBe(0);
    expect((await callEndpoint(t.app, buyer.token, m.pricingMine, { productIds: [productId] })).data.skus).toEqual([]);
    expect((await callEndpoint(t.app, token, e.contractPriceDelete, { id: rule.data.ids[0]! })).code).toBe(0);
    expect((await callEndpoint(t.app, token, g.customerGroupDelete, { id })).code).toBe(0);
    expect(await db().select().from(customerGroups).where(eq(customerGroups.id, id))).toEqual([]);

    const actions = (await db().select({ action: auditLogs.action }).from(auditLogs).where(and(eq(auditLogs.targetType, 'customer_group'), eq(auditLogs.targetId, String(id))))).map((a) => a.action);
    expect(actions.sort()).toEqual(['customer_group.add_members', 'customer_group.create', 'customer_group.delete', 'customer_group.remove_members', 'customer_group.rename']);
  });

  it('another supplier neither sees nor changes the groups; a purchaser cannot manage groups', async () => {
    const { buyer, token } = await scene('分组隔离');
    const id = (await callEndpoint(t.app, token, g.customerGroupCreate, { name: '重点客户' })).data.id;
    await callEndpoint(t.app, token, g.customerGroupAddMembers, { id, companyIds: [buyer.companyId] });
    const third = crossCompanyCaller((await makeSupplier(db(), '分组隔离第三供应商')).admin.token);
    const before = await db().select().from(customerGroups).where(eq(customerGroups.id, id));
    expect((await callEndpoint(t.app, third, g.customerGroupList, { pageIndex: 1, pageSize: 10 })).data.total).toBe(0);
    for (const call of [
      callEndpoint(t.app, third, g.customerGroupRename, { id, name: '改名' }),
      callEndpoint(t.app, third, g.customerGroupDelete, { id }),
      callEndpoint(t.app, third, g.customerGroupMembers, { id, pageIndex: 1, pageSize: 10 }),
      callEndpoint(t.app, third, g.customerGroupAddMembers, { id, companyIds: [buyer.companyId] }),
      callEndpoint(t.app, third, g.customerGroupRemoveMembers, { id, companyIds: [buyer.companyId] }),
    ])
      expect(await call).toMatchObject({ code: Code.NOT_FOUND, message: '客户分组不存在' });
    // Nor price for the group.
    expect((await callEndpoint(t.app, third, e.contractPriceCreate, { kind: 1, value: 1, validFrom: today(), groupId: id, skuIds: [1] })).code).not.toBe(0);
    expect(await db().select().from(customerGroups).where(eq(customerGroups.id, id))).toEqual(before);
    expect(await db().select().from(customerGroupMembers).where(eq(customerGroupMembers.groupId, id))).toHaveLength(1);
    expect((await callEndpoint(t.app, buyer.token, g.customerGroupList, { pageIndex: 1, pageSize: 10 })).code).not.toBe(0);
  });
});

const HEAD = ['规则编号', '采购商/客户分组', 'SKU编码', '定价方式', '协议价（元）/优惠比例（%）', '数量阶梯', '生效日期', '截止日期', '限购数量', '备注'];

async function workbook(rows: unknown[][], head = HEAD): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('协议价');
  ws.addRow(head);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(token: string, body: Buffer) {
  const { payload, headers } = await multipartBody([{ field: 'file', name: 'prices.xlsx', body }]);
  const res = await t.app.inject({ method: 'POST', url: p.contractPriceImport.path, payload, headers: { ...headers, 'x-token': token } });
  return res.json() as { code: number; message: string; data: { imported: boolean; created: number; updated: number; unchanged: number; errors: { row: number; message: string }[] } };
}

const rulesOf = (supplierCompanyId: number) =>
  db().select().from(contractPrices).where(eq(contractPrices.supplierCompanyId, supplierCompanyId)).orderBy(contractPrices.id);

// Each upload opens its workbook in a worker thread (lib/sheets.ts): slow on a loaded machine.
describe('price lists in Excel', { timeout: 180_000 }, () => {
  it('the template has the columns; a file with one bad row imports nothing and names every bad row; the corrected file imports all', async () => {
    const { seller, buyer, productId, codes, token } = await scene('导入');
    const groupId = (await callEndpoint(t.app, token, g.customerGroupCreate, { name: '导入分组' })).data.id;
    const template = await t.app.inject({ method: 'GET', url: p.contractPriceTemplate.path, headers: { 'x-token': token } });
    expect(template.statusCode).toBe(200);
    const tw = new ExcelJS.Workbook();
    await tw.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect(tw.getWorksheet('协议价')!.getRow(1).values).toEqual([undefined, ...HEAD]);
    expect(tw.getWorksheet('填写说明')).toBeTruthy();

    const end = addDays(today(), 30);
    const good = [
      ['', '导入采购商', codes[0], '固定价', 88, '10件起 80；50件起 75', today(), end, 100, '年度协议'],
      ['', '客户分组：导入分组', codes[1], '折扣', 10, '', today(), '长期', '', ''],
    ];
    const bad = await upload(token, await workbook([
      ...good,
      ['', '导入采购商', '别人的编码', '固定价', 0, '10件 80', '2026-13-01', '', -1, ''],
      ['', '不存在的公司', codes[1], '打折', 'abc', '', today(), '', '', ''],
      ['', '导入采购商', codes[0], '固定价', 90, '', today(), '', '', ''],
    ]));
    expect(bad.code, bad.message).toBe(0);
    expect(bad.message).toBe('3行有错误，整个文件未导入');
    expect(bad.data.imported).toBe(false);
    const byRow = (row: number) => bad.data.errors.filter((x) => x.row === row).map((x) => x.message);
    expect(byRow(4)).toEqual(['数量阶梯格式不正确，应如“10件起 90；50件起 85”', '生效日期格式不正确，应如 2026-12-01', '限购数量必须是正整数，不限请留空']);
    expect(byRow(5)).toEqual(['定价方式请填写“固定价”或“折扣”', '请填写协议价（元）或优惠比例（%）']);
    // Row 6 overlaps row 2 of the same file: the form's overlap rule, in the form's words.
    expect(byRow(6)).toHaveLength(1);
    expect(byRow(6)[0]).toMatch(/^SKU「.+」对该客户已有有效期重叠的协议价（规则 \d+），请先结束或修改原规则$/);
    expect(await rulesOf(seller.id)).toEqual([]);
    expect(await db().select().from(auditLogs).where(like(auditLogs.action, 'contract_price.%')).then((rows) => rows.filter((r) => (r.after as { supplierCompanyId?: number } | null)?.supplierCompanyId === seller.id))).toEqual([]);

    const fine = await upload(token, await workbook(good));
    expect(fine.data).toEqual({ imported: true, created: 2, updated: 0, unchanged: 0, errors: [] });
    expect(fine.message).toBe('导入完成：新增2条，修改0条，未变0条');
    const rules = await rulesOf(seller.id);
    expect(rules.map((r) => [r.purchaserCompanyId, r.groupId, r.kind, r.value, r.tiers, r.validFrom, r.validTo, r.capQty, r.remark])).toEqual([
      [buyer.companyId, null, 1, '88.00', [{ minQty: 10, value: '80.00' }, { minQty: 50, value: '75.00' }], today(), end, 100, '年度协议'],
      [null, groupId, 2, '10.00', [], today(), null, null, ''],
    ]);
    expect((await callEndpoint(t.app, buyer.token, m.pricingMine, { productIds: [productId] })).data.skus).toMatchObject([{ price: '88.00', label: '协议价' }]);
    const audited = await db().select({ action: auditLogs.action }).from(auditLogs).where(and(eq(auditLogs.targetType, 'contract_price'), inArray(auditLogs.targetId, rules.map((r) => String(r.id)))));
    expect(audited.map((a) => a.action)).toEqual(['contract_price.create', 'contract_price.create']);
  });

  it('the export re-uploaded changes nothing; an edited row changes its rule; an ended rule and a moved SKU are refused', async () => {
    const { seller, buyer, skuIds, codes, token } = await scene('回传');
    const ids = (await callEndpoint(t.app, token, e.contractPriceCreate, { kind: 1, value: 50, validFrom: today(), purchaserCompanyId: buyer.companyId, skuIds })).data.ids;
    const exported = await t.app.inject({ method: 'POST', url: e.contractPriceExport.path, headers: { 'x-token': token }, payload: {} });
    const again = await upload(token, exported.rawPayload);
    expect(again.data).toEqual({ imported: true, created: 0, updated: 0, unchanged: 2, errors: [] });

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const col = (h: string) => (ws.getRow(1).values as unknown[]).indexOf(h);
    const rowOf = (id: number) => [2, 3].find((r) => ws.getRow(r).getCell(col('规则编号')).value === id)!;
    ws.getRow(rowOf(ids[0]!)).getCell(col('协议价（元）/优惠比例（%）')).value = 45;
    const edited = await upload(token, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(edited.data).toMatchObject({ imported: true, created: 0, updated: 1, unchanged: 1 });
    expect((await rulesOf(seller.id)).find((r) => r.id === ids[0])!.value).toBe('45.00');

    // The second rule ended; its row edited, and the first row's SKU swapped: both refused, nothing written.
    expect((await callEndpoint(t.app, token, e.contractPriceEnd, { id: ids[1]! })).code).toBe(0);
    ws.getRow(rowOf(ids[1]!)).getCell(col('协议价（元）/优惠比例（%）')).value = 40;
    ws.getRow(rowOf(ids[0]!)).getCell(col('SKU编码')).value = codes[1];
    ws.getRow(rowOf(ids[0]!)).getCell(col('协议价（元）/优惠比例（%）')).value = 30;
    const before = await rulesOf(seller.id);
    const refused = await upload(token, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(refused.data.imported).toBe(false);
    expect(refused.data.errors.map((x) => x.message).sort()).toEqual([`规则${ids[0]}的采购商和SKU不能修改；如需新的协议价，请清空规则编号`, '该协议价已结束'].sort());
    expect(await rulesOf(seller.id)).toEqual(before);
  });

  it('another supplier’s rule numbers in a file are unknown; a file without the columns and a non-workbook are refused in words', async () => {
    const { buyer, skuIds, token } = await scene('导入隔离');
    const id = (await callEndpoint(t.app, token, e.contractPriceCreate, { kind: 1, value: 50, validFrom: today(), purchaserCompanyId: buyer.companyId, skuIds: [skuIds[0]!] })).data.ids[0]!;
    const third = await scene('导入隔离第三');
    const thirdToken = crossCompanyCaller(third.token);
    const before = await db().select().from(contractPrices).where(eq(contractPrices.id, id));
    const r = await upload(thirdToken, await workbook([[id, '导入隔离采购商', third.codes[0], '固定价', 1, '', today(), '', '', '']]));
    expect(r.data.errors).toEqual([{ row: 2, message: `规则编号${id}不存在（新增请清空规则编号）` }]);
    expect(await db().select().from(contractPrices).where(eq(contractPrices.id, id))).toEqual(before);
    const tpl = await t.app.inject({ method: 'GET', url: p.contractPriceTemplate.path, headers: { 'x-token': thirdToken } });
    expect(tpl.statusCode).toBe(200);
    const headless = await upload(token, await workbook([['x']], ['名称']));
    expect(headless.data.errors).toEqual([{ row: 1, message: '表头缺少：采购商/客户分组、SKU编码、定价方式、协议价（元）/优惠比例（%）、生效日期，请使用下载的模板或导出的文件' }]);
    const { payload, headers } = await multipartBody([{ field: 'file', name: 'x.xlsx', body: Buffer.from('not a workbook') }]);
    const broken = await t.app.inject({ method: 'POST', url: p.contractPriceImport.path, payload, headers: { ...headers, 'x-token': token } });
    expect(broken.json()).toMatchObject({ message: '文件无法读取，请使用下载的模板（.xlsx）填写' });
    const none = await t.app.inject({ method: 'POST', url: p.contractPriceImport.path, payload: {}, headers: { 'x-token': token } });
    expect(none.json()).toMatchObject({ message: '请选择要上传的Excel文件（.xlsx）' });
    // A purchaser cannot import prices.
    expect((await upload(buyer.token, await workbook([]))).code).not.toBe(0);
  });
});
