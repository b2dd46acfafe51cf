import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { BudgetEntryKind } from '@aquamall/shared';
import { budgetEndpoints as b, departmentEndpoints as d } from '@aquamall/shared/endpoints';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { budgetEntries, orders } from '../../db/schema/index.ts';
import { callEndpoint } from '../../test/http.ts';
import { makeApprovalCompany } from '../../test/factories/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createOrders } from '../orders/create.ts';
import { periodKeysOf } from './periods.ts';

/**
 * Parallel submissions against one budget (docs/product/budgets.md#ledger): the budget rows are locked before the
 * remaining amount is summed, so however 50 placements interleave the budget is never overspent and every refused
 * one leaves no order and no ledger row. The orders are of free lines (no SKU), so no stock lock serialises them:
 * only the budget lock does. Meaningful on PostgreSQL (AQUAMALL_TEST_DB=pg).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const db = () => t.database.db;

describe('budgets: parallel submissions', () => {
  it('50 parallel orders of ¥1,000 against a ¥12,000 budget: 12 placed, 38 refused, never overspent', async () => {
    const co = await makeApprovalCompany(db(), '并发预算', 1000);
    const dep = await callEndpoint(t.app, co.buyer.token, d.departmentCreate, { name: '生产部', headUserId: co.head.id, memberIds: [co.buyer.id, co.head.id] });
    const created = await callEndpoint(t.app, co.buyer.token, b.budgetCreate, { departmentId: dep.data.sysNo, userId: null, periodKey: periodKeysOf()[0]!, amount: 12_000, note: '' });
    expect(created.code).toBe(0);
    const budgetId = created.data.sysNo;
    const place = () =>
      db().transaction((tx) =>
        createOrders(
          tx,
          [
            {
              buyer: { companyId: co.buyer.companyId, userId: co.buyer.id, userName: '采购员' },
              sellerCompanyId: co.supplier.id,
              lines: [{ productName: '次氯酸钠', unit: '吨', quantity: 1, unitPrice: 1000 }],
              address: { receiver: '王', phone: '13800000000', provinceCode: 110000, cityCode: 110100, districtCode: 110101, areaName: '北京', detail: '1号' },
              invoice: { kind: 0, title: '', taxNo: '', regAddress: '', regPhone: '', bankName: '', bankAccount: '' },
            },
          ],
          t.app.config.orderRules,
        ),
      );
    const results = await Promise.allSettled(Array.from({ length: 50 }, place));
    const placed = results.filter((r) => r.status === 'fulfilled').length;
    expect(placed).toBe(12);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).message).toMatch(/^超出预算：部门：生产部 \d{4}年\d{1,2}月预算剩余 ¥0\.00，本次采购 ¥1,000\.00，无法提交$/);
    }
    const [sum] = await db().select({ s: sql<string>`sum(${budgetEntries.amount})` }).from(budgetEntries).where(eq(budgetEntries.budgetId, budgetId));
    expect(Number(sum!.s)).toBe(0);
    expect(await db().$count(budgetEntries, and(eq(budgetEntries.budgetId, budgetId), eq(budgetEntries.kind, BudgetEntryKind.CONSUME)))).toBe(12);
    expect(await db().$count(orders, eq(orders.buyerCompanyId, co.buyer.companyId))).toBe(12);
  });
});
