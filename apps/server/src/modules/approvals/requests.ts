import { randomUUID } from 'node:crypto';
import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import {
  InvoiceKind,
  PURCHASE_REQUEST_EXPIRE,
  PurchaseRequestKind,
  PurchaseRequestStatus,
  Side,
  purchaseRequestMachine,
  toFen,
  toYuan,
  type Paged,
  type PurchaseRequestDetail,
  type PurchaseRequestRow,
  type PurchaseRequestStatusValue,
} from '@aquamall/shared';
import type { OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { orders, purchaseRequestApprovers, purchaseRequests, users } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { pagedRows, totalOf } from '../../lib/paged.ts';
import { historyOf, historyViews, transition, type TransitionActor } from '../../lib/transition.ts';
import { linePrices, skuFacts } from '../buying/index.ts';
import { cancelJobs, jobClocks } from '../jobs/index.ts';
import { createOrders, type NewOrder } from '../orders/index.ts';
import { permissionsOfUser } from '../access/index.ts';
import { callerFor, callerName, type Caller } from '../auth/index.ts';
import { awardPerformer } from './awards.ts';
import { userName } from './departments.ts';
import { PURCHASE_REQUEST_DOC } from './gate.ts';
import { fail } from './messages.ts';
import { notifyApprovers, notifyRequester } from './notices.ts';

type Request = typeof purchaseRequests.$inferSelect;
const P = PurchaseRequestStatus;
const M = purchaseRequestMachine;

/** May the caller see every request of the company (审批设置: the administrator or approval:manage)? */
async function managesApprovals(db: Db, caller: Caller): Promise<boolean> {
  return caller.isCompanyAdmin || (await permissionsOfUser(db, caller.userId)).includes('approval:manage');
}

const stepLabelOf = (r: Pick<Request, 'status' | 'steps' | 'currentStep'>) =>
  r.status === P.PENDING ? (r.steps[r.currentStep]?.label ?? '') : '';

function rowOf(r: Request): PurchaseRequestRow {
  return {
    sysNo: r.id,
    requestNo: r.requestNo,
    status: r.status,
    requesterName: r.requesterName,
    ruleName: r.ruleName,
    kind: r.kind,
    subject: r.award?.subject ?? '',
    totalAmount: toYuan(toFen(r.totalAmount)),
    lineCount: r.lines.length,
    currentStep: r.currentStep,
    stepCount: r.steps.length,
    currentStepLabel: stepLabelOf(r),
    expiresAt: r.expiresAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Purchase requests of the caller's company (docs/product/approvals.md#lifecycle): `todo` those whose waiting
 * step names the caller (待我审批), `mine` the caller's own, `all` every one (审批设置 managers only); paged.
 */
export async function listRequests(
  db: Db,
  caller: Caller,
  q: { pageIndex: number; pageSize: number; scope: 'todo' | 'mine' | 'all'; status?: number },
): Promise<Paged<PurchaseRequestRow>> {
  let scope: SQL | undefined;
  if (q.scope === 'mine') scope = eq(purchaseRequests.requesterUserId, caller.userId);
  else if (q.scope === 'todo')
    scope = and(
      eq(purchaseRequests.status, P.PENDING),
      sql`exists (select 1 from ${purchaseRequestApprovers} where ${purchaseRequestApprovers.requestId} = ${purchaseRequests.id} and ${purchaseRequestApprovers.step} = ${purchaseRequests.currentStep} and ${purchaseRequestApprovers.userId} = ${caller.userId})`,
    );
  else if (!(await managesApprovals(db, caller))) throw fail('PURCHASE_REQUEST_ALL_FORBIDDEN');
  const where = and(
    eq(purchaseRequests.companyId, caller.companyId),
    scope,
    q.status !== undefined ? eq(purchaseRequests.status, q.status) : undefined,
  );
  const page = await pagedRows(
    db
      .select({ ...getTableColumns(purchaseRequests), total: totalOf(purchaseRequests, where) })
      .from(purchaseRequests)
      .where(where)
      .orderBy(desc(purchaseRequests.createdAt), desc(purchaseRequests.id)),
    q,
    () => db.$count(purchaseRequests, where),
  );
  return { total: page.total, list: page.list.map(rowOf) };
}

/** Is the caller an approver of the step now waiting? */
async function decidesCurrentStep(db: Db, r: Request, userId: number): Promise<boolean> {
  if (r.status !== P.PENDING) return false;
  const [hit] = await db
    .select({ userId: purchaseRequestApprovers.userId })
    .from(purchaseRequestApprovers)
    .where(
      and(
        eq(purchaseRequestApprovers.requestId, r.id),
        eq(purchaseRequestApprovers.step, r.currentStep),
        eq(purchaseRequestApprovers.userId, userId),
      ),
    );
  return !!hit;
}

/** One request: its requester, any of its approvers, or a manager of approvals; else 记录不存在. */
export async function requestDetail(db: Db, caller: Caller, id: number): Promise<PurchaseRequestDetail> {
  const [r] = await db
    .select()
    .from(purchaseRequests)
    .where(and(eq(purchaseRequests.id, id), eq(purchaseRequests.companyId, caller.companyId)));
  if (!r) throw fail('PURCHASE_REQUEST_NOT_FOUND');
  const approverRows = await db
    .select({ step: purchaseRequestApprovers.step, userId: purchaseRequestApprovers.userId, name: userName })
    .from(purchaseRequestApprovers)
    .innerJoin(users, eq(users.id, purchaseRequestApprovers.userId))
    .where(eq(purchaseRequestApprovers.requestId, id));
  const isRequester = r.requesterUserId === caller.userId;
  const isApprover = approverRows.some((a) => a.userId === caller.userId);
  if (!isRequester && !isApprover && !(await managesApprovals(db, caller))) throw fail('PURCHASE_REQUEST_NOT_FOUND');
  const decides = await decidesCurrentStep(db, r, caller.userId);
  const actions = M.available(r.status, { side: 'buyer' }).filter((a) =>
    a === 'withdraw' ? isRequester : a === 'approve' || a === 'reject' ? decides : false,
  );
  const [history, orderRows] = await Promise.all([
    historyOf(db, PURCHASE_REQUEST_DOC, id),
    r.orderIds.length
      ? db.select({ id: orders.id, orderNo: orders.orderNo }).from(orders).where(inArray(orders.id, r.orderIds))
      : Promise.resolve([]),
  ]);
  const a = r.address;
  const inv = r.invoice;
  return {
    ...rowOf(r),
    reason: r.reason,
    lines: r.lines.map((l) => ({
      skuId: l.skuId,
      sellerCompanyId: l.sellerCompanyId,
      shopName: l.shopName,
      productName: l.productName,
      spec: l.spec,
      unit: l.unit,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: toYuan(toFen(l.unitPrice) * l.quantity),
    })),
    address: { contact: a.receiver, phone: a.phone, text: `${a.areaName} ${a.detail}`.trim() },
    invoiceText:
      inv.kind === InvoiceKind.NONE ? '不开发票' : `${inv.kind === InvoiceKind.SPECIAL ? '增值税专用发票' : '增值税普通发票'}：${inv.title}`,
    steps: r.steps.map((s, i) => ({
      label: s.label,
      approvers: approverRows.filter((x) => x.step === i).map((x) => x.name),
    })),
    orders: orderRows,
    actions,
    history: historyViews(history),
  };
}

/** Locks the request of the caller's company (SELECT … FOR UPDATE), or 记录不存在. */
async function lockRequest(tx: Db, companyId: number, id: number): Promise<Request> {
  const [r] = await tx
    .select()
    .from(purchaseRequests)
    .where(and(eq(purchaseRequests.id, id), eq(purchaseRequests.companyId, companyId)))
    .for('update');
  if (!r) throw fail('PURCHASE_REQUEST_NOT_FOUND');
  return r;
}

/** The table's refusal for this state, before any other check (the runner checks again). */
function guard(action: 'approve' | 'reject' | 'withdraw', status: number) {
  const refusal = M.refusal(action, status, undefined, 'buyer');
  if (refusal) throw conflict(refusal);
}

async function actorOf(tx: Db, caller: Caller): Promise<TransitionActor> {
  return { side: Side.BUYER, userId: caller.userId, userName: await callerName(tx, caller.userId) };
}

/** Why the request cannot be placed as approved ('' if it can): a unit price rose since it was submitted. */
async function priceRise(tx: Db, r: Request): Promise<string> {
  const facts = await skuFacts(tx, r.lines.map((l) => l.skuId));
  const prices = await linePrices(tx, { companyId: r.companyId }, facts, r.lines);
  const rises: string[] = [];
  for (const [i, l] of r.lines.entries()) {
    const f = facts.get(l.skuId);
    if (!f?.sku) continue; // gone: createOrders refuses it in its own words
    const now = toFen(prices[i]!.unitPrice);
    if (now > toFen(l.unitPrice)) rises.push(`「${l.productName}」单价由¥${l.unitPrice}涨至¥${toYuan(now)}`);
  }
  return rises.length ? `价格已上涨：${rises.join('；')}，请重新下单` : '';
}

/** The orders of an approved request, exactly as submitted, through the checkout's order creation. */
function ordersOf(r: Request): NewOrder[] {
  const bySeller = new Map<number, Request['lines']>();
  for (const l of r.lines) bySeller.set(l.sellerCompanyId, [...(bySeller.get(l.sellerCompanyId) ?? []), l]);
  const checkoutId = randomUUID();
  const remarks = new Map(r.remarks.map((x) => [x.sellerCompanyId, x]));
  return [...bySeller].map(([sellerCompanyId, lines]) => ({
    buyer: { companyId: r.companyId, userId: r.requesterUserId, userName: r.requesterName },
    sellerCompanyId,
    lines: lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity })),
    address: r.address,
    invoice: r.invoice,
    buyerRemark: remarks.get(sellerCompanyId)?.remark ?? '',
    poNumber: remarks.get(sellerCompanyId)?.poNumber,
    costCentre: remarks.get(sellerCompanyId)?.costCentre,
    checkoutId,
    overBudgetApproved: r.overBudget,
  }));
}

