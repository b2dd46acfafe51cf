import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { ISSUED_INVOICE_STATUSES, InvoiceStatus, Side, chinaDayStart, isChinaDay, toFen, type AuditAction } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { invoiceOrders, invoices } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { recordFact } from '../events/index.ts';
import { callerName, type Caller } from '../auth/index.ts';
import type { TransitionActor } from '../../lib/transition.ts';
import { fail } from './messages.ts';

export type InvoiceRecord = typeof invoices.$inferSelect;
export type InvoiceSide = 'buyer' | 'seller';

/** The audit log's target type of invoice entries, and the invoice's `docType` in document_history. */
export const HISTORY_TARGET = 'invoice';
/** An invoice step, named in the audit catalogue as invoice.<step>. */
export type InvoiceStep = AuditAction extends infer A ? (A extends `invoice.${infer S}` ? S : never) : never;

/** Statuses whose amounts no longer count against an order (request withdrawn or refused). */
export const DEAD_STATUSES = [InvoiceStatus.WITHDRAWN, InvoiceStatus.REFUSED];
/** Statuses whose amounts count as invoiced (the rule is the kernel's: packages/shared contracts/invoices.ts). */
export const ISSUED_STATUSES = ISSUED_INVOICE_STATUSES;

/** The workbench page of an invoice for one side. */
export const invoiceLink = (id: number, side: InvoiceSide) =>
  `/customer/invoice/index?type=${side === 'buyer' ? 0 : 1}&id=${id}`;

/** The one transaction runner (db/executor.ts), re-exported for this module's files. */
export { inTransaction } from '../../db/executor.ts';

/**
 * Locks an invoice the caller's company is a party to (`FOR UPDATE`, the status guard of every transition)
 * and checks the caller acts for `side`. A company that is neither party gets 发票记录不存在.
 */
export async function lockInvoice(
  t: Db,
  caller: Caller,
  id: number,
  side: InvoiceSide,
  wrongSide: 'INVOICE_BUYER_ONLY' | 'INVOICE_SELLER_ONLY',
): Promise<InvoiceRecord> {
  const [r] = await t
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.id, id),
        or(eq(invoices.buyerCompanyId, caller.companyId), eq(invoices.sellerCompanyId, caller.companyId)),
      ),
    )
    .for('update');
  if (!r) throw fail('INVOICE_NOT_FOUND');
  if ((side === 'buyer' ? r.buyerCompanyId : r.sellerCompanyId) !== caller.companyId)
    throw fail(wrongSide);
  return r;
}

/** The context of the invoice's state table (packages/shared/src/machines/invoice.ts). */
export const invoiceCtx = (r: InvoiceRecord) => ({ reversal: r.reversalOfId !== null });

/** The history actor of a company user acting for one side of an invoice. */
export async function invoiceActor(t: Db, caller: Caller, side: InvoiceSide): Promise<TransitionActor> {
  return { side: side === 'buyer' ? Side.BUYER : Side.SELLER, userId: caller.userId, userName: await callerName(t, caller.userId) };
}

/**
 * Appends the audit log entry (target `invoice`; the platform's trail — the invoice's own history is
 * document_history, written by the state-table runner) and notifies the other company, in the caller's
 * transaction.
 */
export async function record(
  t: Db,
  r: InvoiceRecord,
  step: {
    action: InvoiceStep;
    by: InvoiceSide;
    userId: number;
    note?: string;
    status: number;
    notice: { title: string; content: string };
  },
): Promise<void> {
  await recordAudit(
    t,
    { userId: step.userId, ip: '' },
    {
      action: `invoice.${step.action}`,
      targetType: HISTORY_TARGET,
      targetId: r.id,
      before: { status: r.status },
      after: { status: step.status, note: step.note ?? '' },
    },
  );
  const toBuyer = step.by === 'seller';
  await notify(t, toBuyer ? r.buyerCompanyId : r.sellerCompanyId, {
    type: 'invoice',
    title: step.notice.title,
    content: step.notice.content,
    linkPath: invoiceLink(r.id, toBuyer ? 'buyer' : 'seller'),
    ...(step.action === 'issue' && toBuyer ? { event: 'invoice.issued' as const, vars: { no: r.code } } : {}),
  });
  await recordFact(
    t,
    'invoice.updated',
    { invoiceId: r.id, invoiceNo: r.code, action: step.action, status: step.status },
    [r.buyerCompanyId, r.sellerCompanyId],
  );
}

/** Σ invoice_orders.amount per order over invoices in (or not in) the given statuses, in fen. */
export async function coveredFen(
  db: Db,
  orderIds: number[],
  statuses: { live: true } | { issued: true },
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!orderIds.length) return out;
  const filter =
    'live' in statuses
      ? notInArray(invoices.status, DEAD_STATUSES)
      : inArray(invoices.status, ISSUED_STATUSES);
  const rows = await db
    .select({ orderId: invoiceOrders.orderId, sum: sql<string>`coalesce(sum(${invoiceOrders.amount}), 0)` })
    .from(invoiceOrders)
    .innerJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
    .where(and(inArray(invoiceOrders.orderId, orderIds), filter))
    .groupBy(invoiceOrders.orderId);
  for (const r of rows) out.set(r.orderId, toFen(r.sum));
  return out;
}

/** Parses a YYYY-MM-DD day (China time); refuses impossible dates. */
export function chinaDay(day: string, label: string): Date {
  if (!isChinaDay(day)) throw fail('INVOICE_DATE_INVALID', { label });
  const d = chinaDayStart(day);
  if (d.getTime() > Date.now() + 86_400_000) throw fail('INVOICE_DATE_FUTURE', { label });
  return d;
}
