import { sql, type SQL } from 'drizzle-orm';
import { toFen, toYuan } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';

/**
 * Ageing of credit used (应收/应付账款账龄), THE one implementation (decision 0132, money rules of issue 14).
 *
 * Over `credit_ledger`, per credit account, as of `now` (rows created after `now` are ignored):
 * - a charge is a row with creditDelta > 0 (an order paid on credit, an adjustment that adds debt); it is due
 *   at its `dueAt`, or at once (`createdAt`) when it has none;
 * - a repayment is a row with creditDelta < 0 (还款, an after-sales refund or adjustment that lowers the debt);
 * - FIFO: all repayments together settle the charges in order of due date (then id), oldest first; a charge's
 *   outstanding amount is its creditDelta less what the repayments allocated to it. So Σ outstanding =
 *   max(0, credit used) always;
 * - a charge is overdue when its due date is before `now`; days past due = whole days since the due date;
 *   buckets 0–30 / 31–60 / 61–90 / 90+ (more than 90) days past due.
 * The work is one SQL statement (window sum over the charges), so a supplier with many customers and
 * many thousands of ledger rows is aged in one round trip, on PostgreSQL and PGlite alike.
 */
export interface AccountAgeing {
  accountId: number;
  buyerCompanyId: number;
  buyerCompanyName: string;
  sellerCompanyId: number;
  sellerCompanyName: string;
  status: number;
  creditLimit: string;
  paymentDays: number;
  /** Σ balanceDelta. */
  balance: string;
  /** Σ creditDelta (can be negative only when more was repaid than owed; outstanding is then 0). */
  creditUsed: string;
  /** Σ outstanding of the charges = max(0, creditUsed). */
  outstanding: string;
  /** Outstanding not yet due. */
  notDue: string;
  /** Outstanding past its due date = the sum of the four buckets. */
  overdue: string;
  d0to30: string;
  d31to60: string;
  d61to90: string;
  d90plus: string;
  /** Due date of the oldest charge still (partly) outstanding and overdue, or null. */
  oldestOverdueAt: string | null;
}

/** Which accounts to age: one account, a supplier's customers, or a purchaser's suppliers. */
export type AgeingScope = { accountId: number } | { sellerCompanyId: number } | { buyerCompanyId: number };

const DAY_SECONDS = 86_400;

function scopeWhere(scope: AgeingScope): SQL {
  if ('accountId' in scope) return sql`a.id = ${scope.accountId}`;
  if ('sellerCompanyId' in scope) return sql`a.seller_company_id = ${scope.sellerCompanyId}`;
  return sql`a.buyer_company_id = ${scope.buyerCompanyId}`;
}

export type AgeingRaw = {
  account_id: number;
  buyer_company_id: number;
  buyer_company_name: string;
  seller_company_id: number;
  seller_company_name: string;
  status: number;
  credit_limit: string;
  payment_days: number;
  balance: string;
  credit_used: string;
  outstanding: string;
  not_due: string;
  d0: string;
  d31: string;
  d61: string;
  d91: string;
  oldest: Date | string | null;
};

const money = (v: string | number | null | undefined) => toYuan(toFen(v ?? 0));

/**
 * The CTEs `acc` (accounts in scope, status 1 or 2), `sums` (balance, credit used, repaid per account as of
 * `now`) and `open` (each charge's outstanding part after FIFO allocation: account_id, order_id, due,
 * outstanding). Shared by the ageing and by the reports that need an order's unpaid credit.
 */
export function openChargesCte(scope: AgeingScope, now: Date): SQL {
  const at = now.toISOString();
  return sql`
    with acc as (
      select a.* from credit_accounts a where ${scopeWhere(scope)} and a.status in (1, 2)
    ),
    sums as (
      select l.account_id, sum(l.balance_delta) as balance, sum(l.credit_delta) as credit_used,
             coalesce(-sum(l.credit_delta) filter (where l.credit_delta < 0), 0) as repaid
      from credit_ledger l join acc on acc.id = l.account_id
      where l.created_at <= ${at}::timestamptz
      group by l.account_id
    ),
    charges as (
      select l.account_id, l.order_id, l.credit_delta as amount, coalesce(l.due_at, l.created_at) as due,
             sum(l.credit_delta) over (partition by l.account_id order by coalesce(l.due_at, l.created_at), l.id
                                       rows between unbounded preceding and current row) as cum
      from credit_ledger l join acc on acc.id = l.account_id
      where l.created_at <= ${at}::timestamptz and l.credit_delta > 0
    ),
    open as (
      select c.account_id, c.order_id, c.due,
             greatest(0, least(c.amount, c.cum - s.repaid)) as outstanding
      from charges c join sums s on s.account_id = c.account_id
    )`;
}

/**
 * The CTE `aged` (outstanding, not due, the four buckets and the oldest overdue due date per account, from
 * `open`) and the select of one row per account in scope (`AgeingRaw`): to follow `openChargesCte`, so a caller can
 * add its own CTEs over the same FIFO pass (reports/queries.ts does: one FIFO pass per request).
 */
