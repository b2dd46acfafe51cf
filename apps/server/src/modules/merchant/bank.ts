import type { FastifyInstance } from 'fastify';
import { toFen, toYuan } from '@aquamall/shared';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bankAccounts, sandboxOutbox } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import { partnersOf } from '../../lib/partners/index.ts';
import type { AuthContext } from '../auth/index.ts';
import { notify } from '../notifications/index.ts';

export const BankStatus = { UNVERIFIED: 0, SENT: 1, VERIFIED: 2, FAILED: 3 } as const;
const MAX_TRIES = 3;
/** Amount checks per company in 24 hours, across deposits: a new deposit every minute must not buy more guesses. */
export const BANK_DAILY_CHECKS = 5;

type Row = typeof bankAccounts.$inferSelect;
const maskNo = (no: string) => (no.length > 8 ? `${no.slice(0, 4)} **** **** ${no.slice(-4)}` : no);
/** The company never sees the deposited amount. */
export const toView = (r: Row) => ({
  id: r.id,
  accountName: r.accountName,
  bankName: r.bankName,
  branchName: r.branchName,
  accountNo: maskNo(r.accountNo),
  status: r.status,
  attemptsLeft: r.attemptsLeft,
  sentAt: r.sentAt?.toISOString() ?? null,
  verifiedAt: r.verifiedAt?.toISOString() ?? null,
  isDefault: r.isDefault,
  disabledAt: r.disabledAt?.toISOString() ?? null,
});

/** Accounts a company may keep in use at once (disabled ones do not count). */
export const MAX_BANK_ACCOUNTS = 5;
const DAY_MS = 24 * 3600 * 1000;
const active = isNull(bankAccounts.disabledAt);

/** An account as a payer sees it: unmasked, as the number must be typed into the payer's bank. */
export type PayeeAccount = { id: number; accountName: string; bankName: string; branchName: string; accountNo: string };
const payeeColumns = {
  id: bankAccounts.id,
  accountName: bankAccounts.accountName,
  bankName: bankAccounts.bankName,
  branchName: bankAccounts.branchName,
  accountNo: bankAccounts.accountNo,
};

/**
 * The payee of new payments to the company (decisions 0198, 0206): its default account — verified and in use — else
 * its most recently verified account in use; null when it has none (a transfer to it is refused).
 */
export async function verifiedAccountOf(db: Db, companyId: number): Promise<PayeeAccount | null> {
  const [r] = await db
    .select(payeeColumns)
    .from(bankAccounts)
    .where(and(eq(bankAccounts.companyId, companyId), eq(bankAccounts.status, BankStatus.VERIFIED), active))
    .orderBy(desc(bankAccounts.isDefault), desc(bankAccounts.verifiedAt), desc(bankAccounts.id))
    .limit(1);
  return r ?? null;
}

/** One account by id as a payer sees it, with whether it is still in use (an order's recorded payee). */
export async function payeeAccountById(db: Db, id: number): Promise<(PayeeAccount & { disabled: boolean }) | null> {
  const [r] = await db.select({ ...payeeColumns, disabledAt: bankAccounts.disabledAt }).from(bankAccounts).where(eq(bankAccounts.id, id));
  if (!r) return null;
  const { disabledAt, ...account } = r;
  return { ...account, disabled: disabledAt !== null };
}

/** The company's account `id` (记录不存在 for another company's), or without an id its main one: default, else the latest in use. */
async function accountRow(db: Db, companyId: number, id?: number): Promise<Row | undefined> {
  if (id !== undefined) {
    const [r] = await db.select().from(bankAccounts).where(and(eq(bankAccounts.id, id), eq(bankAccounts.companyId, companyId)));
    if (!r) throw fail('BANK_ACCOUNT_NOT_FOUND');
    return r;
  }
  const [r] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.companyId, companyId), active))
    .orderBy(desc(bankAccounts.isDefault), desc(bankAccounts.id))
    .limit(1);
  return r;
}

/** Locks every account of the company (in id order): default changes and the daily check cap are per company. */
const lockCompanyAccounts = (tx: Db, companyId: number) =>
  tx.select().from(bankAccounts).where(eq(bankAccounts.companyId, companyId)).orderBy(bankAccounts.id).for('update');

/** The company's main account (default, else the latest in use), or null. */
export async function myBankAccount(app: FastifyInstance, companyId: number) {
  const r = await accountRow(app.db, companyId);
  return r ? toView(r) : null;
}

