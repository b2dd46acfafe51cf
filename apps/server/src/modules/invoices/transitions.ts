import { and, eq, isNull } from 'drizzle-orm';
import {
  INVOICE_FILE_TYPES,
  InvoiceStatus,
  invoiceMachine,
  type InvoiceMachineAction,
  type invoiceIssueInput,
  type invoiceReverseInput,
  checkVat,
  splitVat,
  toFen,
  toYuan,
} from '@aquamall/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { invoiceOrders, invoices, rmas } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { assertOwnUploads } from '../files/index.ts';
import { extensionOf } from '../files/index.ts';
import type { Caller } from '../auth/index.ts';
import { recordHistory, transition } from '../../lib/transition.ts';
import {
  chinaDay,
  HISTORY_TARGET,
  inTransaction,
  invoiceActor,
  invoiceCtx,
  type InvoiceRecord,
  type InvoiceSide,
  type InvoiceStep,
  lockInvoice,
  record,
} from './common.ts';
import { newInvoiceCode } from './request.ts';
import { invoicesErrors, fail } from './messages.ts';

type IssueIn = z.output<typeof invoiceIssueInput>;
type ReverseIn = z.output<typeof invoiceReverseInput>;


/**
 * The amount rule of an issued invoice (INVOICE_TAX_RULE): before tax + tax = the requested amount, and tax =
 * before tax × rate rounded to the fen within ±0.01. Answers the amounts in fen.
 */
export function checkAmounts(
  requestedFen: number,
  amountExTax: number,
  taxRate: number,
  taxAmount: number,
): { exFen: number; taxFen: number } {
  const exFen = toFen(amountExTax);
  const taxFen = toFen(taxAmount);
  const problem = checkVat(requestedFen, exFen, taxFen, taxRate);
  if (problem?.kind === 'sum')
    throw fail('INVOICE_SUM_MISMATCH', { exTax: toYuan(exFen), tax: toYuan(taxFen), requested: toYuan(requestedFen) });
  if (problem?.kind === 'tax')
    throw fail('INVOICE_TAX_MISMATCH', { rate: taxRate, expected: toYuan(problem.expectedFen) });
  return { exFen, taxFen };
}

async function invoiceFiles(t: Db, companyId: number, files: { name: string; path: string }[]) {
  if (files.some((f) => !(INVOICE_FILE_TYPES as readonly string[]).includes(extensionOf(f.path))))
    throw fail('INVOICE_FILE_TYPE');
  const keys = await assertOwnUploads(
    t,
    companyId,
    files.map((f) => f.path),
    invoicesErrors.INVOICE_FILE_REFUSED.message,
  );
  return files.map((f, i) => ({ name: f.name || keys[i]!.split('/').pop()!, path: keys[i]! }));
}

/** What a transition writes besides the new status: extra columns, the history row's action and note, the notice. */
interface Step<T> {
  set?: Partial<typeof invoices.$inferInsert>;
  action: InvoiceStep;
  note?: string;
  notice: { title: string; content: string };
  result?: T;
}

/**
 * One action of the invoice's state table (packages/shared/src/machines/invoice.ts) in one transaction: lock the
 * invoice the caller's company is a party to, check the caller acts for the action's side, then the runner
 * (lib/transition.ts) guards the status with the table, `apply` does its own checks and writes, the status moves
 * to the table's state (with `apply`'s columns) and the history row is written; then the audit entry + notice.
 */
async function step<T = void>(
  db: Db,
  caller: Caller,
  id: number,
  action: InvoiceMachineAction,
  apply: (t: Db, r: InvoiceRecord) => Step<T> | Promise<Step<T>>,
): Promise<T> {
  return inTransaction(db, async (t) => {
    const side = invoiceMachine.actions[action].by[0] as InvoiceSide;
    const r = await lockInvoice(t, caller, id, side, side === 'buyer' ? 'INVOICE_BUYER_ONLY' : 'INVOICE_SELLER_ONLY');
    let done: Step<T> | undefined;
    const to = await transition(t, {
      machine: invoiceMachine,
      action,
      docType: HISTORY_TARGET,
      docId: r.id,
      from: r.status,
      ctx: invoiceCtx(r),
      actor: await invoiceActor(t, caller, side),
      apply: async (status) => {
        done = await apply(t, r);
        await t
          .update(invoices)
          .set({ updatedAt: new Date(), ...done.set, status })
          .where(eq(invoices.id, r.id));
        return { note: done.note, historyAction: done.action };
      },
    });
    const { set: _set, result, ...rest } = done!;
    await record(t, r, { ...rest, by: side, userId: caller.userId, status: to });
    return result as T;
  });
}

