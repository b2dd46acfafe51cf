import { describe, expect, it } from 'vitest';
import { enquiryEndpoints as en, purchaseRequestEndpoints as p, quotationEndpoints as qe } from '@aquamall/shared/endpoints';
import { useTestApp } from '../../test/use-app.ts';
import { callEndpoint } from '../../test/http.ts';
import { createApprovalRule, createHeadedDepartment, insertEnquiry, insertOffer, makeAddress, makeApprovalCompany, makeSupplier } from '../../test/factories/index.ts';

// The enquiry detail and its offers page report an award waiting for approval from the server's state (decision 0249).
const t = useTestApp();
const { db, http } = t;
let seq = 0;

async function company(name: string) {
  const co = await makeApprovalCompany(db(), `${name}${++seq}`);
  const dep = await createHeadedDepartment(t.app, co, '采购部');
  expect(dep.code).toBe(0);
  await makeAddress(db(), co.buyer.companyId, { isDefault: true });
  return { ...co, n: seq };
}

describe('the enquiry reports an award waiting for approval to its purchaser only', () => {
  it('detail and offers name the request on every read until it is decided; no award is offered meanwhile; suppliers and other companies learn nothing', async () => {
    const co = await company('授标待审');
    expect((await createApprovalRule(t.app, co.buyer.token, { name: '大额授标', minAmount: 1000 })).code).toBe(0);
    const e = await insertEnquiry(db(), co.buyer.companyId, { deadline: new Date(Date.now() - 60_000) });
    const [i1, i2] = e.itemIds as [number, number];
    const s = await makeSupplier(db(), `授标待审供应商${co.n}`);
    const ref = { id: e.id, companyId: co.buyer.companyId, quantities: { [i1]: 10, [i2]: 2 } };
    // 10×80 + 2×150 + 200 freight = ¥1,300 ≥ ¥1,000.
    const q = await insertOffer(db(), ref, { id: s.id, name: `授标待审供应商${co.n}` }, [{ prices: { [i1]: 80, [i2]: 150 }, freight: 200 }]);
    const detail = () => callEndpoint(t.app, co.buyer.token, en.enquiryMineDetail, { id: e.id });
    const offers = () => callEndpoint(t.app, co.buyer.token, en.enquiryOffers, { enquiryId: e.id });
    const award = () =>
      http.post<{ orders: { id: number }[]; purchaseRequest?: { id: number; requestNo: string } }>(co.buyer.token, '/api/enquiry/award', {
        enquiryId: e.id,
        lines: [
          { enquiryItemId: i1, quotationId: q.id },
          { enquiryItemId: i2, quotationId: q.id },
        ],
      });

    const before = await detail();
    expect(before.data).toMatchObject({ purchaseRequest: null, actions: { award: true } });
    expect((await offers()).data).toMatchObject({ purchaseRequest: null, canAward: true });

    const first = await award();
    expect(first.message).toMatch(/^授标需审批，已提交采购申请 SQ/);
    const waiting = first.data.purchaseRequest!;
    // A fresh read (what the page does after a reload) names the request and offers no award.
    for (let i = 0; i < 2; i++) {
      const d = await detail();
      expect(d.data).toMatchObject({ status: before.data.status, purchaseRequest: { id: waiting.id, requestNo: waiting.requestNo }, actions: { award: false } });
      expect(d.data.orders).toEqual([]);
      const c = await offers();
      expect(c.data).toMatchObject({ canAward: false, purchaseRequest: { id: waiting.id, requestNo: waiting.requestNo } });
    }
    // The supplier's view of its offer says nothing of the purchaser's approvals; the purchaser's pages refuse it.
    const theirs = await callEndpoint(t.app, s.admin.token, qe.quotationDetail, { enquiryId: e.id });
    expect(theirs.code).toBe(0);
    expect(JSON.stringify(theirs.data)).not.toContain(waiting.requestNo);
    expect((await callEndpoint(t.app, s.admin.token, en.enquiryMineDetail, { id: e.id })).code).not.toBe(0);
    // Another purchaser never reads the enquiry.
    const other = await company('旁观采购');
    expect((await callEndpoint(t.app, other.buyer.token, en.enquiryMineDetail, { id: e.id })).code).not.toBe(0);

    // Rejected: nothing waits, the award is offered again.
    expect((await callEndpoint(t.app, co.head.token, p.purchaseRequestReject, { sysNo: waiting.id, comment: '价格偏高' })).code).toBe(0);
    expect((await detail()).data).toMatchObject({ purchaseRequest: null, actions: { award: true } });
    expect((await offers()).data).toMatchObject({ purchaseRequest: null, canAward: true });

    // Approved: performed; nothing is reported waiting and the orders are there.
    const second = (await award()).data.purchaseRequest!;
    expect((await detail()).data.purchaseRequest).toEqual(second);
    expect((await callEndpoint(t.app, co.head.token, p.purchaseRequestApprove, { sysNo: second.id, comment: '' })).message).toBe('审批通过，已执行授标');
    const after = await detail();
    expect(after.data).toMatchObject({ purchaseRequest: null, actions: { award: false } });
    expect(after.data.orders).toHaveLength(1);
    expect((await offers()).data).toMatchObject({ purchaseRequest: null, canAward: false });
  });
});
