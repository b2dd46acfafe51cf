import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import {
  BidStatus,
  BidType,
  CompanyType,
  formatFen,
  InvoiceKind,
  OrderKind,
  TenderBidStatus,
  TenderLotStatus,
  tenderMachine,
  tenderBidMachine,
  tenderLotMachine,
  Side,
  tenderAwardInput,
  tenderResultInput,
  tenderSaveInput,
  tenderScoreInput,
  tenderDeadlineProblem,
  type TenderSaveInput,
  toFen,
  toYuan,
} from '@aquamall/shared';
import type { z } from 'zod';
import type { OrderRules, TenderWindows } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  addresses,
  bids,
  companies,
  files,
  tenderBids,
  tenderInvitations,
  tenderLots,
  tenderObjections,
  tenderQuestions,
  tenderScores,
} from '../../db/schema/index.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import { assertOwnUploads } from '../files/index.ts';
import { safeHtml } from '../../lib/sanitize.ts';
import { addDays, jobClocks, scheduleJob } from '../jobs/index.ts';
import { transition, type TransitionActor } from '../../lib/transition.ts';
import { createOrders } from '../orders/index.ts';
import { routeAward, type ApprovedAward, type AwardPerformer } from '../approvals/index.ts';
import { callerName, type Caller } from '../auth/index.ts';
import {
  TENDER_DOC,
  TENDER_JOBS,
  beijingMinute,
  inTransaction,
  notifyTender,
  ownTender,
  assertPurchaser,
  supplierLink,
  type TenderRecord,
} from './common.ts';
import { loadBidContent } from './sealed.ts';
import { documentNumber } from '../../lib/doc-numbers.ts';
import { fail, tendersErrors } from './messages.ts';

type SaveInput = z.output<typeof tenderSaveInput>;

/** The job store of the state table's clocks. */
const purchaserActor = async (t: Db, caller: Caller): Promise<TransitionActor> => ({
  side: Side.BUYER,
  userId: caller.userId,
  userName: await callerName(t, caller.userId),
});

/** The first score or award of an opened tender: 已开标 → 评标中 (the table's 评标定标, one history row). */
async function startEvaluating(t: Db, caller: Caller, tender: TenderRecord, now: Date): Promise<void> {
  if (tender.status !== BidStatus.OPENED) return;
  await transition(t, {
    machine: tenderMachine,
    action: 'evaluate',
    docType: TENDER_DOC,
    docId: tender.id,
    from: tender.status,
    actor: await purchaserActor(t, caller),
    now,
    apply: async (to) => {
      await t.update(bids).set({ status: to }).where(eq(bids.id, tender.id));
    },
  });
}

const yuan = (v: number | null) => (v === null ? null : toYuan(toFen(v)));

/** Documents must be PDFs uploaded by the caller's company (files module). */
export async function assertOwnPdfs(t: Db, companyId: number, docs: { name: string; path: string }[]) {
  const keys = await assertOwnUploads(t, companyId, docs.map((d) => d.path), tendersErrors.TENDER_DOC_REFUSED.message);
  if (keys.length) {
    const rows = await t.select({ path: files.path, mime: files.mime }).from(files).where(inArray(files.path, keys));
    if (rows.some((r) => r.mime !== 'application/pdf')) throw fail('TENDER_DOC_PDF_ONLY');
  }
  return docs.map((d, i) => ({ name: d.name, path: keys[i]! }));
}

async function assertInvitable(t: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const found = await t
    .select({ id: companies.id })
    .from(companies)
    .where(and(inArray(companies.id, ids), eq(companies.type, CompanyType.SUPPLIER)));
  if (found.length !== new Set(ids).size) throw fail('TENDER_INVITEE_UNKNOWN');
}

function tenderColumns(a: SaveInput) {
  return {
    title: a.title,
    category: a.category,
    budget: yuan(a.budget),
    budgetShown: a.budgetShown,
    areaName: a.areaName,
    content: a.content,
    contactName: a.contactName,
    contactPhone: a.contactPhone,
    minMemberLevel: a.minMemberLevel,
    certRequired: a.certRequired,
    shopTypes: [...new Set(a.shopTypes)],
    invitedOnly: a.invitedOnly,
    deadline: new Date(a.deadline),
    openAt: new Date(a.openAt),
    priceWeight: a.priceWeight,
    techWeight: 100 - a.priceWeight,
  };
}