/** The purchaser withdraws a request not yet issued: → 已撤销 (its amounts are invoiceable again). */
export async function withdrawInvoice(db: Db, caller: Caller, id: number): Promise<void> {
  await step(db, caller, id, 'withdraw', (_t, r) => ({
    action: 'withdraw',
    notice: {
      title: `开票申请已撤销 ${r.code}`,
      content: `${r.buyerCompanyName} 撤销了开票申请 ${r.code}。`,
    },
  }));
}

/** The supplier refuses a request with a reason: → 已拒绝 (its amounts are invoiceable again). */
export async function refuseInvoice(db: Db, caller: Caller, id: number, reason: string): Promise<void> {
  await step(db, caller, id, 'refuse', (_t, r) => ({
    set: { rejectReason: reason },
    action: 'refuse',
    note: reason,
    notice: { title: `开票申请被拒绝 ${r.code}`, content: `${r.sellerCompanyName} 拒绝开票：${reason}` },
  }));
}

/** The supplier issues a request (or re-issues a disputed invoice): number, date, amounts, rate, files → 已开票. */
export async function issueInvoice(db: Db, caller: Caller, input: IssueIn): Promise<void> {
  const date = chinaDay(input.invoiceDate, '开票日期');
  await step(db, caller, input.id, 'issue', async (t, r) => {
    const { exFen, taxFen } = checkAmounts(
      toFen(r.requestedAmount),
      input.amountExTax,
      input.taxRate,
      input.taxAmount,
    );
    const files = await invoiceFiles(t, caller.companyId, input.files);
    const now = new Date();
    const again = r.status === InvoiceStatus.DISPUTED;
    return {
      set: {
        invoiceNo: input.invoiceNo,
        invoiceDate: date,
        amountExTax: toYuan(exFen),
        taxRate: String(input.taxRate),
        taxAmount: toYuan(taxFen),
        totalAmount: toYuan(exFen + taxFen),
        files,
        issuedBy: caller.userId,
        issuedAt: now,
        updatedAt: now,
      },
      action: again ? 'reissue' : 'issue',
      note: `发票号码 ${input.invoiceNo}，价税合计 ¥${toYuan(exFen + taxFen)}`,
      notice: {
        title: `${again ? '发票已重新开具' : '发票已开具'} ${r.code}`,
        content: `${r.sellerCompanyName} 已开具发票 ${input.invoiceNo}，价税合计 ¥${toYuan(exFen + taxFen)}，请确认收票。`,
      },
    };
  });
}

/** The purchaser confirms receipt: 已开票 → 已收票. */
export async function confirmInvoice(db: Db, caller: Caller, id: number): Promise<void> {
  await step(db, caller, id, 'confirm', (_t, r) => {
    const now = new Date();
    return {
      set: { confirmedAt: now, updatedAt: now },
      action: 'confirm',
      notice: {
        title: `发票已确认收票 ${r.code}`,
        content: `${r.buyerCompanyName} 已确认收到发票 ${r.invoiceNo ?? ''}。`,
      },
    };
  });
}

/** The purchaser disputes an issued invoice with a reason: 已开票 → 有异议 (the supplier re-issues or reverses). */
export async function disputeInvoice(db: Db, caller: Caller, id: number, reason: string): Promise<void> {
  await step(db, caller, id, 'dispute', (_t, r) => ({
    set: { disputeReason: reason },
    action: 'dispute',
    note: reason,
    notice: {
      title: `发票有异议 ${r.code}`,
      content: `${r.buyerCompanyName} 对发票 ${r.invoiceNo ?? ''} 提出异议：${reason}`,
    },
  }));
}

