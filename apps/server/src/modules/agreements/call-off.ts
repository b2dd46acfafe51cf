import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { agreementMachine, formatFen, InvoiceKind, toFen, toYuan, type agreementCallOffInput } from '@aquamall/shared';
import type { z } from 'zod';
import type { OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { agreementDraws, agreementLines, agreements, type AddressSnapshot, type InvoiceSnapshot } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { recordHistory, type TransitionActor } from '../../lib/transition.ts';
import { addressSnapshot, ownAddress } from '../buying/index.ts';
import { invoiceSnapshot, ownInvoiceTitle } from '../buying/index.ts';
import { notify } from '../notifications/index.ts';
import { createOrders, type OrderHooks } from '../orders/index.ts';
import type { Caller } from '../auth/index.ts';
import { routeCallOff, type AwardPerformer } from '../approvals/index.ts';
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

/** A call-off's answer: its order, or the purchase request it waits as (the company's approval rules caught it). */
export interface CallOffResult {
  orderId: number | null;
  orderNo: string;
  purchaseRequest?: { id: number; requestNo: string };
}

/** What a call-off performs: the endpoint's input, or the one a purchase request kept (with its snapshots). */
type CallOffPlan =
  | { kind: 'input'; input: CallOffIn }
  | {
      kind: 'approved';
      input: Pick<CallOffIn, 'id' | 'lines' | 'remark'>;
      address: AddressSnapshot;
      invoice: InvoiceSnapshot;
      totalFen: number;
      overBudget: boolean;
    };

/**
 * The purchaser draws quantities down (订单下达, docs/product/agreements.md#call-off-orders). One transaction on the
 * locked agreement row, so parallel call-offs of one agreement queue: the table's guard (生效中, within the
 * period), remaining = agreed − sum(ledger) per line read under that lock, refused beyond it; then the company's
 * approval rules and budgets (docs/product/approvals.md#call-offs): a call-off they catch waits as a purchase
 * request and nothing is drawn; else one ordinary order to the supplier at the agreed prices through createOrders
 * (stock reserved, budgets consumed, its clocks and messages) and one ledger row per line with that order.
 */
export async function callOff(db: Db, caller: Caller, input: CallOffIn, rules: OrderRules, now = new Date()): Promise<CallOffResult> {
  return inTransaction(db, (t) => callOffInTx(t, caller, { kind: 'input', input }, rules, now));
}

/**
 * The call-off of an approved purchase request (approvals' AwardPerformer, registered by app.ts), as its requester
 * inside the approval's savepoint: every check again under the agreement lock (in force, within its period,
 * enough remaining), the amount the approved one, the request's address and invoice; an AppError returns the
 * request to the requester with its words.
 */
export const performCallOff: AwardPerformer = async (tx, requester, r, rules, now) => {
  if (r.award.kind !== 'callOff') throw new Error('not a call-off');
  const { agreementId, lines, remark } = r.award;
  const plan: CallOffPlan = {
    kind: 'approved',
    input: { id: agreementId, lines, remark },
    address: r.address,
    invoice: r.invoice,
    totalFen: toFen(r.totalAmount),
    overBudget: r.overBudget,
  };
  const res = await callOffInTx(tx, requester, plan, rules, now);
  return res.orderId === null ? [] : [res.orderId];
};

async function callOffInTx(t: Db, caller: Caller, plan: CallOffPlan, rules: OrderRules, now: Date): Promise<CallOffResult> {
  const input = plan.input;
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
  const wantedFen = wanted.reduce((s, w) => s + w.amountFen, 0);
  // 金额协议: the call-off's amount within what remains of the total, read under the same lock.
  if (row.amountLimit !== null) {
    const remainingFen = toFen(row.amountLimit) - ((await usedAmountOf(t, [row.id])).get(row.id) ?? 0);
    if (wantedFen > remainingFen) throw fail('AGREEMENT_OVER_AMOUNT', { amount: formatFen(wantedFen), remaining: formatFen(remainingFen) });
  }
  wanted.sort((a, b) => a.line.sort - b.line.sort);
  let address: AddressSnapshot;
  let invoice: InvoiceSnapshot;
  if (plan.kind === 'approved') {
    if (wantedFen !== plan.totalFen) throw fail('AGREEMENT_CALL_OFF_CHANGED', { approved: formatFen(plan.totalFen), now: formatFen(wantedFen) });
    ({ address, invoice } = plan);
  } else {
    const i = plan.input;
    address = addressSnapshot(await ownAddress(t, caller, i.addressId));
    let title = null;
    if (i.invoiceKind !== InvoiceKind.NONE) {
      if (!i.invoiceTitleId) throw fail('AGREEMENT_INVOICE_TITLE_REQUIRED');
      title = await ownInvoiceTitle(t, caller, i.invoiceTitleId);
      if (i.invoiceKind === InvoiceKind.SPECIAL && title.kind !== InvoiceKind.SPECIAL) throw fail('AGREEMENT_SPECIAL_TITLE_REQUIRED');
    }
    invoice = invoiceSnapshot(i.invoiceKind, title);
    const subject = `框架协议 ${row.code} 订单下达`;
    const request = await routeCallOff(
      t,
      caller,
      {
        callOff: { kind: 'callOff', agreementId: row.id, lines: wanted.map((w) => ({ lineId: w.line.id, quantity: w.quantity })), remark: i.remark },
        totalFen: wantedFen,
        sellerCompanyId: row.sellerCompanyId,
        skuIds: wanted.flatMap((w) => (w.line.skuId !== null ? [w.line.skuId] : [])),
        lines: wanted.map(({ line, quantity }) => ({
          skuId: line.skuId ?? 0,
          cartLineId: null,
          sellerCompanyId: row.sellerCompanyId,
          shopName: row.sellerCompanyName,
          productName: line.productName,
          spec: line.spec,
          unit: line.unit,
          quantity,
          unitPrice: toYuan(toFen(line.unitPrice)),
        })),
        address,
        invoice,
        remark: i.remark || `框架协议 ${row.code} 订单下达`,
        subject,
        userName: actor.userName,
      },
      now,
    );
    // Caught by a rule: nothing is drawn or reserved while it waits; its last approval performs it (performCallOff).
    if (request) return { orderId: null, orderNo: '', purchaseRequest: request };
  }
  const [order] = await createOrders(
    t,
    [
      {
        buyer: { companyId: caller.companyId, userId: caller.userId, userName: actor.userName },
        sellerCompanyId: row.sellerCompanyId,
        address,
        invoice,
        buyerRemark: input.remark || `框架协议 ${row.code} 订单下达`,
        lines: wanted.map(({ line, quantity }) =>
          line.skuId !== null
            ? { skuId: line.skuId, quantity, unitPrice: Number(line.unitPrice) }
            : { quantity, unitPrice: Number(line.unitPrice), productName: line.productName, spec: line.spec, unit: line.unit },
        ),
        overBudgetApproved: plan.kind === 'approved' && plan.overBudget,
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
  const note = `订单 ${order!.orderNo}：${wanted.map((w) => `${w.line.productName} ${w.quantity}${w.line.unit}`).join('，')}${plan.kind === 'approved' ? '（采购申请审批通过）' : ''}`;
  await recordHistory(t, { docType: AGREEMENT_DOC, docId: row.id, action: 'callOff', fromStatus: row.status, toStatus: row.status, actor, note, now });
  await notify(t, row.sellerCompanyId, {
    type: 'agreement',
    title: `框架协议订单下达 ${row.code}`,
    content: `${row.buyerCompanyName} 按框架协议「${row.title}」下达了订单 ${order!.orderNo}。`,
    linkPath: agreementLink(row.id),
  });
  return { orderId: order!.id, orderNo: order!.orderNo };
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