type Lot = typeof tenderLots.$inferSelect;
type Columns = ReturnType<typeof tenderColumns>;

/**
 * Whether an amendment changes what a bid answers (the documents, in the sense of 实施条例 art. 21): the content,
 * the PDF documents, the budget, the lots (added, removed or changed), the qualification, the invitations or the
 * weights. The title, category, area, contact, budget visibility and later times are not.
 */
function documentsChanged(
  cur: TenderRecord,
  cols: Columns,
  documents: { name: string; path: string }[],
  lots: Lot[],
  input: SaveInput['lots'],
  invitedBefore: number[],
  invited: number[],
): boolean {
  const same = <T>(a: T, b: T) => JSON.stringify(a) === JSON.stringify(b);
  const sorted = (v: number[]) => [...v].sort((x, y) => x - y);
  const lotKey = (l: { name: string; spec: string; quantity: number; unit: string; budget: string | null }) => [l.name, l.spec, l.quantity, l.unit, l.budget];
  const before = [...lots].sort((x, y) => x.seq - y.seq || x.id - y.id);
  return !(
    cur.content === cols.content &&
    same(cur.attachments.map((d) => [d.name, d.path]), documents.map((d) => [d.name, d.path])) &&
    cur.budget === cols.budget &&
    cur.minMemberLevel === cols.minMemberLevel &&
    cur.certRequired === cols.certRequired &&
    same(sorted(cur.shopTypes), sorted(cols.shopTypes)) &&
    cur.invitedOnly === cols.invitedOnly &&
    same(sorted(invitedBefore), sorted(invited)) &&
    cur.priceWeight === cols.priceWeight &&
    before.length === input.length &&
    input.every((l, i) => l.id === before[i]!.id && same(lotKey({ ...l, budget: yuan(l.budget) }), lotKey(before[i]!)))
  );
}

/**
 * The times of an amendment (decision 0160): the deadline only moves later; after a change of the documents at
 * least `minChangeDays` remain to it (it is moved, keeping the gap to the opening). Refused when asked earlier.
 */
function amendedTimes(cur: TenderRecord, cols: Columns, changed: boolean, windows: TenderWindows, now: Date) {
  if (!cur.deadline || cur.deadline <= now) throw fail('TENDER_EDIT_CLOSED');
  const problem = tenderDeadlineProblem(cols.deadline, windows, now, cur.deadline, beijingMinute);
  if (problem) throw invalid(problem);
  const floor = addDays(now, windows.minChangeDays);
  if (!changed || cols.deadline >= floor) return { deadline: cols.deadline, openAt: cols.openAt };
  return { deadline: floor, openAt: new Date(floor.getTime() + (cols.openAt.getTime() - cols.deadline.getTime())) };
}

/**
 * Saves a draft (new or existing), or amends a published tender before its deadline: the deadline never moves
 * earlier; a change of the documents keeps `minChangeDays` to the deadline, turns submitted bids into 待确认 and
 * their suppliers must reconfirm; every registered (and invited) supplier is told. The jobs follow the times.
 */
