import { and, eq, gt, inArray } from 'drizzle-orm';
import { BidStatus, formatChina, Side, TenderBidStatus, TenderLotStatus, tenderBidMachine, tenderMachine, type TenderBidState } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { bids, tenderBids, tenderLots, type OpeningEntry } from '../../db/schema/index.ts';
import { defineJob, recordId } from '../jobs/index.ts';
import { jobClocks } from '../jobs/index.ts';
import { transition, type TransitionActor } from '../../lib/transition.ts';
import { MIN_VALID_BIDS, TENDER_DOC, TENDER_JOBS, notifyTender, purchaserLink, qualificationRefusal, supplierLink, type TenderRecord } from './common.ts';
import { loadBidContent } from './sealed.ts';

const SYSTEM: TransitionActor = { side: Side.SYSTEM, userId: null, userName: '系统' };

async function lockTender(tx: Db, id: number): Promise<TenderRecord | undefined> {
  const [r] = await tx.select().from(bids).where(eq(bids.id, id)).for('update');
  return r;
}

/**
 * At the deadline, before anything is read: a bid left 待确认 after an amendment, or of a supplier that no longer
 * meets the tender's qualification (qualificationRefusal: enabled supplier, invitation, member level,
 * certification, shop type — as at this moment), is withdrawn and its supplier told. Its content stays sealed.
 */
async function withdrawInvalidBids(tx: Db, tender: TenderRecord, now: Date): Promise<void> {
  const live = await tx
    .select({ id: tenderBids.id, companyId: tenderBids.companyId, status: tenderBids.status })
    .from(tenderBids)
    .where(and(eq(tenderBids.tenderId, tender.id), gt(tenderBids.version, 0), inArray(tenderBids.status, [...tenderBidMachine.fromOf('lapse')])));
  for (const b of live) {
    const refusal = await qualificationRefusal(tx, tender, b.companyId);
    const reason =
      b.status === TenderBidStatus.TO_CONFIRM
        ? '招标文件变更后，贵公司的投标未在截止前确认'
        : refusal
          ? `贵公司不符合投标资格（${refusal}）`
          : null;
    if (!reason) continue;
    await tx.update(tenderBids).set({ status: tenderBidMachine.next('lapse', b.status as TenderBidState), withdrawnAt: now, updatedAt: now }).where(eq(tenderBids.id, b.id));
    await notifyTender(tx, b.companyId, {
      title: `招标项目「${tender.title}」投标无效`,
      content: `${reason}，投标已按撤回处理，开标时不予拆封。`,
      linkPath: supplierLink(tender.id),
    });
  }
}

/**
 * At the deadline: 招标中 → 已截止. Unconfirmed and unqualified bids are withdrawn (withdrawInvalidBids); a lot
 * with fewer than MIN_VALID_BIDS of the remaining (confirmed) bids is 流标; when every lot failed the tender is
 * 流标 and will not open. The purchaser and every bidder are told.
 */
async function closeTender(tx: Db, id: number, now: Date): Promise<void> {
  const tender = await lockTender(tx, id);
  if (!tender || !tenderMachine.can('close', tender.status) || !tender.deadline || tender.deadline > now) return;
  await transition(tx, {
    machine: tenderMachine,
    action: 'close',
    docType: TENDER_DOC,
    docId: id,
    from: tender.status,
    actor: SYSTEM,
    now,
    apply: async (to) => {
      await tx.update(bids).set({ status: to, closedAt: now }).where(eq(bids.id, id));
    },
  });
  const closed = { ...tender, status: BidStatus.CLOSED };
  await withdrawInvalidBids(tx, closed, now);
  const valid = await loadBidContent(tx, closed, 'opening', 'all', now);
  const lots = await tx.select().from(tenderLots).where(eq(tenderLots.tenderId, id));
  const failed = lots.filter((l) => valid.filter((b) => b.prices.some((p) => p.lotId === l.id)).length < MIN_VALID_BIDS);
  for (const l of failed) await tx.update(tenderLots).set({ status: TenderLotStatus.FAILED }).where(eq(tenderLots.id, l.id));
  const allFailed = failed.length === lots.length;
  if (allFailed) {
    await transition(tx, {
      machine: tenderMachine,
      action: 'fail',
      docType: TENDER_DOC,
      docId: id,
      from: closed.status,
      actor: SYSTEM,
      now,
      jobs: jobClocks,
      apply: async (to) => {
        await tx.update(bids).set({ status: to }).where(eq(bids.id, id));
      },
    });
  }
  const failedNames = failed.map((l) => `「${l.name}」`).join('');
  const summary = allFailed
    ? `有效投标不足${MIN_VALID_BIDS}家，项目流标。`
    : failed.length
      ? `标段${failedNames}有效投标不足${MIN_VALID_BIDS}家，流标；其余标段将按时开标。`
      : '项目将按时开标。';
  await notifyTender(tx, tender.companyId!, { title: `招标项目「${tender.title}」已截止`, content: summary, linkPath: purchaserLink(id) });
  const bidders = await tx.select({ companyId: tenderBids.companyId, version: tenderBids.version }).from(tenderBids).where(eq(tenderBids.tenderId, id));
  for (const b of bidders.filter((x) => x.version > 0))
    await notifyTender(tx, b.companyId, {
      title: allFailed ? `招标项目「${tender.title}」流标` : `招标项目「${tender.title}」已截止`,
      content: summary,
      linkPath: supplierLink(id),
      // The bidders of a tender that will open are reminded of the opening time (开标提醒).
      ...(!allFailed && tender.openAt
        ? { event: 'tender.opening' as const, vars: { no: tender.code, deadline: formatChina(tender.openAt, 'MM-DD HH:mm') } }
        : {}),
    });
}

