import { and, asc, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import {
  InvoiceKind,
  InvoiceStatus,
  OrderStatus,
  type InvoiceableOrder,
  type invoiceableQuery,
  type invoiceRequestInput,
  isValidCreditCode,
  toFen,
  toYuan,
} from '@aquamall/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { invoiceOrders, invoices, orders } from '../../db/schema/index.ts';
import { invoiceSnapshot, ownInvoiceTitle } from '../buying/index.ts';
import type { Caller } from '../auth/index.ts';
import { recordHistory } from '../../lib/transition.ts';
import { coveredFen, HISTORY_TARGET, inTransaction, invoiceActor, record } from './common.ts';
import { refundedFenByOrder } from '../aftersales/index.ts';
import { documentNumberSql, ORDER_NO_SEQUENCE } from '../../lib/doc-numbers.ts';
import { fail } from './messages.ts';

type RequestIn = z.output<typeof invoiceRequestInput>;
type InvoiceableIn = z.output<typeof invoiceableQuery>;

const SPECIAL_FIELDS = [
  ['regAddress', '注册地址'],
  ['regPhone', '注册电话'],
  ['bankName', '开户银行'],
  ['bankAccount', '银行账号'],
] as const;

/** At most this many orders in the invoiceable list (the keyword narrows it). */
const INVOICEABLE_MAX = 200;

/** The purchaser's completed orders with something left to invoice, newest completion first. */
export async function invoiceableOrders(
  db: Db,
  caller: Caller,
  q: InvoiceableIn,
): Promise<InvoiceableOrder[]> {
  const where = [eq(orders.buyerCompanyId, caller.companyId), eq(orders.status, OrderStatus.COMPLETED)];
  if (q.sellerCompanyId) where.push(eq(orders.sellerCompanyId, q.sellerCompanyId));
  if (q.keyword)
    where.push(
      or(ilike(orders.orderNo, `%${q.keyword}%`), ilike(orders.sellerCompanyName, `%${q.keyword}%`))!,
    );
  const rows = await db
    .select()
    .from(orders)
    .where(and(...where))
    .orderBy(desc(orders.completedAt), desc(orders.id))
    .limit(INVOICEABLE_MAX * 2);
  const ids = rows.map((o) => o.id);
  const [covered, refunded] = await Promise.all([coveredFen(db, ids, { live: true }), refundedFenByOrder(db, ids)]);
  return rows
    .map((o) => {
      const done = covered.get(o.id) ?? 0;
      return {
        orderId: o.id,
        orderNo: o.orderNo,
        sellerCompanyId: o.sellerCompanyId,
        sellerCompanyName: o.sellerCompanyName,
        totalAmount: o.totalAmount,
        requestedAmount: toYuan(done),
        uninvoicedAmount: toYuan(Math.max(0, toFen(o.totalAmount) - (refunded.get(o.id) ?? 0) - done)),
        completedAt: o.completedAt?.toISOString() ?? null,
      };
    })
    .filter((o) => toFen(o.uninvoicedAmount) > 0)
    .slice(0, INVOICEABLE_MAX);
}

/** Refuses a title that cannot be used for `kind` (taxpayer number, and the four registered details for 专用). */
export function checkTitle(
  kind: number,
  t: { taxNo: string; regAddress: string; regPhone: string; bankName: string; bankAccount: string },
): void {
  if (!isValidCreditCode(t.taxNo))
    throw fail('INVOICE_REQUEST_TITLE_TAX_NO_INVALID');
  if (kind === InvoiceKind.SPECIAL) {
    const missing = SPECIAL_FIELDS.filter(([k]) => !t[k].trim()).map(([, label]) => label);
    if (missing.length)
      throw fail('INVOICE_SPECIAL_TITLE_INCOMPLETE', { missing: missing.join('、') });
  }
}

/**
 * The purchaser requests an invoice for completed orders of one supplier. The orders are locked in id order
 * (`FOR UPDATE`), so two requests covering the same order wait for each other and never exceed its total.
 */
export async function requestInvoice(
  db: Db,
  caller: Caller,
  input: RequestIn,
): Promise<{ id: number; code: string }> {
  const title = await ownInvoiceTitle(db, caller, input.titleId);
  checkTitle(input.kind, title);
  const ids = [...new Set(input.orders.map((o) => o.orderId))].sort((a, b) => a - b);
  return inTransaction(db, async (t) => {
    const locked = await t
      .select()
      .from(orders)
      .where(and(inArray(orders.id, ids), eq(orders.buyerCompanyId, caller.companyId)))
      .orderBy(asc(orders.id))
      .for('update');
    if (locked.length !== ids.length) throw fail('INVOICE_ORDER_NOT_FOUND');
    const sellers = new Set(locked.map((o) => o.sellerCompanyId));
    if (sellers.size > 1) throw fail('INVOICE_MIXED_SELLERS');
    const notDone = locked.find((o) => o.status !== OrderStatus.COMPLETED);
    if (notDone) throw fail('INVOICE_ORDER_NOT_DONE', { orderNo: notDone.orderNo });
    // Refunds lock the order row too, so what is refunded cannot change under this request.
    const covered = await coveredFen(t, ids, { live: true });
    const refunded = await refundedFenByOrder(t, ids);
    const lines = input.orders.map((want) => {
      const o = locked.find((x) => x.id === want.orderId)!;
      const left = toFen(o.totalAmount) - (refunded.get(o.id) ?? 0) - (covered.get(o.id) ?? 0);
      if (left <= 0) throw fail('INVOICE_ORDER_NOTHING_LEFT', { orderNo: o.orderNo });
      const fen = want.amount === undefined ? left : toFen(want.amount);
      if (fen > left) throw fail('INVOICE_ORDER_OVER_LEFT', { orderNo: o.orderNo, left: toYuan(left) });
      return { orderId: o.id, fen };
    });
    const first = locked[0]!;
    const total = lines.reduce((s, l) => s + l.fen, 0);
    const [inv] = await t
      .insert(invoices)
      .values({
        code: newInvoiceCode(),
        kind: input.kind,
        status: InvoiceStatus.REQUESTED,
        buyerCompanyId: caller.companyId,
        buyerCompanyName: first.buyerCompanyName,
        sellerCompanyId: first.sellerCompanyId,
        sellerCompanyName: first.sellerCompanyName,
        title: invoiceSnapshot(input.kind, title),
        requestedAmount: toYuan(total),
        remark: input.remark,
        requestedBy: caller.userId,
      })
      .returning();
    await t
      .insert(invoiceOrders)
      .values(lines.map((l) => ({ invoiceId: inv!.id, orderId: l.orderId, amount: toYuan(l.fen) })));
    await recordHistory(t, {
      docType: HISTORY_TARGET,
      docId: inv!.id,
      action: 'create',
      fromStatus: null,
      toStatus: InvoiceStatus.REQUESTED,
      actor: await invoiceActor(t, caller, 'buyer'),
      note: input.remark,
    });
    await record(t, inv!, {
      action: 'request',
      by: 'buyer',
      userId: caller.userId,
      status: InvoiceStatus.REQUESTED,
      note: input.remark,
      notice: {
        title: `新开票申请 ${inv!.code}`,
        content: `${first.buyerCompanyName} 申请开具${input.kind === InvoiceKind.SPECIAL ? '增值税专用发票' : '增值税普通发票'}，金额 ¥${toYuan(total)}。`,
      },
    });
    return { id: inv!.id, code: inv!.code };
  });
}

/** FP + date (China time) + the shared document sequence (as order and after-sales numbers). */
export const newInvoiceCode = () => documentNumberSql('FP', ORDER_NO_SEQUENCE, 8);
