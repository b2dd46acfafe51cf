import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { BudgetOverMode, PURCHASE_REQUEST_EXPIRE, PurchaseRequestKind, PurchaseRequestStatus, type PurchaseRequestKindValue, Side, fenToNumber, formatFen, toFen, toYuan, type CheckoutResult } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import {
  cartLines,
  categories,
  productSkus,
  products,
  purchaseRequestApprovers,
  purchaseRequests,
  userRoles,
  users,
  type AddressSnapshot,
  type AwardSnapshot,
  type InvoiceSnapshot,
  type RequestLineSnapshot,
  type RequestStep,
} from '../../db/schema/index.ts';
import { documentNumberSql, ORDER_NO_SEQUENCE } from '../../lib/doc-numbers.ts';
import { recordHistory } from '../../lib/transition.ts';
import { linePrices, problemOf, skuFacts, specText, type GateSubmission, type RequestRemark } from '../buying/index.ts';
import { fail as buyingFail } from '../buying/index.ts';
import { addDays, scheduleJob } from '../jobs/index.ts';
import type { Caller } from '../auth/index.ts';
import { departmentOf } from './departments.ts';
import { fail } from './messages.ts';
import { notifyApprovers } from './notices.ts';
import { matchingRule, ruleById, stepLabel, stepNames } from './rules.ts';
import { budgetShortfall, exceeded, overBudgetSetting, type Shortfall } from '../budgets/index.ts';

/** Days an undecided purchase request waits before it expires (docs/product/approvals.md#lifecycle). */
export const PURCHASE_REQUEST_DAYS = 7;
export const PURCHASE_REQUEST_DOC = 'purchase_request';

/** A supplier's part of a submission: its remark, PO number (采购单号) and cost centre (成本中心). */
export type { GateSubmission, RequestRemark };

/**
 * The approval gate of a checkout (docs/product/approvals.md#rules), called by `submitCheckout` inside its
 * transaction before any order is made. No rule matches: null, and the checkout goes on. A rule matches: the
 * submission is kept as a purchase request (lines at today's prices, address, invoice, remarks), its approvers
 * resolved per step, the bought cart lines removed, the first step's approvers told, the expiry clock started;
 * the answer names the request instead of orders.
 */
export async function approvalGate(tx: Db, caller: Caller, s: GateSubmission, now = new Date()): Promise<CheckoutResult | null> {
  const facts = await skuFacts(tx, s.lines.map((l) => l.skuId));
  const prices = await linePrices(tx, caller, facts, s.lines);
  const priced = s.lines.map((l, i) => {
    const f = facts.get(l.skuId);
    return { ...l, f, unitFen: f ? toFen(prices[i]!.unitPrice) : 0 };
  });
  const totalFen = priced.reduce((sum, l) => sum + l.unitFen * l.quantity, 0);
  const productIds = [...new Set(priced.flatMap((l) => (l.f?.product ? [l.f.product.id] : [])))];
  const route = await routeSubmission(tx, caller, {
    totalFen,
    categoryCodes: await categoryCodesOf(tx, productIds),
    sellerCompanyIds: [...new Set(s.lines.map((l) => l.sellerCompanyId))],
    now,
  });
  if (!route) return null;

  for (const l of priced) {
    const f = l.f;
    const name = f?.product?.name ?? '商品';
    const problem =
      problemOf(f) ||
      (f!.sku!.companyId === caller.companyId ? '是本公司的商品' : '') ||
      (l.quantity < f!.product!.minOrder ? `起订量为 ${f!.product!.minOrder}${f!.product!.unit}` : '') ||
      (l.quantity > f!.sku!.available ? `库存不足（可用 ${f!.sku!.available}${f!.product!.unit}）` : '');
    if (problem) throw fail('PURCHASE_REQUEST_LINE_UNAVAILABLE', { name, problem });
  }
  if (totalFen !== toFen(s.shownTotal)) {
    const bySeller = new Map<number, number>();
    for (const l of priced) bySeller.set(l.sellerCompanyId, (bySeller.get(l.sellerCompanyId) ?? 0) + l.unitFen * l.quantity);
    throw buyingFail(
      'CHECKOUT_PRICE_CHANGED',
      { total: toYuan(totalFen), shown: toYuan(toFen(s.shownTotal)) },
      {
        priceChanged: true,
        totalAmount: fenToNumber(totalFen),
        groups: [...bySeller].map(([sellerCompanyId, fen]) => ({ sellerCompanyId, totalAmount: fenToNumber(fen) })),
      },
    );
  }

  const lines: RequestLineSnapshot[] = priced.map((l) => ({
    skuId: l.skuId,
    cartLineId: l.cartLineId,
    sellerCompanyId: l.sellerCompanyId,
    shopName: l.f!.shopName,
    productName: l.f!.product!.name,
    spec: specText(l.f!.sku!.specValues),
    unit: l.f!.product!.unit,
    quantity: l.quantity,
    unitPrice: toYuan(l.unitFen),
  }));
  const { id, requestNo } = await openRequest(tx, caller, route, {
    userName: s.userName,
    totalFen,
    lines,
    address: s.address,
    invoice: s.invoice,
    remarks: [...s.remarks],
    kind: PurchaseRequestKind.CHECKOUT,
    award: null,
    now,
  });
  const bought = s.lines.flatMap((l) => (l.cartLineId ? [l.cartLineId] : []));
  if (bought.length) await tx.delete(cartLines).where(inArray(cartLines.id, bought));
  return {
    checkoutId: randomUUID(),
    totalAmount: fenToNumber(totalFen),
    orders: [],
    purchaseRequest: { id, requestNo },
  };
}