/**
 * At the opening time: 已截止 → 已开标 with the opening record (who bid what on each lot still open, when).
 * A tender still 招标中 past its deadline is closed first (the opening may share the deadline's minute).
 */
async function openTender(tx: Db, id: number, now: Date): Promise<void> {
  let tender = await lockTender(tx, id);
  if (tender?.status === BidStatus.OPEN) {
    await closeTender(tx, id, now);
    tender = await lockTender(tx, id);
  }
  if (!tender || !tenderMachine.can('open', tender.status)) return;
  const lots = await tx.select().from(tenderLots).where(eq(tenderLots.tenderId, id));
  const open = new Map(lots.filter((l) => l.status === TenderLotStatus.OPEN).map((l) => [l.id, l.name]));
  const valid = await loadBidContent(tx, tender, 'opening', 'all', now);
  const record: OpeningEntry[] = valid
    .map((b) => ({
      bidId: b.bidId,
      companyId: b.companyId,
      companyName: b.companyName,
      submittedAt: b.submittedAt ?? '',
      version: b.version,
      prices: b.prices.filter((p) => open.has(p.lotId)).map((p) => ({ lotId: p.lotId, lotName: open.get(p.lotId)!, price: p.price })),
    }))
    .filter((e) => e.prices.length);
  await transition(tx, {
    machine: tenderMachine,
    action: 'open',
    docType: TENDER_DOC,
    docId: id,
    from: tender.status,
    actor: SYSTEM,
    now,
    apply: async (to) => {
      await tx.update(bids).set({ status: to, openedAt: now, openingRecord: record }).where(eq(bids.id, id));
    },
  });
  await notifyTender(tx, tender.companyId!, {
    title: `招标项目「${tender.title}」已开标`,
    content: `共${record.length}家有效投标，请评标定标。`,
    linkPath: purchaserLink(id),
  });
  for (const e of record)
    await notifyTender(tx, e.companyId, { title: `招标项目「${tender.title}」已开标`, content: '开标记录已公布，请等待评标结果。', linkPath: supplierLink(id) });
}

/** At the end of the publicity period: objections are no longer accepted; the purchaser is told. */
async function endPublicity(tx: Db, id: number, now: Date): Promise<void> {
  const tender = await lockTender(tx, id);
  if (!tender || !tenderMachine.can('endPublicity', tender.status) || tender.publicityEndedAt || !tender.publicityEndsAt || tender.publicityEndsAt > now) return;
  await transition(tx, {
    machine: tenderMachine,
    action: 'endPublicity',
    docType: TENDER_DOC,
    docId: id,
    from: tender.status,
    actor: SYSTEM,
    now,
    apply: async () => {
      await tx.update(bids).set({ publicityEndedAt: now }).where(eq(bids.id, id));
    },
  });
  await notifyTender(tx, tender.companyId!, { title: `招标项目「${tender.title}」公示期结束`, content: '中标结果公示期已结束。', linkPath: purchaserLink(id) });
}

export const tenderJobHandlers = {
  [TENDER_JOBS.CLOSE]: closeTender,
  [TENDER_JOBS.OPEN]: openTender,
  [TENDER_JOBS.PUBLICITY_END]: endPublicity,
};

/** Registers the tenders' timed rules with the job runner (idempotent). */
export function registerTenderJobs(): void {
  for (const [kind, handler] of Object.entries(tenderJobHandlers))
    defineJob({ kind, payload: recordId, handler: (tx, tenderId, { now }) => handler(tx, tenderId, now) });
}
