import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  CompanyType,
  creditAccountMachine,
  type CreditAccountAction,
  CreditMovement,
  Side as HistorySide,
  toFen,
  toYuan,
} from '@aquamall/shared';
import type { TransitionActor } from '../../lib/transition.ts';
import type { Db } from '../../db/client.ts';
import { creditAccounts, creditLedger } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { notify, type Notice } from '../notifications/index.ts';
import { callerName, type Caller } from '../auth/index.ts';
import { ageAccount } from './ageing.ts';
import { fail } from './messages.ts';

/**
 * The credit-account core (decision 0131): the account lock, the ledger sums and the one way a movement is
 * written. Balance = Σ balanceDelta, credit used = Σ creditDelta, available = balance + limit − credit used;
 * nothing of it is stored on the account row. Every movement locks the account row (`FOR UPDATE`) first, so
 * movements of one account are serialised and a check made under the lock still holds at commit.
 */

export type AccountRow = typeof creditAccounts.$inferSelect;
export type Side = 'buyer' | 'seller';

/** The `docType`s of the credit documents in document_history. */
export const DOC = { account: 'credit_account', request: 'credit_request', statement: 'credit_statement' } as const;

/** The one transaction runner (db/executor.ts), re-exported for this module's files. */
export { inTransaction as inTx } from '../../db/executor.ts';

/** Purchaser-only and supplier-only calls: the other company type is refused before anything is read. */
export function requireType(caller: Caller, side: Side): void {
  const want = side === 'buyer' ? CompanyType.PURCHASER : CompanyType.SUPPLIER;
  if (caller.companyType !== want) throw fail(side === 'buyer' ? 'CREDIT_BUYER_ONLY' : 'CREDIT_SELLER_ONLY');
}

/** The side the caller's company takes in the account, or null for a third company. */
export const sideIn = (
  a: Pick<AccountRow, 'buyerCompanyId' | 'sellerCompanyId'>,
  companyId: number,
): Side | null =>
  a.buyerCompanyId === companyId ? 'buyer' : a.sellerCompanyId === companyId ? 'seller' : null;

/**
 * Reads (with `lock`: locks) an account the caller's company is a party to; another company gets 信用账户不存在
 * (the same as a missing one), the wrong side a Chinese refusal.
 */
export async function accountFor(
  t: Db,
  caller: Caller,
  id: number,
  side: Side | null,
  lock = false,
): Promise<AccountRow> {
  const q = t
    .select()
    .from(creditAccounts)
    .where(
      and(
        eq(creditAccounts.id, id),
        or(
          eq(creditAccounts.buyerCompanyId, caller.companyId),
          eq(creditAccounts.sellerCompanyId, caller.companyId),
        ),
      ),
    );
  const [a] = lock ? await q.for('update') : await q;
  if (!a) throw fail('CREDIT_ACCOUNT_NOT_FOUND');
  if (side && sideIn(a, caller.companyId) !== side)
    throw fail(side === 'buyer' ? 'CREDIT_BUYER_ONLY' : 'CREDIT_SELLER_ONLY');
  return a;
}

/**
 * Refuses unless the account's state admits `action` in its state table (packages/shared/src/machines/credit.ts),
 * naming the status it is in.
 */
export function guardAccount(a: AccountRow, action: CreditAccountAction): void {
  const refused = creditAccountMachine.refusal(action, a.status);
  if (refused) throw conflict(refused);
}

/** The history actor of a company user acting for one side of a credit document. */
export async function historyActor(t: Db, caller: Caller, side: Side): Promise<TransitionActor> {
  return {
    side: side === 'buyer' ? HistorySide.BUYER : HistorySide.SELLER,
    userId: caller.userId,
    userName: await callerName(t, caller.userId),
  };
}

export interface Sums {
  balanceFen: number;
  creditFen: number;
}

/** Σ of the ledger of each account (0 for an account without movements). */
export async function sumsOf(t: Db, ids: number[], before?: Date): Promise<Map<number, Sums>> {
  const out = new Map<number, Sums>(ids.map((id) => [id, { balanceFen: 0, creditFen: 0 }]));
  if (!ids.length) return out;
  const rows = await t
    .select({
      accountId: creditLedger.accountId,
      balance: sql<string>`coalesce(sum(${creditLedger.balanceDelta}), 0)::text`,
      credit: sql<string>`coalesce(sum(${creditLedger.creditDelta}), 0)::text`,
    })
    .from(creditLedger)
    .where(
      and(
        inArray(creditLedger.accountId, ids),
        before ? sql`${creditLedger.createdAt} < ${before.toISOString()}::timestamptz` : undefined,
      ),
    )
    .groupBy(creditLedger.accountId);
  for (const r of rows) out.set(r.accountId, { balanceFen: toFen(r.balance), creditFen: toFen(r.credit) });
  return out;
}