export async function saveTender(
  db: Db,
  caller: Caller,
  raw: TenderSaveInput,
  windows: TenderWindows,
  now = new Date(),
): Promise<{ id: number }> {
  assertPurchaser(caller);
  const a = tenderSaveInput.parse(raw);
  const cols = tenderColumns(a);
  const invited = a.invitedOnly ? [...new Set(a.invitedCompanyIds)] : [];
  return inTransaction(db, async (t) => {
    const documents = await assertOwnPdfs(t, caller.companyId, a.documents);
    await assertInvitable(t, invited);
    let id: number;
    let amended: { cur: TenderRecord; changed: boolean } | null = null;
    if (a.id) {
      const cur = await ownTender(t, caller, a.id, true);
      const refusal = tenderMachine.refusal(cur.status === BidStatus.OPEN ? 'amend' : 'edit', cur.status);
      if (refusal) throw conflict(refusal);
      if (tenderMachine.can('amend', cur.status)) {
        const lots = await t.select().from(tenderLots).where(eq(tenderLots.tenderId, cur.id));
        const before = await t.select({ companyId: tenderInvitations.companyId }).from(tenderInvitations).where(eq(tenderInvitations.tenderId, cur.id));
        const changed = documentsChanged(cur, cols, documents, lots, a.lots, before.map((i) => i.companyId), invited);
        Object.assign(cols, amendedTimes(cur, cols, changed, windows, now));
        amended = { cur, changed };
      }
      id = cur.id;
      await t
        .update(bids)
        .set({ ...cols, attachments: documents, amendedAt: amended ? now : cur.amendedAt })
        .where(eq(bids.id, id));
    } else {
      const [row] = await t
        .insert(bids)
        .values({
          ...cols,
          attachments: documents,
          companyId: caller.companyId,
          type: BidType.TENDER,
          status: BidStatus.DRAFT,
          code: `T${now.getTime()}`,
          purchaserName: caller.companyName,
          publishedAt: now,
        })
        .returning({ id: bids.id });
      id = row!.id;
      await t.update(bids).set({ code: documentNumber('ZB', id, 6, now) }).where(eq(bids.id, id));
    }
    // Lots: keep the ones named by id (they must be this tender's), drop the rest, add the new ones.
    const existing = await t.select({ id: tenderLots.id }).from(tenderLots).where(eq(tenderLots.tenderId, id));
    const existingIds = new Set(existing.map((l) => l.id));
    if (a.lots.some((l) => l.id !== undefined && !existingIds.has(l.id))) throw fail('TENDER_LOT_NOT_FOUND');
    const keep = a.lots.flatMap((l) => (l.id ? [l.id] : []));
    await t.delete(tenderLots).where(and(eq(tenderLots.tenderId, id), keep.length ? notInArray(tenderLots.id, keep) : undefined));
    for (const [seq, l] of a.lots.entries()) {
      const v = { name: l.name, spec: l.spec, quantity: l.quantity, unit: l.unit, budget: yuan(l.budget), seq };
      if (l.id) await t.update(tenderLots).set(v).where(eq(tenderLots.id, l.id));
      else await t.insert(tenderLots).values({ ...v, tenderId: id });
    }
    await t.delete(tenderInvitations).where(eq(tenderInvitations.tenderId, id));
    if (invited.length) await t.insert(tenderInvitations).values(invited.map((companyId) => ({ tenderId: id, companyId })));
    if (amended) await afterAmendment(t, id, a.title, cols, amended.changed, invited, now);
    return { id };
  });
}

/** Moves the jobs to the amended times; on a change of documents submitted bids go 待确认; everyone is told. */
async function afterAmendment(t: Db, id: number, title: string, cols: Columns, changed: boolean, invited: number[], now: Date) {
  await scheduleJob(t, TENDER_JOBS.CLOSE, id, cols.deadline);
  await scheduleJob(t, TENDER_JOBS.OPEN, id, cols.openAt);
  const toConfirm = changed
    ? await t
        .update(tenderBids)
        .set({ status: tenderBidMachine.next('amend', TenderBidStatus.SUBMITTED), updatedAt: now })
        .where(and(eq(tenderBids.tenderId, id), inArray(tenderBids.status, [...tenderBidMachine.fromOf('amend')])))
        .returning({ companyId: tenderBids.companyId })
    : [];
  const registered = await t.select({ companyId: tenderBids.companyId }).from(tenderBids).where(eq(tenderBids.tenderId, id));
  const times = `投标截止时间 ${beijingMinute(cols.deadline)}，开标时间 ${beijingMinute(cols.openAt)}。`;
  for (const companyId of new Set([...registered.map((b) => b.companyId), ...invited]))
    await notifyTender(t, companyId, {
      title: changed ? `招标项目「${title}」已变更` : `招标项目「${title}」信息已更新`,
      content: !changed
        ? `招标项目信息已更新，${times}`
        : toConfirm.some((c) => c.companyId === companyId)
          ? `招标文件已变更，${times}您的投标需要重新确认，截止前未确认的投标无效。`
          : `招标文件已变更，请查看最新内容。${times}`,
      linkPath: supplierLink(id),
    });
}

/**
 * Publishes a draft: on the public list from now; the deadline closes it and the opening time opens it by job.
 * The bidding window is at least `minBidDays` (招标投标法 art. 24).
 */
