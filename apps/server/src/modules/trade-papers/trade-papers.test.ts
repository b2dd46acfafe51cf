import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, OrderStatus, type TransferMatch, type TransferPayee } from '@aquamall/shared';
import { PDFDocument } from 'pdf-lib';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { advanceOrder, api, giveBankAccount, makeOnSaleProduct, makeOrder, makePurchaser, makeSupplier } from '../../test/factories/index.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/trade-papers/trade-papers.test.ts');

const db = () => t.database.db;
let seq = 0;

/** A supplier, a purchaser and an order of 2 × 15000.05 + 10 freight (30010.10) taken to `to`. */
async function scene(to: number, opts: { bank?: boolean } = {}) {
  const n = ++seq;
  const seller = await makeSupplier(db(), `单据供应商${n}`);
  const buyer = await makePurchaser(db(), `单据采购商${n}`);
  if (opts.bank !== false) await giveBankAccount(db(), seller.id, { accountName: `单据供应商${n}`, accountNo: `62220210000000${n}` });
  const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 15000.05, stock: 100 }] });
  const o = await makeOrder(db(), buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 2 }], { freight: 10 });
  await advanceOrder(db(), o.id, { buyerUserId: buyer.id, sellerUserId: seller.admin.id }, to as never);
  return { seller, buyer, id: o.id, orderNo: o.orderNo };
}

const pdfOf = async (token: string, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { 'x-token': token } });
  return res;
};

describe('transfer payee', () => {
  it('shows the supplier’s verified account and the note with the order number, to both parties', async () => {
    const s = await scene(OrderStatus.TO_PAY);
    const p = await http.get<TransferPayee>(s.buyer.token, `/api/order/payee?id=${s.id}`);
    expect(p.code).toBe(0);
    expect(p.data).toMatchObject({
      available: true,
      reason: null,
      payeeCompanyName: expect.stringContaining('单据供应商'),
      account: { bankName: '中国工商银行', branchName: '杭州西湖支行', accountNo: expect.stringMatching(/^62220210000000\d+$/) },
      note: `订单${s.orderNo}`,
      amount: '30010.10',
    });
    expect((await http.get<TransferPayee>(s.seller.admin.token, `/api/order/payee?id=${s.id}`)).data.available).toBe(true);
  });

  it('says why a transfer cannot be made when the supplier has no verified account', async () => {
    const s = await scene(OrderStatus.TO_PAY, { bank: false });
    const p = await http.get<TransferPayee>(s.buyer.token, `/api/order/payee?id=${s.id}`);
    expect(p.data).toMatchObject({ available: false, account: null, reason: '该供应商尚未完成对公账户验证，暂不能通过银行转账付款' });
    // An account waiting for its small deposit is not verified either.
    await giveBankAccount(db(), s.seller.id, { status: 1 });
    expect((await http.get<TransferPayee>(s.buyer.token, `/api/order/payee?id=${s.id}`)).data.available).toBe(false);
  });

  it('a recharge goes to the account of the credit account’s supplier, with the account number as note', async () => {
    const s = await scene(OrderStatus.TO_PAY);
    const applied = await http.post<{ id: number }>(s.buyer.token, '/api/companyAccount/apply', { sellerCompanyId: s.seller.id });
    expect((await http.post(s.seller.admin.token, '/api/companyAccount/approve', { id: applied.data.id, creditLimit: 1000, paymentDays: 30 })).code).toBe(0);
    const p = await http.get<TransferPayee>(s.buyer.token, `/api/companyAccount/payee?id=${applied.data.id}`);
    expect(p.data).toMatchObject({ available: true, amount: null, note: `充值账户${String(applied.data.id).padStart(6, '0')}` });
    expect(await http.get(s.seller.admin.token, `/api/companyAccount/payee?id=${applied.data.id}`)).toMatchObject({ code: Code.CONFLICT });
  });
});

