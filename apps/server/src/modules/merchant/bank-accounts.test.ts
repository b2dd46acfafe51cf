import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Code, OrderStatus, type BankAccountView, type TransferPayee } from '@aquamall/shared';
import { bankAccounts, orders } from '../../db/schema/index.ts';
import { createTestApp, testDbKind, type TestApp } from '../../test/app.ts';
import { advanceOrder, api, makeOnSaleProduct, makeOrder, makePurchaser, makeSupplier, proofFile } from '../../test/factories/index.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

/**
 * Several settlement accounts per supplier with one default (decision 0206): each verified by its own small deposit,
 * the default is the payee of new orders and is recorded on the order when it is placed.
 */
let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/merchant/bank-accounts.test.ts');

const db = () => t.database.db;
let seq = 0;

/** Adds an account through the page's endpoints and verifies it with the deposited amount. */
async function addVerified(token: string, accountNo: string): Promise<number> {
  const saved = await http.post<BankAccountView>(token, '/api/bank/account/save', { accountName: '多账户供应商', bankName: '中国建设银行', branchName: '杭州分行', accountNo });
  expect(saved.code).toBe(0);
  const id = saved.data.id;
  expect((await http.post(token, '/api/bank/account/send', { id })).code).toBe(0);
  const [row] = await db().select().from(bankAccounts).where(eq(bankAccounts.id, id));
  expect((await http.post(token, '/api/bank/account/verify', { id, amount: row!.depositFen! / 100 })).data).toMatchObject({ verified: true });
  return id;
}

async function scene() {
  const n = ++seq;
  const seller = await makeSupplier(db(), `多账户供应商${n}`);
  const buyer = await makePurchaser(db(), `多账户采购商${n}`);
  const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 100, stock: 100 }] });
  const order = async () => {
    const o = await makeOrder(db(), buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 1 }]);
    await advanceOrder(db(), o.id, { buyerUserId: buyer.id, sellerUserId: seller.admin.id }, OrderStatus.TO_PAY);
    return o.id;
  };
  return { n, seller, buyer, order };
}

const list = async (token: string) => (await http.get<BankAccountView[]>(token, '/api/bank/accounts')).data;
const payee = async (token: string, id: number) => (await http.get<TransferPayee>(token, `/api/order/payee?id=${id}`)).data;
const payeeId = async (id: number) => (await db().select({ p: orders.payeeAccountId }).from(orders).where(eq(orders.id, id)))[0]!.p;