export async function publishTender(db: Db, caller: Caller, id: number, windows: TenderWindows, now = new Date()): Promise<void> {
  await inTransaction(db, async (t) => {
    const cur = await ownTender(t, caller, id, true);
    const refusal = tenderMachine.refusal('publish', cur.status);
    if (refusal) throw conflict(refusal);
    if (!cur.deadline || cur.deadline <= now) throw fail('TENDER_DEADLINE_PAST');
    const problem = tenderDeadlineProblem(cur.deadline, windows, now, null, beijingMinute);
    if (problem) throw invalid(problem);
    if (!cur.openAt || cur.openAt < cur.deadline) throw fail('TENDER_OPEN_BEFORE_DEADLINE');
    const [lot] = await t.select({ id: tenderLots.id }).from(tenderLots).where(eq(tenderLots.tenderId, id)).limit(1);
    if (!lot) throw fail('TENDER_LOT_REQUIRED');
    const openAt = cur.openAt;
    await transition(t, {
      machine: tenderMachine,
      action: 'publish',
      docType: TENDER_DOC,
      docId: id,
      from: cur.status,
      actor: await purchaserActor(t, caller),
      now,
      jobs: jobClocks,
      clocks: { [TENDER_JOBS.CLOSE]: cur.deadline, [TENDER_JOBS.OPEN]: openAt },
      apply: async (to) => {
        await t.update(bids).set({ status: to, publishedAt: now }).where(eq(bids.id, id));
      },
    });
    const invited = await t.select({ companyId: tenderInvitations.companyId }).from(tenderInvitations).where(eq(tenderInvitations.tenderId, id));
    for (const i of invited)
      await notifyTender(t, i.companyId, {
        title: `邀请投标：${cur.title}`,
        content: `${cur.purchaserName}邀请贵公司参与投标，截止时间 ${beijingMinute(cur.deadline)}。`,
        linkPath: supplierLink(id),
      });
  });
}

/** Answers a question; the answer is published to every bidder (registered suppliers are told). */
export async function answerQuestion(db: Db, caller: Caller, questionId: number, answer: string, now = new Date()): Promise<void> {
  await inTransaction(db, async (t) => {
    const [q] = await t.select().from(tenderQuestions).where(eq(tenderQuestions.id, questionId));
    if (!q) throw fail('TENDER_QUESTION_NOT_FOUND');
    const tender = await ownTender(t, caller, q.tenderId, true);
    if (tender.openedAt) throw fail('TENDER_ANSWER_AFTER_OPEN');
    await t.update(tenderQuestions).set({ answer, answeredAt: now }).where(eq(tenderQuestions.id, questionId));
    const bidders = await t.select({ companyId: tenderBids.companyId }).from(tenderBids).where(eq(tenderBids.tenderId, tender.id));
    const told = new Set([...bidders.map((b) => b.companyId), q.companyId]);
    for (const companyId of told)
      await notifyTender(t, companyId, { title: `招标项目「${tender.title}」发布了答疑`, content: answer.slice(0, 200), linkPath: supplierLink(tender.id) });
  });
}

/** Bids after the opening, for scoring and award (through the sealed reader). */
async function openedBids(t: Db, tender: TenderRecord) {
  const refusal = tenderMachine.refusal('evaluate', tender.status);
  if (refusal) throw conflict(refusal);
  return loadBidContent(t, tender, { companyId: tender.companyId! }, 'all');
}

/** Scores bids per lot; the total is computed here: (price × priceWeight + technical × techWeight) / 100. */
/** Refuses with the lot table's text (packages/shared/src/machines/tender.ts) unless the lot's state admits `action`. */
function guardLot(action: 'score' | 'award', lot: { name: string; status: number }): void {
  const refused = tenderLotMachine.refusal(action, lot.status, lot);
  if (refused) throw conflict(refused);
}

export async function scoreBids(db: Db, caller: Caller, raw: z.input<typeof tenderScoreInput>, now = new Date()): Promise<void> {
  const a = tenderScoreInput.parse(raw);
  await inTransaction(db, async (t) => {
    const tender = await ownTender(t, caller, a.tenderId, true);
    const all = await openedBids(t, tender);
    const lots = await t.select().from(tenderLots).where(eq(tenderLots.tenderId, tender.id));
    for (const s of a.scores) {
      const lot = lots.find((l) => l.id === s.lotId);
      if (!lot) throw fail('TENDER_LOT_NOT_FOUND');
      guardLot('score', lot);
      const bid = all.find((b) => b.bidId === s.bidId && b.prices.some((p) => p.lotId === s.lotId));
      if (!bid) throw fail('TENDER_BID_NO_PRICE');
      const total = ((s.priceScore * tender.priceWeight + s.techScore * tender.techWeight) / 100).toFixed(2);
      const v = { priceScore: s.priceScore.toFixed(2), techScore: s.techScore.toFixed(2), total, scoredAt: now };
      await t
        .insert(tenderScores)
        .values({ tenderId: tender.id, lotId: s.lotId, bidId: s.bidId, ...v })
        .onConflictDoUpdate({ target: [tenderScores.lotId, tenderScores.bidId], set: v });
    }
    await startEvaluating(t, caller, tender, now);
  });
}

