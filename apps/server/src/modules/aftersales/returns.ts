import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import {
  AddressKind,
  InvoiceStatus,
  ReturnDisposition,
  RMA_QUALITY_REASONS,
  StockReason,
  type rmaApproveInput,
  type rmaReceiveInput,
  type StockReasonValue,
  toFen,
  toYuan,
} from '@aquamall/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { addresses, invoiceOrders, invoices, orderLines, orders, rmaLines, rmas, type AddressSnapshot } from '../../db/schema/index.ts';
import { addressSnapshot, createAddress } from '../buying/index.ts';
import { areaNames } from '../enums/index.ts';
import type { Caller } from '../auth/index.ts';
import type { StockMove } from '../products/index.ts';
import type { RmaRecord } from './common.ts';
import { fail } from './messages.ts';

/**
 * The return journey's own rules (decision 0184): the return address a supplier approves with, where each
 * returned line goes on receipt, and the invoice amount a refund asks to reverse.
 */

type ApproveIn = z.output<typeof rmaApproveInput>;
type ReceiveIn = z.output<typeof rmaReceiveInput>;

/**
 * The return address of an approval, as copied onto the request: one of the supplier's saved return addresses
 * (another company's, or another kind, is 退货地址不存在) or a new one, saved to the address book when asked.
 */
export async function returnAddressOf(t: Db, caller: Caller, input: ApproveIn): Promise<AddressSnapshot> {
  if (input.addressId !== undefined) {
    const [a] = await t
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, input.addressId), eq(addresses.companyId, caller.companyId), eq(addresses.kind, AddressKind.RETURN)));
    if (!a) throw fail('RMA_RETURN_ADDRESS_NOT_FOUND');
    return addressSnapshot(a);
  }
  const a = input.address;
  if (!a) throw fail('RMA_RETURN_ADDRESS_REQUIRED');
  const names = areaNames(a.area);
  if (!names) throw fail('RMA_REGION_INVALID');
  if (input.save) await createAddress(t, caller, { ...a, kind: AddressKind.RETURN, isDefault: false });
  return {
    receiver: a.receiver,
    phone: a.phone,
    provinceCode: a.area[0]!,
    cityCode: a.area[1]!,
    districtCode: a.area[2] ?? null,
    areaName: names.join(' '),
    detail: a.detail,
  };
}

/** 不良品 for quality faults, 良品入库 otherwise: what a line gets when the supplier does not say. */
export const defaultDisposition = (reason: string): number =>
  RMA_QUALITY_REASONS.includes(reason) ? ReturnDisposition.DEFECT : ReturnDisposition.GOOD;

const REASON_OF: Record<number, StockReasonValue> = {
  [ReturnDisposition.GOOD]: StockReason.RETURN,
  [ReturnDisposition.DEFECT]: StockReason.HELD,
  [ReturnDisposition.SCRAP]: StockReason.SCRAP,
};

/**
 * The stock moves of a receipt: each line's disposition (the input's, else the default) is written on the line,
 * and each catalogue line moves with the reason of its disposition. A line id of another request is refused.
 */
export async function receiptMoves(t: Db, r: RmaRecord, input: ReceiveIn): Promise<StockMove[]> {
  const lines = await t
    .select({ id: rmaLines.id, skuId: orderLines.skuId, quantity: rmaLines.quantity })
    .from(rmaLines)
    .innerJoin(orderLines, eq(orderLines.id, rmaLines.orderLineId))
    .where(eq(rmaLines.rmaId, r.id))
    .orderBy(asc(rmaLines.id));
  const chosen = new Map(input.lines.map((l) => [l.id, l.disposition]));
  if ([...chosen.keys()].some((id) => !lines.some((l) => l.id === id))) throw fail('RMA_LINE_NOT_FOUND');
  const moves: StockMove[] = [];
  for (const l of lines) {
    const disposition = chosen.get(l.id) ?? defaultDisposition(r.reason);
    await t.update(rmaLines).set({ disposition }).where(eq(rmaLines.id, l.id));
    if (l.skuId !== null) moves.push({ skuId: l.skuId, reason: REASON_OF[disposition]!, quantity: l.quantity });
  }
  return moves;
}

