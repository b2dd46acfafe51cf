import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { chinaDayCompact, ORDER_CLOCKS, OrderStatus, StockReason } from '@aquamall/shared';
import { createTestApp, testDbKind, type TestApp } from '../../test/app.ts';
import { DEFAULT_ORDER_RULES } from '../../config.ts';
import { documentHistory, orderLines, orders, productSkus, stockLedger } from '../../db/schema/index.ts';
import {
  makeOnSaleProduct,
  makeOrder,
  makePurchaser,
  makeSupplier,
  noInvoice,
  testAddress,
} from '../../test/factories/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createOrders } from './create.ts';
import { jobsOf } from '../jobs/schedule.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const sku = async (id: number) =>
  (await t.database.db.select().from(productSkus).where(eq(productSkus.id, id)))[0]!;

describe('createOrders', () => {
  it('copies the facts, applies the tier price, reserves stock through the ledger and starts the confirm clock', async () => {
    const db = t.database.db;
    const seller = await makeSupplier(db, '下单供应商');
    const buyer = await makePurchaser(db, '下单采购商');
    const { skuIds } = await makeOnSaleProduct(db, seller, {
      skus: [{ price: 100, stock: 50, tiers: [{ minQty: 10, price: 90 }] }],
    });
    const now = new Date('2026-11-24T08:00:00Z');
    // The number's date is the database's China day at insert (not the test's `now`): read around the insert.
    const chinaDay = () => chinaDayCompact();
    const dayBefore = chinaDay();
    const created = await makeOrder(db, buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 12 }], {
      now,
      freight: 15.5,
    });
    expect(created.orderNo).toMatch(/^D\d{16}$/);
    expect([dayBefore, chinaDay()]).toContain(created.orderNo.slice(1, 9));
    const [o] = await db.select().from(orders).where(eq(orders.id, created.id));
    expect(o).toMatchObject({
      status: OrderStatus.TO_CONFIRM,
      goodsAmount: '1080.00',
      freight: '15.50',
      totalAmount: '1095.50',
      buyerCompanyId: buyer.companyId,
      sellerCompanyId: seller.id,
    });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, created.id));
    expect(lines).toMatchObject([
      { quantity: 12, unitPrice: '90.00', amount: '1080.00', productName: '聚合氯化铝', unit: '吨' },
    ]);
    expect(await sku(skuIds[0]!)).toMatchObject({ onHand: 50, reserved: 12 });
    const ledger = await db.select().from(stockLedger).where(eq(stockLedger.docId, created.id));
    expect(ledger).toMatchObject([
      { reason: StockReason.RESERVE, reservedChange: 12, docType: 'order', docNo: created.orderNo },
    ]);
    expect(await db.select().from(documentHistory).where(and(eq(documentHistory.docType, 'order'), eq(documentHistory.docId, created.id)))).toMatchObject([
      { action: 'create', toStatus: OrderStatus.TO_CONFIRM },
    ]);
    const [job] = await jobsOf(db, Object.values(ORDER_CLOCKS), created.id);
    expect(job!.runAt.getTime()).toBe(now.getTime() + DEFAULT_ORDER_RULES.confirmHours * 3_600_000);
  });

  it('sums demand per SKU over several orders, names the short line and creates nothing when one is short', async () => {
    const db = t.database.db;
    const seller = await makeSupplier(db, '缺货供应商');
    const buyer = await makePurchaser(db, '缺货采购商');
    const { skuIds } = await makeOnSaleProduct(db, seller, {
      name: '活性炭',
      skus: [
        { price: 10, stock: 5 },
        { price: 20, stock: 100 },
      ],
    });
    const before = (await db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
    const attempt = db.transaction((tx) =>
      createOrders(
        tx,
        [
          {
            buyer: { companyId: buyer.companyId, userId: buyer.id, userName: '' },
            sellerCompanyId: seller.id,
            lines: [
              { skuId: skuIds[1]!, quantity: 1 },
              { skuId: skuIds[0]!, quantity: 3 },
            ],
            address: testAddress(),
            invoice: noInvoice(),
          },
          {
            buyer: { companyId: buyer.companyId, userId: buyer.id, userName: '' },
            sellerCompanyId: seller.id,
            lines: [{ skuId: skuIds[0]!, quantity: 3 }],
            address: testAddress(),
            invoice: noInvoice(),
          },
        ],
        DEFAULT_ORDER_RULES,
      ),
    );
    const err = await attempt.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toBe('「活性炭 规格 1号」库存不足：需要 6吨，可用 5吨');
    expect((err as AppError).data).toMatchObject({ orderIndex: 0, lineIndex: 1, skuId: skuIds[0] });
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n).toBe(before);
    expect(await sku(skuIds[0]!)).toMatchObject({ onHand: 5, reserved: 0 });
    expect(await sku(skuIds[1]!)).toMatchObject({ onHand: 100, reserved: 0 });
  });

  it('refuses own goods, goods off sale and quantities under the minimum order', async () => {
    const db = t.database.db;
    const seller = await makeSupplier(db, '规则供应商');
    const buyer = await makePurchaser(db, '规则采购商');
    const { skuIds } = await makeOnSaleProduct(db, seller, { name: '絮凝剂', minOrder: 5 });
    await expect(makeOrder(db, buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 4 }])).rejects.toThrow(
      '起订量为 5吨',
    );
    await expect(
      makeOrder(db, seller.admin, seller.id, [{ skuId: skuIds[0]!, quantity: 5 }]),
    ).rejects.toThrow('本公司的商品');
    await expect(
      makeOrder(db, buyer, seller.id + 100000, [{ skuId: skuIds[0]!, quantity: 5 }]),
    ).rejects.toThrow('商品规格不存在');
  });

  it.runIf(testDbKind === 'pg')(
    'writes the orders of a checkout in supplier order, so crosswise checkouts never deadlock',
    async () => {
      const db = t.database.db;
      const a = await makeSupplier(db, '交叉供应商甲');
      const b = await makeSupplier(db, '交叉供应商乙');
      const pa = await makeOnSaleProduct(db, a, {
        skus: Array.from({ length: 12 }, () => ({ price: 10, stock: 10 })),
      });
      const pb = await makeOnSaleProduct(db, b, {
        skus: Array.from({ length: 12 }, () => ({ price: 10, stock: 10 })),
      });
      const buyers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => makePurchaser(db, `交叉采购商${i}`)),
      );
      const results = await Promise.allSettled(
        buyers.map((buyer, i) => {
          const who = { companyId: buyer.companyId, userId: buyer.id, userName: '' };
          const toA = {
            buyer: who,
            sellerCompanyId: a.id,
            lines: [{ skuId: pa.skuIds[i]!, quantity: 1 }],
            address: testAddress(),
            invoice: noInvoice(),
          };
          const toB = {
            buyer: who,
            sellerCompanyId: b.id,
            lines: [{ skuId: pb.skuIds[i]!, quantity: 1 }],
            address: testAddress(),
            invoice: noInvoice(),
          };
          // Half the buyers name supplier 乙 first: disjoint SKUs, so only the suppliers' counters are shared.
          return db.transaction((tx) =>
            createOrders(tx, i % 2 ? [toB, toA] : [toA, toB], DEFAULT_ORDER_RULES),
          );
        }),
      );
      expect(
        results
          .filter((r) => r.status === 'rejected')
          .map((r) => String((r as PromiseRejectedResult).reason)),
      ).toEqual([]);
      const odd = results[1] as PromiseFulfilledResult<Awaited<ReturnType<typeof createOrders>>>;
      expect(odd.value.map((o) => o.sellerCompanyId)).toEqual([b.id, a.id]);
    },
  );
});
