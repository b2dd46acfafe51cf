import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { agreementMachine, formatFen, InvoiceKind, toFen, toYuan, type agreementCallOffInput } from '@aquamall/shared';
import type { z } from 'zod';
import type { OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { agreementDraws, agreementLines, agreements } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { recordHistory, type TransitionActor } from '../../lib/transition.ts';
import { addressSnapshot, ownAddress } from '../buying/index.ts';
import { invoiceSnapshot, ownInvoiceTitle } from '../buying/index.ts';
import { notify } from '../notifications/index.ts';
import { createOrders, type OrderHooks } from '../orders/index.ts';
import type { Caller } from '../auth/index.ts';
import { AGREEMENT_DOC, agreementCtx, agreementLink, inTransaction, lockAgreementFor } from './common.ts';
import { fail } from './messages.ts';

type CallOffIn = z.output<typeof agreementCallOffInput>;

/** Quantity drawn per line of these agreements, net of releases: the sum of the ledger. */
export async function usedByLine(db: Db, agreementIds: readonly number[]): Promise<Map<number, number>> {
  if (!agreementIds.length) return new Map();
  const rows = await db
    .select({ lineId: agreementDraws.lineId, used: sql<number>`coalesce(sum(${agreementDraws.quantity}), 0)`.mapWith(Number) })
    .from(agreementDraws)
    .where(inArray(agreementDraws.agreementId, [...agreementIds]))
    .groupBy(agreementDraws.lineId);
  return new Map(rows.map((r) => [r.lineId, r.used]));
}

/** Amount drawn (fen) per agreement, net of releases: the sum of the ledger's amounts (金额协议). */
export async function usedAmountOf(db: Db, agreementIds: readonly number[]): Promise<Map<number, number>> {
  if (!agreementIds.length) return new Map();
  const rows = await db
    .select({ agreementId: agreementDraws.agreementId, used: sql<string>`coalesce(sum(${agreementDraws.amount}), 0)` })
    .from(agreementDraws)
    .where(inArray(agreementDraws.agreementId, [...agreementIds]))
    .groupBy(agreementDraws.agreementId);
  return new Map(rows.map((r) => [r.agreementId, toFen(r.used)]));
}

/**
 * The purchaser draws quantities down (订单下达, docs/product/agreements.md#call-off-orders). One transaction on the
 * locked agreement row, so parallel call-offs of one agreement queue: the table's guard (生效中, within the
 * period), remaining = agreed − sum(ledger) per line read under that lock, refused beyond it; then one ordinary
 * order to the supplier at the agreed prices through createOrders (stock reserved, its clocks and messages) and
 * one ledger row per line with that order.
 */
export async function callOff(
  db: Db,
  caller: Caller,
  input: CallOffIn,
  rules: OrderRules,
  now = new Date(),
): Promise<{ orderId: number; orderNo: string }> {
  return inTransaction(db, async (t) => {
    const { row, actor } = await lockAgreementFor(t, caller, input.id, 'buyer');
    const refused = agreementMachine.refusal('callOff', row.status, agreementCtx(row, now), 'buyer');
    if (refused) throw conflict(refused);
    const lines = await t.select().from(agreementLines).where(eq(agreementLines.agreementId, row.id)).orderBy(asc(agreementLines.sort));
    const byId = new Map(lines.map((l) => [l.id, l]));
    const used = await usedByLine(t, [row.id]);
    const wanted = input.lines.map((w) => {
      const line = byId.get(w.lineId);
      if (!line) throw fail('AGREEMENT_LINE_UNKNOWN');
      if (line.quantity !== null) {
        const remaining = line.quantity - (used.get(line.id) ?? 0);
        if (w.quantity > remaining) throw fail('AGREEMENT_OVER_DRAW', { product: line.productName, remaining, unit: line.unit });
      }
      return { line, quantity: w.quantity, amountFen: toFen(line.unitPrice) * w.quantity };
    });
    // 金额协议: the call-off's amount within what remains of the total, read under the same lock.
    if (row.amountLimit !== null) {
      const remainingFen = toFen(row.amountLimit) - ((await usedAmountOf(t, [row.id])).get(row.id) ?? 0);
      const wantedFen = wanted.reduce((s, w) => s + w.amountFen, 0);
      if (wantedFen > remainingFen) throw fail('AGREEMENT_OVER_AMOUNT', { amount: formatFen(wantedFen), remaining: formatFen(remainingFen) });
    }
    wanted.sort((a, b) => a.line.sort - b.line.sort);
    const address = await ownAddress(t, caller, input.addressId);
    let title = null;
    if (input.invoiceKind !== InvoiceKind.NONE) {
      if (!input.invoiceTitleId) throw fail('AGREEMENT_INVOICE_TITLE_REQUIRED');
      title = await ownInvoiceTitle(t, caller, input.invoiceTitleId);
      if (input.invoiceKind === InvoiceKind.SPECIAL && title.kind !== InvoiceKind.SPECIAL) throw fail('AGREEMENT_SPECIAL_TITLE_REQUIRED');
    }
    const [order] = await createOrders(
      t,
      [
        {
          buyer: { companyId: caller.companyId, userId: caller.userId, userName: actor.userName },
          sellerCompanyId: row.sellerCompanyId,
          address: addressSnapshot(address),
          invoice: invoiceSnapshot(input.invoiceKind, title),
          buyerRemark: input.remark || `框架协议 ${row.code} 订单下达`,
          lines: wanted.map(({ line, quantity }) =>
            line.skuId !== null
              ? { skuId: line.skuId, quantity, unitPrice: Number(line.unitPrice) }
              : { quantity, unitPrice: Number(line.unitPrice), productName: line.productName, spec: line.spec, unit: line.unit },
          ),
        },
      ],
      rules,
      now,
    );
    await t.insert(agreementDraws).values(
      wanted.map(({ line, quantity, amountFen }) => ({
        agreementId: row.id,
        lineId: line.id,
        orderId: order!.id,
        quantity,
        amount: toYuan(amountFen),
        userId: caller.userId,
        userName: actor.userName,
        createdAt: now,
      })),
    );
    const note = `订单 ${order!.orderNo}：${wanted.map((w) => `${w.line.productName} ${w.quantity}${w.line.unit}`).join('，')}`;
    await recordHistory(t, { docType: AGREEMENT_DOC, docId: row.id, action: 'callOff', fromStatus: row.status, toStatus: row.status, actor, note, now });
    await notify(t, row.sellerCompanyId, {
      type: 'agreement',
      title: `框架协议订单下达 ${row.code}`,
      content: `${row.buyerCompanyName} 按框架协议「${row.title}」下达了订单 ${order!.orderNo}。`,
      linkPath: agreementLink(row.id),
    });
    return { orderId: order!.id, orderNo: order!.orderNo };
  });
}

/**
 * Releases what a cancelled order drew from an agreement: one negative ledger row per line it drew (at most one,
 * by the unique index), in the cancellation's transaction. Run by the orders module's cancellation through its
 * hooks (`agreementOrderHooks`, registered by app.ts); an order not drawn from an agreement writes nothing.
 */
export async function releaseDrawDown(
  tx: Db,
  order: { id: number; orderNo: string },
  actor: TransitionActor,
  now = new Date(),
): Promise<void> {
  const orderId = order.id;
  const rows = await tx
    .select({
      agreementId: agreementDraws.agreementId,
      lineId: agreementDraws.lineId,
      quantity: sql<number>`sum(${agreementDraws.quantity})`.mapWith(Number),
      amount: sql<string>`sum(${agreementDraws.amount})`,
    })
    .from(agreementDraws)
    .where(eq(agreementDraws.orderId, orderId))
    .groupBy(agreementDraws.agreementId, agreementDraws.lineId);
  const open = rows.filter((r) => r.quantity > 0);
  if (!open.length) return;
  await tx
    .insert(agreementDraws)
    .values(
      open.map((r) => ({
        agreementId: r.agreementId,
        lineId: r.lineId,
        orderId,
        quantity: -r.quantity,
        amount: toYuan(-toFen(r.amount)),
        userId: actor.userId,
        userName: actor.userName,
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
  for (const agreementId of new Set(open.map((r) => r.agreementId))) {
    const [a] = await tx.select({ status: agreements.status }).from(agreements).where(eq(agreements.id, agreementId));
    await recordHistory(tx, {
      docType: AGREEMENT_DOC,
      docId: agreementId,
      action: 'release',
      fromStatus: a!.status,
      toStatus: a!.status,
      actor,
      note: `订单 ${order.orderNo} 已取消，释放其下达数量`,
      now,
    });
  }
}

/** Agreements' rule on an order's steps (orders/hooks.ts), registered by app.ts. */
export const agreementOrderHooks: Partial<OrderHooks> = { cancelled: releaseDrawDown };

/** The call-off quantities of these orders on one agreement (the detail's list), keyed by order. */
export async function drawsOf(db: Db, agreementId: number) {
  return db
    .select({
      orderId: agreementDraws.orderId,
      drawn: sql<number>`sum(${agreementDraws.quantity}) filter (where ${agreementDraws.quantity} > 0)`.mapWith(Number),
      released: sql<boolean>`bool_or(${agreementDraws.quantity} < 0)`,
      userName: sql<string>`min(${agreementDraws.userName})`,
      createdAt: sql<Date>`min(${agreementDraws.createdAt})`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(agreementDraws)
    .where(and(eq(agreementDraws.agreementId, agreementId)))
    .groupBy(agreementDraws.orderId)
    .orderBy(sql`min(${agreementDraws.createdAt}) desc`);
}
