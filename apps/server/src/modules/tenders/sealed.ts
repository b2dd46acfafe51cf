import { and, asc, eq, gt, isNotNull, sql, type SQL } from 'drizzle-orm';
import { BidStatus, TenderBidStatus, enumLabel, type TenderBidContent, toFen, toYuan } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { bids, companies, tenderBids, tenderBidVersions, tenderLots } from '../../db/schema/index.ts';
import type { TenderRecord } from './common.ts';
import { fail } from './messages.ts';
import type { FilePartiesSql } from '../files/index.ts';

/** Who asks for bid contents: a company (author or purchaser), or the opening job at the opening time. */
export type BidReader = { companyId: number } | 'opening';


/** Whether the bids of a tender are open to its purchaser: only after the opening (which follows the deadline). */
export const isUnsealed = (tender: TenderRecord) => tender.openedAt !== null;

/** The version of a bid that is read: its current one (earlier versions are superseded and never read). */
const currentVersion = and(eq(tenderBidVersions.bidId, tenderBids.id), eq(tenderBidVersions.version, tenderBids.version))!;

/** The bids `scope: 'all'` answers: confirmed (已投标) — never 已报名, 待确认 or 已撤回. */
const openableBid = and(gt(tenderBids.version, 0), eq(tenderBids.status, TenderBidStatus.SUBMITTED))!;

/**
 * The same rule as SQL, for a reader that starts from a bid version rather than a tender (the file host deciding
 * whether a bid document opens to the purchaser, files/access.ts): over `tender_bid_versions`, `tender_bids` and
 * `bids` (the tender), true exactly for the versions `loadBidContent(tender, purchaser, 'all')` answers — the
 * tender is opened (isUnsealed), the bid is confirmed and the version is its current one. `bids.company_id` is
 * the purchaser it opens to.
 */
export const readByPurchaser: SQL = and(eq(bids.id, tenderBids.tenderId), isNotNull(bids.openedAt), openableBid, currentVersion)!;

/**
 * THE one function that reads bid contents (prices, documents, validity) — every route, job and console goes
 * through it (decision 0140). `scope: 'own'` answers the reader's own bid, any time. `scope: 'all'` answers
 * the confirmed bids only (已投标: never 已报名, 待确认 or 已撤回 — the deadline job withdraws unconfirmed and
 * unqualified bids first, decision 0160) and refuses (SEALED) unless the tender is opened and the reader is its
 * purchaser, or the reader is the opening job after the deadline. The platform administrator has no path here: admin routes
 * never call it, and an admin has no company.
 */
export async function loadBidContent(
  t: Db,
  tender: TenderRecord,
  reader: BidReader,
  scope: 'own' | 'all',
  now = new Date(),
): Promise<TenderBidContent[]> {
  let where;
  if (scope === 'own') {
    if (reader === 'opening') throw fail('TENDER_SEALED');
    where = and(eq(tenderBids.tenderId, tender.id), eq(tenderBids.companyId, reader.companyId), gt(tenderBids.version, 0));
  } else {
    const allowed =
      reader === 'opening'
        ? tender.deadline !== null && tender.deadline.getTime() <= now.getTime() && tender.status !== BidStatus.OPEN
        : isUnsealed(tender) && tender.companyId === reader.companyId;
    if (!allowed) throw fail('TENDER_SEALED');
    // The purchaser reads through readByPurchaser, the very condition the file host applies to bid documents.
    where = and(eq(tenderBids.tenderId, tender.id), reader === 'opening' ? openableBid : and(readByPurchaser, eq(bids.companyId, reader.companyId)));
  }
  const [rows, lots] = await Promise.all([
    t
      .select({
        bidId: tenderBids.id,
        companyId: tenderBids.companyId,
        companyName: companies.name,
        status: tenderBids.status,
        version: tenderBids.version,
        submittedAt: tenderBids.submittedAt,
        prices: tenderBidVersions.prices,
        documents: tenderBidVersions.documents,
        validityDays: tenderBidVersions.validityDays,
        remark: tenderBidVersions.remark,
        changes: tenderBidVersions.changes,
      })
      .from(tenderBids)
      .innerJoin(tenderBidVersions, currentVersion)
      .innerJoin(companies, eq(companies.id, tenderBids.companyId))
      .innerJoin(bids, eq(bids.id, tenderBids.tenderId))
      .where(where)
      .orderBy(asc(tenderBids.submittedAt), asc(tenderBids.id)),
    t.select({ id: tenderLots.id, quantity: tenderLots.quantity }).from(tenderLots).where(eq(tenderLots.tenderId, tender.id)),
  ]);
  const qty = new Map(lots.map((l) => [l.id, l.quantity]));
  return rows.map((r) => ({
    ...r,
    // What the version changed is the author's history; the purchaser reads the opened bid as it stands.
    changes: scope === 'own' ? r.changes : [],
    statusName: enumLabel('TenderBidStatus', r.status) ?? '',
    submittedAt: r.submittedAt ? r.submittedAt.toISOString() : null,
    // Prices of lots removed by an amendment are dropped.
    prices: r.prices
      .filter((p) => qty.has(p.lotId))
      .map((p) => ({ lotId: p.lotId, price: p.price, amount: toYuan(toFen(p.price) * qty.get(p.lotId)!) })),
  }));
}

/**
 * The purchaser of an opened tender may read the documents of the bids the sealed reader shows it: the file host
 * asks through this source (registered by app.ts), the very condition above.
 */
export const sealedBidFileParties: FilePartiesSql = (asDoc) =>
  sql`select ${bids.companyId} from ${tenderBidVersions}, ${tenderBids}, ${bids}
      where ${tenderBidVersions.documents} @> ${asDoc} and ${readByPurchaser}`;