/**
 * Approves the step waiting for the caller (docs/product/approvals.md#lifecycle). More steps: the next step's
 * approvers are told. The last step: the orders are placed as submitted (createOrders, stock reserved) and the
 * request is 已通过; if a unit price rose or an order cannot be placed (stock, off sale) the request goes back to
 * the requester (已退回) with the reason and no order is made. Two approvers of one step at once: the row lock
 * lets one through; the other finds the step decided.
 */
export async function approveRequest(
  db: Db,
  caller: Caller,
  rules: OrderRules,
  id: number,
  comment: string,
): Promise<{ status: number; orderIds: number[]; kind: number }> {
  return db.transaction(async (tx) => {
    const r = await lockRequest(tx, caller.companyId, id);
    guard('approve', r.status);
    if (!(await decidesCurrentStep(tx, r, caller.userId))) throw fail('PURCHASE_REQUEST_NOT_YOUR_STEP');
    const actor = await actorOf(tx, caller);
    const step = r.steps[r.currentStep]!;
    const stepNote = `第${r.currentStep + 1}步（${step.label}）通过${comment ? `：${comment}` : ''}`;
    const now = new Date();
    if (r.currentStep + 1 < r.steps.length) {
      await transition(tx, {
        machine: M,
        action: 'approve',
        docType: PURCHASE_REQUEST_DOC,
        docId: r.id,
        from: r.status,
        actor,
        note: stepNote,
        apply: async () => {
          await tx
            .update(purchaseRequests)
            .set({ currentStep: r.currentStep + 1, updatedAt: now })
            .where(eq(purchaseRequests.id, r.id));
        },
      });
      await notifyApprovers(tx, r.companyId, r, r.steps[r.currentStep + 1]!.userIds);
      return { status: r.status, orderIds: [], kind: r.kind };
    }

    const award = r.kind !== PurchaseRequestKind.CHECKOUT ? r.award : null;
    // What the last approval performs, as the notes and messages say it: an award, or a call-off's order.
    const callOff = r.kind === PurchaseRequestKind.CALL_OFF;
    const doing = callOff ? '订单下达' : '授标';
    let reason = award ? '' : await priceRise(tx, r);
    let orderIds: number[] = [];
    if (!reason) {
      try {
        if (award) {
          // The award (or call-off) as submitted, by its requester; what no longer holds returns the request.
          const perform = awardPerformer(r.kind);
          const requester = await callerFor(tx, r.requesterUserId);
          const kept = { award, totalAmount: r.totalAmount, address: r.address, invoice: r.invoice, overBudget: r.overBudget };
          orderIds = await tx.transaction((sp) => perform(sp, requester, kept, rules, now));
        } else {
          const created = await tx.transaction((sp) => createOrders(sp, ordersOf(r), rules, now));
          orderIds = created.map((o) => o.id);
        }
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        reason = `${err.message}，${award ? `请重新${callOff ? '下达' : '授标'}` : '请重新下单'}`;
      }
    }
    const to: PurchaseRequestStatusValue = reason ? P.RETURNED : P.APPROVED;
    await transition(tx, {
      machine: M,
      action: 'approve',
      docType: PURCHASE_REQUEST_DOC,
      docId: r.id,
      from: r.status,
      to,
      actor,
      note: reason
        ? `${stepNote}；${award ? `${doing}未能执行` : '下单失败'}，退回申请人：${reason}`
        : `${stepNote}；${award && !callOff ? `已执行授标${orderIds.length ? '并下单' : ''}` : '已下单'}`,
      apply: async () => {
        await tx
          .update(purchaseRequests)
          .set({ status: to, currentStep: r.steps.length, reason, orderIds, decidedAt: now, updatedAt: now })
          .where(eq(purchaseRequests.id, r.id));
      },
    });
    await cancelJobs(tx, [PURCHASE_REQUEST_EXPIRE], r.id);
    await notifyRequester(
      tx,
      r.companyId,
      r,
      reason ? '已退回' : '已审批通过',
      reason
        ? `审批已通过，但未能${award ? `执行${doing}` : '下单'}：${reason}`
        : award
          ? `审批已通过，${award.subject ?? doing}已执行${orderIds.length ? `，已向供应商提交${orderIds.length}个订单` : ''}。`
          : `审批已通过，已向供应商提交${orderIds.length}个订单。`,
    );
    return { status: to, orderIds, kind: r.kind };
  });
}

