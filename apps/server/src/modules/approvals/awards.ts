import { and, eq, sql, type SQL } from 'drizzle-orm';
import { PurchaseRequestKind, PurchaseRequestStatus, type PurchaseRequestKindValue } from '@aquamall/shared';
import type { OrderRules } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { purchaseRequests, type AddressSnapshot, type AwardSnapshot, type InvoiceSnapshot, type RequestLineSnapshot } from '../../db/schema/index.ts';
import type { Caller } from '../auth/index.ts';
import { categoryCodesOfSkus, openRequest, routeSubmission } from './gate.ts';
import { fail } from './messages.ts';

/**
 * Performs an award (or call-off) kept by a purchase request on its last approval, as the requester, inside the
 * approval's savepoint: re-checks the quotations, bids or agreement and refuses (an AppError, whose words return the
 * request) when they no longer hold or the amount differs from the approved one; answers the orders it made. The
 * request's address and invoice snapshots and whether it was approved beyond a budget come along (a call-off
 * places its order with them).
 */
export type AwardPerformer = (
  tx: Db,
  requester: Caller,
  r: { award: AwardSnapshot; totalAmount: string; address: AddressSnapshot; invoice: InvoiceSnapshot; overBudget: boolean },
  rules: OrderRules,
  now: Date,
) => Promise<number[]>;

/**
 * What the last approval fixed of an award it performs: the approved total (the award refuses another) and whether
 * the request was routed beyond a budget, so that its orders consume beyond it as an approved checkout's do
 * (docs/product/budgets.md#over-budget) instead of being refused again by the budget hook of createOrders.
 */
export interface ApprovedAward {
  fen: number;
  overBudget: boolean;
}

/** An award of an enquiry or a tender lot (a call-off is kept the same way but is not an award of anything). */
type AwardOf = Exclude<AwardSnapshot, { kind: 'callOff' }>;

const performers = new Map<PurchaseRequestKindValue, AwardPerformer>();

/**
 * The enquiries and tenders modules perform their awards (approvals sits beside them and cannot import them):
 * app.ts registers each while it builds.
 */
export function registerAwardPerformer(kind: PurchaseRequestKindValue, perform: AwardPerformer): void {
  performers.set(kind, perform);
}

export function awardPerformer(kind: number): AwardPerformer {
  const p = performers.get(kind as PurchaseRequestKindValue);
  if (!p) throw new Error(`no award performer registered for purchase request kind ${kind}`);
  return p;
}

/**
 * The company's award requests of one kind still waiting for approval whose kept award matches `match` (a test on
 * `purchase_requests.award`): the one read behind the three answers below.
 */
const waitingAwardRequests = (db: Db, companyId: number, kind: number, match: SQL) =>
  db
    .select({ id: purchaseRequests.id, requestNo: purchaseRequests.requestNo, lotId: sql<string | null>`${purchaseRequests.award}->>'lotId'` })
    .from(purchaseRequests)
    .where(
      and(
        eq(purchaseRequests.companyId, companyId),
        eq(purchaseRequests.status, PurchaseRequestStatus.PENDING),
        eq(purchaseRequests.kind, kind),
        match,
      ),
    );

/** The waiting award request of this enquiry (or tender lot) of the company, if any. */
async function pendingAward(tx: Db, companyId: number, award: AwardOf) {
  const [hit] =
    award.kind === 'enquiry'
      ? await waitingAwardRequests(tx, companyId, PurchaseRequestKind.ENQUIRY_AWARD, sql`${purchaseRequests.award}->>'enquiryId' = ${String(award.enquiryId)}`).limit(1)
      : await waitingAwardRequests(
          tx,
          companyId,
          PurchaseRequestKind.TENDER_AWARD,
          sql`${purchaseRequests.award}->>'tenderId' = ${String(award.tenderId)} and ${purchaseRequests.award}->>'lotId' = ${String(award.lotId)}`,
        ).limit(1);
  return hit ? { requestNo: hit.requestNo } : null;
}

/**
 * The awards of a tender's lots waiting for approval, by lot (docs/product/approvals.md#awards): what the tender
 * page reports as 定标需审批 from the server's state, so that it survives a reload. At most one per lot (a second
 * award of a lot is refused while one waits).
 */
export async function waitingLotAwards(db: Db, companyId: number, tenderId: number): Promise<Map<number, { id: number; requestNo: string }>> {
  const rows = await waitingAwardRequests(db, companyId, PurchaseRequestKind.TENDER_AWARD, sql`${purchaseRequests.award}->>'tenderId' = ${String(tenderId)}`);
  return new Map(rows.map((r) => [Number(r.lotId), { id: r.id, requestNo: r.requestNo }]));
}

/**
 * The award of an enquiry waiting for approval (docs/product/approvals.md#awards): what the enquiry detail reports
 * as 授标需审批 from the server's state. At most one (a second award of the enquiry is refused while one waits).
 */
