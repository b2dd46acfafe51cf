import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Code, StockReason, type AdjustmentDetail, type LedgerRow, type Paged, type ProductDetail, type StockRow } from '@aquamall/shared';
import { createTestApp, testDbKind, type TestApp } from '../../test/app.ts';
import type { Db } from '../../db/client.ts';
import { productSkus, stockAdjustments, stockLedger } from '../../db/schema/index.ts';
import { Random } from '../../db/seed/random.ts';
import { api, makeCategoryBranch, makeSupplier, productBody } from '../../test/factories/index.ts';
import { moveStock } from './stock-ledger.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
let leaf: number;
let a: Awaited<ReturnType<typeof makeSupplier>>;
let b: Awaited<ReturnType<typeof makeSupplier>>;

beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  leaf = (await makeCategoryBranch(t.database.db, '81', ['农资化肥', '氮肥', '尿素'])).leaf;
  a = await makeSupplier(t.database.db, '甲仓库');
  b = await makeSupplier(t.database.db, '乙仓库');
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/products/stock.test.ts');

async function newProductSkus(token: string, image: string, stocks: number[]) {
  const body = productBody(leaf, image, {
    skus: stocks.map((stock, i) => ({ code: `S${i}${Math.random().toString(36).slice(2, 9)}`, specValues: [{ name: '包装', value: `${i + 1}袋` }], price: 100 + i, priceTiers: [], stock, lowStock: 0 })),
  });
  const res = await http.post<{ sysNo: number }>(token, '/api/myproduct/create', body);
  expect(res.code).toBe(0);
  const d = await http.get<ProductDetail>(token, `/api/myproduct/detail?id=${res.data.sysNo}`);
  return { productId: res.data.sysNo, skuIds: d.data.skus.map((s) => s.sysNo) };
}

const createDoc = async (token: string, type: number, lines: { skuId: number; quantity: number }[]) => {
  const res = await http.post<{ sysNo: number }>(token, '/api/adjustment/create', { type, remark: '测试', lines });
  expect(res).toMatchObject({ code: 0 });
  return res.data.sysNo;
};
const confirm = (token: string, id: number) => http.post(token, '/api/adjustment/confirm', { sysNo: id });

/** Every SKU's on hand and reserved equal its ledger sums, and available is never negative. */
async function ledgerMatches(db: Db, skuIds: number[]) {
  for (const id of skuIds) {
    const [sku] = await db.select().from(productSkus).where(eq(productSkus.id, id));
    const [sum] = await db
      .select({ onHand: sql<number>`coalesce(sum(${stockLedger.onHandChange}), 0)::int`, reserved: sql<number>`coalesce(sum(${stockLedger.reservedChange}), 0)::int` })
      .from(stockLedger)
      .where(eq(stockLedger.skuId, id));
    expect({ onHand: sku!.onHand, reserved: sku!.reserved }).toEqual({ onHand: Number(sum!.onHand), reserved: Number(sum!.reserved) });
    expect(sku!.onHand - sku!.reserved).toBeGreaterThanOrEqual(0);
  }
}