/**
 * Awards a lot to one of its opened bids (amount = unit price × quantity). With `createOrder`, the winner gets an
 * order of kind 4 at its price, to the purchaser's default address, made by createOrders in the same transaction.
 * An award the company's approval rules catch (amount = the bid's amount for the lot) waits as a purchase request
 * and the lot stays open (docs/product/approvals.md#awards); its last approval performs it (performTenderAward).
 */
export async function awardLot(
  db: Db,
  caller: Caller,
  raw: z.input<typeof tenderAwardInput>,
  rules: OrderRules,
  now = new Date(),
): Promise<{ orderId: number | null; purchaseRequest?: { id: number; requestNo: string } }> {
  const a = tenderAwardInput.parse(raw);
  return inTransaction(db, (t) => awardLotInTx(t, caller, a, rules, now, null));
}

/**
 * The award of an approved purchase request (approvals/awards.ts AwardPerformer), as its requester: the tender
 * still under evaluation, the lot still open, the bid's price for it the approved amount.
 */
export const performTenderAward: AwardPerformer = async (tx, requester, r, rules, now) => {
  if (r.award.kind !== 'tender') throw new Error('not a tender award');
  const a = { tenderId: r.award.tenderId, lotId: r.award.lotId, bidId: r.award.bidId, createOrder: !!r.award.createOrder };
  const res = await awardLotInTx(tx, requester, a, rules, now, { fen: toFen(r.totalAmount), overBudget: r.overBudget });
  return res.orderId ? [res.orderId] : [];
};

async function awardLotInTx(
  t: Db,
  caller: Caller,
  a: z.output<typeof tenderAwardInput>,
  rules: OrderRules,
  now: Date,
  approved: ApprovedAward | null,
): Promise<{ orderId: number | null; purchaseRequest?: { id: number; requestNo: string } }> {
  const tender = await ownTender(t, caller, a.tenderId, true);
  const all = await openedBids(t, tender);
  const [lot] = await t.select().from(tenderLots).where(and(eq(tenderLots.id, a.lotId), eq(tenderLots.tenderId, tender.id)));
  if (!lot) throw fail('TENDER_LOT_NOT_FOUND');
  guardLot('award', lot);
  const bid = all.find((b) => b.bidId === a.bidId);
  const price = bid?.prices.find((p) => p.lotId === lot.id);
  if (!bid || !price) throw fail('TENDER_BID_NO_PRICE');
  const [addr] = await t
    .select()
    .from(addresses)
    .where(eq(addresses.companyId, caller.companyId))
    .orderBy(desc(addresses.isDefault), desc(addresses.id))
    .limit(1);
  if (a.createOrder && !addr) throw fail('TENDER_DEFAULT_ADDRESS_REQUIRED');
  const address = {
    receiver: addr?.receiver ?? '',
    phone: addr?.phone ?? '',
    provinceCode: addr?.provinceCode ?? 0,
    cityCode: addr?.cityCode ?? 0,
    districtCode: addr?.districtCode ?? 0,
    areaName: addr?.areaName ?? '',
    detail: addr?.detail ?? '',
  };
  const invoice = { kind: InvoiceKind.NONE, title: '', taxNo: '', regAddress: '', regPhone: '', bankName: '', bankAccount: '' };
  const userName = await callerName(t, caller.userId);
  const totalFen = toFen(price.amount);
  const subject = `招标项目 ${tender.code} 标段「${lot.name}」定标`;
  if (approved === null) {
    const [winner] = await t.select({ name: companies.name }).from(companies).where(eq(companies.id, bid.companyId));
    const request = await routeAward(
      t,
      caller,
      {
        award: { kind: 'tender', tenderId: tender.id, lotId: lot.id, bidId: bid.bidId, createOrder: a.createOrder, subject },
        totalFen,
        sellerCompanyIds: [bid.companyId],
        lines: [
          {
            skuId: 0,
            cartLineId: null,
            sellerCompanyId: bid.companyId,
            shopName: winner?.name ?? '',
            productName: lot.name,
            spec: lot.spec,
            unit: lot.unit,
            quantity: lot.quantity,
            unitPrice: toYuan(toFen(price.price)),
          },
        ],
        address,
        invoice,
        remark: a.createOrder ? '定标并生成订单' : '定标',
        subject,
        userName,
      },
      now,
    );
    if (request) return { orderId: null, purchaseRequest: request };
  } else if (totalFen !== approved.fen) throw fail('TENDER_AWARD_CHANGED', { approved: formatFen(approved.fen), now: formatFen(totalFen) });
  let orderId: number | null = null;
  if (a.createOrder) {
    const [order] = await createOrders(
      t,
      [
        {
          kind: OrderKind.ENQUIRY,
          buyer: { companyId: caller.companyId, userId: caller.userId, userName },
          sellerCompanyId: bid.companyId,
          lines: [{ productName: lot.name, spec: lot.spec, unit: lot.unit, quantity: lot.quantity, unitPrice: Number(price.price) }],
          address,
          invoice,
          buyerRemark: `招标项目 ${tender.code} 标段「${lot.name}」中标`,
          // Routed beyond a budget and approved: consumed beyond it, as an approved checkout's orders are.
          overBudgetApproved: approved?.overBudget ?? false,
        },
      ],
      rules,
      now,
    );
    orderId = order!.id;
  }
  await t
    .update(tenderLots)
    .set({ status: TenderLotStatus.AWARDED, winnerBidId: bid.bidId, winAmount: price.amount, orderId })
    .where(eq(tenderLots.id, lot.id));
  await startEvaluating(t, caller, tender, now);
  return { orderId };
}

