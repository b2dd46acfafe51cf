import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditMovement } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertCompany } from '../../test/factories/companies.ts';
import { creditAccounts, creditLedger } from '../../db/schema/index.ts';
import { ageAccount, ageCustomersOf, ageSuppliersOf } from './ageing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const db = () => t.database.db;

const DAY = 86_400_000;
/** A fixed "now" so every day count below is computed by hand. */
const NOW = new Date('2026-06-30T04:00:00Z');
const daysAgo = (n: number, hours = 0) => new Date(NOW.getTime() - n * DAY - hours * 3_600_000);

let seq = 0;
async function companies() {
  const n = ++seq;
  const seller = await insertCompany(db(), { type: 2, name: `账龄供应商${n}` });
  const buyer = await insertCompany(db(), { type: 4, name: `账龄采购商${n}` });
  return { seller, buyer };
}

async function account(
  seller: { id: number; name: string },
  buyer: { id: number; name: string },
  status = 1,
) {
  const [a] = await db()
    .insert(creditAccounts)
    .values({
      buyerCompanyId: buyer.id,
      buyerCompanyName: buyer.name,
      sellerCompanyId: seller.id,
      sellerCompanyName: seller.name,
      status,
      creditLimit: '10000',
      paymentDays: 30,
    })
    .returning();
  return a!;
}

type Move = { kind: number; balance?: string; credit?: string; at: Date; due?: Date };
async function moves(accountId: number, list: Move[]) {
  await db()
    .insert(creditLedger)
    .values(
      list.map((m) => ({
        accountId,
        kind: m.kind,
        balanceDelta: m.balance ?? '0',
        creditDelta: m.credit ?? '0',
        createdAt: m.at,
        dueAt: m.due ?? null,
      })),
    );
}