describe('stock ledger', () => {
  it('after a randomised series of adjustments and order movements the ledger sums equal on hand and reserved', async () => {
    const { skuIds } = await newProductSkus(a.admin.token, a.image, [10, 0, 50]);
    const rnd = new Random(4242);
    let refused = 0;
    for (let i = 0; i < 30; i++) {
      const type = rnd.int(1, 3);
      const picked = skuIds.filter(() => rnd.int(0, 1) === 1);
      const lines = (picked.length ? picked : [skuIds[0]!]).map((skuId) => ({ skuId, quantity: type === 3 ? rnd.int(0, 40) : rnd.int(1, 25) }));
      const res = await confirm(a.admin.token, await createDoc(a.admin.token, type, lines));
      if (res.code !== 0) {
        expect(res.code).toBe(Code.CONFLICT);
        expect(res.message).toContain('可用库存不足');
        refused++;
      }
      // Orders (the orders issue) move stock through the same service.
      const skuId = skuIds[rnd.int(0, skuIds.length - 1)]!;
      const reason = [StockReason.RESERVE, StockReason.RELEASE, StockReason.SHIP, StockReason.RETURN][rnd.int(0, 3)]!;
      await t.database.db
        .transaction(async (tx) => {
          await moveStock(tx, [{ skuId, reason, quantity: rnd.int(1, 5) }], { docType: 'order', docNo: `O${i}`, companyId: a.id });
        })
        .catch((err: { message: string }) => expect(err.message).toMatch(/不足/));
    }
    expect(refused).toBeGreaterThan(0);
    await ledgerMatches(t.database.db, skuIds);
    const stock = await http.post<Paged<StockRow>>(a.admin.token, '/api/stock/list', { keyword: '', pageIndex: 1, pageSize: 100 });
    const [mine] = await t.database.db.select().from(productSkus).where(eq(productSkus.id, skuIds[0]!));
    expect(stock.data.list.find((r) => r.skuId === skuIds[0])).toMatchObject({ onHand: mine!.onHand, reserved: mine!.reserved, available: mine!.onHand - mine!.reserved });
  });

  it('a confirmed adjustment writes before/after, cannot change, and the ledger shows it', async () => {
    const { skuIds } = await newProductSkus(a.admin.token, a.image, [5]);
    const id = await createDoc(a.admin.token, 1, [{ skuId: skuIds[0]!, quantity: 7 }]);
    expect(await confirm(a.admin.token, id)).toMatchObject({ code: 0 });
    const d = await http.get<AdjustmentDetail>(a.admin.token, `/api/adjustment/detail?id=${id}`);
    expect(d.data).toMatchObject({ status: 1, lines: [{ quantity: 7, onHandBefore: 5, onHandAfter: 12 }] });
    expect(d.data.docNo).toMatch(/^TZ\d{14}$/);
    expect((await confirm(a.admin.token, id)).code).toBe(Code.CONFLICT);
    expect((await http.post(a.admin.token, '/api/adjustment/update', { sysNo: id, adjustment: { type: 2, lines: [{ skuId: skuIds[0], quantity: 1 }] } })).code).toBe(Code.CONFLICT);
    expect((await http.post(a.admin.token, '/api/adjustment/delete', { sysNo: id })).code).toBe(Code.CONFLICT);
    // The database refuses it too, and refuses to rewrite the ledger.
    await expect(t.database.db.update(stockAdjustments).set({ remark: 'x' }).where(eq(stockAdjustments.id, id))).rejects.toThrow();
    await expect(t.database.db.update(stockLedger).set({ quantity: 999 }).where(eq(stockLedger.skuId, skuIds[0]!))).rejects.toThrow();
    await expect(t.database.db.update(productSkus).set({ onHand: 0, reserved: 5 }).where(eq(productSkus.id, skuIds[0]!))).rejects.toThrow();
    const ledger = await http.post<Paged<LedgerRow>>(a.admin.token, '/api/stock/ledger', { skuId: skuIds[0], pageIndex: 1, pageSize: 10 });
    expect(ledger.data.list.map((r) => [r.reason, r.quantity, r.onHandBefore, r.onHandAfter, r.docNo])).toEqual([
      [StockReason.IN, 7, 5, 12, d.data.docNo],
      [StockReason.IN, 5, 0, 5, '期初库存'],
    ]);
    expect(ledger.data.list[0]!.userName).toBe('甲仓库管理员');
  });

  it('a 盘点 sets on hand to the count; an 出库 beyond available refuses the whole document', async () => {
    const { skuIds } = await newProductSkus(a.admin.token, a.image, [10, 10]);
    expect(await confirm(a.admin.token, await createDoc(a.admin.token, 3, [{ skuId: skuIds[0]!, quantity: 3 }]))).toMatchObject({ code: 0 });
    const out = await createDoc(a.admin.token, 2, [{ skuId: skuIds[1]!, quantity: 4 }, { skuId: skuIds[0]!, quantity: 4 }]);
    expect(await confirm(a.admin.token, out)).toMatchObject({ code: Code.CONFLICT });
    const skus = await t.database.db.select().from(productSkus).where(eq(productSkus.productId, (await t.database.db.select().from(productSkus).where(eq(productSkus.id, skuIds[0]!)))[0]!.productId));
    expect(skus.map((s) => s.onHand).sort()).toEqual([10, 3]);
    expect((await http.post(a.admin.token, '/api/adjustment/create', { type: 2, lines: [{ skuId: skuIds[0], quantity: 0 }] })).code).toBe(Code.INVALID);
  });

  it('low-stock threshold and warning list', async () => {
    const { skuIds } = await newProductSkus(a.admin.token, a.image, [3, 30]);
    expect((await http.post(a.admin.token, '/api/stock/lowstock', { skuId: skuIds[0], lowStock: 5 })).code).toBe(0);
    expect((await http.post(a.admin.token, '/api/stock/lowstock', { skuId: skuIds[1], lowStock: 5 })).code).toBe(0);
    const low = await http.post<Paged<StockRow>>(a.admin.token, '/api/stock/list', { lowOnly: 1, pageIndex: 1, pageSize: 100 });
    expect(low.data.list.map((r) => r.skuId)).toContain(skuIds[0]);
    expect(low.data.list.map((r) => r.skuId)).not.toContain(skuIds[1]);
    expect(low.data.list.every((r) => r.isLow)).toBe(true);
  });

  it('company B can neither read nor move A’s stock, ledger or documents', async () => {
    const { skuIds } = await newProductSkus(a.admin.token, a.image, [8]);
    const docId = await createDoc(a.admin.token, 2, [{ skuId: skuIds[0]!, quantity: 1 }]);
    const doc = async () => (await t.database.db.select().from(stockAdjustments).where(eq(stockAdjustments.id, docId)))[0];
    const draft = await doc();
    const aDetail = (await http.get<AdjustmentDetail>(a.admin.token, `/api/adjustment/detail?id=${docId}`)).data;
    crossCompanyCaller(b.admin.token);
    expect((await http.post(b.admin.token, '/api/stock/ledger', { skuId: skuIds[0], pageIndex: 1, pageSize: 10 })).code).toBe(Code.NOT_FOUND);
    expect((await http.post(b.admin.token, '/api/stock/lowstock', { skuId: skuIds[0], lowStock: 1 })).code).toBe(Code.NOT_FOUND);
    expect((await http.post(b.admin.token, '/api/adjustment/create', { type: 2, lines: [{ skuId: skuIds[0], quantity: 1 }] })).code).toBe(Code.INVALID);
    expect((await http.get(b.admin.token, `/api/adjustment/detail?id=${docId}`)).code).toBe(Code.NOT_FOUND);
    expect((await confirm(b.admin.token, docId)).code).toBe(Code.NOT_FOUND);
    expect((await http.post(b.admin.token, '/api/adjustment/delete', { sysNo: docId })).code).toBe(Code.NOT_FOUND);
    expect((await http.post(b.admin.token, '/api/adjustment/update', { sysNo: docId, adjustment: { type: 1, lines: [{ skuId: skuIds[0], quantity: 1 }] } })).code).toBe(Code.NOT_FOUND);
    const list = await http.post<Paged<StockRow>>(b.admin.token, '/api/stock/list', { pageIndex: 1, pageSize: 100 });
    expect(list.data.list.some((r) => r.skuId === skuIds[0])).toBe(false);
    const docs = await http.post<Paged<{ sysNo: number }>>(b.admin.token, '/api/adjustment/list', { pageIndex: 1, pageSize: 100 });
    expect(docs.data.list.some((r) => r.sysNo === docId)).toBe(false);
    // A's draft, read back as A: unchanged, still a draft with its one line.
    expect(await doc()).toEqual(draft);
    expect((await http.get<AdjustmentDetail>(a.admin.token, `/api/adjustment/detail?id=${docId}`)).data).toEqual(aDetail);
    const [sku] = await t.database.db.select().from(productSkus).where(eq(productSkus.id, skuIds[0]!));
    expect(sku!.onHand).toBe(8);
    await expect(
      t.database.db.transaction((tx) => moveStock(tx, [{ skuId: skuIds[0]!, reason: StockReason.OUT, quantity: 1 }], { docType: 'order', companyId: b.id })),
    ).rejects.toThrow('商品规格不存在');
  });

  it(`parallel confirms never oversell (${testDbKind})`, async () => {
    const { skuIds } = await newProductSkus(a.admin.token, a.image, [10]);
    const docs = await Promise.all(Array.from({ length: 6 }, () => createDoc(a.admin.token, 2, [{ skuId: skuIds[0]!, quantity: 3 }])));
    const results = await Promise.all(docs.map((id) => confirm(a.admin.token, id)));
    expect(results.filter((r) => r.code === 0)).toHaveLength(3);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === Code.CONFLICT)).toBe(true);
    const [sku] = await t.database.db.select().from(productSkus).where(eq(productSkus.id, skuIds[0]!));
    expect(sku!.onHand).toBe(1);
    await ledgerMatches(t.database.db, skuIds);
  });
});
