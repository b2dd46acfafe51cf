import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { enquiryMachine, EnquiryStatus, QuotationStatus, quotationMachine, stateMatrix, type MyEnquiryDetail } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { documentHistory, enquiries, orders, quotations } from '../../db/schema/index.ts';
import { api, insertEnquiry, insertOffer, makePurchaser, newIdempotencyKey } from '../../test/factories/index.ts';
import { makeQuotingSupplier } from '../../test/factories/quotations.ts';
import { closeAtDeadline } from './editor.ts';
import { jobsOf } from '../jobs/schedule.ts';
import { ENQUIRY_JOBS } from './common.ts';

/**
 * The enquiry's and the quotation's state tables (packages/shared/src/machines/) walked with `stateMatrix`: for
 * every action, a document in each state its table does not admit is refused by the real command with the
 * table's text, and nothing changes (statuses are set directly to build each state).
 */

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(async () => t?.close());

const db = () => t.database.db;
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000);
const chinaDay = (plus: number) => new Date(Date.now() + 8 * 3_600_000 + plus * 86_400_000).toISOString().slice(0, 10);

let seq = 0;
async function scene() {
  const n = ++seq;
  const buyer = await makePurchaser(db(), `状态表采购商${n}`);
  const s1 = await makeQuotingSupplier(db(), `状态表供应商甲${n}`);
  const s2 = await makeQuotingSupplier(db(), `状态表供应商乙${n}`);
  const e = await insertEnquiry(db(), buyer.companyId, { deadline: inDays(5) });
  const [i1, i2] = e.itemIds as [number, number];
  const ref = { id: e.id, companyId: buyer.companyId, quantities: { [i1]: 10, [i2]: 2 } };
  const q1 = await insertOffer(db(), ref, { id: s1.id, name: `状态表供应商甲${n}` }, [{ prices: { [i1]: 100, [i2]: 200 } }]);
  const q2 = await insertOffer(db(), ref, { id: s2.id, name: `状态表供应商乙${n}` }, [{ prices: { [i1]: 110, [i2]: 210 } }]);
  /** Everything a refused command must leave as it was. */
  const snapshot = async () => ({
    enquiry: (await db().select().from(enquiries).where(eq(enquiries.id, e.id)))[0],
    quotations: await db().select().from(quotations).where(eq(quotations.enquiryId, e.id)).orderBy(quotations.id),
    history: await db().select().from(documentHistory).where(and(eq(documentHistory.docType, 'enquiry'), eq(documentHistory.docId, e.id))),
    quotationHistory: (await db().select().from(documentHistory).where(eq(documentHistory.docType, 'quotation'))).filter((h) => h.docId === q1.id || h.docId === q2.id),
    jobs: await jobsOf(db(), Object.values(ENQUIRY_JOBS), e.id),
    orders: await db().select().from(orders).where(eq(orders.enquiryId, e.id)),
  });
  return { n, buyer, s1, s2, e, i1, i2, q1, q2, snapshot };
}

const draftBody = (over: object = {}) => ({
  title: '状态表询价',
  lines: [{ productName: '聚合氯化铝', spec: '含量30%', quantity: 10, unit: '吨' }],
  deliveryProvinceCode: 440000,
  deliveryCityCode: 440300,
  deliveryDistrictCode: 440305,
  deliveryAreaName: '广东省 深圳市 南山区',
  deliveryAddress: '水厂路1号',
  contactName: '王工',
  contactPhone: '13800000001',
  deadline: inDays(5).toISOString(),
  invoiceKind: 0,
  paymentTerms: '月结30天',
  ...over,
});

