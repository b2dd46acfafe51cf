import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { bankAccounts, categories, companies, products, sandboxOutbox } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { call, companyUser, uploadedFile } from './test/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('bank account small-deposit verification', () => {
  const account = { accountName: '福州蓝源环保科技有限公司', bankName: '中国工商银行', branchName: '福州五四支行', accountNo: '6222 0214 0200 1234 567' };

  it('sends an amount below 1 yuan (visible in the sandbox outbox, never to the company) and verifies it', async () => {
    const s = await companyUser(t.database.db);
    expect((await call(t.app, s.token, 'POST', '/api/bank/account/save', account)).data.accountNo).toBe('6222 **** **** 4567');
    const sent = await call(t.app, s.token, 'POST', '/api/bank/account/send');
    expect(sent.data).toMatchObject({ status: 1, attemptsLeft: 3 });
    expect(JSON.stringify(sent.data)).not.toMatch(/deposit/i);
    const [row] = await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.companyId, s.companyId));
    const amount = row!.depositFen! / 100;
    const [mail] = await t.database.db.select().from(sandboxOutbox).where(eq(sandboxOutbox.target, '6222021402001234567'));
    expect(mail!.body).toContain(`${amount.toFixed(2)} 元`);
    const ok = await call(t.app, s.token, 'POST', '/api/bank/account/verify', { amount });
    expect(ok).toMatchObject({ code: 0, data: { verified: true, account: { status: 2 } } });
  });

  it('allows 3 wrong tries, then asks for a new deposit', async () => {
    const s = await companyUser(t.database.db);
    await call(t.app, s.token, 'POST', '/api/bank/account/save', account);
    await call(t.app, s.token, 'POST', '/api/bank/account/send');
    const [row] = await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.companyId, s.companyId));
    const wrong = ((row!.depositFen! % 99) + 1) / 100;
    expect((await call(t.app, s.token, 'POST', '/api/bank/account/verify', { amount: wrong })).message).toBe('金额不正确，还可以尝试2次');
    expect((await call(t.app, s.token, 'POST', '/api/bank/account/verify', { amount: wrong })).message).toBe('金额不正确，还可以尝试1次');
    expect((await call(t.app, s.token, 'POST', '/api/bank/account/verify', { amount: wrong })).message).toContain('验证次数已用完');
    const right = await call(t.app, s.token, 'POST', '/api/bank/account/verify', { amount: row!.depositFen! / 100 });
    expect(right).toMatchObject({ code: 5, message: '请先发起打款验证' });
    expect((await call(t.app, s.token, 'GET', '/api/bank/account')).data.status).toBe(3);
  });

  it('caps amount checks at 5 a day per company, across new deposits and under parallel guesses', async () => {
    const s = await companyUser(t.database.db);
    await call(t.app, s.token, 'POST', '/api/bank/account/save', account);
    const deposit = async () => {
      // A minute has passed since the last deposit.
      await t.database.db.update(bankAccounts).set({ sentAt: sql`now() - interval '61 seconds'` }).where(eq(bankAccounts.companyId, s.companyId));
      expect((await call(t.app, s.token, 'POST', '/api/bank/account/send')).code).toBe(0);
      const [row] = await t.database.db.select().from(bankAccounts).where(eq(bankAccounts.companyId, s.companyId));
      return row!.depositFen!;
    };
    const wrongOf = (fen: number) => ((fen % 99) + 1) / 100;
    let fen = await deposit();
    for (let i = 0; i < 3; i++) await call(t.app, s.token, 'POST', '/api/bank/account/verify', { amount: wrongOf(fen) });
    fen = await deposit();
    // 20 parallel guesses on the new deposit: only 2 are still allowed today.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(t.app, s.token, 'POST', '/api/bank/account/verify', { amount: wrongOf(fen) })),
    );
    expect(answers.filter((a) => a.message.startsWith('金额不正确'))).toHaveLength(2);
    expect(answers.filter((a) => a.message === '今日验证次数已达上限，请明天再试')).toHaveLength(18);
    // Even the right amount of yet another deposit waits for tomorrow.
    fen = await deposit();
    expect((await call(t.app, s.token, 'POST', '/api/bank/account/verify', { amount: fen / 100 })).message).toBe('今日验证次数已达上限，请明天再试');
    await t.database.db
      .update(bankAccounts)
      .set({ dayStartedAt: sql`now() - interval '25 hours'` })
      .where(eq(bankAccounts.companyId, s.companyId));
    expect((await call(t.app, s.token, 'POST', '/api/bank/account/verify', { amount: fen / 100 })).data).toMatchObject({ verified: true });
  });

  it('refuses amounts of 1 yuan or more with a clear message', async () => {
    const s = await companyUser(t.database.db);
    const res = await call(t.app, s.token, 'POST', '/api/bank/account/verify', { amount: 1.5 });
    expect(res.code).toBe(2);
    expect(res.message).toContain('打款金额小于1元');
  });
});

describe('shop settings', () => {
  it('only an approved merchant sets its shop; floors may hold only its own products', async () => {
    const s = await companyUser(t.database.db);
    const other = await companyUser(t.database.db);
    const settings = { shopName: '蓝源旗舰店', logo: await uploadedFile(t.app, s.token), introduction: '专业水处理药剂', shopFloors: [] as { title: string; productIds: number[] }[] };
    expect((await call(t.app, s.token, 'POST', '/api/store/settings/save', settings)).code).toBe(5);
    await t.database.db.update(companies).set({ merchantStatus: 3, shopOpen: true }).where(eq(companies.id, s.companyId));
    const [cat] = await t.database.db.insert(categories).values({ name: '水处理药剂', categoryCode: 'T01', level: 1 }).returning();
    const mk = (companyId: number) =>
      t.database.db.insert(products).values({ companyId, categoryId: cat!.id, categoryCode: 'T01', name: '聚合氯化铝', price: '1800.00' }).returning();
    const [mine] = await mk(s.companyId);
    const [theirs] = await mk(other.companyId);
    const foreign = await call(t.app, s.token, 'POST', '/api/store/settings/save', { ...settings, shopFloors: [{ title: '热销', productIds: [theirs!.id] }] });
    expect(foreign).toMatchObject({ code: 2, message: '楼层中包含不属于本店铺的商品' });
    const saved = await call(t.app, s.token, 'POST', '/api/store/settings/save', { ...settings, shopFloors: [{ title: '热销', productIds: [mine!.id] }] });
    expect(saved).toMatchObject({ code: 0, data: { shopName: '蓝源旗舰店', shopFloors: [{ title: '热销', productIds: [mine!.id] }] } });
    const picker = await call(t.app, s.token, 'GET', '/api/store/products');
    expect(picker.data.map((p: { id: number }) => p.id)).toEqual([mine!.id]);
  });
});
