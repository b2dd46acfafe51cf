import type { FastifyInstance } from 'fastify';
import { toFen, toYuan } from '@aquamall/shared';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bankAccounts, sandboxOutbox } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import { partnersOf } from '../../lib/partners/index.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { notify } from '../notifications/notify.ts';

export const BankStatus = { UNVERIFIED: 0, SENT: 1, VERIFIED: 2, FAILED: 3 } as const;
const MAX_TRIES = 3;
/** Amount checks per company in 24 hours, across deposits: a new deposit every minute must not buy more guesses. */
export const BANK_DAILY_CHECKS = 5;
const dayOver = sql`${bankAccounts.dayStartedAt} is null or ${bankAccounts.dayStartedAt} < now() - interval '1 day'`;

type Row = typeof bankAccounts.$inferSelect;
const maskNo = (no: string) => (no.length > 8 ? `${no.slice(0, 4)} **** **** ${no.slice(-4)}` : no);
/** The company never sees the deposited amount. */
export const toView = (r: Row) => ({
  accountName: r.accountName,
  bankName: r.bankName,
  branchName: r.branchName,
  accountNo: maskNo(r.accountNo),
  status: r.status,
  attemptsLeft: r.attemptsLeft,
  sentAt: r.sentAt?.toISOString() ?? null,
  verifiedAt: r.verifiedAt?.toISOString() ?? null,
});

/** An account as a payer sees it: unmasked, as the number must be typed into the payer's bank. */
export type PayeeAccount = { accountName: string; bankName: string; branchName: string; accountNo: string };

/**
 * The company's verified settlement account, or null: the payee of a transfer to it (decision
 * docs/decisions/0198-transfer-payee-and-order-papers.md). A transfer to a company without one is refused.
 */
export async function verifiedAccountOf(db: Db, companyId: number): Promise<PayeeAccount | null> {
  const [r] = await db
    .select({
      accountName: bankAccounts.accountName,
      bankName: bankAccounts.bankName,
      branchName: bankAccounts.branchName,
      accountNo: bankAccounts.accountNo,
    })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.companyId, companyId), eq(bankAccounts.status, BankStatus.VERIFIED)));
  return r ?? null;
}

export async function myBankAccount(app: FastifyInstance, companyId: number) {
  const [r] = await app.db.select().from(bankAccounts).where(eq(bankAccounts.companyId, companyId));
  return r ? toView(r) : null;
}

/** Saves (or replaces) the account; a changed account must be verified again. */
export async function saveBankAccount(app: FastifyInstance, auth: AuthContext, input: { accountName: string; bankName: string; branchName: string; accountNo: string }) {
  const values = { ...input, status: BankStatus.UNVERIFIED, depositFen: null, providerRef: null, attemptsLeft: MAX_TRIES, sentAt: null, verifiedAt: null, updatedAt: new Date() };
  const [r] = await app.db
    .insert(bankAccounts)
    .values({ companyId: auth.companyId!, ...values })
    .onConflictDoUpdate({ target: bankAccounts.companyId, set: values })
    .returning();
  return toView(r!);
}

/** Asks the partner to send the small deposit (the sandbox writes it to the dev outbox). */
export async function sendDeposit(app: FastifyInstance, auth: AuthContext) {
  const [r] = await app.db.select().from(bankAccounts).where(eq(bankAccounts.companyId, auth.companyId!));
  if (!r) throw fail('BANK_ACCOUNT_REQUIRED');
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

/** Checks the amount the company saw on its statement; 3 tries, then a new deposit is needed. */
export async function verifyDeposit(app: FastifyInstance, auth: AuthContext, amountYuan: number) {
  const fen = toFen(amountYuan);
  const [r] = await app.db.select().from(bankAccounts).where(eq(bankAccounts.companyId, auth.companyId!));
  if (!r || r.status !== BankStatus.SENT || r.depositFen === null) throw fail('BANK_DEPOSIT_FIRST');
  // The check is counted before the amount is compared, in one statement (parallel guesses cannot pass the cap).
  const counted = await app.db
    .update(bankAccounts)
    .set({
      dayChecks: sql`case when ${dayOver} then 1 else ${bankAccounts.dayChecks} + 1 end`,
      dayStartedAt: sql`case when ${dayOver} then now() else ${bankAccounts.dayStartedAt} end`,
    })
    .where(and(eq(bankAccounts.id, r.id), or(dayOver, lt(bankAccounts.dayChecks, BANK_DAILY_CHECKS))))
    .returning({ id: bankAccounts.id });
  if (!counted.length) throw fail('BANK_VERIFY_DAILY_LIMIT');
  if (r.depositFen === fen) {
    const [after] = await app.db
      .update(bankAccounts)
      .set({ status: BankStatus.VERIFIED, verifiedAt: new Date(), depositFen: null, updatedAt: new Date() })
      .where(and(eq(bankAccounts.id, r.id), eq(bankAccounts.status, BankStatus.SENT)))
      .returning();
    if (!after) throw fail('BANK_VERIFY_MOVED');
    await notify(app.db, r.companyId, { type: 'bank_verify', title: '对公账户验证成功', linkPath: '/customer/bank/auth' });
    return { verified: true, account: toView(after) };
  }
  // Decrement atomically so parallel guesses cannot exceed the limit.
  const [after] = await app.db
    .update(bankAccounts)
    .set({
      attemptsLeft: sql`${bankAccounts.attemptsLeft} - 1`,
      status: sql`case when ${bankAccounts.attemptsLeft} <= 1 then ${BankStatus.FAILED} else ${bankAccounts.status} end`,
      updatedAt: new Date(),
    })
    .where(and(eq(bankAccounts.id, r.id), eq(bankAccounts.status, BankStatus.SENT), gt(bankAccounts.attemptsLeft, 0)))
    .returning();
  if (!after || after.status === BankStatus.FAILED) throw fail('BANK_AMOUNT_WRONG_LAST');
  throw fail('BANK_AMOUNT_WRONG', { left: after.attemptsLeft });
}