export async function waitingEnquiryAward(db: Db, companyId: number, enquiryId: number): Promise<{ id: number; requestNo: string } | null> {
  const [hit] = await waitingAwardRequests(db, companyId, PurchaseRequestKind.ENQUIRY_AWARD, sql`${purchaseRequests.award}->>'enquiryId' = ${String(enquiryId)}`).limit(1);
  return hit ? { id: hit.id, requestNo: hit.requestNo } : null;
}

/** What every purchase request keeps of its submission, whatever it came from (award or call-off). */
interface RequestKept {
  /** The lines as the request page shows them (an award's skuId 0: quoted goods are not catalogue SKUs). */
  lines: RequestLineSnapshot[];
  address: AddressSnapshot;
  invoice: InvoiceSnapshot;
  remark: string;
  /** 「询价单 XJ… 授标」, 「框架协议 KJ… 订单下达」: said in the request's history and on its pages. */
  subject: string;
  userName: string;
}

/** An award as submitted: what the approval rules are matched against and what the request shows and keeps. */
export interface AwardSubmission extends RequestKept {
  award: AwardOf;
  /** The award's total (goods and freight) in fen. */
  totalFen: number;
  sellerCompanyIds: number[];
}

/**
 * The approval gate of an RFQ or tender award (docs/product/approvals.md#awards), called by the award inside its
 * transaction on the locked enquiry or tender before anything is written. An award of the same enquiry (lot)
 * already waiting refuses it. No rule matches: null, and the award goes on; else it waits as a purchase request
 * (kind 1 or 2) keeping the award input, and nothing else changes until its last approval performs it.
 */
export async function routeAward(tx: Db, caller: Caller, s: AwardSubmission, now: Date): Promise<{ id: number; requestNo: string } | null> {
  await assertNoPendingAward(tx, caller.companyId, s.award);
  const route = await routeSubmission(tx, caller, { totalFen: s.totalFen, categoryCodes: [], sellerCompanyIds: s.sellerCompanyIds, now });
  if (!route) return null;
  return openRequest(tx, caller, route, {
    userName: s.userName,
    totalFen: s.totalFen,
    lines: s.lines,
    address: s.address,
    invoice: s.invoice,
    remarks: s.sellerCompanyIds.map((sellerCompanyId) => ({ sellerCompanyId, remark: s.remark })),
    kind: s.award.kind === 'enquiry' ? PurchaseRequestKind.ENQUIRY_AWARD : PurchaseRequestKind.TENDER_AWARD,
    award: s.award,
    subject: s.subject,
    now,
  });
}

/** Refuses an award while one of the same enquiry (lot) waits for approval: the request is locked against edits. */
export async function assertNoPendingAward(tx: Db, companyId: number, award: AwardOf): Promise<void> {
  const waiting = await pendingAward(tx, companyId, award);
  if (waiting) throw fail('AWARD_WAITING_APPROVAL', { no: waiting.requestNo });
}

/** A call-off as submitted (订单下达, docs/product/approvals.md#call-offs): what is matched and what the request keeps. */
export interface CallOffSubmission extends RequestKept {
  callOff: Extract<AwardSnapshot, { kind: 'callOff' }>;
  /** The call-off's amount (agreed unit price × quantity) in fen. */
  totalFen: number;
  sellerCompanyId: number;
  /** The catalogue SKUs the call-off draws (a rule's category matches their products; a line entered by hand has none). */
  skuIds: number[];
}

/**
 * The approval gate of a call-off (docs/product/approvals.md#call-offs), called by the call-off inside its
 * transaction on the locked agreement after the remaining quantity and amount were checked, before anything is
 * written. No rule matches: null, and the call-off places its order; else it waits as a purchase request (kind 3)
 * keeping the call-off exactly, and its last approval performs it (agreements registers the performer). Call-offs
 * are repeatable, so one waiting does not refuse another.
 */
export async function routeCallOff(tx: Db, caller: Caller, s: CallOffSubmission, now: Date): Promise<{ id: number; requestNo: string } | null> {
  const categoryCodes = await categoryCodesOfSkus(tx, s.skuIds);
  const route = await routeSubmission(tx, caller, { totalFen: s.totalFen, categoryCodes, sellerCompanyIds: [s.sellerCompanyId], now });
  if (!route) return null;
  return openRequest(tx, caller, route, {
    userName: s.userName,
    totalFen: s.totalFen,
    lines: s.lines,
    address: s.address,
    invoice: s.invoice,
    remarks: [{ sellerCompanyId: s.sellerCompanyId, remark: s.remark }],
    kind: PurchaseRequestKind.CALL_OFF,
    award: { ...s.callOff, subject: s.subject },
    subject: s.subject,
    now,
  });
}