describe('matching an incoming transfer', () => {
  it('tells exact, short (remainder payable) and excess (refund or balance), and checks the note', async () => {
    const s = await scene(OrderStatus.TO_PAY);
    const match = (amount: number, note: string) =>
      http.post<TransferMatch>(s.seller.admin.token, '/api/order/pay/match', { orderId: s.id, amount, note });
    expect((await match(30010.1, `网银转账 订单${s.orderNo}`)).data).toMatchObject({
      kind: 'exact',
      difference: '0.00',
      noteMatches: true,
      message: '到账金额与应付金额一致；附言含订单号',
    });
    expect((await match(30000, s.orderNo.toLowerCase())).data).toMatchObject({
      kind: 'short',
      expected: '30010.10',
      received: '30000.00',
      difference: '-10.10',
      noteMatches: true,
      message: '少付 ¥10.10，差额仍需采购商补付；附言含订单号',
    });
    const over = (await match(30100, '货款')).data;
    expect(over).toMatchObject({ kind: 'excess', difference: '89.90', noteMatches: false, expectedNote: `订单${s.orderNo}` });
    expect(over.message).toContain('多付 ¥89.90');
    expect(await match(0, '')).toMatchObject({ code: Code.INVALID });
    expect(await match(1.234, '')).toMatchObject({ code: Code.INVALID });
    expect(await http.post(s.buyer.token, '/api/order/pay/match', { orderId: s.id, amount: 1, note: '' })).toMatchObject({ code: Code.FORBIDDEN });
  });
});

describe('order papers', () => {
  it('renders the order, the delivery note and the receiving note with 大写金额, for both parties', async () => {
    const s = await scene(OrderStatus.COMPLETED);
    for (const [token, title] of [
      [s.buyer.token, '采购订单'],
      [s.seller.admin.token, '销售订单'],
    ] as const) {
      const res = await pdfOf(token, `/api/order/paper?id=${s.id}&kind=order`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(encodeURIComponent(title));
      const doc = await PDFDocument.load(res.rawPayload, { updateMetadata: false });
      expect(doc.getTitle()).toBe(`${title} ${s.orderNo}`);
      expect(doc.getKeywords()).toContain('total:30010.10');
      expect(doc.getKeywords()).toContain('capital:叁万零壹拾元零壹角');
    }
    const delivery = await pdfOf(s.seller.admin.token, `/api/order/paper?id=${s.id}&kind=delivery`);
    const d = await PDFDocument.load(delivery.rawPayload, { updateMetadata: false });
    expect(d.getTitle()).toBe(`发货单 ${s.orderNo}`);
    expect(d.getKeywords()).toContain('capital:叁万元零壹角');
    const receiving = await pdfOf(s.buyer.token, `/api/order/paper?id=${s.id}&kind=receiving`);
    expect((await PDFDocument.load(receiving.rawPayload, { updateMetadata: false })).getTitle()).toBe(`收货单 ${s.orderNo}`);
  });

  it('refuses papers that do not exist yet and bad kinds', async () => {
    const s = await scene(OrderStatus.TO_PAY);
    expect(await http.get(s.buyer.token, `/api/order/paper?id=${s.id}&kind=delivery`)).toMatchObject({ code: Code.CONFLICT, message: '该订单尚未发货，没有发货单' });
    expect(await http.get(s.buyer.token, `/api/order/paper?id=${s.id}&kind=receiving`)).toMatchObject({ code: Code.CONFLICT, message: '订单尚未确认收货，没有收货单' });
    expect(await http.get(s.buyer.token, `/api/order/paper?id=${s.id}&kind=contract`)).toMatchObject({ code: Code.INVALID });
  });

  it('a third company sees no payee, matches nothing and downloads no paper', async () => {
    const s = await scene(OrderStatus.COMPLETED);
    const other = await makePurchaser(db(), '旁观采购商');
    const otherSeller = await makeSupplier(db(), '旁观供应商');
    const B = crossCompanyCaller(other.token);
    const S = crossCompanyCaller(otherSeller.admin.token);
    expect(await http.get(B, `/api/order/payee?id=${s.id}`)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await http.get(S, `/api/order/payee?id=${s.id}`)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await http.post(S, '/api/order/pay/match', { orderId: s.id, amount: 1, note: '' })).toMatchObject({ code: Code.NOT_FOUND });
    for (const kind of ['order', 'delivery', 'receiving'])
      expect(await http.get(B, `/api/order/paper?id=${s.id}&kind=${kind}`)).toMatchObject({ code: Code.NOT_FOUND });
    const applied = await http.post<{ id: number }>(s.buyer.token, '/api/companyAccount/apply', { sellerCompanyId: s.seller.id });
    expect(await http.get(B, `/api/companyAccount/payee?id=${applied.data.id}`)).toMatchObject({ code: Code.NOT_FOUND });
  });
});
