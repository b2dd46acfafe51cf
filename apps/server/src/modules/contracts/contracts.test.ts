import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, ContractStatus, contractListLine, OrderStatus, type ContractDetail, type OrderContract, type OrderListAnswer } from '@aquamall/shared';
import { PDFDocument } from 'pdf-lib';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { advanceOrder, ageCodes, api, giveBankAccount, lastCode, makeOnSaleProduct, makeOrder, makePurchaser, makeSupplier } from '../../test/factories/index.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/contracts/contracts.test.ts');

const db = () => t.database.db;
let seq = 0;

/** A supplier, a purchaser and an order of 2 × 15000.05 + 10 freight (30010.10) taken to `to`. */
async function scene(to: number = OrderStatus.TO_SHIP) {
  const n = ++seq;
  const seller = await makeSupplier(db(), `合同供应商${n}`);
  const buyer = await makePurchaser(db(), `合同采购商${n}`);
  await giveBankAccount(db(), seller.id, { accountName: `合同供应商${n}`, accountNo: `62220310000000${n}` });
  const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 15000.05, stock: 100 }] });
  const o = await makeOrder(db(), buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 2 }], { freight: 10 });
  await advanceOrder(db(), o.id, { buyerUserId: buyer.id, sellerUserId: seller.admin.id }, to as never);
  return { seller, buyer, id: o.id, orderNo: o.orderNo, skuId: skuIds[0]! };
}

const create = (token: string, orderId: number) => http.post<ContractDetail>(token, '/api/contract/create', { orderId });
const codeFor = async (token: string, phone: string, id: number) => {
  const sent = await http.post<{ phone: string }>(token, '/api/contract/sign/code', { id });
  expect(sent.code).toBe(0);
  return lastCode(t.app, phone);
};
const sign = (token: string, id: number, code: string) => http.post<ContractDetail>(token, '/api/contract/sign', { id, code });
const pdf = (token: string, id: number) => t.app.inject({ method: 'GET', url: `/api/contract/pdf?id=${id}`, headers: { 'x-token': token } });
const ship = (token: string, orderId: number, lineId: number) =>
  http.post(token, '/api/order/ship', { orderId, carrier: '顺丰速运', trackingNo: 'SF1234567890123', lines: [{ lineId, quantity: 2 }] });