/**
 * Publishes the 中标公告 (a `bids` row of type 2 linked by tenderId, on the public results list) once every lot
 * is awarded or failed; the tender is 已定标 with a publicity period ending by job; every bidder is told.
 */
export async function publishResult(
  db: Db,
  caller: Caller,
  raw: z.input<typeof tenderResultInput>,
  publicityDays: number,
  now = new Date(),
): Promise<{ id: number }> {
  const a = tenderResultInput.parse(raw);
  return inTransaction(db, async (t) => {
    const tender = await ownTender(t, caller, a.tenderId, true);
    const refusal = tenderMachine.refusal('publishResult', tender.status);
    if (refusal) throw conflict(refusal);
    const lots = await t.select().from(tenderLots).where(eq(tenderLots.tenderId, tender.id)).orderBy(tenderLots.seq, tenderLots.id);
    const pending = lots.find((l) => l.status === TenderLotStatus.OPEN);
    if (pending) throw fail('TENDER_LOT_PENDING', { lot: pending.name });
    const awarded = lots.filter((l) => l.status === TenderLotStatus.AWARDED);
    if (!awarded.length) throw fail('TENDER_NONE_AWARDED');
    const bidRows = await t
      .select({ id: tenderBids.id, companyId: tenderBids.companyId, version: tenderBids.version, name: companies.name })
      .from(tenderBids)
      .innerJoin(companies, eq(companies.id, tenderBids.companyId))
      .where(eq(tenderBids.tenderId, tender.id));
    const nameOf = new Map(bidRows.map((b) => [b.id, b.name]));
    const winners = [...new Set(awarded.map((l) => nameOf.get(l.winnerBidId!) ?? ''))];
    const total = awarded.reduce((s, l) => s + toFen(l.winAmount ?? 0), 0);
    const [row] = await t
      .insert(bids)
      .values({
        companyId: tender.companyId,
        type: BidType.RESULT,
        code: `${tender.code}-GS`,
        title: a.title,
        status: BidStatus.AWARDED,
        purchaserName: tender.purchaserName,
        budget: tender.budget,
        budgetShown: tender.budgetShown,
        areaName: tender.areaName,
        // Public rich text is stored sanitised (the sanitiser of product descriptions, decision 0179/0186).
        content: safeHtml(a.content),
        category: tender.category,
        winnerName: winners.join('、').slice(0, 100),
        winAmount: toYuan(total),
        tenderId: tender.id,
        publishedAt: now,
      })
      .returning({ id: bids.id });
    const endsAt = addDays(now, publicityDays);
    await transition(t, {
      machine: tenderMachine,
      action: 'publishResult',
      docType: TENDER_DOC,
      docId: tender.id,
      from: tender.status,
      actor: await purchaserActor(t, caller),
      now,
      jobs: jobClocks,
      clocks: { [TENDER_JOBS.PUBLICITY_END]: endsAt },
      apply: async (to) => {
        await t.update(bids).set({ status: to, publicityEndsAt: endsAt }).where(eq(bids.id, tender.id));
      },
    });
    const until = beijingMinute(endsAt);
    for (const b of bidRows.filter((r) => r.version > 0)) {
      const won = awarded.filter((l) => l.winnerBidId === b.id);
      await notifyTender(t, b.companyId, won.length
        ? {
            title: `中标通知：${tender.title}`,
            content: `恭喜贵公司中标标段：${won.map((l) => `「${l.name}」${l.winAmount}元`).join('，')}。公示期至 ${until}。`,
            linkPath: supplierLink(tender.id),
            event: 'tender.awardWon',
            vars: { no: tender.code },
          }
        : {
            title: `未中标通知：${tender.title}`,
            content: `感谢参与投标，贵公司本次未中标。中标单位：${winners.join('、')}。如有异议，请在公示期（至 ${until}）内提出。`,
            linkPath: supplierLink(tender.id),
            event: 'tender.awardLost',
            vars: { no: tender.code },
          });
    }
    return { id: row!.id };
  });
}