export function ageingSql(now: Date): { aged: SQL; rows: SQL } {
  const at = now.toISOString();
  // days past due of a charge: floor((now - due) / 1 day); overdue when due < now.
  const past = sql`floor(extract(epoch from (${at}::timestamptz - o.due)) / ${DAY_SECONDS})`;
  return {
    aged: sql`aged as (
      select o.account_id,
             sum(o.outstanding) as outstanding,
             coalesce(sum(o.outstanding) filter (where o.due >= ${at}::timestamptz), 0) as not_due,
             coalesce(sum(o.outstanding) filter (where o.due < ${at}::timestamptz and ${past} <= 30), 0) as d0,
             coalesce(sum(o.outstanding) filter (where o.due < ${at}::timestamptz and ${past} between 31 and 60), 0) as d31,
             coalesce(sum(o.outstanding) filter (where o.due < ${at}::timestamptz and ${past} between 61 and 90), 0) as d61,
             coalesce(sum(o.outstanding) filter (where o.due < ${at}::timestamptz and ${past} > 90), 0) as d91,
             min(o.due) filter (where o.due < ${at}::timestamptz and o.outstanding > 0) as oldest
      from open o
      group by o.account_id
    )`,
    rows: sql`
    select acc.id as account_id, acc.buyer_company_id, acc.buyer_company_name, acc.seller_company_id,
           acc.seller_company_name, acc.status, acc.credit_limit::text as credit_limit, acc.payment_days,
           coalesce(s.balance, 0)::text as balance, coalesce(s.credit_used, 0)::text as credit_used,
           coalesce(g.outstanding, 0)::text as outstanding, coalesce(g.not_due, 0)::text as not_due,
           coalesce(g.d0, 0)::text as d0, coalesce(g.d31, 0)::text as d31, coalesce(g.d61, 0)::text as d61,
           coalesce(g.d91, 0)::text as d91, g.oldest
    from acc
    left join sums s on s.account_id = acc.id
    left join aged g on g.account_id = acc.id`,
  };
}

/** The accounts' ageing from the rows of `ageingSql`, ordered by overdue (largest first), outstanding, id. */
export function ageingOf(raw: AgeingRaw[]): AccountAgeing[] {
  const rows = raw.map((r): AccountAgeing => {
    const d = [r.d0, r.d31, r.d61, r.d91].map((v) => toFen(v ?? 0));
    return {
      accountId: Number(r.account_id),
      buyerCompanyId: Number(r.buyer_company_id),
      buyerCompanyName: r.buyer_company_name,
      sellerCompanyId: Number(r.seller_company_id),
      sellerCompanyName: r.seller_company_name,
      status: Number(r.status),
      creditLimit: money(r.credit_limit),
      paymentDays: Number(r.payment_days),
      balance: money(r.balance),
      creditUsed: money(r.credit_used),
      outstanding: money(r.outstanding),
      notDue: money(r.not_due),
      overdue: toYuan(d.reduce((a, b) => a + b, 0)),
      d0to30: money(r.d0),
      d31to60: money(r.d31),
      d61to90: money(r.d61),
      d90plus: money(r.d91),
      oldestOverdueAt: r.oldest === null ? null : new Date(r.oldest).toISOString(),
    };
  });
  return rows.sort(
    (x, y) =>
      Number(y.overdue) - Number(x.overdue) ||
      Number(y.outstanding) - Number(x.outstanding) ||
      x.accountId - y.accountId,
  );
}

/**
 * Ageing of every account in the scope that is not a refused/pending request (status 1 正常 or 2 已冻结),
 * ordered by overdue amount (largest first), then outstanding, then account id.
 */
export async function ageAccounts(
  db: Db,
  scope: AgeingScope,
  now: Date = new Date(),
): Promise<AccountAgeing[]> {
  const { aged, rows } = ageingSql(now);
  const res = await db.execute(sql`${openChargesCte(scope, now)}, ${aged} ${rows}`);
  return ageingOf((res as unknown as { rows: AgeingRaw[] }).rows);
}

/** Ageing of one account (null when it is not an active or frozen account). */
export async function ageAccount(
  db: Db,
  accountId: number,
  now: Date = new Date(),
): Promise<AccountAgeing | null> {
  return (await ageAccounts(db, { accountId }, now))[0] ?? null;
}

/** Ageing of every customer of a supplier (应收账款). */
export const ageCustomersOf = (db: Db, sellerCompanyId: number, now: Date = new Date()) =>
  ageAccounts(db, { sellerCompanyId }, now);

/** Ageing of every supplier of a purchaser (应付账款). */
export const ageSuppliersOf = (db: Db, buyerCompanyId: number, now: Date = new Date()) =>
  ageAccounts(db, { buyerCompanyId }, now);