const LIVE_ORIGINAL = [InvoiceStatus.ISSUED, InvoiceStatus.RECEIVED, InvoiceStatus.DISPUTED];

/**
 * A refund on an invoiced order asks for the invoice to be reversed (待红冲): locks the order (as invoice
 * requests do), takes the order's issued net amount less the reversals other refunds still wait for, and marks
 * up to the refund on the issued invoice that covers the most of the order. Nothing when the order is not
 * invoiced. Runs in the refund's transaction.
 */
export async function markInvoiceReversal(t: Db, r: RmaRecord, refundFen: number): Promise<{ amount: string; invoiceId: number } | null> {
  await t.select({ id: orders.id }).from(orders).where(eq(orders.id, r.orderId)).for('update');
  // Net issued on this order per live original invoice (its own row plus its partial reversals).
  const rows = await t
    .select({
      invoiceId: sql<number>`coalesce(${invoices.reversalOfId}, ${invoices.id})`,
      fen: sql<string>`sum(${invoiceOrders.amount})`,
    })
    .from(invoiceOrders)
    .innerJoin(invoices, eq(invoices.id, invoiceOrders.invoiceId))
    .where(and(eq(invoiceOrders.orderId, r.orderId), notInArray(invoices.status, [InvoiceStatus.REQUESTED, InvoiceStatus.WITHDRAWN, InvoiceStatus.REFUSED])))
    .groupBy(sql`coalesce(${invoices.reversalOfId}, ${invoices.id})`);
  const live = rows.length
    ? await t
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(inArray(invoices.id, rows.map((x) => Number(x.invoiceId))), inArray(invoices.status, LIVE_ORIGINAL), isNull(invoices.reversalOfId)))
    : [];
  const waiting = await t
    .select({ invoiceId: rmas.reverseInvoiceId, fen: sql<string>`sum(${rmas.invoiceReverseAmount})` })
    .from(rmas)
    .where(and(eq(rmas.orderId, r.orderId), isNull(rmas.reversalInvoiceId)))
    .groupBy(rmas.reverseInvoiceId);
  const waitingOn = new Map(waiting.map((w) => [w.invoiceId, toFen(w.fen ?? 0)]));
  const candidates = rows
    .filter((x) => live.some((l) => l.id === Number(x.invoiceId)))
    .map((x) => ({ id: Number(x.invoiceId), fen: toFen(x.fen) - (waitingOn.get(Number(x.invoiceId)) ?? 0) }))
    .filter((x) => x.fen > 0)
    .sort((a, b) => b.fen - a.fen || b.id - a.id);
  const best = candidates[0];
  if (!best) return null;
  const fen = Math.min(refundFen, best.fen);
  return { amount: toYuan(fen), invoiceId: best.id };
}

/**
 * Refunds so far per order, in fen: what an order may still be invoiced for is its total less these and less
 * its live invoice amounts (decision 0184), so a refunded amount is never invoiced again.
 */
export async function refundedFenByOrder(db: Db, orderIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: rmas.orderId, sum: sql<string>`coalesce(sum(${rmas.refundedAmount}), 0)` })
    .from(rmas)
    .where(inArray(rmas.orderId, orderIds))
    .groupBy(rmas.orderId);
  return new Map(rows.map((r) => [r.orderId, toFen(r.sum)]));
}

/** The order's refunds so far, in fen (the net an invoice state compares with). */
export async function refundedFen(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${rmas.refundedAmount}), 0)` })
    .from(rmas)
    .where(eq(rmas.orderId, orderId));
  return toFen(row?.sum ?? 0);
}