describe(`several settlement accounts with one default (${testDbKind})`, () => {
  it('the first verified account is the default; a new order records the default, a later change does not move it', async () => {
    const s = await scene();
    const S = s.seller.admin.token;
    const first = await addVerified(S, `62270010000${s.n}01`);
    const second = await addVerified(S, `62270010000${s.n}02`);
    expect((await list(S)).map((a) => [a.id, a.isDefault])).toEqual([
      [first, true],
      [second, false],
    ]);
    const before = await s.order();
    expect(await payeeId(before)).toBe(first);

    expect(await http.post(S, '/api/bank/account/default', { id: second })).toMatchObject({ code: 0, message: '已设为默认收款账户，新订单将付款至该账户' });
    expect((await list(S)).filter((a) => a.isDefault).map((a) => a.id)).toEqual([second]);
    const after = await s.order();
    expect(await payeeId(after)).toBe(second);
    // The order placed before still shows, and is paid to, the account it recorded.
    expect((await payee(s.buyer.token, before)).account?.accountNo).toBe(`62270010000${s.n}01`);
    expect((await payee(s.buyer.token, after)).account?.accountNo).toBe(`62270010000${s.n}02`);
    const proof = await proofFile(db(), s.buyer.companyId, s.buyer.id);
    expect((await http.post(s.buyer.token, '/api/order/pay', { orderId: before, method: 1, proofFiles: [proof] })).code).toBe(0);
    expect(await payeeId(before)).toBe(first);
  });

  it('refuses a default that is not verified, a second copy of a number, changes to a verified account and a sixth account', async () => {
    const s = await scene();
    const S = s.seller.admin.token;
    const verified = await addVerified(S, `62270020000${s.n}01`);
    const pending = await http.post<BankAccountView>(S, '/api/bank/account/save', { accountName: '多账户供应商', bankName: '中国银行', accountNo: `62270020000${s.n}02` });
    expect(pending.data).toMatchObject({ status: 0, isDefault: false });
    expect(await http.post(S, '/api/bank/account/default', { id: pending.data.id })).toMatchObject({ code: Code.CONFLICT, message: '只有已验证的账户可以设为默认收款账户' });
    expect(await http.post(S, '/api/bank/account/save', { accountName: '多账户供应商', bankName: '中国银行', accountNo: `62270020000${s.n}02` })).toMatchObject({ code: Code.INVALID, message: '该银行账号已添加' });
    expect(await http.post(S, '/api/bank/account/save', { id: verified, accountName: '改名供应商公司', bankName: '中国银行', accountNo: `62270020000${s.n}09` })).toMatchObject({
      code: Code.CONFLICT,
      message: '已验证的账户不能修改，如需更换请新增账户并设为默认',
    });
    // An account not yet verified may be corrected.
    expect((await http.post<BankAccountView>(S, '/api/bank/account/save', { id: pending.data.id, accountName: '多账户供应商', bankName: '中国农业银行', accountNo: `62270020000${s.n}03` })).data).toMatchObject({ id: pending.data.id, bankName: '中国农业银行' });
    for (const k of [4, 5, 6]) expect((await http.post(S, '/api/bank/account/save', { accountName: '多账户供应商', bankName: '中国银行', accountNo: `62270020000${s.n}0${k}` })).code).toBe(0);
    expect(await http.post(S, '/api/bank/account/save', { accountName: '多账户供应商', bankName: '中国银行', accountNo: `62270020000${s.n}07` })).toMatchObject({ code: Code.INVALID, message: '最多可使用5个对公账户，请先停用不用的账户' });
    expect((await list(S))).toHaveLength(5);
  });

  it('disables an account (not the default while another verified one is in use); an order naming it is no longer payable by transfer', async () => {
    const s = await scene();
    const S = s.seller.admin.token;
    const first = await addVerified(S, `62270030000${s.n}01`);
    const second = await addVerified(S, `62270030000${s.n}02`);
    const o = await s.order();
    expect(await http.post(S, '/api/bank/account/disable', { id: first })).toMatchObject({ code: Code.CONFLICT, message: '请先将其他已验证账户设为默认，再停用此账户' });
    expect((await http.post(S, '/api/bank/account/default', { id: second })).code).toBe(0);
    expect((await http.post<BankAccountView>(S, '/api/bank/account/disable', { id: first })).data).toMatchObject({ isDefault: false, disabledAt: expect.any(String) });
    expect((await list(S)).map((a) => a.id)).toEqual([second, first]);
    expect(await http.post(S, '/api/bank/account/default', { id: first })).toMatchObject({ code: Code.CONFLICT, message: '该账户已停用' });
    const p = await payee(s.buyer.token, o);
    expect(p).toMatchObject({ available: false, account: null, reason: '该订单的收款账户已被供应商停用，请联系供应商' });
    const proof = await proofFile(db(), s.buyer.companyId, s.buyer.id);
    expect(await http.post(s.buyer.token, '/api/order/pay', { orderId: o, method: 1, proofFiles: [proof] })).toMatchObject({ code: Code.CONFLICT, message: '该订单的收款账户已被供应商停用，请联系供应商' });
    // New orders go to the default; the last verified account may be disabled, after which none is payable.
    const next = await s.order();
    expect(await payeeId(next)).toBe(second);
    expect((await http.post(S, '/api/bank/account/disable', { id: second })).code).toBe(0);
    expect((await payee(s.buyer.token, await s.order())).reason).toBe('该供应商尚未完成对公账户验证，暂不能通过银行转账付款');
  });

  it('an order placed before the supplier had a verified account is paid to the account verified since, which it then records', async () => {
    const s = await scene();
    const o = await makeOrder(db(), s.buyer, s.seller.id, [{ skuId: (await makeOnSaleProduct(db(), s.seller, { skus: [{ price: 5, stock: 5 }] })).skuIds[0]!, quantity: 1 }]);
    expect(await payeeId(o.id)).toBeNull();
    await advanceOrder(db(), o.id, { buyerUserId: s.buyer.id, sellerUserId: s.seller.admin.id }, OrderStatus.TO_PAY);
    const proof = await proofFile(db(), s.buyer.companyId, s.buyer.id);
    expect((await http.post(s.buyer.token, '/api/order/pay', { orderId: o.id, method: 1, proofFiles: [proof] })).code).toBe(Code.CONFLICT);
    const id = await addVerified(s.seller.admin.token, `62270040000${s.n}01`);
    expect((await payee(s.buyer.token, o.id)).available).toBe(true);
    expect((await http.post(s.buyer.token, '/api/order/pay', { orderId: o.id, method: 1, proofFiles: [proof] })).code).toBe(0);
    expect(await payeeId(o.id)).toBe(id);
  });

  it('another company neither lists, sets as default nor disables the accounts', async () => {
    const s = await scene();
    const other = await makeSupplier(db(), `多账户他人${s.n}`);
    const id = await addVerified(s.seller.admin.token, `62270050000${s.n}01`);
    const outsider = crossCompanyCaller(other.admin.token);
    expect(await list(outsider)).toEqual([]);
    for (const path of ['default', 'disable']) expect(await http.post(outsider, `/api/bank/account/${path}`, { id })).toMatchObject({ code: Code.NOT_FOUND, message: '记录不存在' });
    expect(await http.post(outsider, '/api/bank/account/send', { id })).toMatchObject({ code: Code.NOT_FOUND });
    const [row] = await db().select().from(bankAccounts).where(and(eq(bankAccounts.id, id), eq(bankAccounts.isDefault, true)));
    expect(row?.disabledAt).toBeNull();
  });

  it('two accounts made default at the same time: exactly one default remains', async () => {
    const s = await scene();
    const S = s.seller.admin.token;
    const ids = [await addVerified(S, `62270060000${s.n}01`), await addVerified(S, `62270060000${s.n}02`), await addVerified(S, `62270060000${s.n}03`)];
    const answers = await Promise.all([ids[1], ids[2], ids[1], ids[2]].map((id) => http.post(S, '/api/bank/account/default', { id })));
    expect(answers.every((a) => a.code === 0)).toBe(true);
    const defaults = await db().select().from(bankAccounts).where(and(eq(bankAccounts.companyId, s.seller.id), eq(bankAccounts.isDefault, true)));
    expect(defaults).toHaveLength(1);
  }, 60_000);
});
