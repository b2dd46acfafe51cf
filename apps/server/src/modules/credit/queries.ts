import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { CompanyType, CreditAccountStatus, MerchantStatus, type CreditAccountDetail, type CreditAccountRow, type CreditForOrder, type CreditLedgerRow, type CreditRequestRow, type CreditSupplierOption, type Paged, addDays, chinaDayStart, toYuan } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import {
  companies,
  creditAccounts,
  creditLedger,
  creditRequests,
  orders,
  users,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/sql.ts';
import type { Caller } from '../auth/index.ts';
import { accountFor, availableFen, overdueOf, sideIn, sumsOf, type AccountRow } from './ledger.ts';

/** Reads of credit accounts: each scoped to the caller's company (its side from its company type). */

type AccountQuery = {
  status?: number | undefined;
  keyword?: string | undefined;
  pageIndex: number;
  pageSize: number;
};

/** The caller's side of its accounts: a supplier sees those it granted, a purchaser its own. */
const mine = (caller: Caller) =>
  caller.companyType === CompanyType.SUPPLIER
    ? eq(creditAccounts.sellerCompanyId, caller.companyId)
    : eq(creditAccounts.buyerCompanyId, caller.companyId);
const counterpartName = (caller: Caller) =>
  caller.companyType === CompanyType.SUPPLIER
    ? creditAccounts.buyerCompanyName
    : creditAccounts.sellerCompanyName;

/** Accounts with their sums and overdue totals. */
export async function withSums(db: Db, rows: AccountRow[], now = new Date()): Promise<CreditAccountRow[]> {
  const ids = rows.map((r) => r.id);
  const [sums, overdue] = await Promise.all([sumsOf(db, ids), overdueOf(db, ids, now)]);
  return rows.map((a) => {
    const s = sums.get(a.id)!;
    const live = a.status === CreditAccountStatus.ACTIVE;
    return {
      id: a.id,
      buyerCompanyId: a.buyerCompanyId,
      buyerCompanyName: a.buyerCompanyName,
      sellerCompanyId: a.sellerCompanyId,
      sellerCompanyName: a.sellerCompanyName,
      status: a.status,
      creditLimit: a.creditLimit,
      paymentDays: a.paymentDays,
      balance: toYuan(s.balanceFen),
      creditUsed: toYuan(s.creditFen),
      available: toYuan(live ? Math.max(availableFen(a, s), 0) : 0),
      overdue: toYuan(overdue.get(a.id)!.overdue),
      requestRemark: a.requestRemark,
      rejectReason: a.rejectReason,
      freezeReason: a.freezeReason,
      createdAt: a.createdAt.toISOString(),
      approvedAt: a.approvedAt?.toISOString() ?? null,
    };
  });
}

async function pageAccounts(
  db: Db,
  caller: Caller,
  q: AccountQuery,
  scope: SQL,
): Promise<Paged<CreditAccountRow>> {
  const conds: SQL[] = [mine(caller), scope];
  if (q.status !== undefined) conds.push(eq(creditAccounts.status, q.status));
  if (q.keyword) conds.push(ilike(counterpartName(caller), `%${escapeLike(q.keyword)}%`));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(creditAccounts)
      .where(where)
      .orderBy(desc(creditAccounts.updatedAt), desc(creditAccounts.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: count() }).from(creditAccounts).where(where),
  ]);
  return { list: await withSums(db, rows), total: total!.n };
}

/** Live accounts (正常/已冻结): the supplier's customers or the purchaser's suppliers. */
export const listAccounts = (db: Db, caller: Caller, q: AccountQuery) =>
  pageAccounts(
    db,
    caller,
    q,
    inArray(creditAccounts.status, [CreditAccountStatus.ACTIVE, CreditAccountStatus.FROZEN]),
  );
/** Account requests of any status (the request page: 待审核 first by the filter). */
export const listApplications = (db: Db, caller: Caller, q: AccountQuery) =>
  pageAccounts(db, caller, q, sql`true`);