/** What of an original invoice is still standing: its amounts less its partial reversals, per order too (fen). */
async function standing(t: Db, r: InvoiceRecord) {
  const reds = await t.select().from(invoices).where(eq(invoices.reversalOfId, r.id));
  const sum = (pick: (x: InvoiceRecord) => string | null) =>
    toFen(pick(r) ?? 0) + reds.reduce((a, x) => a + toFen(pick(x) ?? 0), 0);
  const rows = await t.select().from(invoiceOrders).where(eq(invoiceOrders.invoiceId, r.id)).orderBy(invoiceOrders.orderId);
  const redRows = reds.length
    ? (await Promise.all(reds.map((x) => t.select().from(invoiceOrders).where(eq(invoiceOrders.invoiceId, x.id))))).flat()
    : [];
  const perOrder = rows.map((c) => ({
    orderId: c.orderId,
    fen: toFen(c.amount) + redRows.filter((x) => x.orderId === c.orderId).reduce((a, x) => a + toFen(x.amount), 0),
  }));
  return {
    requested: sum((x) => x.requestedAmount),
    exTax: sum((x) => x.amountExTax),
    tax: sum((x) => x.taxAmount),
    total: sum((x) => x.totalAmount),
    perOrder,
  };
}

/**
 * The supplier reverses (红冲) an issued invoice: a new invoice row with negative amounts and `reversalOfId`,
 * with negative invoice_orders rows, so the orders' amounts are invoiceable again; the original → 已红冲. What
 * partial reversals (below) already took back is not reversed twice, and refunds waiting on this invoice
 * (待红冲) count as settled by it. With `rmaId` it is the partial reversal of that refund instead.
 */
export async function reverseInvoice(
  db: Db,
  caller: Caller,
  input: ReverseIn,
): Promise<{ id: number; code: string }> {
  if (input.rmaId !== undefined) return reverseForRefund(db, caller, { ...input, rmaId: input.rmaId });
  const date = chinaDay(input.invoiceDate, '红冲日期');
  return step(db, caller, input.id, 'reverse', async (t, r) => {
    const files = await invoiceFiles(t, caller.companyId, input.files);
    const left = await standing(t, r);
    const now = new Date();
    const red = await insertRed(t, r, caller, {
      requested: left.requested,
      exTax: left.exTax,
      tax: left.tax,
      total: left.total,
      orders: left.perOrder.filter((o) => o.fen !== 0),
      invoiceNo: input.invoiceNo,
      date,
      reason: input.reason,
      files,
    });
    await t
      .update(rmas)
      .set({ reversalInvoiceId: red.id, updatedAt: now })
      .where(and(eq(rmas.reverseInvoiceId, r.id), isNull(rmas.reversalInvoiceId)));
    return {
      set: { updatedAt: now },
      action: 'reverse',
      note: `红冲发票 ${red.code}（${input.invoiceNo}）：${input.reason}`,
      notice: {
        title: `发票已红冲 ${r.code}`,
        content: `${r.sellerCompanyName} 红冲了发票 ${r.invoiceNo ?? ''}：${input.reason}。相应订单金额可重新申请开票。`,
      },
      result: { id: red.id, code: red.code },
    };
  });
}

/** The red-letter row (negative amounts, status 已开票, `reversalOfId`) and its negative invoice_orders rows. */
async function insertRed(
  t: Db,
  r: InvoiceRecord,
  caller: Caller,
  v: {
    requested: number;
    exTax: number;
    tax: number;
    total: number;
    orders: { orderId: number; fen: number }[];
    invoiceNo: string;
    date: Date;
    reason: string;
    files: { name: string; path: string }[];
  },
) {
  const now = new Date();
  const [red] = await t
    .insert(invoices)
    .values({
      code: newInvoiceCode(),
      kind: r.kind,
      status: InvoiceStatus.ISSUED,
      buyerCompanyId: r.buyerCompanyId,
      buyerCompanyName: r.buyerCompanyName,
      sellerCompanyId: r.sellerCompanyId,
      sellerCompanyName: r.sellerCompanyName,
      title: r.title,
      requestedAmount: toYuan(-v.requested),
      remark: v.reason,
      invoiceNo: v.invoiceNo,
      invoiceDate: v.date,
      amountExTax: toYuan(-v.exTax),
      taxRate: r.taxRate,
      taxAmount: toYuan(-v.tax),
      totalAmount: toYuan(-v.total),
      files: v.files,
      reversalOfId: r.id,
      requestedBy: caller.userId,
      issuedBy: caller.userId,
      issuedAt: now,
    })
    .returning();
  if (v.orders.length)
    await t.insert(invoiceOrders).values(v.orders.map((o) => ({ invoiceId: red!.id, orderId: o.orderId, amount: toYuan(-o.fen) })));
  return red!;
}

