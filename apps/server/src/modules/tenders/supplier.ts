import { and, asc, eq } from 'drizzle-orm';
import { TenderBidStatus, tenderBidInput, tenderBidMachine, tenderMachine, type TenderBidState, type TenderBidContent, type TenderBidInput, type VersionChange, toFen, toYuan } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { tenderBids, tenderBidVersions, tenderLots, tenderObjections, tenderQuestions } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';
import {
  assertBiddable,
  assertSupplier,
  inTransaction,
  NOT_INVITED,
  notifyTender,
  publishedTender,
  purchaserLink,
  qualificationRefusal,
  type TenderRecord,
} from './common.ts';
import { assertOwnPdfs } from './purchaser.ts';
import { loadBidContent } from './sealed.ts';
import { fail } from './messages.ts';

type BidRow = typeof tenderBids.$inferSelect;

/** The tender (locked: the deadline job locks it too, so no bid slips in after the close) and the caller's bid. */
async function lockForBidding(t: Db, caller: Caller, tenderId: number, now: Date): Promise<{ tender: TenderRecord; bid: BidRow | undefined }> {
  assertSupplier(caller);
  const tender = await publishedTender(t, tenderId, true);
  const [bid] = await t
    .select()
    .from(tenderBids)
    .where(and(eq(tenderBids.tenderId, tenderId), eq(tenderBids.companyId, caller.companyId)))
    .for('update');
  // An invited-only tender is invisible to a company neither invited nor registered.
  if (!bid) {
    const refusal = await qualificationRefusal(t, tender, caller.companyId);
    if (refusal === NOT_INVITED) throw fail('TENDER_NOT_FOUND');
    if (refusal) throw conflict(refusal);
  }
  assertBiddable(tender, now);
  return { tender, bid };
}

/** Registers a qualified supplier (refused with the qualification it misses). */
export async function registerForTender(db: Db, caller: Caller, tenderId: number, now = new Date()): Promise<void> {
  await inTransaction(db, async (t) => {
    const { bid } = await lockForBidding(t, caller, tenderId, now);
    if (bid) throw fail('TENDER_ALREADY_JOINED');
    await t.insert(tenderBids).values({ tenderId, companyId: caller.companyId, status: TenderBidStatus.REGISTERED });
  });
}

type BidContent = Pick<TenderBidContent, 'validityDays' | 'remark' | 'documents'> & { prices: { lotId: number; price: string }[] };

/**
 * What a bid version changes from the one before (decision 0185): the unit price per lot (lots in the tender's
 * order), the documents, the validity and the remark. Empty means the same bid.
 */
export function bidChanges(prev: BidContent, next: BidContent, lots: { id: number; name: string }[]): VersionChange[] {
  const out: VersionChange[] = [];
  const add = (field: string, from: string, to: string) => {
    if (from !== to) out.push({ field, from, to });
  };
  const price = (b: BidContent, lotId: number) => {
    const p = b.prices.find((x) => x.lotId === lotId);
    return p ? toYuan(toFen(p.price)) : '未报价';
  };
  for (const lot of lots) add(`标段「${lot.name}」单价（元）`, price(prev, lot.id), price(next, lot.id));
  const docs = (b: BidContent) => (b.documents.length ? b.documents.map((d) => d.name).join('、') : '无');
  add('投标文件', docs(prev), docs(next));
  if (out.every((c) => c.field !== '投标文件') && prev.documents.map((d) => d.path).join() !== next.documents.map((d) => d.path).join())
    out.push({ field: '投标文件', from: '原文件', to: '已替换' });
  add('报价有效期（天）', String(prev.validityDays), String(next.validityDays));
  add('备注', prev.remark || '无', next.remark || '无');
  return out;
}

/**
 * Submits or revises a bid before the deadline: a new version (unit price per lot, documents, validity) is
 * kept beside the earlier ones; the qualification is checked again. A supplier not yet registered is
 * registered by its first bid.
 */
export async function submitBid(db: Db, caller: Caller, raw: TenderBidInput, now = new Date()): Promise<{ version: number; unchanged?: boolean }> {
  const a = tenderBidInput.parse(raw);
  return inTransaction(db, async (t) => {
    const { tender, bid: existing } = await lockForBidding(t, caller, a.tenderId, now);
    const refusal = await qualificationRefusal(t, tender, caller.companyId);
    if (refusal) throw conflict(refusal);
    const lots = await t
      .select({ id: tenderLots.id, name: tenderLots.name })
      .from(tenderLots)
      .where(eq(tenderLots.tenderId, tender.id))
      .orderBy(asc(tenderLots.seq), asc(tenderLots.id));
    const lotIds = new Set(lots.map((l) => l.id));
    if (a.prices.some((p) => !lotIds.has(p.lotId))) throw fail('TENDER_LOT_NOT_FOUND');
    const documents = await assertOwnPdfs(t, caller.companyId, a.documents);
    const prices = a.prices.map((p) => ({ lotId: p.lotId, price: toYuan(toFen(p.price)) }));
    // The current version is read through the sealed reader (the caller's own bid), then compared.
    let changes: VersionChange[] = [];
    if (existing && existing.version > 0) {
      const [mine] = await loadBidContent(t, tender, { companyId: caller.companyId }, 'own', now);
      if (mine) {
        changes = bidChanges(mine, { prices, documents, validityDays: a.validityDays, remark: a.remark }, lots);
        // 修改投标 of a confirmed bid that changes nothing: no version, nothing written.
        if (changes.length === 0 && existing.status === TenderBidStatus.SUBMITTED) return { version: existing.version, unchanged: true };
      }
    }
    const bid =
      existing ??
      (await t.insert(tenderBids).values({ tenderId: tender.id, companyId: caller.companyId }).returning())[0]!;
    const version = bid.version + 1;
    await t.insert(tenderBidVersions).values({
      bidId: bid.id,
      version,
      prices,
      documents,
      validityDays: a.validityDays,
      remark: a.remark,
      changes,
    });
    await t
      .update(tenderBids)
      .set({ version, status: TenderBidStatus.SUBMITTED, submittedAt: now, withdrawnAt: null, updatedAt: now })
      .where(eq(tenderBids.id, bid.id));
    return { version };
  });
}