/** The category codes of these products (what a rule's 类目 condition is matched against). */
async function categoryCodesOf(tx: Db, productIds: readonly number[]): Promise<string[]> {
  if (!productIds.length) return [];
  const rows = await tx
    .select({ code: categories.categoryCode })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, [...productIds]));
  return rows.map((c) => c.code);
}

/** The category codes of these SKUs' products (a call-off's catalogue lines). */
export async function categoryCodesOfSkus(tx: Db, skuIds: readonly number[]): Promise<string[]> {
  if (!skuIds.length) return [];
  const rows = await tx.select({ productId: productSkus.productId }).from(productSkus).where(inArray(productSkus.id, [...skuIds]));
  return categoryCodesOf(tx, [...new Set(rows.map((r) => r.productId))]);
}

/** What a new purchase request keeps besides its route (a checkout's or an award's). */
export interface RequestContent {
  userName: string;
  totalFen: number;
  lines: RequestLineSnapshot[];
  address: AddressSnapshot;
  invoice: InvoiceSnapshot;
  remarks: RequestRemark[];
  kind: PurchaseRequestKindValue;
  award: AwardSnapshot | null;
  /** Said first in the history note (an award names its enquiry or tender lot). */
  subject?: string;
  now: Date;
}

/**
 * Writes a purchase request (docs/product/approvals.md#lifecycle): the row waiting for its first step, the
 * approvers per step, the history row, the expiry clock and the first step's approvers told.
 */
export async function openRequest(tx: Db, caller: Caller, route: Route, c: RequestContent): Promise<{ id: number; requestNo: string }> {
  const { rule, steps, department, overBudget } = route;
  const expiresAt = addDays(c.now, PURCHASE_REQUEST_DAYS);
  const [row] = await tx
    .insert(purchaseRequests)
    .values({
      companyId: caller.companyId,
      requestNo: documentNumberSql('SQ', ORDER_NO_SEQUENCE, 8),
      requesterUserId: caller.userId,
      requesterName: c.userName,
      departmentId: department?.id ?? null,
      ruleId: rule.id,
      ruleName: rule.name,
      status: PurchaseRequestStatus.PENDING,
      totalAmount: toYuan(c.totalFen),
      lines: c.lines,
      address: c.address,
      invoice: c.invoice,
      remarks: c.remarks,
      steps,
      kind: c.kind,
      award: c.award,
      overBudget: !!overBudget,
      expiresAt,
    })
    .returning({ id: purchaseRequests.id, requestNo: purchaseRequests.requestNo });
  const id = row!.id;
  await tx
    .insert(purchaseRequestApprovers)
    .values(steps.flatMap((st, step) => st.userIds.map((userId) => ({ requestId: id, step, userId }))));
  await recordHistory(tx, {
    docType: PURCHASE_REQUEST_DOC,
    docId: id,
    action: 'create',
    fromStatus: null,
    toStatus: PurchaseRequestStatus.PENDING,
    actor: { side: Side.BUYER, userId: caller.userId, userName: c.userName },
    note: (c.subject ? `${c.subject}；` : '') + routeNote(rule.name, overBudget),
    now: c.now,
  });
  await scheduleJob(tx, PURCHASE_REQUEST_EXPIRE, id, expiresAt);
  await notifyApprovers(tx, caller.companyId, { id, requestNo: row!.requestNo, requesterName: c.userName, totalAmount: toYuan(c.totalFen) }, steps[0]!.userIds);
  return { id, requestNo: row!.requestNo };
}

