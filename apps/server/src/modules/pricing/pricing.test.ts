import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { chinaDayEnd, chinaDayStart, ContractPriceKind, OrderKind } from '@aquamall/shared';
import { cartEndpoints, orderEndpoints } from '@aquamall/shared/endpoints';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { callEndpoint } from '../../test/http.ts';
import { contractPriceUses, orderLines } from '../../db/schema/index.ts';
import {
  makeAddress,
  makeContractPrice,
  makeCustomerGroup,
  makeOnSaleProduct,
  makePurchaser,
  makeSupplier,
  newIdempotencyKey,
} from '../../test/factories/index.ts';
import { resolvePrices } from './resolve.ts';
import { registerPriceSource } from './sources.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A supplier with one SKU (list 100, tier 90 from 10) and two purchasers. */
async function setup(name: string, stock = 100) {
  const db = t.database.db;
  const seller = await makeSupplier(db, `${name}供应商`);
  const other = await makeSupplier(db, `${name}另一供应商`);
  const buyer = await makePurchaser(db, `${name}采购商`);
  const stranger = await makePurchaser(db, `${name}其他采购商`);
  const { skuIds } = await makeOnSaleProduct(db, seller, {
    name: `${name}药剂`,
    skus: [{ price: 100, stock, tiers: [{ minQty: 10, price: 90 }] }],
  });
  return { db, seller, other, buyer, stranger, skuId: skuIds[0]! };
}

const priceOf = async (buyerCompanyId: number | null, skuId: number, quantity: number, at?: Date) =>
  (await resolvePrices(t.database.db, { buyerCompanyId, lines: [{ skuId, quantity }], at }))[0]!;

