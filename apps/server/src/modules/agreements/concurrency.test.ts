import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Code } from '@aquamall/shared';
import { agreementEndpoints as e } from '@aquamall/shared/endpoints';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { agreementDraws, orders } from '../../db/schema/index.ts';
import { callEndpoint } from '../../test/http.ts';
import { makeAddress, makeAgreement, makePurchaser, makeSupplier } from '../../test/factories/index.ts';

/**
 * Parallel call-offs of one agreement (docs/product/agreements.md#call-off-orders): the agreement row is locked
 * before the remaining quantity is read, so however the requests interleave the ledger never exceeds what was
 * agreed and every refused request leaves no order behind. Meaningful on PostgreSQL (AQUAMALL_TEST_DB=pg).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const db = () => t.database.db;

describe('agreements: parallel call-offs', () => {
  it('ten parallel call-offs of 3 against 20 remaining: six succeed, the rest are refused, nothing over-drawn', async () => {
    const seller = await makeSupplier(db(), '并发协议供应商');
    const buyer = await makePurchaser(db(), '并发协议采购商');
    const addressId = await makeAddress(db(), buyer.companyId);
    const id = await makeAgreement(t.app, seller.admin.token, buyer, { lines: [{ productName: '次氯酸钠', unit: '吨', unitPrice: 30, quantity: 20 }] });
    const lineId = (await callEndpoint(t.app, buyer.token, e.agreementDetail, { id })).data.lines[0]!.id;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => callEndpoint(t.app, buyer.token, e.agreementCallOff, { id, addressId, lines: [{ lineId, quantity: 3 }] })),
    );
    const okCount = answers.filter((a) => a.code === 0).length;
    expect(okCount).toBe(6);
    for (const a of answers.filter((x) => x.code !== 0))
      expect(a).toMatchObject({ code: Code.CONFLICT, message: '「次氯酸钠」协议剩余数量为 2吨，不能超量下达' });
    const [sum] = await db().select({ n: sql<number>`sum(${agreementDraws.quantity})`.mapWith(Number) }).from(agreementDraws).where(eq(agreementDraws.agreementId, id));
    expect(sum!.n).toBe(18);
    expect(await db().$count(orders, eq(orders.buyerCompanyId, buyer.companyId))).toBe(6);
  });

  it('金额协议: ten parallel call-offs of ¥900 against ¥5,000: five succeed, the rest are refused, never over the amount', async () => {
    const seller = await makeSupplier(db(), '并发金额协议供应商');
    const buyer = await makePurchaser(db(), '并发金额协议采购商');
    const addressId = await makeAddress(db(), buyer.companyId);
    const id = await makeAgreement(t.app, seller.admin.token, buyer, {
      amountLimit: 5000,
      lines: [{ productName: '聚合氯化铝', unit: '吨', unitPrice: 300, quantity: null }],
    });
    const lineId = (await callEndpoint(t.app, buyer.token, e.agreementDetail, { id })).data.lines[0]!.id;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => callEndpoint(t.app, buyer.token, e.agreementCallOff, { id, addressId, lines: [{ lineId, quantity: 3 }] })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(5);
    for (const a of answers.filter((x) => x.code !== 0))
      expect(a).toMatchObject({ code: Code.CONFLICT, message: '本次下达金额¥900.00超过协议剩余金额¥500.00，不能超额下达' });
    const [sum] = await db().select({ n: sql<string>`sum(${agreementDraws.amount})` }).from(agreementDraws).where(eq(agreementDraws.agreementId, id));
    expect(Number(sum!.n)).toBe(4500);
    expect(await db().$count(orders, eq(orders.buyerCompanyId, buyer.companyId))).toBe(5);
  });
});
