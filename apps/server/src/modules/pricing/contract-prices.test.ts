import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, chinaDay, Code, ContractPriceKind, type ContractPriceRow } from '@aquamall/shared';
import { cartEndpoints, contractPriceEndpoints as e, myPriceEndpoints as m } from '@aquamall/shared/endpoints';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { auditLogs, contractPrices, productSkus } from '../../db/schema/index.ts';
import { callEndpoint } from '../../test/http.ts';
import { loadExcel } from '../../lib/lazy.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';
import {
  makeAddress,
  makeCustomerGroup,
  makeOnSaleProduct,
  makePurchaser,
  makeSupplier,
  newIdempotencyKey,
} from '../../test/factories/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/pricing/contract-prices.test.ts');
const db = () => t.database.db;

/** A supplier with one product of two SKUs (list 100 and 200) and a purchaser. */
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
  return { seller, buyer, productId, skuIds, token: seller.admin.token };
}

const today = () => chinaDay();
const rule = (over: Record<string, unknown> = {}) => ({
  kind: ContractPriceKind.FIXED,
  value: 88,
  validFrom: today(),
  ...over,
});

async function list(token: string, q: Record<string, unknown> = {}) {
  const r = await callEndpoint(t.app, token, e.contractPriceList, { pageIndex: 1, pageSize: 20, ...q });
  expect(r.code, r.message).toBe(0);
  return r.data as { list: ContractPriceRow[]; total: number };
}

