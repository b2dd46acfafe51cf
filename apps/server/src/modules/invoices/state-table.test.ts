import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { and, count, eq, sql } from 'drizzle-orm';
import { Code, InvoiceStatus, invoiceButtonLabel, invoiceMachine, stateMatrix, type InvoiceMachineAction } from '@aquamall/shared';
import { useTestApp } from '../../test/use-app.ts';
import { auditLogs, documentHistory, invoices } from '../../db/schema/index.ts';
import {
  makeCompletedOrder,
  makeInvoiceTitle,
  makeOnSaleProduct,
  makePurchaser,
  makeSupplier,
} from '../../test/factories/index.ts';

/**
 * The invoice's state table (packages/shared/src/machines/invoice.ts) walked against the endpoints: every action
 * in every state the table does not admit is refused with the table's text and changes nothing.
 */
const { db, http } = useTestApp();

const body = (action: InvoiceMachineAction, id: number): object => {
  switch (action) {
    case 'dispute':
    case 'refuse':
      return { id, reason: '状态表测试' };
    case 'issue':
      return { id, invoiceNo: '12345678', invoiceDate: '2026-01-05', amountExTax: 442.48, taxRate: 13, taxAmount: 57.52, files: [{ name: '发票.pdf', path: 'upload/invoice/none.pdf' }] };
    case 'reverse':
      return { id, invoiceNo: '87654321', invoiceDate: '2026-01-06', reason: '状态表测试' };
    default:
      return { id };
  }
};

async function scene() {
  const seller = await makeSupplier(db(), '状态表供应商');
  const buyer = await makePurchaser(db(), '状态表采购商');
  const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 100, stock: 100 }] });
  const order = await makeCompletedOrder(db(), buyer, seller, [{ skuId: skuIds[0]!, quantity: 5 }]);
  const titleId = await makeInvoiceTitle(db(), buyer.companyId, 2);
  const res = await http.post<{ id: number }>(buyer.token, '/api/invoice/request', {
    kind: 2,
    remark: '',
    titleId,
    orders: [{ orderId: order.id, amount: 200 }],
  });
  expect(res.code, res.message).toBe(0);
  const other = await http.post<{ id: number }>(buyer.token, '/api/invoice/request', {
    kind: 2,
    remark: '',
    titleId,
    orders: [{ orderId: order.id, amount: 100 }],
  });
  expect(other.code, other.message).toBe(0);
  return { seller, buyer, id: res.data.id, otherId: other.data.id };
}

const snapshot = async (id: number) => {
  const [row] = await db().select().from(invoices).where(eq(invoices.id, id));
  const [h] = await db()
    .select({ n: count() })
    .from(documentHistory)
    .where(and(eq(documentHistory.docType, 'invoice'), eq(documentHistory.docId, id)));
  return { row, history: h!.n };
};

describe('invoices: the state table is the guard', () => {
  it('refuses every action in every state the table does not admit, with its text, changing nothing', async () => {
    const { seller, buyer, id } = await scene();
    const token = (a: InvoiceMachineAction) => (invoiceMachine.actions[a].by.includes('buyer') ? buyer.token : seller.admin.token);
    const refused = stateMatrix(invoiceMachine).filter((c) => !c.allowed);
    expect(refused.length).toBeGreaterThan(20);
    for (const { action, state } of refused) {
      await db().update(invoices).set({ status: state }).where(eq(invoices.id, id));
      const before = await snapshot(id);
      const res = await http.post(token(action), `/api/invoice/${action}`, body(action, id));
      expect(res, `${action} in ${invoiceMachine.label(state)}`).toMatchObject({
        code: Code.CONFLICT,
        message: invoiceMachine.refusal(action, state, { reversal: false }),
      });
      expect(await snapshot(id)).toEqual(before);
      if (action === 'reverse') {
        // The partial reversal of a refund guards with the same row of the table.
        const part = await http.post(token(action), '/api/invoice/reverse', { ...body(action, id), rmaId: 1 });
        expect(part).toMatchObject({ code: Code.CONFLICT, message: invoiceMachine.refusal(action, state) });
        expect(await snapshot(id)).toEqual(before);
      }
    }
  });

  it('a red-letter invoice takes no action, whatever its state', async () => {
    const { seller, buyer, id, otherId } = await scene();
    await db().update(invoices).set({ reversalOfId: otherId }).where(eq(invoices.id, id));
    for (const action of invoiceMachine.actionNames) {
      const state = invoiceMachine.actions[action].from[0]!;
      await db().update(invoices).set({ status: state }).where(eq(invoices.id, id));
      const before = await snapshot(id);
      const token = invoiceMachine.actions[action].by.includes('buyer') ? buyer.token : seller.admin.token;
      const res = await http.post(token, `/api/invoice/${action}`, body(action, id));
      expect(res, action).toMatchObject({ code: Code.CONFLICT, message: '红冲发票不能执行此操作' });
      expect(await snapshot(id)).toEqual(before);
      const d = await http.get<{ actions: string[] }>(token, `/api/invoice/detail?id=${id}`);
      expect(d.data.actions).toEqual([]);
    }
  });
});

describe('invoices: history', () => {
  it('a disputed invoice offers 重新开票; the audit log keeps its own entries', async () => {
    const { seller, buyer, id } = await scene();
    await db().update(invoices).set({ status: InvoiceStatus.DISPUTED }).where(eq(invoices.id, id));
    const d = await http.get<{ history: { action: string }[]; actions: string[] }>(buyer.token, `/api/invoice/detail?id=${id}`);
    expect(d.data.history.map((h) => h.action)).toEqual(['申请开票']);
    const s = await http.get<{ actions: string[] }>(seller.admin.token, `/api/invoice/detail?id=${id}`);
    expect(s.data.actions).toEqual(['issue', 'reverse']);
    expect(invoiceButtonLabel('issue', InvoiceStatus.DISPUTED)).toBe('重新开票');
    const audit = await db()
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'invoice'), eq(auditLogs.targetId, String(id))));
    expect(audit.map((a) => a.action)).toEqual(['invoice.request']);
  });

  it('the data migration copies the old audit-log history once', async () => {
    const { buyer, id } = await scene();
    await db().delete(documentHistory).where(and(eq(documentHistory.docType, 'invoice'), eq(documentHistory.docId, id)));
    await db().insert(auditLogs).values({
      actorUserId: buyer.id,
      actorName: '老记录',
      action: 'invoice.withdraw',
      targetType: 'invoice',
      targetId: String(id),
      before: { status: InvoiceStatus.REQUESTED },
      after: { status: InvoiceStatus.WITHDRAWN, note: '' },
    });
    const migration = readFileSync(new URL('../../../drizzle/0049_invoice_history.sql', import.meta.url), 'utf8');
    await db().execute(sql.raw(migration));
    await db().execute(sql.raw(migration));
    const rows = await db()
      .select()
      .from(documentHistory)
      .where(and(eq(documentHistory.docType, 'invoice'), eq(documentHistory.docId, id)))
      .orderBy(documentHistory.id);
    expect(rows.map((r) => [r.action, r.fromStatus, r.toStatus, r.side])).toEqual([
      ['create', null, InvoiceStatus.REQUESTED, 1],
      ['withdraw', InvoiceStatus.REQUESTED, InvoiceStatus.WITHDRAWN, 1],
    ]);
    expect(rows[1]!.userName).toBe('老记录');
    const d = await http.get<{ history: { action: string; userName: string }[] }>(buyer.token, `/api/invoice/detail?id=${id}`);
    expect(d.data.history.map((h) => h.action)).toEqual(['申请开票', '撤销申请']);
  });
});