describe('resolvePrices', () => {
  it('list, then the product tier, then the contract price; anonymous and other companies get no contract price', async () => {
    const { db, seller, buyer, stranger, skuId } = await setup('顺序');
    expect(await priceOf(buyer.companyId, skuId, 1)).toMatchObject({ unitFen: 10000, listFen: 10000, source: 'list', label: '' });
    expect(await priceOf(buyer.companyId, skuId, 10)).toMatchObject({ unitFen: 9000, source: 'tier', label: '阶梯价' });
    const ruleId = await makeContractPrice(db, { supplierCompanyId: seller.id, purchaserCompanyId: buyer.companyId, skuId, value: '95.50' });
    // The contract price wins over the tier even where the tier is lower (resolution order, docs/product/prices.md).
    expect(await priceOf(buyer.companyId, skuId, 10)).toMatchObject({ unitFen: 9550, listFen: 10000, source: 'contract', ruleId, label: '协议价' });
    expect(await priceOf(stranger.companyId, skuId, 1)).toMatchObject({ unitFen: 10000, source: 'list' });
    expect(await priceOf(null, skuId, 1)).toMatchObject({ unitFen: 10000, source: 'list' });
  });

  it('a framework agreement source wins over the contract price', async () => {
    const { db, seller, buyer, skuId } = await setup('框架');
    await makeContractPrice(db, { supplierCompanyId: seller.id, purchaserCompanyId: buyer.companyId, skuId, value: '80' });
    registerPriceSource({
      name: 'agreement',
      prices: async (_db, buyerCompanyId, skuIds) =>
        new Map(
          buyerCompanyId === buyer.companyId && skuIds.includes(skuId)
            ? [[skuId, [{ ruleId: 7, label: '框架协议价', remaining: null, unitFen: () => 8800 }]]]
            : [],
        ),
    });
    expect(await priceOf(buyer.companyId, skuId, 1)).toMatchObject({ unitFen: 8800, source: 'agreement', ruleId: 7, label: '框架协议价' });
    registerPriceSource({ name: 'agreement', prices: async () => new Map() });
    expect(await priceOf(buyer.companyId, skuId, 1)).toMatchObject({ unitFen: 8000, source: 'contract' });
  });

  it('discount percent off list, contract tiers, groups, the lowest offer, disabled rules and rules on another supplier\'s SKU', async () => {
    const { db, seller, other, buyer, stranger, skuId } = await setup('折扣');
    await makeContractPrice(db, {
      supplierCompanyId: seller.id,
      purchaserCompanyId: buyer.companyId,
      skuId,
      kind: ContractPriceKind.DISCOUNT,
      value: '12.50',
      tiers: [{ minQty: 20, value: '20.00' }],
    });
    expect(await priceOf(buyer.companyId, skuId, 1)).toMatchObject({ unitFen: 8750, source: 'contract' });
    expect(await priceOf(buyer.companyId, skuId, 20)).toMatchObject({ unitFen: 8000, source: 'contract' });
    const groupId = await makeCustomerGroup(db, seller.id, '重点水厂', [stranger.companyId, buyer.companyId]);
    const groupRule = await makeContractPrice(db, { supplierCompanyId: seller.id, groupId, skuId, value: '85' });
    expect(await priceOf(stranger.companyId, skuId, 1)).toMatchObject({ unitFen: 8500, ruleId: groupRule });
    // Both apply to the buyer: the lowest for the quantity wins.
    expect(await priceOf(buyer.companyId, skuId, 1)).toMatchObject({ unitFen: 8500, ruleId: groupRule });
    expect(await priceOf(buyer.companyId, skuId, 20)).toMatchObject({ unitFen: 8000 });
    await makeContractPrice(db, { supplierCompanyId: seller.id, purchaserCompanyId: stranger.companyId, skuId, value: '1', enabled: false });
    await makeContractPrice(db, { supplierCompanyId: other.id, purchaserCompanyId: stranger.companyId, skuId, value: '2' });
    expect(await priceOf(stranger.companyId, skuId, 1)).toMatchObject({ unitFen: 8500, ruleId: groupRule });
  });

  it('is valid from the first China day to the last one, both included', async () => {
    const { db, seller, buyer, skuId } = await setup('有效期');
    await makeContractPrice(db, {
      supplierCompanyId: seller.id,
      purchaserCompanyId: buyer.companyId,
      skuId,
      value: '70',
      validFrom: '2026-12-01',
      validTo: '2026-12-31',
    });
    const first = chinaDayStart('2026-12-01');
    const after = chinaDayEnd('2026-12-31');
    expect((await priceOf(buyer.companyId, skuId, 1, new Date(first.getTime() - 1))).source).toBe('list');
    expect((await priceOf(buyer.companyId, skuId, 1, first)).source).toBe('contract');
    expect((await priceOf(buyer.companyId, skuId, 1, new Date(after.getTime() - 1))).source).toBe('contract');
    expect((await priceOf(buyer.companyId, skuId, 1, after)).source).toBe('list');
  });

  it('a cap holds the quantity: a line beyond what remains falls back, lines consume it in order', async () => {
    const { db, seller, buyer, skuId } = await setup('限量');
    const ruleId = await makeContractPrice(db, { supplierCompanyId: seller.id, purchaserCompanyId: buyer.companyId, skuId, value: '60', capQty: 10 });
    expect(await priceOf(buyer.companyId, skuId, 10)).toMatchObject({ source: 'contract', unitFen: 6000 });
    expect(await priceOf(buyer.companyId, skuId, 11)).toMatchObject({ source: 'tier', unitFen: 9000 });
    const two = await resolvePrices(db, { buyerCompanyId: buyer.companyId, lines: [{ skuId, quantity: 6 }, { skuId, quantity: 6 }] });
    expect(two.map((p) => p?.source)).toEqual(['contract', 'list']);
    expect(two[0]?.ruleId).toBe(ruleId);
  });
});