/** Rejects the request at the step waiting for the caller, with the reason; the requester is told. */
export async function rejectRequest(db: Db, caller: Caller, id: number, comment: string): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await lockRequest(tx, caller.companyId, id);
    guard('reject', r.status);
    if (!(await decidesCurrentStep(tx, r, caller.userId))) throw fail('PURCHASE_REQUEST_NOT_YOUR_STEP');
    const now = new Date();
    await transition(tx, {
      machine: M,
      action: 'reject',
      docType: PURCHASE_REQUEST_DOC,
      docId: r.id,
      from: r.status,
      actor: await actorOf(tx, caller),
      note: `第${r.currentStep + 1}步（${r.steps[r.currentStep]!.label}）驳回：${comment}`,
      jobs: jobClocks,
      apply: async (to) => {
        await tx
          .update(purchaseRequests)
          .set({ status: to, reason: comment, decidedAt: now, updatedAt: now })
          .where(eq(purchaseRequests.id, r.id));
      },
    });
    await notifyRequester(tx, r.companyId, r, '已被驳回', `驳回原因：${comment}`);
  });
}

/** The requester withdraws an undecided request. */
export async function withdrawRequest(db: Db, caller: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await lockRequest(tx, caller.companyId, id);
    guard('withdraw', r.status);
    if (r.requesterUserId !== caller.userId) throw fail('PURCHASE_REQUEST_NOT_REQUESTER');
    const now = new Date();
    await transition(tx, {
      machine: M,
      action: 'withdraw',
      docType: PURCHASE_REQUEST_DOC,
      docId: r.id,
      from: r.status,
      actor: await actorOf(tx, caller),
      jobs: jobClocks,
      apply: async (to) => {
        await tx.update(purchaseRequests).set({ status: to, decidedAt: now, updatedAt: now }).where(eq(purchaseRequests.id, r.id));
      },
    });
  });
}

/** The expiry clock (job PURCHASE_REQUEST_EXPIRE): an undecided request expires; a decided one is left alone. */
export async function expireRequest(tx: Db, id: number, now: Date): Promise<void> {
  const [r] = await tx.select().from(purchaseRequests).where(eq(purchaseRequests.id, id)).for('update');
  if (!r || M.refusal('expire', r.status, undefined, 'system')) return;
  await transition(tx, {
    machine: M,
    action: 'expire',
    docType: PURCHASE_REQUEST_DOC,
    docId: r.id,
    from: r.status,
    actor: { side: Side.SYSTEM, userId: null, userName: '系统' },
    now,
    apply: async (to) => {
      await tx.update(purchaseRequests).set({ status: to, decidedAt: now, updatedAt: now }).where(eq(purchaseRequests.id, r.id));
    },
  });
  await notifyRequester(tx, r.companyId, r, '已过期', '审批超时未完成，申请已过期，如仍需采购请重新下单。');
}
