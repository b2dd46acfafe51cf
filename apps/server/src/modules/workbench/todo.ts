import { and, count, eq } from 'drizzle-orm';
import {
  CompanyType,
  EnquiryStatus,
  InvoiceStatus,
  InvoiceViewer,
  OrderKind,
  OrderStatus,
  RmaStatus,
  RmaViewer,
  type TradeTodo,
  type TradeTodoKey,
  type WorkbenchTodo,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { companies, OrderCountScope, roles, users } from '../../db/schema/index.ts';
import { unreadTotal } from '../notifications/index.ts';
import { readOrderCounts } from '../orders/index.ts';
import { myEnquiryCounts } from '../enquiries/index.ts';
import { rmaCounts } from '../aftersales/index.ts';
import { invoiceCounts } from '../invoices/index.ts';
import type { Caller } from '../auth/index.ts';
import { visibleMenuPaths } from '../access/index.ts';

/** Counts per status (as the list tabs keep them), from any of the count readers. */
type ByStatus = Record<string, number>;
const byStatus = (rows: { status: number; count: number }[]): ByStatus =>
  Object.fromEntries(rows.map((r) => [String(r.status), r.count]));

/**
 * One to-do: the sum of `statuses` over the first list (of `lists`, in order) the caller may open that holds any,
 * else the first it may open (count 0). Its link names the tab when the count is one status. Lists the caller
 * may not open are not counted; with none, no to-do.
 */
function todo(
  key: TradeTodoKey,
  statuses: number[],
  lists: { path: string; query?: string; counts: ByStatus | null }[],
): TradeTodo | null {
  const open = lists.filter((l): l is { path: string; query?: string; counts: ByStatus } => l.counts !== null);
  if (!open.length) return null;
  const sumOf = (c: ByStatus) => statuses.reduce((s, st) => s + (c[String(st)] ?? 0), 0);
  const total = open.reduce((s, l) => s + sumOf(l.counts), 0);
  const target = open.find((l) => sumOf(l.counts) > 0) ?? open[0]!;
  const inOne = statuses.filter((st) => (target.counts[String(st)] ?? 0) > 0);
  const params = new URLSearchParams(target.query);
  if (inOne.length === 1 || statuses.length === 1) params.set('status', String(inOne[0] ?? statuses[0]));
  const q = params.toString();
  return { key, count: total, to: q ? `${target.path}?${q}` : target.path };
}

/** The trade to-dos of a purchaser or a supplier, counted only for the list pages the caller may open. */
async function tradeTodos(db: Db, caller: Caller): Promise<TradeTodo[]> {
  const paths = await visibleMenuPaths(db, caller);
  const when = <T>(path: string, read: () => Promise<T>): Promise<T | null> =>
    paths.has(path) ? read() : Promise.resolve(null);
  const orderCounts = (path: string, scope: number, owner: number, kind: number) =>
    when(path, () => readOrderCounts(db, scope, owner, kind));
  if (caller.companyType === CompanyType.PURCHASER) {
    const [enquiries, orders, enOrders, rmas] = await Promise.all([
      when('/customer/enquiry', async () => (await myEnquiryCounts(db, caller)).byStatus),
      orderCounts('/customer/order', OrderCountScope.BUYER_USER, caller.userId, OrderKind.PURCHASE),
      orderCounts('/customer/enorder', OrderCountScope.BUYER_USER, caller.userId, OrderKind.ENQUIRY),
      when('/customer/rma/rmaList', async () => byStatus(await rmaCounts(db, caller, RmaViewer.BUYER))),
    ]);
    const orderLists = [
      { path: '/customer/order', counts: orders },
      { path: '/customer/enorder', counts: enOrders },
    ];
    return [
      todo('quotingEnquiries', [EnquiryStatus.QUOTING], [{ path: '/customer/enquiry', counts: enquiries }]),
      todo('toPayOrders', [OrderStatus.TO_PAY], orderLists),
      todo('toReceiveOrders', [OrderStatus.TO_RECEIVE], orderLists),
      todo(
        'openRmas',
        [RmaStatus.PENDING, RmaStatus.TO_RETURN, RmaStatus.RETURNED, RmaStatus.TO_SETTLE],
        [{ path: '/customer/rma/rmaList', query: 'type=0', counts: rmas }],
      ),
    ].filter((t): t is TradeTodo => t !== null);
  }
  if (caller.companyType !== CompanyType.SUPPLIER) return [];
  const [sales, offers, rmas, invoices] = await Promise.all([
    orderCounts('/customer/saleOrder', OrderCountScope.SELLER_COMPANY, caller.companyId, OrderKind.PURCHASE),
    orderCounts('/customer/offerOrder', OrderCountScope.SELLER_COMPANY, caller.companyId, OrderKind.ENQUIRY),
    when('/customer/rma/rmaList', async () => byStatus(await rmaCounts(db, caller, RmaViewer.SELLER))),
    when('/customer/invoice/index', async () => byStatus(await invoiceCounts(db, caller, InvoiceViewer.SELLER))),
  ]);
  const orderLists = [
    { path: '/customer/saleOrder', counts: sales },
    { path: '/customer/offerOrder', counts: offers },
  ];
  return [
    todo('toConfirmOrders', [OrderStatus.TO_CONFIRM], orderLists),
    todo('toShipOrders', [OrderStatus.TO_SHIP, OrderStatus.PART_SHIPPED], orderLists),
    todo(
      'pendingRmas',
      [RmaStatus.PENDING, RmaStatus.RETURNED, RmaStatus.TO_SETTLE],
      [{ path: '/customer/rma/rmaList', query: 'type=1', counts: rmas }],
    ),
    todo(
      'pendingInvoices',
      [InvoiceStatus.REQUESTED, InvoiceStatus.DISPUTED],
      [{ path: '/customer/invoice/index', query: 'type=1', counts: invoices }],
    ),
  ].filter((t): t is TradeTodo => t !== null);
}

/** Counts for the workbench home of the caller's company, and the caller's trade to-dos. */
export async function workbenchTodo(db: Db, caller: Caller): Promise<WorkbenchTodo> {
  const companyId = caller.companyId;
  const [trade, unread, [userCount], [disabled], [roleCount], [company]] = await Promise.all([
    tradeTodos(db, caller),
    unreadTotal(db, caller),
    db.select({ n: count() }).from(users).where(eq(users.companyId, companyId)),
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.disabled, true))),
    db.select({ n: count() }).from(roles).where(eq(roles.companyId, companyId)),
    db
      .select({
        certStatus: companies.certStatus,
        merchantStatus: companies.merchantStatus,
        memberLevel: companies.memberLevel,
        isMemberVail: companies.isMemberVail,
      })
      .from(companies)
      .where(eq(companies.id, companyId)),
  ]);
  return {
    trade,
    unreadMessages: unread,
    users: userCount?.n ?? 0,
    disabledUsers: disabled?.n ?? 0,
    roles: roleCount?.n ?? 0,
    certStatus: company?.certStatus ?? 0,
    merchantStatus: company?.merchantStatus ?? 0,
    memberLevel: company?.memberLevel ?? 0,
    isMemberVail: company?.isMemberVail ?? 0,
  };
}