export async function sumOf(t: Db, id: number): Promise<Sums> {
  return (await sumsOf(t, [id])).get(id)!;
}

/** balance + limit − credit used, in fen. */
export const availableFen = (a: Pick<AccountRow, 'creditLimit'>, s: Sums) =>
  s.balanceFen + toFen(a.creditLimit) - s.creditFen;

export interface Movement {
  kind: number;
  balanceFen?: number;
  creditFen?: number;
  orderId?: number | null;
  rmaId?: number | null;
  requestId?: number | null;
  dueAt?: Date | null;
  note?: string;
}

/** Appends one ledger row to a locked account; answers its id. */
export async function appendMovement(
  t: Db,
  accountId: number,
  m: Movement,
  by: { userId: number | null; userName: string },
  now = new Date(),
): Promise<number> {
  const [row] = await t
    .insert(creditLedger)
    .values({
      accountId,
      kind: m.kind,
      balanceDelta: toYuan(m.balanceFen ?? 0),
      creditDelta: toYuan(m.creditFen ?? 0),
      orderId: m.orderId ?? null,
      rmaId: m.rmaId ?? null,
      requestId: m.requestId ?? null,
      dueAt: m.dueAt ?? null,
      note: (m.note ?? '').slice(0, 300),
      createdBy: by.userId,
      createdByName: by.userName.slice(0, 60),
      createdAt: now,
    })
    .returning({ id: creditLedger.id });
  return row!.id;
}

/**
 * Money coming into the account (a recharge, 客户充值): it first repays the credit used (a 还款 row, kind 6,
 * creditDelta negative), the rest raises the balance (a 充值 row, kind 1). Answers the id of the last row.
 */
export async function bookIncoming(
  t: Db,
  a: AccountRow,
  amountFen: number,
  ref: { requestId?: number; note: string },
  by: { userId: number | null; userName: string },
  now = new Date(),
): Promise<number> {
  const s = await sumOf(t, a.id);
  const repay = Math.min(Math.max(s.creditFen, 0), amountFen);
  let id = 0;
  if (repay > 0)
    id = await appendMovement(
      t,
      a.id,
      { kind: CreditMovement.REPAYMENT, creditFen: -repay, requestId: ref.requestId, note: ref.note },
      by,
      now,
    );
  if (amountFen - repay > 0)
    id = await appendMovement(
      t,
      a.id,
      {
        kind: CreditMovement.RECHARGE,
        balanceFen: amountFen - repay,
        requestId: ref.requestId,
        note: ref.note,
      },
      by,
      now,
    );
  return id;
}

export async function actorOf(t: Db, caller: Caller) {
  return { userId: caller.userId, userName: await callerName(t, caller.userId) };
}

/** The workbench page of an account for one side. */
export const accountLink = (id: number) => `/customer/companyAccount/editor?id=${id}`;

/**
 * Tells the other company of the account (category: 财务); `outbound` also sends a time-critical event
 * (docs/product/notifications.md#events) to its recipients' chosen channels.
 */
export async function tellOther(
  t: Db,
  a: AccountRow,
  from: Side,
  title: string,
  content: string,
  link = accountLink(a.id),
  outbound?: Pick<Notice, 'event' | 'vars'>,
): Promise<void> {
  await notify(t, from === 'buyer' ? a.sellerCompanyId : a.buyerCompanyId, {
    type: 'credit',
    title,
    content,
    linkPath: link,
    ...outbound,
  });
}

/**
 * Overdue credit per account with the 0–30 / 31–60 / 61–90 / 90+ buckets, from `ageAccount` of
 * modules/credit/ageing.ts (the one FIFO implementation: repayments settle the charges with the oldest due
 * date first). Fen; accounts that are not live age to zero.
 */
export async function overdueOf(t: Db, ids: number[], now = new Date()) {
  const out = new Map<number, { notDue: number; overdue: number; buckets: [number, number, number, number] }>();
  const aged = await Promise.all(ids.map((id) => ageAccount(t, id, now)));
  ids.forEach((id, i) => {
    const a = aged[i];
    out.set(id, a ? { notDue: toFen(a.notDue), overdue: toFen(a.overdue), buckets: [toFen(a.d0to30), toFen(a.d31to60), toFen(a.d61to90), toFen(a.d90plus)] } : { notDue: 0, overdue: 0, buckets: [0, 0, 0, 0] });
  });
  return out;
}