describe('enquiry state table', () => {
  it('every command refuses every state the table does not admit, with the table text, and changes nothing', async () => {
    const { buyer, e, i1, q1, snapshot } = await scene();
    const commands = {
      edit: () => http.post(buyer.token, '/api/enquiry/save', draftBody({ id: e.id })),
      publish: () => http.post(buyer.token, '/api/enquiry/save', draftBody({ id: e.id, publish: true })),
      extend: () => http.post(buyer.token, '/api/enquiry/extend', { id: e.id, deadline: inDays(10).toISOString() }),
      withdraw: () => http.post(buyer.token, '/api/enquiry/withdraw', { id: e.id, reason: '状态表测试' }),
      compare: () => http.get(buyer.token, `/api/enquiry/offers?enquiryId=${e.id}`),
      award: () => http.post(buyer.token, '/api/enquiry/award', { enquiryId: e.id, lines: [{ enquiryItemId: i1, quotationId: q1.id }] }),
    } as const;
    let walked = 0;
    for (const { action, state, allowed } of stateMatrix(enquiryMachine)) {
      if (allowed) continue;
      await db().update(enquiries).set({ status: state }).where(eq(enquiries.id, e.id));
      const before = await snapshot();
      if (action === 'close') {
        // The system's deadline job: a state it does not admit is left alone (no refusal to show anyone).
        await db().transaction((tx) => closeAtDeadline(tx as never, e.id, inDays(6)));
      } else {
        const res = await commands[action]();
        expect(res.message, `${action} from ${state}`).toBe(enquiryMachine.refusal(action, state, { sealed: false }));
      }
      expect(await snapshot(), `${action} from ${state}`).toEqual(before);
      walked++;
    }
    expect(walked).toBeGreaterThan(10);
  });

  it('each status change is one document_history row, which the detail answers oldest first', async () => {
    const buyer = await makePurchaser(db(), `状态表历史采购商${++seq}`);
    const saved = await http.post<{ id: number }>(buyer.token, '/api/enquiry/save', draftBody({ publish: true }));
    expect(saved.code).toBe(0);
    const id = saved.data.id;
    expect((await http.post(buyer.token, '/api/enquiry/extend', { id, deadline: inDays(8).toISOString() })).code).toBe(0);
    expect((await http.post(buyer.token, '/api/enquiry/withdraw', { id, reason: '需求取消' })).code).toBe(0);
    const d = await http.get<MyEnquiryDetail>(buyer.token, `/api/enquiry/mineDetail?id=${id}`);
    expect(d.data.history.map((h) => [h.action, h.fromStatus, h.toStatus])).toEqual([
      ['create', null, EnquiryStatus.DRAFT],
      ['publish', EnquiryStatus.DRAFT, EnquiryStatus.QUOTING],
      ['extend', EnquiryStatus.QUOTING, EnquiryStatus.QUOTING],
      ['withdraw', EnquiryStatus.QUOTING, EnquiryStatus.REVOKED],
    ]);
    expect(d.data.history[3]).toMatchObject({ note: '需求取消' });
    expect(d.data.actions).toMatchObject({ edit: false, extend: false, withdraw: false });
  });

  it('a sealed enquiry before its deadline refuses 授标 with the sealing text', async () => {
    const { buyer, e, i1, q1, snapshot } = await scene();
    await db().update(enquiries).set({ sealed: true, status: EnquiryStatus.QUOTING }).where(eq(enquiries.id, e.id));
    const before = await snapshot();
    const res = await http.post(buyer.token, '/api/enquiry/award', { enquiryId: e.id, lines: [{ enquiryItemId: i1, quotationId: q1.id }] });
    expect(res.message).toBe(enquiryMachine.refusal('award', EnquiryStatus.QUOTING, { sealed: true }));
    expect(await snapshot()).toEqual(before);
  });
});

describe('quotation state table', () => {
  it('every command refuses every state the table does not admit, with the table text, and changes nothing', async () => {
    const { n, buyer, s1, e, i1, q1, q2, snapshot } = await scene();
    const submit = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/quotation/submit',
          headers: { 'x-token': s1.admin.token, 'idempotency-key': newIdempotencyKey() },
          payload: {
            enquiryId: e.id,
            baseVersion: 1,
            lines: [{ enquiryItemId: i1, unitPrice: 99, taxRate: 13 }],
            freight: 0,
            leadDays: 7,
            validUntil: chinaDay(30),
            remark: '',
            contactName: '王经理',
            contactPhone: '13800001111',
          },
        })
      ).json() as { message: string };
    const award = () => http.post(buyer.token, '/api/enquiry/award', { enquiryId: e.id, lines: [{ enquiryItemId: i1, quotationId: q1.id }] });
    let walked = 0;
    for (const { action, state, allowed } of stateMatrix(quotationMachine)) {
      if (allowed) continue;
      // One submit command takes 修改报价 or 重新报价 by the stored status (已撤回 → 重新报价), so each of the two
      // is reached only from the states the other does not admit.
      if (action === 'revise' && quotationMachine.can('requote', state)) continue;
      if (action === 'requote' && quotationMachine.can('revise', state)) continue;
      // 未中标 decides the other live offers of an award: an 已撤回 one is not live, so never reached.
      if (action === 'lose' && state === QuotationStatus.WITHDRAWN) continue;
      await db().update(enquiries).set({ status: EnquiryStatus.QUOTING }).where(eq(enquiries.id, e.id));
      await db().update(quotations).set({ status: QuotationStatus.QUOTED }).where(eq(quotations.enquiryId, e.id));
      await db().update(quotations).set({ status: state }).where(eq(quotations.id, action === 'lose' ? q2.id : q1.id));
      const before = await snapshot();
      let message: string;
      let expected: string;
      if (action === 'revise' || action === 'requote') {
        message = (await submit()).message;
        expected = quotationMachine.refusal(action, state)!;
      } else if (action === 'withdraw') {
        message = (await http.post(s1.admin.token, '/api/quotation/withdraw', { id: q1.id, reason: '状态表测试' })).message;
        expected = quotationMachine.refusal('withdraw', state, { enquiryOpen: true })!;
      } else if (action === 'award') {
        message = (await award()).message;
        expected = `状态表供应商甲${n} ${quotationMachine.refusal('award', state, { expired: false })}`;
      } else {
        message = (await award()).message;
        expected = quotationMachine.refusal('lose', state)!;
      }
      expect(message, `${action} from ${state}`).toBe(expected);
      expect(await snapshot(), `${action} from ${state}`).toEqual(before);
      walked++;
    }
    expect(walked).toBeGreaterThan(8);
  });
});
