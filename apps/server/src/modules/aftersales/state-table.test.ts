import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { RmaStatus, rmaMachine, RmaType, stateMatrix, type Actor, type RmaAction } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DEFAULT_ORDER_RULES } from '../../config.ts';
import { documentHistory, orderLines, rmaDisputes, rmas } from '../../db/schema/index.ts';
import { decideDispute } from '../admin/trade/disputes.ts';
import { callerFor, makeOnSaleProduct, makePurchaser, makeSupplier } from '../../test/factories/index.ts';
import { makeCompletedOrder } from '../../test/factories/aftersales.ts';
import type { Caller } from '../auth/caller.ts';
import { applyRma } from './apply.ts';
import { escalateRma } from './escalation.ts';
import { approveRma, exchangeRma, receiveRma, refundRma, rejectRma, shipBackRma, withdrawRma } from './transitions.ts';

/**
 * Walks the after-sales state table (packages/shared/src/machines/rma.ts) with `stateMatrix()`: for every action of
 * each side and every state the table does not admit, the command refuses with the table's text and changes
 * nothing (status, update time, history). 创建换货订单 is walked on an exchange request, the others on a return.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const db = () => t.database.db;
const rules = DEFAULT_ORDER_RULES;

describe('the after-sales state table', () => {
  it('every command refuses each state its table row does not name, with the table text, changing nothing', async () => {
    const seller = await makeSupplier(db(), '售后状态表供应商');
    const buyer = await makePurchaser(db(), '售后状态表采购商');
    const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 100, stock: 100 }] });
    const order = await makeCompletedOrder(db(), buyer, seller, [{ skuId: skuIds[0]!, quantity: 4 }]);
    const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const buyerCaller = await callerFor(db(), buyer.id);
    const sellerCaller = await callerFor(db(), seller.admin.id);
    const applyOne = (type: number) =>
      applyRma(
        db(),
        buyerCaller,
        { orderId: order.id, type, lines: [{ orderLineId: line!.id, quantity: 1 }], reason: '状态表', description: '', photos: [] },
        rules,
      );
    const ret = (await applyOne(RmaType.RETURN)).id;
    const exch = (await applyOne(RmaType.EXCHANGE)).id;
    const idOf = (action: RmaAction) => (action === 'exchange' ? exch : ret);

    const commands: Record<Exclude<RmaAction, 'arbitrate'>, (c: Caller, id: number) => Promise<unknown>> = {
      withdraw: (c, id) => withdrawRma(db(), c, id, ''),
      approve: (c, id) => approveRma(db(), c, { id, note: '', save: false }),
      reject: (c, id) => rejectRma(db(), c, id, '状态表'),
      shipBack: (c, id) => shipBackRma(db(), c, id, '顺丰速运', 'SF1'),
      receive: (c, id) => receiveRma(db(), c, { id, note: '', lines: [] }),
      refund: (c, id) => refundRma(db(), c, id, { method: 1, amount: 1, note: '' }),
      exchange: (c, id) => exchangeRma(db(), c, id, rules),
      escalate: (c, id) => escalateRma(db(), c, id, '状态表'),
    };
    const snapshot = async (id: number) => {
      const [r] = await db().select({ status: rmas.status, updatedAt: rmas.updatedAt }).from(rmas).where(eq(rmas.id, id));
      const history = await db().$count(documentHistory, and(eq(documentHistory.docType, 'rma'), eq(documentHistory.docId, id)));
      return { ...r!, history };
    };
    const callers: Partial<Record<Actor, Caller>> = { buyer: buyerCaller, seller: sellerCaller };
    let walked = 0;
    for (const by of ['buyer', 'seller'] as const) {
      for (const { action, state, allowed } of stateMatrix(rmaMachine, by)) {
        if (allowed || action === 'arbitrate') continue;
        const id = idOf(action);
        const [r] = await db().update(rmas).set({ status: state }).where(eq(rmas.id, id)).returning({ type: rmas.type });
        const before = await snapshot(id);
        const text = rmaMachine.refusal(action, state, { type: r!.type }, by);
        await expect(commands[action](callers[by]!, id), `${by} ${action} in ${state}`).rejects.toMatchObject({ message: text });
        expect(await snapshot(id)).toEqual(before);
        walked++;
      }
    }
    expect(walked).toBeGreaterThan(40);

    // The platform's arbitration: a request the table does not let it decide is refused by the console, unchanged.
    const [dispute] = await db()
      .insert(rmaDisputes)
      .values({ rmaId: ret, raisedBySide: 1, raisedByCompanyId: buyer.companyId, raisedByUserId: buyer.id, reason: '状态表' })
      .returning({ id: rmaDisputes.id });
    for (const { state, allowed } of stateMatrix(rmaMachine, 'platform')) {
      if (allowed) continue;
      await db().update(rmas).set({ status: state }).where(eq(rmas.id, ret));
      const before = await snapshot(ret);
      for (const support of ['buyer', 'seller'] as const)
        await expect(
          decideDispute(db(), { userId: null, ip: '' }, { id: dispute!.id, support, reason: '状态表裁决' }),
          `platform arbitrate in ${state}`,
        ).rejects.toMatchObject({ message: rmaMachine.refusal('arbitrate', state) });
      expect(await snapshot(ret)).toEqual(before);
    }
    // The history the purchaser's applications wrote went to document_history, labelled from the table.
    const rows = await db().select().from(documentHistory).where(and(eq(documentHistory.docType, 'rma'), eq(documentHistory.docId, ret)));
    expect(rows.map((h) => rmaMachine.historyLabel(h.action))).toEqual(['提交售后申请']);
    await db().update(rmas).set({ status: RmaStatus.CANCELLED }).where(eq(rmas.id, ret));
  }, 120_000);
});