/** What a submission is matched against (checkout, RFQ award, tender award). */
export interface RouteFacts {
  totalFen: number;
  categoryCodes: string[];
  sellerCompanyIds: number[];
  now: Date;
}

export interface Route {
  rule: NonNullable<Awaited<ReturnType<typeof matchingRule>>>;
  steps: RequestStep[];
  department: Awaited<ReturnType<typeof departmentOf>>;
  /** The budget it goes beyond (routed through the budget setting's rule or the matching rule). */
  overBudget: Shortfall | null;
}

/** The history note of a new request: the rule, and the budget it goes beyond. */
export const routeNote = (ruleName: string, over: Shortfall | null) =>
  `适用审批规则「${ruleName}」${over ? `；超出预算（${over.budget}剩余 ${formatFen(over.remainingFen)}），经审批后可下单` : ''}`;

/**
 * Whether a submission needs approval, and whose (docs/product/approvals.md#rules, docs/product/budgets.md#over-budget):
 * the first matching rule; beyond a budget, the company's budget setting refuses it (with the remaining amount)
 * or routes it through the matching rule, else the setting's rule. Null: it goes on without approval.
 */
export async function routeSubmission(tx: Db, caller: Caller, f: RouteFacts): Promise<Route | null> {
  const [department, roleRows] = await Promise.all([
    departmentOf(tx, caller.userId),
    tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, caller.userId)),
  ]);
  let rule = await matchingRule(tx, caller.companyId, {
    totalFen: f.totalFen,
    categoryCodes: f.categoryCodes,
    sellerCompanyIds: f.sellerCompanyIds,
    departmentId: department?.id ?? null,
    roleIds: roleRows.map((r) => r.roleId),
  });
  const over = await budgetShortfall(tx, caller.companyId, caller.userId, f.totalFen, f.now);
  if (over) {
    const setting = await overBudgetSetting(tx, caller.companyId);
    if (setting.overMode !== BudgetOverMode.APPROVE) throw exceeded(over, f.totalFen);
    if (!rule && setting.ruleId !== null) rule = await ruleById(tx, caller.companyId, setting.ruleId);
    if (!rule) throw exceeded(over, f.totalFen);
  }
  if (!rule) return null;
  const steps = await resolveSteps(tx, caller, rule, department?.headUserId ?? null);
  // Nobody but the requester could approve: a checkout goes on (its placement checks the budget again).
  if (!steps.length) return null;
  return { rule, steps, department, overBudget: over };
}

/**
 * The approvers of each step, resolved when the request is made (later changes to departments and roles do not
 * move a request already waiting): the requester's department head, the company's enabled users holding the role,
 * or the named users still enabled. The requester never approves their own request: a step only the requester
 * could decide is passed; a step nobody can decide refuses the checkout with what to fix.
 */
async function resolveSteps(
  tx: Db,
  caller: Caller,
  rule: Awaited<ReturnType<typeof matchingRule>> & object,
  headUserId: number | null,
): Promise<RequestStep[]> {
  const names = await stepNames(tx, caller, rule);
  const out: RequestStep[] = [];
  for (const [i, spec] of rule.steps.entries()) {
    let candidates: number[] = [];
    if (spec.kind === 'head') candidates = headUserId !== null ? [headUserId] : [];
    else if (spec.kind === 'role')
      candidates = (await tx.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, spec.roleId))).map((r) => r.id);
    else candidates = spec.userIds;
    const enabled = candidates.length
      ? (
          await tx
            .select({ id: users.id })
            .from(users)
            .where(and(inArray(users.id, candidates), eq(users.companyId, caller.companyId), eq(users.disabled, false)))
        ).map((u) => u.id)
      : [];
    const label = stepLabel(spec, names);
    const approvers = enabled.filter((id) => id !== caller.userId).sort((a, b) => a - b);
    if (approvers.length) out.push({ label, userIds: approvers });
    else if (!enabled.includes(caller.userId)) throw fail('APPROVAL_STEP_NO_APPROVER', { rule: rule.name, step: i + 1, label });
  }
  return out;
}
