import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  Code,
  OrderStatus,
  PaymentMethod,
  RmaType,
  creditAccountMachine,
  creditRequestMachine,
  stateMatrix,
  statementMachine,
  type CreditAccountAction,
} from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { creditAccounts, creditLedger, creditRequests, creditStatements, documentHistory, orderLines, orders, rmas } from '../../db/schema/index.ts';
import { advanceOrder, api, makeCompletedOrder, makeOnSaleProduct, makeOrder, makePurchaser, makeSupplier, uploadedFile } from '../../test/factories/index.ts';

/**
 * The credit module's state tables (packages/shared/src/machines/credit.ts) walked against the endpoints: every
 * action in every state its table does not admit is refused with the table's text and changes nothing.
 */
let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(async () => t?.close());
const db = () => t.database.db;
const P = '/api/companyAccount';

let seq = 0;
/** An active account with a balance, a pending recharge, a pending refund and a pending statement. */
async function scene() {
  const n = ++seq;
  const seller = await makeSupplier(db(), `状态表账期供应商${n}`);
  const buyer = await makePurchaser(db(), `状态表账期采购商${n}`);
  const applied = await http.post<{ id: number }>(buyer.token, `${P}/apply`, { sellerCompanyId: seller.id });
  expect(applied.code, applied.message).toBe(0);
  const id = applied.data.id;
  expect((await http.post(seller.admin.token, `${P}/approve`, { id, creditLimit: 1000, paymentDays: 30 })).code).toBe(0);
  expect((await http.post(seller.admin.token, `${P}/customerRecharge`, { accountId: id, amount: 200 })).code).toBe(0);
  const proof = await uploadedFile(t.app, buyer.token);
  const recharge = await http.post<{ id: number }>(buyer.token, `${P}/recharge`, { accountId: id, amount: 10, proofFiles: [proof] });
  expect(recharge.code, recharge.message).toBe(0);
  const refund = await http.post<{ id: number }>(buyer.token, `${P}/refund`, { accountId: id, amount: 10 });
  expect(refund.code, refund.message).toBe(0);
  const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
  const statement = await http.post<{ id: number }>(seller.admin.token, `${P}/statement/issue`, { accountId: id, from: day, to: day });
  expect(statement.code, statement.message).toBe(0);
  // An order awaiting payment (账期支付) and an approved refund-only request awaiting its refund (to the account).
  const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 10, stock: 100 }] });
  const toPay = await makeOrder(db(), buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 1 }]);
  await advanceOrder(db(), toPay.id, { buyerUserId: buyer.id, sellerUserId: seller.admin.id }, OrderStatus.TO_PAY);
  const done = await makeCompletedOrder(db(), buyer, seller, [{ skuId: skuIds[0]!, quantity: 1 }]);
  const [line] = await db().select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, done.id));
  const rma = await http.post<{ id: number }>(buyer.token, '/api/rma/apply', { orderId: done.id, type: RmaType.REFUND, reason: '质量问题', lines: [{ orderLineId: line!.id, quantity: 1 }] });
  expect(rma.code, rma.message).toBe(0);
  expect((await http.post(seller.admin.token, '/api/rma/approve', { id: rma.data.id })).code).toBe(0);
  return { seller, buyer, id, proof, rechargeId: recharge.data.id, refundId: refund.data.id, statementId: statement.data.id, orderId: toPay.id, rmaId: rma.data.id };
}
type Scene = Awaited<ReturnType<typeof scene>>;

/** The call of each account action: who, where, what. */
function accountCall(s: Scene, action: CreditAccountAction): { token: string; path: string; body: object } {
  const seller = s.seller.admin.token;
  const buyer = s.buyer.token;
  switch (action) {
    case 'apply':
      return { token: buyer, path: 'apply', body: { sellerCompanyId: s.seller.id } };
    case 'approve':
      return { token: seller, path: 'approve', body: { id: s.id, creditLimit: 500, paymentDays: 10 } };
    case 'reject':
      return { token: seller, path: 'reject', body: { id: s.id, reason: '状态表测试' } };
    case 'freeze':
    case 'unfreeze':
      return { token: seller, path: action, body: { id: s.id, reason: '状态表测试' } };
    case 'changeTerms':
      return { token: seller, path: 'terms', body: { id: s.id, creditLimit: 500, paymentDays: 10, reason: '状态表测试' } };
    case 'adjust':
      return { token: seller, path: 'adjust', body: { id: s.id, target: 1, amount: 1, reason: '状态表测试' } };
    case 'recharge':
      return { token: buyer, path: 'recharge', body: { accountId: s.id, amount: 1, proofFiles: [s.proof] } };
    case 'customerRecharge':
      return { token: seller, path: 'customerRecharge', body: { accountId: s.id, amount: 1 } };
    case 'refund':
      return { token: buyer, path: 'refund', body: { accountId: s.id, amount: 1 } };
    case 'confirmRecharge':
      return { token: seller, path: 'requestConfirm', body: { id: s.rechargeId } };
    case 'confirmRefund':
      return { token: seller, path: 'requestConfirm', body: { id: s.refundId } };
    case 'issueStatement': {
      const day = new Date(Date.now() - 30 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
      return { token: seller, path: 'statement/issue', body: { accountId: s.id, from: day, to: day } };
    }
    case 'payOrder':
      return { token: buyer, path: '/api/order/pay', body: { orderId: s.orderId, method: PaymentMethod.CREDIT } };
    case 'refundRma':
      return { token: seller, path: '/api/rma/refund', body: { id: s.rmaId, method: 2, amount: 1 } };
  }
}

/** Everything a refused call must leave as it was. */
async function snapshot(s: Scene) {
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
  return {
    account: (await db().select().from(creditAccounts).where(eq(creditAccounts.id, s.id)))[0],
    requests: await db().select().from(creditRequests).where(eq(creditRequests.accountId, s.id)).orderBy(creditRequests.id),
    statements: await db().select().from(creditStatements).where(eq(creditStatements.accountId, s.id)).orderBy(creditStatements.id),
    ledger: await n(db().select({ n: count() }).from(creditLedger).where(eq(creditLedger.accountId, s.id))),
    order: (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, s.orderId)))[0],
    rma: (await db().select({ status: rmas.status, refunded: rmas.refundedAmount }).from(rmas).where(eq(rmas.id, s.rmaId)))[0],
    history: await n(db().select({ n: count() }).from(documentHistory)),
  };
}