describe('order contracts', () => {
  it('renders the order with the amount in capitals and the clauses; both parties sign with SMS codes, in either order', async () => {
    const s = await scene();
    const c = await create(s.buyer.token, s.id);
    expect(c.code).toBe(0);
    expect(c.data).toMatchObject({ status: ContractStatus.PENDING, amount: '30010.10', amountCapital: '叁万零壹拾元零壹角', side: 'buyer' });
    expect(c.data.actions).toEqual(['sign', 'void']);
    expect(c.data.text.capital).toBe('人民币叁万零壹拾元零壹角');
    expect(c.data.text.sums.at(-1)).toEqual(['订单总额', '30010.10']);
    expect(c.data.text.clauses).toHaveLength(9);
    expect(c.data.text.clauses[2]).toContain('62220310000000');
    const draft = await pdf(s.seller.admin.token, c.data.id);
    expect(draft.statusCode).toBe(200);
    const doc = await PDFDocument.load(draft.rawPayload);
    expect(doc.getKeywords()).toContain('capital:叁万零壹拾元零壹角');
    expect(doc.getKeywords()).toContain('total:30010.10');
    expect(doc.getTitle()).toContain('采购合同');
    // A second live contract for the same order is refused.
    expect(await create(s.seller.admin.token, s.id)).toMatchObject({ code: Code.CONFLICT, message: '该订单已有未作废的合同，请勿重复生成' });

    // Supplier (乙方) first: a wrong code and an expired code are refused and change nothing.
    const code1 = await codeFor(s.seller.admin.token, s.seller.admin.phone, c.data.id);
    const wrong = code1 === '000000' ? '111111' : '000000';
    expect(await sign(s.seller.admin.token, c.data.id, wrong)).toMatchObject({ message: '短信验证码错误或已过期，请重新获取' });
    await ageCodes(db(), `${s.seller.admin.phone}#HT${c.data.id}`, 600);
    expect(await sign(s.seller.admin.token, c.data.id, code1)).toMatchObject({ message: '短信验证码错误或已过期，请重新获取' });
    expect((await http.get<OrderContract>(s.buyer.token, `/api/contract/order?orderId=${s.id}`)).data.contract!.status).toBe(ContractStatus.PENDING);
    const code2 = await codeFor(s.seller.admin.token, s.seller.admin.phone, c.data.id);
    const afterSeller = await sign(s.seller.admin.token, c.data.id, code2);
    expect(afterSeller.data).toMatchObject({ status: ContractStatus.SELLER_SIGNED, sellerSignature: { ref: expect.stringMatching(/^SBX-SEAL-/) }, buyerSignature: null });
    // The same side cannot sign twice, nor use its code again.
    expect(await http.post(s.seller.admin.token, '/api/contract/sign/code', { id: c.data.id })).toMatchObject({ code: Code.CONFLICT, message: '贵方已签署该合同，等待对方签署' });
    expect(await sign(s.seller.admin.token, c.data.id, code2)).toMatchObject({ code: Code.CONFLICT });
    // A code sent for this contract is the purchaser's own: the supplier's code does not sign for the purchaser.
    expect(await sign(s.buyer.token, c.data.id, code2)).toMatchObject({ message: '短信验证码错误或已过期，请重新获取' });
    const code3 = await codeFor(s.buyer.token, s.buyer.phone, c.data.id);
    const done = await sign(s.buyer.token, c.data.id, code3);
    expect(done.data.status).toBe(ContractStatus.SIGNED);
    expect(done.data.actions).toEqual([]);
    expect(done.data.history.map((h) => h.action)).toEqual(['生成合同', '签署合同', '签署合同']);
    const signed = await PDFDocument.load((await pdf(s.buyer.token, c.data.id)).rawPayload);
    const seals = signed.getKeywords()!.match(/seal:SBX-SEAL-\w+/g) ?? [];
    expect(seals).toHaveLength(2);
    const state = await http.get<OrderContract>(s.seller.admin.token, `/api/contract/order?orderId=${s.id}`);
    expect(state.data).toMatchObject({ statusLine: '合同已签署', canCreate: false });
    // A signed contract cannot be voided.
    expect(await http.post(s.buyer.token, '/api/contract/void', { id: c.data.id, reason: '不要了' })).toMatchObject({ code: Code.CONFLICT });
  });

  it('a purchaser signing first leaves 甲方已签; voiding lets a new one be generated', async () => {
    const s = await scene(OrderStatus.TO_PAY);
    const c = await create(s.seller.admin.token, s.id);
    const code = await codeFor(s.buyer.token, s.buyer.phone, c.data.id);
    expect((await sign(s.buyer.token, c.data.id, code)).data.status).toBe(ContractStatus.BUYER_SIGNED);
    const line = (await http.get<OrderContract>(s.buyer.token, `/api/contract/order?orderId=${s.id}`)).data.statusLine;
    expect(line).toBe('待签署合同（甲方已签，待乙方签署）');
    expect(await http.post(s.seller.admin.token, '/api/contract/void', { id: c.data.id, reason: '' })).toMatchObject({ code: Code.INVALID });
    expect((await http.post(s.seller.admin.token, '/api/contract/void', { id: c.data.id, reason: '数量有误' })).code).toBe(0);
    const again = await create(s.buyer.token, s.id);
    expect(again.data).toMatchObject({ status: ContractStatus.PENDING });
    expect(again.data.contractNo).not.toBe(c.data.contractNo);
  });

  it('the supplier’s rule: required above a threshold, shipping refused until both signed; reprice refused with a contract', async () => {
    const s = await scene();
    const settings = (b: unknown) => http.post(s.seller.admin.token, '/api/contract/settings', b);
    expect(await settings({ required: false, threshold: -1 })).toMatchObject({ code: Code.INVALID });
    expect((await settings({ required: false, threshold: 50000 })).code).toBe(0);
    // 30010.10 is below the threshold: optional.
    expect((await http.get<OrderContract>(s.buyer.token, `/api/contract/order?orderId=${s.id}`)).data).toMatchObject({ required: false, statusLine: '' });
    expect((await settings({ required: false, threshold: 30010.1 })).code).toBe(0);
    const st = await http.get<OrderContract>(s.buyer.token, `/api/contract/order?orderId=${s.id}`);
    expect(st.data).toMatchObject({ required: true, requiredReason: '订单金额达到 ¥30010.10，供应商要求签署采购合同', statusLine: '待生成并签署采购合同', canCreate: true });
    // Both lists say so too (待生成合同), until a contract exists (合同待签).
    const listed = async () =>
      Promise.all(
        [
          [s.buyer.token, 0],
          [s.seller.admin.token, 6],
        ].map(async ([token, type]) => {
          const answer = await http.post<OrderListAnswer>(token as string, '/api/order/list', { type });
          expect(answer.code, answer.message).toBe(0);
          const rows = answer.data.list;
          const row = rows.find((r) => r.id === s.id)!;
          return [row.contractStatus, row.contractRequired, contractListLine(row.contractStatus, row.contractRequired)];
        }),
      );
    expect(await listed()).toEqual([
      [null, true, '待生成合同'],
      [null, true, '待生成合同'],
    ]);
    const detail = await http.get<{ lines: { id: number }[] }>(s.seller.admin.token, `/api/order/detail?id=${s.id}`);
    const lineId = detail.data.lines[0]!.id;
    expect(await ship(s.seller.admin.token, s.id, lineId)).toMatchObject({ code: Code.CONFLICT, message: '该订单须先由双方签署采购合同，签署完成后才能发货' });
    const c = await create(s.buyer.token, s.id);
    expect(await listed()).toEqual([
      [ContractStatus.PENDING, false, '合同待签'],
      [ContractStatus.PENDING, false, '合同待签'],
    ]);
    await sign(s.buyer.token, c.data.id, await codeFor(s.buyer.token, s.buyer.phone, c.data.id));
    expect(await ship(s.seller.admin.token, s.id, lineId)).toMatchObject({ code: Code.CONFLICT });
    await sign(s.seller.admin.token, c.data.id, await codeFor(s.seller.admin.token, s.seller.admin.phone, c.data.id));
    expect((await ship(s.seller.admin.token, s.id, lineId)).code).toBe(0);

    const r = await scene(OrderStatus.TO_CONFIRM);
    const rc = await create(r.buyer.token, r.id);
    expect(rc.code).toBe(0);
    const rd = await http.get<{ lines: { id: number }[] }>(r.seller.admin.token, `/api/order/detail?id=${r.id}`);
    expect(await http.post(r.seller.admin.token, '/api/order/reprice', { orderId: r.id, freight: 20, lines: [{ lineId: rd.data.lines[0]!.id, unitPrice: 100 }] })).toMatchObject({
      message: '该订单已生成采购合同，请先作废合同再修改价格',
    });
  });

  it('two signatures at the same moment never lose a seal: each signature that succeeds is in the PDF', async () => {
    const s = await scene();
    const c = await create(s.buyer.token, s.id);
    const b = await codeFor(s.buyer.token, s.buyer.phone, c.data.id);
    const v = await codeFor(s.seller.admin.token, s.seller.admin.phone, c.data.id);
    const both = await Promise.all([sign(s.buyer.token, c.data.id, b), sign(s.seller.admin.token, c.data.id, v)]);
    const won = both.filter((r) => r.code === 0).length;
    // Either both went through one after the other, or the later one found the contract moved under it.
    for (const r of both.filter((x) => x.code !== 0)) expect(r).toMatchObject({ message: '合同已被对方签署或作废，请刷新后重新签署' });
    expect(won).toBeGreaterThanOrEqual(1);
    const doc = await PDFDocument.load((await pdf(s.buyer.token, c.data.id)).rawPayload);
    expect(doc.getKeywords()!.match(/seal:SBX-SEAL-\w+/g)).toHaveLength(won);
    const state = await http.get<OrderContract>(s.buyer.token, `/api/contract/order?orderId=${s.id}`);
    expect(state.data.contract!.status === ContractStatus.SIGNED).toBe(won === 2);
  });

  it('only the two parties see, download, sign or void a contract', async () => {
    const s = await scene();
    const c = await create(s.buyer.token, s.id);
    const other = await makePurchaser(db(), '旁观合同采购商');
    const otherSeller = await makeSupplier(db(), '旁观合同供应商');
    const B = crossCompanyCaller(other.token);
    const S = crossCompanyCaller(otherSeller.admin.token);
    expect(await http.get(B, `/api/contract/order?orderId=${s.id}`)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await http.get(S, `/api/contract/pdf?id=${c.data.id}`)).toMatchObject({ code: Code.NOT_FOUND });
    expect(await http.post(S, '/api/contract/create', { orderId: s.id })).toMatchObject({ code: Code.NOT_FOUND });
    expect(await http.post(B, '/api/contract/sign/code', { id: c.data.id })).toMatchObject({ code: Code.NOT_FOUND });
    expect(await http.post(B, '/api/contract/sign', { id: c.data.id, code: '123456' })).toMatchObject({ code: Code.NOT_FOUND });
    expect(await http.post(S, '/api/contract/void', { id: c.data.id, reason: '抢先作废' })).toMatchObject({ code: Code.NOT_FOUND });
    expect((await http.get<OrderContract>(s.buyer.token, `/api/contract/order?orderId=${s.id}`)).data.contract!.status).toBe(ContractStatus.PENDING);
  });
});
