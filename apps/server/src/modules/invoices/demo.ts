import { and, asc, desc, eq } from 'drizzle-orm';
import { InvoiceKind, InvoiceStatus, OrderStatus, toYuan, splitVat, toFen } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import {
  auditLogs,
  files,
  invoiceOrders,
  invoices,
  invoiceTitles,
  orders,
  type InvoiceSnapshot,
} from '../../db/schema/index.ts';
import type { Storage } from '../../lib/storage.ts';
import { callerByPhone, type Caller } from '../auth/index.ts';
import { recordHistory } from '../../lib/transition.ts';
import { HISTORY_TARGET, invoiceActor } from './common.ts';
import { newInvoiceCode } from './request.ts';

const PDF_KEY = 'upload/demo/invoice/demo-invoice.pdf';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 420]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

interface Step {
  action: string;
  hours: number;
  by: Caller;
  status: number;
  note?: string;
}

/**
 * For the demo seed, after the orders' demo: invoices in every state between the demo purchaser 18800000004
 * and its suppliers, on parts of its completed orders (direct inserts with their history rows), including a
 * reversal (红冲). Each order keeps an uninvoiced remainder so a new request can be made.
 */
export async function seedDemoInvoices(db: Db, storage: Storage | null): Promise<void> {
  const buyer = await callerByPhone(db, '18800000004');
  const sellerA = await callerByPhone(db, '18800000002');
  const sellerB = await callerByPhone(db, '18800000003');
  if (!buyer || !sellerA || !sellerB) return;
  const completed = (sellerId: number) =>
    db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.buyerCompanyId, buyer.companyId),
          eq(orders.sellerCompanyId, sellerId),
          eq(orders.status, OrderStatus.COMPLETED),
        ),
      )
      .orderBy(asc(orders.completedAt));
  const [a1, a2] = await completed(sellerA.companyId);
  const [b1] = await completed(sellerB.companyId);
  if (!a1 || !a2 || !b1) return;
  const [t] = await db
    .select()
    .from(invoiceTitles)
    .where(and(eq(invoiceTitles.companyId, buyer.companyId), eq(invoiceTitles.kind, InvoiceKind.SPECIAL)))
    .orderBy(desc(invoiceTitles.isDefault))
    .limit(1);
  if (!t) return;
  const title: InvoiceSnapshot = {
    kind: InvoiceKind.SPECIAL,
    title: t.title,
    taxNo: t.taxNo,
    regAddress: t.regAddress,
    regPhone: t.regPhone,
    bankName: t.bankName,
    bankAccount: t.bankAccount,
  };
  if (storage) await storage.put(PDF_KEY, PDF, 'application/pdf');
  await db
    .insert(files)
    .values({
      path: PDF_KEY,
      originalName: '电子发票.pdf',
      mime: 'application/pdf',
      size: PDF.length,
      companyId: sellerA.companyId,
      userId: sellerA.userId,
    })
    .onConflictDoNothing();

  let no = 26_110_000;
  const make = async (
    order: typeof a1,
    share: number,
    status: number,
    steps: Step[],
    extra: Partial<typeof invoices.$inferInsert> = {},
  ) => {
    const fen = Math.round(toFen(order.totalAmount) * share);
    const at = (h: number) => new Date(order.completedAt!.getTime() + h * 3_600_000);
    const issued = steps.some((s) => s.action === 'issue');
    const ex = splitVat(fen, 13).exFen;
    const [inv] = await db
      .insert(invoices)
      .values({
        code: newInvoiceCode(),
        kind: InvoiceKind.SPECIAL,
        status,
        buyerCompanyId: order.buyerCompanyId,
        buyerCompanyName: order.buyerCompanyName,
        sellerCompanyId: order.sellerCompanyId,
        sellerCompanyName: order.sellerCompanyName,
        title,
        requestedAmount: toYuan(fen),
        remark: '请随货款结算开具',
        requestedBy: buyer.userId,
        createdAt: at(2),
        updatedAt: at(steps.at(-1)!.hours),
        ...(issued
          ? {
              invoiceNo: String(++no).padStart(8, '0'),
              invoiceDate: at(20),
              amountExTax: toYuan(ex),
              taxRate: '13',
              taxAmount: toYuan(fen - ex),
              totalAmount: toYuan(fen),
              files: [{ name: '电子发票.pdf', path: PDF_KEY }],
              issuedBy: order.sellerCompanyId === sellerA.companyId ? sellerA.userId : sellerB.userId,
              issuedAt: at(20),
            }
          : {}),
        ...extra,
      })
      .returning();
    await db.insert(invoiceOrders).values({ invoiceId: inv!.id, orderId: order.id, amount: toYuan(fen) });
    let prev: number | null = null;
    for (const s of steps) {
      const side = s.by.companyId === order.buyerCompanyId ? 'buyer' : 'seller';
      await recordHistory(db, {
        docType: HISTORY_TARGET,
        docId: inv!.id,
        action: s.action === 'request' ? 'create' : s.action,
        fromStatus: prev,
        toStatus: s.status,
        actor: await invoiceActor(db, s.by, side),
        note: s.note,
        now: at(s.hours),
      });
      await db.insert(auditLogs).values({
        actorUserId: s.by.userId,
        action: `invoice.${s.action}`,
        targetType: HISTORY_TARGET,
        targetId: String(inv!.id),
        before: prev === null ? null : { status: prev },
        after: { status: s.status, note: s.note ?? '' },
        createdAt: at(s.hours),
      });
      prev = s.status;
    }
    return inv!;
  };
  const S = InvoiceStatus;
  const req = (by: Caller): Step => ({
    action: 'request',
    hours: 2,
    by,
    status: S.REQUESTED,
    note: '请随货款结算开具',
  });
  const issue = (by: Caller): Step => ({ action: 'issue', hours: 20, by, status: S.ISSUED });

  // Supplier A's older order: 40% received, 30% issued then reversed (红冲), 30% withdrawn; 60% left to invoice.
  await make(
    a1,
    0.4,
    S.RECEIVED,
    [req(buyer), issue(sellerA), { action: 'confirm', hours: 30, by: buyer, status: S.RECEIVED }],
    { confirmedAt: new Date(a1.completedAt!.getTime() + 30 * 3_600_000) },
  );
  const reversed = await make(a1, 0.3, S.REVERSED, [
    req(buyer),
    issue(sellerA),
    { action: 'reverse', hours: 40, by: sellerA, status: S.REVERSED, note: '开票信息有误，已红冲' },
  ]);
  const neg = (v: string | null) => toYuan(-toFen(v ?? 0));
  const redAt = new Date(a1.completedAt!.getTime() + 40 * 3_600_000);
  const [red] = await db
    .insert(invoices)
    .values({
      code: newInvoiceCode(),
      kind: reversed.kind,
      status: S.ISSUED,
      buyerCompanyId: reversed.buyerCompanyId,
      buyerCompanyName: reversed.buyerCompanyName,
      sellerCompanyId: reversed.sellerCompanyId,
      sellerCompanyName: reversed.sellerCompanyName,
      title,
      requestedAmount: neg(reversed.requestedAmount),
      remark: '开票信息有误，已红冲',
      invoiceNo: String(++no).padStart(8, '0'),
      invoiceDate: redAt,
      amountExTax: neg(reversed.amountExTax),
      taxRate: '13',
      taxAmount: neg(reversed.taxAmount),
      totalAmount: neg(reversed.totalAmount),
      reversalOfId: reversed.id,
      requestedBy: sellerA.userId,
      issuedBy: sellerA.userId,
      issuedAt: redAt,
      createdAt: redAt,
      updatedAt: redAt,
    })
    .returning();
  await db
    .insert(invoiceOrders)
    .values({ invoiceId: red!.id, orderId: a1.id, amount: neg(reversed.requestedAmount) });
  await make(a1, 0.3, S.WITHDRAWN, [
    req(buyer),
    { action: 'withdraw', hours: 5, by: buyer, status: S.WITHDRAWN },
  ]);
  // Supplier A's recent order: half waiting to be issued, half refused.
  await make(a2, 0.5, S.REQUESTED, [req(buyer)]);
  await make(
    a2,
    0.5,
    S.REFUSED,
    [
      req(buyer),
      { action: 'refuse', hours: 6, by: sellerA, status: S.REFUSED, note: '请按合同约定分批申请' },
    ],
    { rejectReason: '请按合同约定分批申请' },
  );
  // Supplier B's order: half issued (awaiting the purchaser), 30% disputed.
  await make(b1, 0.5, S.ISSUED, [req(buyer), issue(sellerB)], { files: [] });
  await make(
    b1,
    0.3,
    S.DISPUTED,
    [
      req(buyer),
      issue(sellerB),
      { action: 'dispute', hours: 26, by: buyer, status: S.DISPUTED, note: '税率与合同不符' },
    ],
    { files: [], disputeReason: '税率与合同不符' },
  );
}