/** Copies failed (流标) lots into a new draft tender of the same purchaser, with the same conditions. */
export async function republishLots(db: Db, caller: Caller, tenderId: number, lotIds: number[], now = new Date()): Promise<{ id: number }> {
  return inTransaction(db, async (t) => {
    const src = await ownTender(t, caller, tenderId);
    const lots = await t
      .select()
      .from(tenderLots)
      .where(and(eq(tenderLots.tenderId, src.id), inArray(tenderLots.id, lotIds), eq(tenderLots.status, TenderLotStatus.FAILED)));
    if (lots.length !== new Set(lotIds).size) throw fail('TENDER_RETENDER_FAILED_ONLY');
    const [row] = await t
      .insert(bids)
      .values({
        companyId: src.companyId,
        type: BidType.TENDER,
        status: BidStatus.DRAFT,
        code: `T${now.getTime()}`,
        title: src.title.includes('（重新招标）') ? src.title : `${src.title}（重新招标）`.slice(0, 150),
        purchaserName: src.purchaserName,
        budget: src.budget,
        budgetShown: src.budgetShown,
        areaName: src.areaName,
        content: src.content,
        attachments: src.attachments,
        category: src.category,
        minMemberLevel: src.minMemberLevel,
        certRequired: src.certRequired,
        shopTypes: src.shopTypes,
        invitedOnly: src.invitedOnly,
        contactName: src.contactName,
        contactPhone: src.contactPhone,
        priceWeight: src.priceWeight,
        techWeight: src.techWeight,
        republishedFrom: src.id,
        publishedAt: now,
      })
      .returning({ id: bids.id });
    const id = row!.id;
    await t.update(bids).set({ code: documentNumber('ZB', id, 6, now) }).where(eq(bids.id, id));
    await t.insert(tenderLots).values(lots.map((l, seq) => ({ tenderId: id, seq, name: l.name, spec: l.spec, quantity: l.quantity, unit: l.unit, budget: l.budget })));
    const inv = await t.select({ companyId: tenderInvitations.companyId }).from(tenderInvitations).where(eq(tenderInvitations.tenderId, src.id));
    if (inv.length) await t.insert(tenderInvitations).values(inv.map((i) => ({ tenderId: id, companyId: i.companyId })));
    return { id };
  });
}

/** Replies to an objection; the objector is told. */
export async function replyObjection(db: Db, caller: Caller, objectionId: number, reply: string, now = new Date()): Promise<void> {
  await inTransaction(db, async (t) => {
    const [o] = await t.select().from(tenderObjections).where(eq(tenderObjections.id, objectionId));
    if (!o) throw fail('TENDER_OBJECTION_NOT_FOUND');
    const tender = await ownTender(t, caller, o.tenderId).catch(() => {
      throw fail('TENDER_OBJECTION_NOT_FOUND');
    });
    await t.update(tenderObjections).set({ reply, repliedAt: now }).where(eq(tenderObjections.id, o.id));
    await notifyTender(t, o.companyId, { title: `招标项目「${tender.title}」的异议已答复`, content: reply.slice(0, 200), linkPath: supplierLink(tender.id) });
  });
}