describe('ageing (FIFO over the credit ledger)', () => {
  it('repayments settle the oldest due charge first; the rest ages by days past due', async () => {
    const { seller, buyer } = await companies();
    const a = await account(seller, buyer);
    await moves(a.id, [
      { kind: CreditMovement.RECHARGE, balance: '500.00', at: daysAgo(200) },
      // 100 days past due → 90+
      {
        kind: CreditMovement.ORDER_PAYMENT,
        balance: '-500.00',
        credit: '1000.00',
        at: daysAgo(130),
        due: daysAgo(100),
      },
      // 45 days past due → 31–60
      { kind: CreditMovement.ORDER_PAYMENT, credit: '300.00', at: daysAgo(75), due: daysAgo(45) },
      // 75 days past due → 61–90 (created later than the 45-day one, but due earlier: still settled before it)
      { kind: CreditMovement.ORDER_PAYMENT, credit: '200.00', at: daysAgo(70), due: daysAgo(75) },
      // 10 days past due → 0–30
      { kind: CreditMovement.ORDER_PAYMENT, credit: '150.50', at: daysAgo(40), due: daysAgo(10) },
      // due in 20 days → not due
      { kind: CreditMovement.ORDER_PAYMENT, credit: '99.99', at: daysAgo(10), due: daysAgo(-20) },
      // repay 1100: settles the 1000 (due 100 days ago) and 100 of the 200 (due 75 days ago)
      { kind: CreditMovement.REPAYMENT, credit: '-800.00', at: daysAgo(20) },
      { kind: CreditMovement.REPAYMENT, credit: '-300.00', balance: '50.00', at: daysAgo(5) },
    ]);
    const r = await ageAccount(db(), a.id, NOW);
    // used: 1000 + 300 + 200 + 150.50 + 99.99 − 1100 = 650.49
    expect(r).toMatchObject({
      accountId: a.id,
      buyerCompanyName: buyer.name,
      balance: '50.00',
      creditUsed: '650.49',
      outstanding: '650.49',
      notDue: '99.99',
      d0to30: '150.50',
      d31to60: '300.00',
      d61to90: '100.00',
      d90plus: '0.00',
      overdue: '550.50',
      oldestOverdueAt: daysAgo(75).toISOString(),
    });
  });

  it('buckets at their edges: 30 days → 0–30, 31 → 31–60, 60/61, 90/91; less than a day overdue → 0–30', async () => {
    const { seller, buyer } = await companies();
    const a = await account(seller, buyer);
    const charge = (credit: string, days: number, hours = 0): Move => ({
      kind: CreditMovement.ORDER_PAYMENT,
      credit,
      at: daysAgo(days + 30, hours),
      due: daysAgo(days, hours),
    });
    await moves(a.id, [
      charge('1.00', 0, 1),
      charge('2.00', 30, 23),
      charge('4.00', 31),
      charge('8.00', 60, 12),
      charge('16.00', 61),
      charge('32.00', 90, 23),
      charge('64.00', 91),
    ]);
    const r = await ageAccount(db(), a.id, NOW);
    expect(r).toMatchObject({
      d0to30: '3.00',
      d31to60: '12.00',
      d61to90: '48.00',
      d90plus: '64.00',
      overdue: '127.00',
      notDue: '0.00',
      outstanding: '127.00',
    });
  });

  it('a charge without due date is due when made; overpaying leaves nothing outstanding; rows after "now" are ignored', async () => {
    const { seller, buyer } = await companies();
    const a = await account(seller, buyer);
    await moves(a.id, [
      { kind: CreditMovement.ADJUSTMENT, credit: '40.00', at: daysAgo(35) },
      { kind: CreditMovement.ORDER_PAYMENT, credit: '60.00', at: daysAgo(3), due: daysAgo(-27) },
      { kind: CreditMovement.RMA_REFUND, credit: '-25.00', at: daysAgo(2) },
    ]);
    expect(await ageAccount(db(), a.id, NOW)).toMatchObject({
      creditUsed: '75.00',
      outstanding: '75.00',
      d31to60: '15.00',
      notDue: '60.00',
      overdue: '15.00',
    });
    await moves(a.id, [{ kind: CreditMovement.REPAYMENT, credit: '-100.00', at: daysAgo(1) }]);
    expect(await ageAccount(db(), a.id, NOW)).toMatchObject({
      creditUsed: '-25.00',
      outstanding: '0.00',
      notDue: '0.00',
      overdue: '0.00',
      oldestOverdueAt: null,
    });
    // A later charge is not seen as of NOW, but is seen a day after.
    await moves(a.id, [
      {
        kind: CreditMovement.ORDER_PAYMENT,
        credit: '30.00',
        at: new Date(NOW.getTime() + 3_600_000),
        due: new Date(NOW.getTime() + 2 * 3_600_000),
      },
    ]);
    expect(await ageAccount(db(), a.id, NOW)).toMatchObject({ creditUsed: '-25.00', outstanding: '0.00' });
    // A day later, by due date: 40 (overdue), 30 (due 2 hours after NOW), 60 (not due); repayments 125 settle
    // the 40, the 30 and 55 of the 60 → 5 outstanding, not yet due.
    expect(await ageAccount(db(), a.id, new Date(NOW.getTime() + DAY))).toMatchObject({
      creditUsed: '5.00',
      outstanding: '5.00',
      notDue: '5.00',
      overdue: '0.00',
    });
  });

  it('per customer of a supplier and per supplier of a purchaser, each company seeing only its own accounts', async () => {
    const { seller, buyer } = await companies();
    const other = await companies();
    const buyer2 = await insertCompany(db(), { type: 4, name: `账龄采购商二${seq}` });
    const a1 = await account(seller, buyer);
    const a2 = await account(seller, buyer2);
    const a3 = await account(other.seller, buyer);
    await account(other.seller, buyer2, 0); // a pending request: not aged
    const foreign = await account(other.seller, other.buyer);
    await moves(a1.id, [
      { kind: CreditMovement.ORDER_PAYMENT, credit: '10.00', at: daysAgo(50), due: daysAgo(20) },
    ]);
    await moves(a2.id, [
      { kind: CreditMovement.ORDER_PAYMENT, credit: '70.00', at: daysAgo(100), due: daysAgo(70) },
    ]);
    await moves(a3.id, [
      { kind: CreditMovement.ORDER_PAYMENT, credit: '5.00', at: daysAgo(1), due: daysAgo(-29) },
    ]);
    await moves(foreign.id, [
      { kind: CreditMovement.ORDER_PAYMENT, credit: '999.00', at: daysAgo(100), due: daysAgo(95) },
    ]);

    const customers = await ageCustomersOf(db(), seller.id, NOW);
    expect(customers.map((c) => [c.accountId, c.buyerCompanyName, c.overdue])).toEqual([
      [a2.id, buyer2.name, '70.00'],
      [a1.id, buyer.name, '10.00'],
    ]);
    const suppliers = await ageSuppliersOf(db(), buyer.id, NOW);
    expect(suppliers.map((c) => [c.accountId, c.sellerCompanyName, c.outstanding, c.notDue])).toEqual([
      [a1.id, seller.name, '10.00', '0.00'],
      [a3.id, other.seller.name, '5.00', '5.00'],
    ]);
    expect(await ageAccount(db(), 0, NOW)).toBeNull();
  });
});