/** Every account of the company: the default first, then those in use, then the disabled ones. */
export async function myBankAccounts(app: FastifyInstance, companyId: number) {
  const rows = await app.db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.companyId, companyId))
    .orderBy(desc(bankAccounts.isDefault), sql`${bankAccounts.disabledAt} is not null`, desc(bankAccounts.id));
  return rows.map(toView);
}

type AccountInput = { id?: number; accountName: string; bankName: string; branchName: string; accountNo: string };

/**
 * Adds an account (no id; at most MAX_BANK_ACCOUNTS in use, no number twice) or corrects one not yet verified (with
 * its id); either must then be verified by its small deposit. A verified account is never rewritten: orders name it
 * as their payee (decision 0206).
 */
export async function saveBankAccount(app: FastifyInstance, auth: AuthContext, input: AccountInput) {
  const companyId = auth.companyId!;
  const { id, ...fields } = input;
  const values = { ...fields, status: BankStatus.UNVERIFIED, depositFen: null, providerRef: null, attemptsLeft: MAX_TRIES, sentAt: null, verifiedAt: null, updatedAt: new Date() };
  return app.db.transaction(async (tx) => {
    const rows = await lockCompanyAccounts(tx, companyId);
    const inUse = rows.filter((r) => r.disabledAt === null);
    if (inUse.some((r) => r.accountNo === fields.accountNo && r.id !== id)) throw fail('BANK_ACCOUNT_DUPLICATE');
    if (id !== undefined) {
      const r = rows.find((x) => x.id === id);
      if (!r) throw fail('BANK_ACCOUNT_NOT_FOUND');
      if (r.disabledAt !== null) throw fail('BANK_ACCOUNT_DISABLED');
      if (r.status === BankStatus.VERIFIED) throw fail('BANK_VERIFIED_READONLY');
      const [after] = await tx.update(bankAccounts).set(values).where(eq(bankAccounts.id, id)).returning();
      return toView(after!);
    }
    if (inUse.length >= MAX_BANK_ACCOUNTS) throw fail('BANK_ACCOUNT_LIMIT', { max: MAX_BANK_ACCOUNTS });
    const [r] = await tx.insert(bankAccounts).values({ companyId, ...values }).returning();
    return toView(r!);
  });
}

/** Asks the partner to send the small deposit to the account `id` (else the main one; the sandbox writes it to the dev outbox). */
export async function sendDeposit(app: FastifyInstance, auth: AuthContext, id?: number) {
  const r = await accountRow(app.db, auth.companyId!, id);
  if (!r) throw fail('BANK_ACCOUNT_REQUIRED');
  if (r.disabledAt !== null) throw fail('BANK_ACCOUNT_DISABLED');
  if (r.status === BankStatus.VERIFIED) throw fail('BANK_ALREADY_VERIFIED');
  // Claims the send in one statement, so parallel requests cannot each start a deposit within the minute.
  const claimed = await app.db
    .update(bankAccounts)
    .set({ sentAt: new Date() })
    .where(and(eq(bankAccounts.id, r.id), or(isNull(bankAccounts.sentAt), lt(bankAccounts.sentAt, sql`now() - interval '60 seconds'`))))
    .returning({ id: bankAccounts.id });
  if (!claimed.length) throw fail('BANK_DEPOSIT_IN_PROGRESS');
  const provider = partnersOf(app).bank;
  const { amountFen, ref } = await provider.sendDeposit(r);
  const [after] = await app.db
    .update(bankAccounts)
    .set({ status: BankStatus.SENT, depositFen: amountFen, providerRef: ref, attemptsLeft: MAX_TRIES, sentAt: new Date(), updatedAt: new Date() })
    .where(eq(bankAccounts.id, r.id))
    .returning();
  if (provider.sandbox) {
    const amount = toYuan(amountFen);
    app.log.info({ companyId: auth.companyId, amount }, 'sandbox small deposit');
    await app.db.insert(sandboxOutbox).values({ channel: 'bank', target: r.accountNo, subject: '打款验证', body: `【沙箱银行】向账户 ${maskNo(r.accountNo)} 打款 ${amount} 元（${ref}）` });
  }
  return toView(after!);
}

/**
 * Checks the amount the company saw on its statement for the account `id` (else the main one); 3 tries per deposit,
 * BANK_DAILY_CHECKS per company in 24 hours across all its accounts (counted under the lock of the company's
 * accounts, before the amount is compared, so parallel guesses and extra accounts buy no more). A company's first
 * verified account becomes its default.
 */