describe('contract prices: the supplier manages its rules', () => {
  it('creates one rule per SKU, lists them with the price of today, filters, edits, ends and deletes; every change audited', async () => {
    const { seller, buyer, productId, skuIds, token } = await scene('管理');
    const created = await callEndpoint(t.app, token, e.contractPriceCreate, {
      ...rule({ kind: ContractPriceKind.DISCOUNT, value: 12.5, tiers: [{ minQty: 10, value: 20 }], capQty: 50 }),
      purchaserCompanyId: buyer.companyId,
      skuIds,
    });
    expect(created.code, created.message).toBe(0);
    expect(created.data.ids).toHaveLength(2);
    const rows = (await list(token)).list;
    expect(rows).toHaveLength(2);
    const first = rows.find((r) => r.skuId === skuIds[0])!;
    expect(first).toMatchObject({
      targetName: '管理采购商',
      kind: 2,
      value: '12.50',
      unitPrice: '87.50',
      listPrice: '100.00',
      tiers: [{ minQty: 10, value: '20.00' }],
      capQty: 50,
      usedQty: 0,
      remainingQty: 50,
      state: 'active',
      used: false,
    });
    // The purchaser sees it on the goods it looks at; the overlay answers per SKU.
    const mine = await callEndpoint(t.app, buyer.token, m.pricingMine, { productIds: [productId] });
    expect(mine.data.skus).toEqual(
      expect.arrayContaining([
        { productId, skuId: skuIds[0], price: '87.50', listPrice: '100.00', label: '协议价' },
        { productId, skuId: skuIds[1], price: '175.00', listPrice: '200.00', label: '协议价' },
      ]),
    );
    // The export: the same rows as the page, one per rule; another supplier's export holds none of them.
    const exportOf = async (tok: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/contractPrice/export', headers: { 'x-token': tok }, payload: {} });
      expect(res.statusCode).toBe(200);
      const wb = new (await loadExcel()).Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return wb.worksheets[0]!;
    };
    const sheet = await exportOf(token);
    expect(sheet.actualRowCount).toBe(3);
    expect(JSON.stringify(sheet.getSheetValues())).toContain('管理采购商');
    expect((await exportOf((await makeSupplier(db(), '管理另一供应商')).admin.token)).actualRowCount).toBe(1);
    // Filters: purchaser name, SKU code, validity.
    const [sku0] = await db().select({ code: productSkus.code }).from(productSkus).where(eq(productSkus.id, skuIds[0]!));
    expect((await list(token, { purchaser: '管理采购' })).total).toBe(2);
    expect((await list(token, { purchaser: '无此公司' })).total).toBe(0);
    expect((await list(token, { sku: sku0!.code })).list.map((r) => r.skuId)).toEqual([skuIds[0]]);
    expect((await list(token, { state: 'upcoming' })).total).toBe(0);

    const edit = await callEndpoint(t.app, token, e.contractPriceEdit, { id: first.id, ...rule({ value: 70, validFrom: addDays(today(), 3) }) });
    expect(edit.code, edit.message).toBe(0);
    expect((await list(token, { state: 'upcoming' })).list.map((r) => [r.id, r.unitPrice])).toEqual([[first.id, '70.00']]);

    const end = await callEndpoint(t.app, token, e.contractPriceEnd, { id: first.id });
    expect(end.code, end.message).toBe(0);
    expect((await list(token, { state: 'ended' })).list.map((r) => r.id)).toEqual([first.id]);
    expect((await callEndpoint(t.app, token, e.contractPriceEnd, { id: first.id })).message).toBe('该协议价已结束');
    expect((await callEndpoint(t.app, token, e.contractPriceEdit, { id: first.id, ...rule() })).message).toBe('该协议价已结束');
    const mineAfter = await callEndpoint(t.app, buyer.token, m.pricingMine, { productIds: [productId] });
    expect(mineAfter.data.skus.map((s) => s.skuId)).toEqual([skuIds[1]]);

    const del = await callEndpoint(t.app, token, e.contractPriceDelete, { id: first.id });
    expect(del.code, del.message).toBe(0);
    expect((await list(token)).total).toBe(1);
    const audit = await db()
      .select({ action: auditLogs.action, companyId: auditLogs.companyId })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'contract_price'), eq(auditLogs.targetId, String(first.id))));
    expect(audit.map((a) => a.action).sort()).toEqual(['contract_price.create', 'contract_price.delete', 'contract_price.end', 'contract_price.update']);
    expect(audit.every((a) => a.companyId === seller.id)).toBe(true);
  });

  it('refuses bad input with Chinese messages and writes nothing', async () => {
    const { buyer, skuIds, token, seller } = await scene('校验');
    const other = await makeSupplier(db(), '校验另一供应商');
    const { skuIds: foreign } = await makeOnSaleProduct(db(), other, { skus: [{ price: 10, stock: 5 }] });
    const base = { purchaserCompanyId: buyer.companyId, skuIds: [skuIds[0]!] };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...rule({ value: 0 }), ...base }, '协议价必须大于0'],
      [{ ...rule({ value: -5 }), ...base }, '协议价必须大于0'],
      [{ ...rule({ value: 1.234 }), ...base }, '协议价最多两位小数'],
      [{ ...rule({ kind: ContractPriceKind.DISCOUNT, value: 100 }), ...base }, '协议价（折扣）须在0.01%到99.99%之间'],
      [{ ...rule({ tiers: [{ minQty: 10, value: 80 }, { minQty: 5, value: 70 }] }), ...base }, '阶梯起订数量须逐档递增'],
      [{ ...rule({ validTo: addDays(today(), -1) }), ...base }, '截止日期不能早于生效日期'],
      [{ ...rule({ validFrom: addDays(today(), -9), validTo: addDays(today(), -1) }), ...base }, '截止日期不能早于今天'],
      [{ ...rule({ capQty: 0 }), ...base }, '限购数量必须大于0'],
      [{ ...rule(), skuIds: [skuIds[0]!] }, '请选择一家采购商或一个客户分组'],
      [{ ...rule(), ...base, purchaserCompanyId: seller.id }, '请选择一家采购商'],
      [{ ...rule(), ...base, skuIds: [foreign[0]!] }, '所选SKU不是本公司的商品，请刷新后重选'],
      [{ ...rule(), ...base, skuIds: [] }, '请至少选择一个SKU'],
    ];
    for (const [body, message] of cases) {
      const r = await callEndpoint(t.app, token, e.contractPriceCreate, body as never);
      expect(r.code, message).not.toBe(0);
      expect(r.message).toContain(message);
    }
    expect(await db().$count(contractPrices, eq(contractPrices.supplierCompanyId, seller.id))).toBe(0);
  });

  it('refuses a rule whose validity overlaps another for the same SKU and purchaser; other purchasers and later periods are fine', async () => {
    const { buyer, skuIds, token } = await scene('重叠');
    const stranger = await makePurchaser(db(), '重叠其他采购商');
    const sku = skuIds[0]!;
    const a = await callEndpoint(t.app, token, e.contractPriceCreate, {
      ...rule({ validTo: addDays(today(), 10) }),
      purchaserCompanyId: buyer.companyId,
      skuIds: [sku],
    });
    expect(a.code, a.message).toBe(0);
    const clash = await callEndpoint(t.app, token, e.contractPriceCreate, {
      ...rule({ validFrom: addDays(today(), 10) }),
      purchaserCompanyId: buyer.companyId,
      skuIds: [sku, skuIds[1]!],
    });
    expect(clash.code).toBe(Code.CONFLICT);
    expect(clash.message).toMatch(/^SKU「.+」对该客户已有有效期重叠的协议价（规则 \d+），请先结束或修改原规则$/);
    // Nothing of the refused request stays (the second SKU's rule neither).
    expect((await list(token)).total).toBe(1);
    for (const body of [
      { ...rule({ validFrom: addDays(today(), 11) }), purchaserCompanyId: buyer.companyId, skuIds: [sku] },
      { ...rule(), purchaserCompanyId: stranger.companyId, skuIds: [sku] },
    ]) {
      const r = await callEndpoint(t.app, token, e.contractPriceCreate, body);
      expect(r.code, r.message).toBe(0);
    }
    // Editing the first rule into the later one's period is refused too.
    const edit = await callEndpoint(t.app, token, e.contractPriceEdit, { id: a.data.ids[0]!, ...rule({ validTo: null }) });
    expect(edit.message).toContain('有效期重叠');
  });

  it('parallel requests for overlapping rules: exactly one is saved', async () => {
    const { buyer, skuIds, token } = await scene('并发');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        callEndpoint(t.app, token, e.contractPriceCreate, { ...rule({ value: 80 + i }), purchaserCompanyId: buyer.companyId, skuIds: [skuIds[0]!] }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.message.includes('有效期重叠'))).toBe(true);
    expect((await list(token)).total).toBe(1);
  });

  it('a customer group rule prices its members; a used rule can be ended but not deleted, and its cap not cut below use', async () => {
    const { seller, buyer, productId, skuIds, token } = await scene('分组');
    const groupId = await makeCustomerGroup(db(), seller.id, '重点水厂', [buyer.companyId]);
    const r = await callEndpoint(t.app, token, e.contractPriceCreate, { ...rule({ value: 60, capQty: 10 }), groupId, skuIds: [skuIds[0]!] });
    expect(r.code, r.message).toBe(0);
    const id = r.data.ids[0]!;
    expect((await list(token)).list[0]).toMatchObject({ targetName: '客户分组：重点水厂', unitPrice: '60.00' });
    expect((await callEndpoint(t.app, buyer.token, m.pricingMine, { productIds: [productId] })).data.skus).toEqual([
      { productId, skuId: skuIds[0], price: '60.00', listPrice: '100.00', label: '协议价' },
    ]);
    const addressId = await makeAddress(db(), buyer.companyId);
    const order = await callEndpoint(
      t.app,
      buyer.token,
      cartEndpoints.checkoutSubmit,
      { source: { items: [{ skuId: skuIds[0]!, quantity: 4 }] }, addressId, invoiceKind: 0, shownTotal: 240 } as never,
      { 'idempotency-key': newIdempotencyKey() },
    );
    expect(order.code, order.message).toBe(0);
    expect((await list(token)).list[0]).toMatchObject({ usedQty: 4, remainingQty: 6, used: true });
    expect((await callEndpoint(t.app, token, e.contractPriceEdit, { id, ...rule({ value: 60, capQty: 3 }) })).message).toBe('限购数量不能少于已用数量 4');
    expect((await callEndpoint(t.app, token, e.contractPriceDelete, { id })).message).toBe('该协议价已有订单使用，只能结束，不能删除');
    expect((await callEndpoint(t.app, token, e.contractPriceEnd, { id })).code).toBe(0);
    expect((await callEndpoint(t.app, buyer.token, m.pricingMine, { productIds: [productId] })).data.skus).toEqual([]);
  });

  it('a third company gets 记录不存在 on every call and never sees another company’s prices', async () => {
    const { buyer, productId, skuIds, token } = await scene('隔离');
    const r = await callEndpoint(t.app, token, e.contractPriceCreate, { ...rule(), purchaserCompanyId: buyer.companyId, skuIds: [skuIds[0]!] });
    const id = r.data.ids[0]!;
    const thirdSeller = crossCompanyCaller((await makeSupplier(db(), '隔离第三供应商')).admin.token);
    const thirdBuyer = crossCompanyCaller((await makePurchaser(db(), '隔离第三采购商')).token);
    const before = await db().select().from(contractPrices).where(eq(contractPrices.id, id));
    expect((await list(thirdSeller)).total).toBe(0);
    for (const call of [
      callEndpoint(t.app, thirdSeller, e.contractPriceEdit, { id, ...rule({ value: 1 }) }),
      callEndpoint(t.app, thirdSeller, e.contractPriceEnd, { id }),
      callEndpoint(t.app, thirdSeller, e.contractPriceDelete, { id }),
    ])
      expect(await call).toMatchObject({ code: Code.NOT_FOUND, message: '协议价记录不存在' });
    // A supplier cannot price another supplier's SKU.
    const smuggled = await callEndpoint(t.app, thirdSeller, e.contractPriceCreate, { ...rule(), purchaserCompanyId: buyer.companyId, skuIds: [skuIds[1]!] });
    expect(smuggled.message).toBe('所选SKU不是本公司的商品，请刷新后重选');
    expect(await db().select().from(contractPrices).where(eq(contractPrices.id, id))).toEqual(before);
    // Another purchaser, a supplier and a visitor see no contract price for these goods.
    expect((await callEndpoint(t.app, thirdBuyer, m.pricingMine, { productIds: [productId] })).data.skus).toEqual([]);
    expect((await callEndpoint(t.app, thirdSeller, m.pricingMine, { productIds: [productId] })).data.skus).toEqual([]);
    expect((await callEndpoint(t.app, null, m.pricingMine, { productIds: [productId] })).code).not.toBe(0);
    // A purchaser cannot manage prices at all.
    expect((await callEndpoint(t.app, buyer.token, e.contractPriceList, { pageIndex: 1, pageSize: 10 })).code).not.toBe(0);
  });
});