/**
 * The partial red-letter invoice (部分红冲) of a refund on an invoiced order: the refund's 待红冲 amount, split
 * into before-tax and tax at the original's rate, negative, linked to the original and settling the request.
 * The original keeps its status until nothing of it stands (then 已红冲). Locks the invoice, then the request.
 */
async function reverseForRefund(db: Db, caller: Caller, input: ReverseIn & { rmaId: number }): Promise<{ id: number; code: string }> {
  const date = chinaDay(input.invoiceDate, '红冲日期');
  return inTransaction(db, async (t) => {
    const r = await lockInvoice(t, caller, input.id, 'seller', 'INVOICE_SELLER_ONLY');
    const refused = invoiceMachine.refusal('reverse', r.status, invoiceCtx(r));
    if (refused) throw conflict(refused);
    const [rma] = await t
      .select()
      .from(rmas)
      .where(and(eq(rmas.id, input.rmaId), eq(rmas.sellerCompanyId, caller.companyId)))
      .for('update');
    if (!rma) throw fail('INVOICE_RMA_NOT_FOUND');
    if (rma.reverseInvoiceId !== r.id || rma.reversalInvoiceId !== null || !rma.invoiceReverseAmount)
      throw fail('INVOICE_RMA_NOTHING_TO_REVERSE');
    const files = await invoiceFiles(t, caller.companyId, input.files);
    const fen = toFen(rma.invoiceReverseAmount);
    const left = await standing(t, r);
    const onOrder = left.perOrder.find((o) => o.orderId === rma.orderId)?.fen ?? 0;
    if (fen > onOrder) throw fail('INVOICE_REVERSE_OVER_LEFT', { left: toYuan(onOrder) });
    const rate = Number(r.taxRate ?? 0);
    const { exFen, taxFen } = splitVat(fen, rate);
    const red = await insertRed(t, r, caller, {
      requested: fen,
      exTax: exFen,
      tax: taxFen,
      total: fen,
      orders: [{ orderId: rma.orderId, fen }],
      invoiceNo: input.invoiceNo,
      date,
      reason: input.reason,
      files,
    });
    const now = new Date();
    await t.update(rmas).set({ reversalInvoiceId: red.id, updatedAt: now }).where(eq(rmas.id, rma.id));
    const whole = left.total - fen <= 0;
    const status = whole ? InvoiceStatus.REVERSED : r.status;
    await t.update(invoices).set({ status, updatedAt: now }).where(eq(invoices.id, r.id));
    const note = `部分红冲 ¥${toYuan(fen)}（售后单 ${rma.rmaNo}，红字发票 ${red.code}，${input.invoiceNo}）：${input.reason}`;
    // The table's `reverse` whose status stays until nothing of the invoice stands.
    await recordHistory(t, {
      docType: HISTORY_TARGET,
      docId: r.id,
      action: 'reverse',
      fromStatus: r.status,
      toStatus: status,
      actor: await invoiceActor(t, caller, 'seller'),
      note,
      now,
    });
    await record(t, r, {
      action: 'reverse',
      by: 'seller',
      userId: caller.userId,
      status,
      note,
      notice: {
        title: `发票已部分红冲 ${r.code}`,
        content: `${r.sellerCompanyName} 因售后退款（${rma.rmaNo}）红冲了发票 ${r.invoiceNo ?? ''} 的 ¥${toYuan(fen)}。`,
      },
    });
    return { id: red.id, code: red.code };
  });
}