export async function verifyDeposit(app: FastifyInstance, auth: AuthContext, amountYuan: number, id?: number) {
  const fen = toFen(amountYuan);
  const companyId = auth.companyId!;
  const r = await accountRow(app.db, companyId, id);
  if (!r || r.status !== BankStatus.SENT || r.depositFen === null) throw fail('BANK_DEPOSIT_FIRST');
  const outcome = await app.db.transaction(async (tx) => {
    const rows = await lockCompanyAccounts(tx, companyId);
    const now = new Date();
    const live = (x: Row) => x.dayStartedAt !== null && now.getTime() - x.dayStartedAt.getTime() < DAY_MS;
    if (rows.reduce((n, x) => n + (live(x) ? x.dayChecks : 0), 0) >= BANK_DAILY_CHECKS) return { limit: true } as const;
    const row = rows.find((x) => x.id === r.id)!;
    if (row.status !== BankStatus.SENT || row.depositFen === null) return { moved: true } as const;
    const counter = live(row) ? { dayChecks: row.dayChecks + 1 } : { dayChecks: 1, dayStartedAt: now };
    if (row.depositFen === fen) {
      const first = !rows.some((x) => x.isDefault);
      const [after] = await tx
        .update(bankAccounts)
        .set({ ...counter, status: BankStatus.VERIFIED, verifiedAt: now, depositFen: null, isDefault: first, updatedAt: now })
        .where(eq(bankAccounts.id, row.id))
        .returning();
      return { verified: after! } as const;
    }
    const left = row.attemptsLeft - 1;
    const [after] = await tx
      .update(bankAccounts)
      .set({ ...counter, attemptsLeft: Math.max(0, left), status: left <= 0 ? BankStatus.FAILED : row.status, updatedAt: now })
      .where(eq(bankAccounts.id, row.id))
      .returning();
    return { wrong: after! } as const;
  });
  if ('limit' in outcome) throw fail('BANK_VERIFY_DAILY_LIMIT');
  if ('moved' in outcome) throw fail('BANK_VERIFY_MOVED');
  if ('verified' in outcome) {
    await notify(app.db, companyId, { type: 'bank_verify', title: '对公账户验证成功', linkPath: '/customer/bank/auth' });
    return { verified: true, account: toView(outcome.verified!) };
  }
  if (outcome.wrong.status === BankStatus.FAILED) throw fail('BANK_AMOUNT_WRONG_LAST');
  throw fail('BANK_AMOUNT_WRONG', { left: outcome.wrong.attemptsLeft });
}

/** Makes a verified account in use the default payee of new orders; orders placed before keep theirs. */
export async function setDefaultBankAccount(app: FastifyInstance, auth: AuthContext, id: number) {
  const companyId = auth.companyId!;
  return app.db.transaction(async (tx) => {
    const rows = await lockCompanyAccounts(tx, companyId);
    const r = rows.find((x) => x.id === id);
    if (!r) throw fail('BANK_ACCOUNT_NOT_FOUND');
    if (r.disabledAt !== null) throw fail('BANK_ACCOUNT_DISABLED');
    if (r.status !== BankStatus.VERIFIED) throw fail('BANK_DEFAULT_UNVERIFIED');
    await tx.update(bankAccounts).set({ isDefault: false, updatedAt: new Date() }).where(and(eq(bankAccounts.companyId, companyId), eq(bankAccounts.isDefault, true)));
    const [after] = await tx.update(bankAccounts).set({ isDefault: true, updatedAt: new Date() }).where(eq(bankAccounts.id, id)).returning();
    return toView(after!);
  });
}

/**
 * Stops using an account: no payee of new orders. The default cannot be disabled while another verified account is
 * in use (make that one the default first); orders that already name it keep it (a transfer for them is refused
 * and the purchaser told to contact the supplier).
 */
export async function disableBankAccount(app: FastifyInstance, auth: AuthContext, id: number) {
  const companyId = auth.companyId!;
  return app.db.transaction(async (tx) => {
    const rows = await lockCompanyAccounts(tx, companyId);
    const r = rows.find((x) => x.id === id);
    if (!r) throw fail('BANK_ACCOUNT_NOT_FOUND');
    if (r.disabledAt !== null) throw fail('BANK_ACCOUNT_DISABLED');
    const others = rows.some((x) => x.id !== id && x.disabledAt === null && x.status === BankStatus.VERIFIED);
    if (r.isDefault && others) throw fail('BANK_DISABLE_DEFAULT');
    const [after] = await tx
      .update(bankAccounts)
      .set({ disabledAt: new Date(), isDefault: false, updatedAt: new Date() })
      .where(eq(bankAccounts.id, id))
      .returning();
    return toView(after!);
  });
}