/** One account for either party, with ageing and the pending request counts. */
export async function accountDetail(
  db: Db,
  caller: Caller,
  id: number,
  now = new Date(),
): Promise<CreditAccountDetail> {
  const a = await accountFor(db, caller, id, null);
  const [row] = await withSums(db, [a], now);
  const o = (await overdueOf(db, [a.id], now)).get(a.id)!;
  const pending = await db
    .select({ kind: creditRequests.kind, n: count() })
    .from(creditRequests)
    .where(and(eq(creditRequests.accountId, a.id), eq(creditRequests.status, 0)))
    .groupBy(creditRequests.kind);
  return {
    ...row!,
    viewer: sideIn(a, caller.companyId) === 'buyer' ? 0 : 1,
    ageing: {
      notDue: toYuan(o.notDue),
      d0to30: toYuan(o.buckets[0]),
      d31to60: toYuan(o.buckets[1]),
      d61to90: toYuan(o.buckets[2]),
      d90plus: toYuan(o.buckets[3]),
    },
    pendingRecharge: pending.find((p) => p.kind === 1)?.n ?? 0,
    pendingRefund: pending.find((p) => p.kind === 2)?.n ?? 0,
  };
}

/** Recharge or refund requests of the caller's accounts. */
export async function listRequests(
  db: Db,
  caller: Caller,
  q: {
    kind: number;
    status?: number | undefined;
    keyword?: string | undefined;
    accountId?: number | undefined;
    pageIndex: number;
    pageSize: number;
  },
): Promise<Paged<CreditRequestRow>> {
  const conds: SQL[] = [mine(caller), eq(creditRequests.kind, q.kind)];
  if (q.status !== undefined) conds.push(eq(creditRequests.status, q.status));
  if (q.accountId !== undefined) conds.push(eq(creditRequests.accountId, q.accountId));
  if (q.keyword) conds.push(ilike(counterpartName(caller), `%${escapeLike(q.keyword)}%`));
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        r: creditRequests,
        buyer: creditAccounts.buyerCompanyName,
        seller: creditAccounts.sellerCompanyName,
        sellerId: creditAccounts.sellerCompanyId,
        by: users,
      })
      .from(creditRequests)
      .innerJoin(creditAccounts, eq(creditAccounts.id, creditRequests.accountId))
      .leftJoin(users, eq(users.id, creditRequests.createdBy))
      .where(where)
      .orderBy(desc(creditRequests.createdAt), desc(creditRequests.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(creditRequests)
      .innerJoin(creditAccounts, eq(creditAccounts.id, creditRequests.accountId))
      .where(where),
  ]);
  return {
    total: total!.n,
    list: rows.map(({ r, buyer, seller, sellerId, by }) => ({
      id: r.id,
      accountId: r.accountId,
      kind: r.kind,
      status: r.status,
      amount: r.amount,
      proofFiles: r.proofFiles.map((f) => f.path),
      remark: r.remark,
      rejectReason: r.rejectReason,
      buyerCompanyName: buyer,
      sellerCompanyName: seller,
      bySupplier: by?.companyId === sellerId,
      createdByName: by ? by.realName || by.nickName || by.phone : '',
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    })),
  };
}

/** China-time midnight starting the day YYYY-MM-DD (plus `days`). */
export const dayStart = (d: string, days = 0) => chinaDayStart(addDays(d, days));

