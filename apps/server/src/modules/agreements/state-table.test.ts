import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { addDays, AGREEMENT_CLOCKS, agreementMachine, chinaDay, chinaDayEnd, Code, stateMatrix, type AgreementAction } from '@aquamall/shared';
import { agreementEndpoints as e } from '@aquamall/shared/endpoints';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { agreementDraws, agreements, documentHistory } from '../../db/schema/index.ts';
import { callEndpoint } from '../../test/http.ts';
import { agreementBody, makeAddress, makeAgreement, makePurchaser, makeSupplier } from '../../test/factories/index.ts';
import { expireAgreement } from './jobs.ts';
import { jobsOf } from '../jobs/schedule.ts';

/**
 * The agreement's state table (packages/shared/src/machines/agreement.ts) walked against the commands: every action
 * in every state the table does not admit is refused with the table's text and changes nothing (status, lines,
 * ledger, history, clocks).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const db = () => t.database.db;

const snapshot = async (id: number) => {
  const [row] = await db().select().from(agreements).where(eq(agreements.id, id));
  const [h] = await db().select({ n: count() }).from(documentHistory).where(and(eq(documentHistory.docType, 'agreement'), eq(documentHistory.docId, id)));
  const j = { n: (await jobsOf(db(), Object.values(AGREEMENT_CLOCKS), id)).length };
  const [d] = await db().select({ n: count() }).from(agreementDraws).where(eq(agreementDraws.agreementId, id));
  return { row, history: h!.n, jobs: j!.n, draws: d!.n };
};

describe('agreements: the state table is the guard', () => {
  it('refuses every action in every state the table does not admit, with its text, changing nothing', async () => {
    const seller = await makeSupplier(db(), '协议状态表供应商');
    const buyer = await makePurchaser(db(), '协议状态表采购商');
    const addressId = await makeAddress(db(), buyer.companyId);
    const id = await makeAgreement(t.app, seller.admin.token, buyer, {}, false);
    const [line] = (await callEndpoint(t.app, buyer.token, e.agreementDetail, { id })).data.lines;
    const { buyerCompanyId: _, ...rest } = agreementBody(buyer.companyId);
    const call = (action: AgreementAction) => {
      switch (action) {
        case 'edit':
          return callEndpoint(t.app, seller.admin.token, e.agreementEdit, { ...rest, id });
        case 'confirm':
          return callEndpoint(t.app, buyer.token, e.agreementConfirm, { id });
        case 'reject':
          return callEndpoint(t.app, buyer.token, e.agreementReject, { id, reason: '状态表测试' });
        case 'accept':
          return callEndpoint(t.app, seller.admin.token, e.agreementAccept, { id });
        case 'decline':
          return callEndpoint(t.app, seller.admin.token, e.agreementDecline, { id, reason: '状态表测试' });
        case 'terminate':
          return callEndpoint(t.app, seller.admin.token, e.agreementTerminate, { id, reason: '状态表测试' });
        case 'callOff':
          return callEndpoint(t.app, buyer.token, e.agreementCallOff, { id, addressId, lines: [{ lineId: line!.id, quantity: 1 }] });
        case 'expire':
          return null;
      }
    };
    const refused = stateMatrix(agreementMachine).filter((c) => !c.allowed);
    expect(refused.length).toBeGreaterThan(15);
    const ctx = { started: true, ended: false };
    for (const { action, state } of refused) {
      await db().update(agreements).set({ status: state }).where(eq(agreements.id, id));
      const before = await snapshot(id);
      const res = await call(action);
      if (res) expect(res, `${action} in ${agreementMachine.label(state)}`).toMatchObject({ code: Code.CONFLICT, message: agreementMachine.refusal(action, state, ctx, agreementMachine.actions[action].by[0]) });
      // The expiry job (the system) in a state it does not admit does nothing, even after the last day.
      else await db().transaction((tx) => expireAgreement(tx, id, chinaDayEnd(addDays(chinaDay(), 60))));
      expect(await snapshot(id), `${action} in ${agreementMachine.label(state)}`).toEqual(before);
    }
  });

  it('confirming after the last day is refused with the condition’s text', async () => {
    const seller = await makeSupplier(db(), '协议过期确认供应商');
    const buyer = await makePurchaser(db(), '协议过期确认采购商');
    const id = await makeAgreement(t.app, seller.admin.token, buyer, {}, false);
    await db().update(agreements).set({ validFrom: '2025-01-01', validTo: '2025-02-01' }).where(eq(agreements.id, id));
    const before = await snapshot(id);
    const res = await callEndpoint(t.app, buyer.token, e.agreementConfirm, { id });
    expect(res).toMatchObject({ code: Code.CONFLICT, message: '协议有效期已过，不能确认' });
    expect(await snapshot(id)).toEqual(before);
  });
});