describe('credit: the state tables are the guard', () => {
  it('every account action is refused in every account state its table does not admit', async () => {
    const s = await scene();
    const refused = stateMatrix(creditAccountMachine).filter((c) => !c.allowed);
    expect(refused.length).toBeGreaterThan(20);
    for (const { action, state } of refused) {
      await db().update(creditAccounts).set({ status: state }).where(eq(creditAccounts.id, s.id));
      const before = await snapshot(s);
      const call = accountCall(s, action);
      const res = await http.post(call.token, call.path.startsWith('/') ? call.path : `${P}/${call.path}`, call.body);
      expect(res, `${action} in ${creditAccountMachine.label(state)}`).toMatchObject({
        code: Code.CONFLICT,
        message: creditAccountMachine.refusal(action, state),
      });
      expect(await snapshot(s)).toEqual(before);
    }
  });

  it('recharge and refund requests are decided once; statements are answered once', async () => {
    const s = await scene();
    for (const { action, state } of stateMatrix(creditRequestMachine).filter((c) => !c.allowed)) {
      for (const requestId of [s.rechargeId, s.refundId]) {
        await db().update(creditRequests).set({ status: state }).where(eq(creditRequests.id, requestId));
        const before = await snapshot(s);
        const path = action === 'confirm' ? 'requestConfirm' : 'requestReject';
        const res = await http.post(s.seller.admin.token, `${P}/${path}`, { id: requestId, reason: '状态表测试' });
        expect(res, `${action} in ${creditRequestMachine.label(state)}`).toMatchObject({
          code: Code.CONFLICT,
          message: creditRequestMachine.refusal(action, state),
        });
        expect(await snapshot(s)).toEqual(before);
      }
    }
    for (const { action, state } of stateMatrix(statementMachine).filter((c) => !c.allowed)) {
      await db().update(creditStatements).set({ status: state }).where(eq(creditStatements.id, s.statementId));
      const before = await snapshot(s);
      const res = await http.post(s.buyer.token, `${P}/statement/${action}`, { id: s.statementId, reason: '状态表测试' });
      expect(res, `${action} in ${statementMachine.label(state)}`).toMatchObject({
        code: Code.CONFLICT,
        message: statementMachine.refusal(action, state),
      });
      expect(await snapshot(s)).toEqual(before);
    }
  });

  it('status changes are written to the document history', async () => {
    const s = await scene();
    expect((await http.post(s.seller.admin.token, `${P}/requestConfirm`, { id: s.rechargeId })).code).toBe(0);
    expect((await http.post(s.buyer.token, `${P}/statement/dispute`, { id: s.statementId, reason: '金额不符' })).code).toBe(0);
    const rows = async (docType: string, docId: number) =>
      (
        await db()
          .select()
          .from(documentHistory)
          .where(and(eq(documentHistory.docType, docType), eq(documentHistory.docId, docId)))
          .orderBy(documentHistory.id)
      ).map((h) => [h.action, h.fromStatus, h.toStatus, h.side, h.note]);
    expect(await rows('credit_account', s.id)).toEqual([
      ['create', null, 0, 1, ''],
      ['approve', 0, 1, 2, '信用额度 ¥1000.00，账期 30 天'],
    ]);
    expect(await rows('credit_request', s.rechargeId)).toEqual([
      ['create', null, 0, 1, ''],
      ['confirm', 0, 1, 2, ''],
    ]);
    expect((await rows('credit_statement', s.statementId)).map((r) => r.slice(0, 4))).toEqual([
      ['create', null, 0, 2],
      ['dispute', 0, 2, 1],
    ]);
  });
});