/** Refuses with the bid table's text (packages/shared/src/machines/tender.ts) unless the bid's state admits `action`. */
function guardBid(action: 'withdraw' | 'reconfirm', status: number): asserts status is TenderBidState {
  const refused = tenderBidMachine.refusal(action, status);
  if (refused) throw conflict(refused);
}

async function ownBid(t: Db, caller: Caller, tenderId: number, now: Date) {
  const { tender, bid } = await lockForBidding(t, caller, tenderId, now);
  if (!bid || bid.version === 0) throw fail('TENDER_BID_NOT_SUBMITTED');
  return { tender, bid };
}

/** Withdraws the caller's bid before the deadline (it no longer counts; a new bid may follow). */
export async function withdrawBid(db: Db, caller: Caller, tenderId: number, now = new Date()): Promise<void> {
  await inTransaction(db, async (t) => {
    const { bid } = await ownBid(t, caller, tenderId, now);
    guardBid('withdraw', bid.status);
    await t.update(tenderBids).set({ status: tenderBidMachine.next('withdraw', bid.status), withdrawnAt: now, updatedAt: now }).where(eq(tenderBids.id, bid.id));
  });
}

/**
 * Confirms a bid after an amendment (待确认 → 已投标), unchanged. `amendedAt` names the amendment the supplier read:
 * a newer one (both lock the tender row) makes this confirm nothing. The qualification is checked again.
 */
export async function reconfirmBid(db: Db, caller: Caller, tenderId: number, amendedAt: string, now = new Date()): Promise<void> {
  await inTransaction(db, async (t) => {
    const { tender, bid } = await ownBid(t, caller, tenderId, now);
    guardBid('reconfirm', bid.status);
    if (tender.amendedAt?.getTime() !== Date.parse(amendedAt)) throw fail('TENDER_AMENDED_AGAIN');
    const refusal = await qualificationRefusal(t, tender, caller.companyId);
    if (refusal) throw conflict(refusal);
    await t.update(tenderBids).set({ status: tenderBidMachine.next('reconfirm', bid.status), updatedAt: now }).where(eq(tenderBids.id, bid.id));
  });
}

/** A qualified supplier asks a clarification question before the deadline; the purchaser is told. */
export async function askQuestion(db: Db, caller: Caller, tenderId: number, question: string, now = new Date()): Promise<void> {
  await inTransaction(db, async (t) => {
    const { tender } = await lockForBidding(t, caller, tenderId, now);
    await t.insert(tenderQuestions).values({ tenderId, companyId: caller.companyId, question, createdAt: now });
    await notifyTender(t, tender.companyId!, { title: `招标项目「${tender.title}」收到新的提问`, content: question.slice(0, 200), linkPath: purchaserLink(tender.id) });
  });
}

/** A bidder objects to the award, only during the publicity period (公示期); the purchaser is told. */
export async function objectToAward(db: Db, caller: Caller, tenderId: number, reason: string, now = new Date()): Promise<void> {
  assertSupplier(caller);
  await inTransaction(db, async (t) => {
    const tender = await publishedTender(t, tenderId, true);
    const [bid] = await t
      .select()
      .from(tenderBids)
      .where(and(eq(tenderBids.tenderId, tenderId), eq(tenderBids.companyId, caller.companyId)));
    if (!bid || bid.version === 0) throw fail('TENDER_OBJECTION_BIDDERS_ONLY');
    const inPublicity = !!tender.publicityEndsAt && tender.publicityEndsAt > now && !tender.publicityEndedAt;
    const refusal = tenderMachine.refusal('object', tender.status, { inPublicity });
    if (refusal) throw conflict(refusal);
    await t.insert(tenderObjections).values({ tenderId, companyId: caller.companyId, reason, createdAt: now });
    await notifyTender(t, tender.companyId!, { title: `招标项目「${tender.title}」收到中标异议`, content: reason.slice(0, 200), linkPath: purchaserLink(tender.id) });
  });
}