describe('checkout at contract prices', () => {
  const submit = (token: string, body: object) =>
    callEndpoint(t.app, token, cartEndpoints.checkoutSubmit, body as never, { 'idempotency-key': newIdempotencyKey() });

  it('charges the contract price, keeps its source on the line for both sides and records the cap use', async () => {
    const { db, seller, buyer, skuId } = await setup('下单');
    const ruleId = await makeContractPrice(db, { supplierCompanyId: seller.id, purchaserCompanyId: buyer.companyId, skuId, value: '66.60', capQty: 8 });
    const preview = await callEndpoint(t.app, buyer.token, cartEndpoints.checkoutPreview, { items: [{ skuId, quantity: 5 }] });
    expect(preview.data.groups[0].lines[0]).toMatchObject({ unitPrice: 66.6, listPrice: 100, priceSource: 'contract', priceLabel: '协议价' });
    const addressId = await makeAddress(db, buyer.companyId);
    const res = await submit(buyer.token, { source: { items: [{ skuId, quantity: 5 }] }, addressId, invoiceKind: 0, shownTotal: 333 });
    expect(res.code).toBe(0);
    const orderId = res.data.orders[0].id as number;
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(line).toMatchObject({ unitPrice: '66.60', priceSource: 'contract', contractRuleId: ruleId });
    expect(await db.select({ q: contractPriceUses.quantity, l: contractPriceUses.orderLineId }).from(contractPriceUses).where(eq(contractPriceUses.ruleId, ruleId))).toEqual([{ q: 5, l: line!.id }]);
    for (const [token, type] of [[buyer.token, OrderKind.PURCHASE], [seller.admin.token, 6]] as const) {
      const detail = await callEndpoint(t.app, token, orderEndpoints.orderDetail, { id: orderId, type });
      expect(detail.data.lines[0]).toMatchObject({ unitPrice: '66.60', priceSource: 'contract', priceLabel: '协议价' });
    }
    // 3 remain of the cap: 5 more are charged the list price, and the page that showed 协议价 is told 价格已变动.
    const again = await submit(buyer.token, { source: { items: [{ skuId, quantity: 5 }] }, addressId, invoiceKind: 0, shownTotal: 333 });
    expect(again.identity).toBe('CHECKOUT_PRICE_CHANGED');
    // Cancelling the order gives its unshipped quantity back to the cap.
    const cancel = await callEndpoint(t.app, buyer.token, orderEndpoints.orderCancel, { orderId, reason: '计划变更' });
    expect(cancel.code).toBe(0);
    const back = await submit(buyer.token, { source: { items: [{ skuId, quantity: 8 }] }, addressId, invoiceKind: 0, shownTotal: 532.8 });
    expect(back.code).toBe(0);
    const [{ used }] = (await db
      .select({ used: sql<number>`coalesce(sum(${contractPriceUses.quantity}), 0)::int` })
      .from(contractPriceUses)
      .where(eq(contractPriceUses.ruleId, ruleId))) as [{ used: number }];
    expect(used).toBe(8);
  });

  it('parallel checkouts never buy more than the cap at the contract price', async () => {
    const { db, seller, buyer, skuId } = await setup('并发', 1000);
    const ruleId = await makeContractPrice(db, { supplierCompanyId: seller.id, purchaserCompanyId: buyer.companyId, skuId, value: '50', capQty: 9 });
    const addressId = await makeAddress(db, buyer.companyId);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        submit(buyer.token, { source: { items: [{ skuId, quantity: 3 }] }, addressId, invoiceKind: 0, shownTotal: 150 }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(3);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.identity === 'CHECKOUT_PRICE_CHANGED')).toBe(true);
    const [{ used }] = (await db
      .select({ used: sql<number>`coalesce(sum(${contractPriceUses.quantity}), 0)::int` })
      .from(contractPriceUses)
      .where(eq(contractPriceUses.ruleId, ruleId))) as [{ used: number }];
    expect(used).toBe(9);
    const [{ sold }] = (await db
      .select({ sold: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orderLines)
      .where(eq(orderLines.contractRuleId, ruleId))) as [{ sold: number }];
    expect(sold).toBe(9);
  });
});