/** Ledger rows of an account in [from, to) with the order numbers. */
export async function movements(
  db: Db,
  accountId: number,
  range: { from?: Date; to?: Date; kind?: number },
  page?: { pageIndex: number; pageSize: number },
  newestFirst = true,
) {
  const conds: SQL[] = [eq(creditLedger.accountId, accountId)];
  if (range.kind !== undefined) conds.push(eq(creditLedger.kind, range.kind));
  if (range.from) conds.push(gte(creditLedger.createdAt, range.from));
  if (range.to) conds.push(lt(creditLedger.createdAt, range.to));
  const where = and(...conds);
  const order = newestFirst
    ? [desc(creditLedger.createdAt), desc(creditLedger.id)]
    : [creditLedger.createdAt, creditLedger.id];
  let query = db
    .select({ l: creditLedger, orderNo: orders.orderNo })
    .from(creditLedger)
    .leftJoin(orders, eq(orders.id, creditLedger.orderId))
    .where(where)
    .orderBy(...order)
    .$dynamic();
  if (page) query = query.limit(page.pageSize).offset((page.pageIndex - 1) * page.pageSize);
  const [rows, [total]] = await Promise.all([
    query,
    db.select({ n: count() }).from(creditLedger).where(where),
  ]);
  const list: CreditLedgerRow[] = rows.map(({ l, orderNo }) => ({
    id: l.id,
    kind: l.kind,
    balanceDelta: l.balanceDelta,
    creditDelta: l.creditDelta,
    orderId: l.orderId,
    orderNo: orderNo ?? null,
    dueAt: l.dueAt?.toISOString() ?? null,
    note: l.note,
    createdByName: l.createdByName,
    createdAt: l.createdAt.toISOString(),
  }));
  return { list, total: total!.n };
}

/** The ledger page of an account either party may read. */
export async function listLedger(
  db: Db,
  caller: Caller,
  q: {
    accountId: number;
    kind?: number | undefined;
    from?: string | undefined;
    to?: string | undefined;
    pageIndex: number;
    pageSize: number;
  },
): Promise<Paged<CreditLedgerRow>> {
  const a = await accountFor(db, caller, q.accountId, null);
  return movements(
    db,
    a.id,
    { kind: q.kind, from: q.from ? dayStart(q.from) : undefined, to: q.to ? dayStart(q.to, 1) : undefined },
    q,
  );
}

/** The purchaser's account with the supplier of one of its orders (for the pay dialog), or null. */
export async function creditForOrder(db: Db, caller: Caller, orderId: number): Promise<CreditForOrder> {
  const [o] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!o || o.buyerCompanyId !== caller.companyId) throw notFound();
  const [a] = await db
    .select()
    .from(creditAccounts)
    .where(
      and(
        eq(creditAccounts.buyerCompanyId, o.buyerCompanyId),
        eq(creditAccounts.sellerCompanyId, o.sellerCompanyId),
        inArray(creditAccounts.status, [CreditAccountStatus.ACTIVE, CreditAccountStatus.FROZEN]),
      ),
    );
  if (!a) return null;
  const [row] = await withSums(db, [a]);
  return {
    accountId: a.id,
    status: a.status,
    balance: row!.balance,
    creditLimit: a.creditLimit,
    creditUsed: row!.creditUsed,
    available: row!.available,
    paymentDays: a.paymentDays,
  };
}

/** Open supplier shops the purchaser may ask for an account (none of its own live or pending). */
export async function supplierOptions(
  db: Db,
  caller: Caller,
  keyword?: string,
): Promise<CreditSupplierOption[]> {
  const taken = db
    .select({ id: creditAccounts.sellerCompanyId })
    .from(creditAccounts)
    .where(
      and(
        eq(creditAccounts.buyerCompanyId, caller.companyId),
        ne(creditAccounts.status, CreditAccountStatus.REJECTED),
      ),
    );
  const conds: SQL[] = [
    eq(companies.type, CompanyType.SUPPLIER),
    eq(companies.merchantStatus, MerchantStatus.APPROVED),
    notInArray(companies.id, taken),
    ne(companies.id, caller.companyId),
  ];
  if (keyword)
    conds.push(
      or(
        ilike(companies.name, `%${escapeLike(keyword)}%`),
        ilike(companies.shopName, `%${escapeLike(keyword)}%`),
      )!,
    );
  const rows = await db
    .select({ id: companies.id, name: companies.name, shopName: companies.shopName })
    .from(companies)
    .where(and(...conds))
    .orderBy(companies.id)
    .limit(50);
  return rows.map((r) => ({ id: r.id, name: r.name, shopName: r.shopName ?? '' }));
}
