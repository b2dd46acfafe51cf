import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  BidStatus,
  BidType,
  CertStatus,
  CompanyType,
  TenderBidStatus,
  TenderLotStatus,
  enumLabel,
  type Paged,
  type TenderDetail,
  type TenderRow,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import {
  bids,
  companies,
  tenderBids,
  tenderInvitations,
  tenderLots,
  tenderObjections,
  tenderQuestions,
  tenderScores,
} from '../../db/schema/index.ts';
import { nameFilter } from '../../lib/name-filter.ts';
import type { Caller } from '../auth/index.ts';
import { waitingLotAwards } from '../approvals/index.ts';
import { historyOf, historyViews } from '../../lib/transition.ts';
import { NOT_INVITED, TENDER_DOC, iso, qualificationRefusal, statusName, type TenderRecord } from './common.ts';
import { loadBidContent } from './sealed.ts';
import { fail } from './messages.ts';

/** Submitted bids of a tender (a count: contents stay sealed). */
// Subqueries name their columns in full: drizzle leaves columns of a one-table select unqualified.
const bidCountSql = sql<number>`(select count(*)::int from tender_bids tb where tb.tender_id = "bids"."id" and tb.status in (${TenderBidStatus.SUBMITTED}, ${TenderBidStatus.TO_CONFIRM}))`;
const lotCountSql = sql<number>`(select count(*)::int from tender_lots tl where tl.tender_id = "bids"."id")`;

function rowColumns(myCompanyId: number | null, purchaser: boolean) {
  return {
    id: bids.id,
    code: bids.code,
    title: bids.title,
    category: bids.category,
    status: bids.status,
    purchaserName: bids.purchaserName,
    budget: purchaser ? bids.budget : sql<string | null>`case when ${bids.budgetShown} then ${bids.budget} else null end`,
    deadline: bids.deadline,
    openAt: bids.openAt,
    invitedOnly: bids.invitedOnly,
    lotCount: lotCountSql,
    bidCount: bidCountSql,
    myBidStatus:
      myCompanyId === null
        ? sql<number | null>`null::int`
        : sql<number | null>`(select tb.status from tender_bids tb where tb.tender_id = "bids"."id" and tb.company_id = ${myCompanyId})`,
    publishedAt: sql<Date | null>`case when ${bids.status} = ${BidStatus.DRAFT} then null else ${bids.publishedAt} end`,
  };
}

async function paged(db: Db, where: SQL | undefined, cols: ReturnType<typeof rowColumns>, q: { pageIndex: number; pageSize: number }): Promise<Paged<TenderRow>> {
  const [rows, [count]] = await Promise.all([
    db
      .select(cols)
      .from(bids)
      .where(where)
      .orderBy(desc(bids.createdAt), desc(bids.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(bids).where(where),
  ]);
  return {
    total: count?.n ?? 0,
    list: rows.map((r) => ({ ...r, statusName: statusName(r.status), deadline: iso(r.deadline), openAt: iso(r.openAt), publishedAt: iso(r.publishedAt) })),
  };
}

const keywordFilter = (k: string | undefined) => nameFilter(k, sql`${bids.title} || ' ' || ${bids.code} || ' ' || ${bids.category} || ' ' || ${bids.purchaserName}`);

/** The purchaser's tenders (bid/bidindex), by status tab. */
export async function listTenders(db: Db, caller: Caller, q: { status?: number; keyword?: string; pageIndex: number; pageSize: number }) {
  if (caller.companyType !== CompanyType.PURCHASER) throw fail('TENDER_PURCHASER_ONLY');
  const where = and(
    eq(bids.type, BidType.TENDER),
    eq(bids.companyId, caller.companyId),
    q.status === undefined ? undefined : eq(bids.status, q.status),
    keywordFilter(q.keyword),
  );
  return paged(db, where, rowColumns(null, true), q);
}

/** A supplier's tenders: 0 those it registered for or bid on; 1 open public (or invited) tenders it qualifies for. */
export async function listSupplierTenders(db: Db, caller: Caller, q: { scope: number; keyword?: string; pageIndex: number; pageSize: number }) {
  if (caller.companyType !== CompanyType.SUPPLIER) throw fail('TENDER_SUPPLIER_ONLY');
  const mine = sql`exists (select 1 from tender_bids tb where tb.tender_id = "bids"."id" and tb.company_id = ${caller.companyId})`;
  let where: SQL | undefined;
  if (q.scope === 0) where = and(eq(bids.type, BidType.TENDER), mine, keywordFilter(q.keyword));
  else {
    const [c] = await db
      .select({ memberLevel: companies.memberLevel, certStatus: companies.certStatus, shopType: companies.shopType })
      .from(companies)
      .where(eq(companies.id, caller.companyId));
    const invited = sql`exists (select 1 from tender_invitations ti where ti.tender_id = "bids"."id" and ti.company_id = ${caller.companyId})`;
    where = and(
      eq(bids.type, BidType.TENDER),
      eq(bids.status, BidStatus.OPEN),
      sql`${bids.deadline} > now()`,
      sql`${bids.minMemberLevel} <= ${c?.memberLevel ?? 0}`,
      c?.certStatus === CertStatus.CERTIFIED ? undefined : eq(bids.certRequired, false),
      or(sql`jsonb_array_length(${bids.shopTypes}) = 0`, c?.shopType ? sql`${bids.shopTypes} @> ${JSON.stringify([c.shopType])}::jsonb` : undefined),
      or(eq(bids.invitedOnly, false), invited),
      keywordFilter(q.keyword),
    );
  }
  return paged(db, where, rowColumns(caller.companyId, false), q);
}

/**
 * One tender for its purchaser (viewer 0) or a supplier (viewer 1). Counts only before the opening: bid contents
 * come from sealed.ts, which answers a supplier its own bid and the purchaser every bid only once opened.
 */
export async function tenderDetail(db: Db, caller: Caller, id: number): Promise<TenderDetail> {
  const [tender] = await db.select().from(bids).where(and(eq(bids.id, id), eq(bids.type, BidType.TENDER)));
  if (!tender) throw fail('TENDER_NOT_FOUND');
  const isPurchaser = tender.companyId === caller.companyId;
  let myStatus: number | null = null;
  let refusal: string | null = null;
  if (!isPurchaser) {
    if (caller.companyType !== CompanyType.SUPPLIER || tender.status === BidStatus.DRAFT) throw fail('TENDER_NOT_FOUND');
    const [mine] = await db
      .select({ status: tenderBids.status })
      .from(tenderBids)
      .where(and(eq(tenderBids.tenderId, id), eq(tenderBids.companyId, caller.companyId)));
    myStatus = mine?.status ?? null;
    refusal = await qualificationRefusal(db, tender, caller.companyId);
    if (refusal === NOT_INVITED && !mine) throw fail('TENDER_NOT_FOUND');
  }
  return buildDetail(db, tender, caller, isPurchaser, myStatus, refusal);
}

async function buildDetail(
  db: Db,
  tender: TenderRecord,
  caller: Caller,
  isPurchaser: boolean,
  myStatus: number | null,
  refusal: string | null,
): Promise<TenderDetail> {
  const id = tender.id;
  const [lots, invited, questions, counts, result, objections, scores, history, waiting] = await Promise.all([
    db.select().from(tenderLots).where(eq(tenderLots.tenderId, id)).orderBy(asc(tenderLots.seq), asc(tenderLots.id)),
    db
      .select({ companyId: tenderInvitations.companyId, name: companies.name })
      .from(tenderInvitations)
      .innerJoin(companies, eq(companies.id, tenderInvitations.companyId))
      .where(eq(tenderInvitations.tenderId, id)),
    db
      .select({ q: tenderQuestions, askerName: companies.name })
      .from(tenderQuestions)
      .innerJoin(companies, eq(companies.id, tenderQuestions.companyId))
      .where(eq(tenderQuestions.tenderId, id))
      .orderBy(asc(tenderQuestions.id)),
    db
      .select({
        registered: sql<number>`count(*)::int`,
        submitted: sql<number>`(count(*) filter (where ${tenderBids.status} in (${TenderBidStatus.SUBMITTED}, ${TenderBidStatus.TO_CONFIRM})))::int`,
      })
      .from(tenderBids)
      .where(eq(tenderBids.tenderId, id)),
    db
      .select({ id: bids.id })
      .from(bids)
      .where(and(eq(bids.tenderId, id), eq(bids.type, BidType.RESULT)))
      .limit(1),
    db
      .select({ o: tenderObjections, companyName: companies.name })
      .from(tenderObjections)
      .innerJoin(companies, eq(companies.id, tenderObjections.companyId))
      .where(and(eq(tenderObjections.tenderId, id), isPurchaser ? undefined : eq(tenderObjections.companyId, caller.companyId)))
      .orderBy(asc(tenderObjections.id)),
    isPurchaser && tender.openedAt ? db.select().from(tenderScores).where(eq(tenderScores.tenderId, id)) : Promise.resolve([]),
    isPurchaser ? historyOf(db, TENDER_DOC, id) : Promise.resolve([]),
    // The purchaser's lot awards waiting for approval (a supplier never learns of them).
    isPurchaser ? waitingLotAwards(db, caller.companyId, id) : Promise.resolve(new Map<number, { id: number; requestNo: string }>()),
  ]);
  // Contents: a supplier its own bid (any time); the purchaser every bid once opened. Nothing else reads them.
  const myBid = isPurchaser ? null : ((await loadBidContent(db, tender, { companyId: caller.companyId }, 'own'))[0] ?? null);
  const allBids = isPurchaser && tender.openedAt ? await loadBidContent(db, tender, { companyId: caller.companyId }, 'all') : [];
  const record = tender.openedAt && (isPurchaser || (myStatus !== null && myBid)) ? tender.openingRecord : null;
  const closed = tender.closedAt !== null;
  const perLot = new Map<number, number>();
  if (closed && record) for (const e of record) for (const p of e.prices) perLot.set(p.lotId, (perLot.get(p.lotId) ?? 0) + 1);
  const winnerBids = lots.flatMap((l) => (l.winnerBidId ? [l.winnerBidId] : []));
  const winners = winnerBids.length
    ? await db
        .select({ id: tenderBids.id, name: companies.name })
        .from(tenderBids)
        .innerJoin(companies, eq(companies.id, tenderBids.companyId))
        .where(inArray(tenderBids.id, winnerBids))
    : [];
  const showWinner = isPurchaser || tender.status === BidStatus.AWARDED;
  const budgetVisible = isPurchaser || tender.budgetShown;
  return {
    id,
    code: tender.code,
    title: tender.title,
    category: tender.category,
    status: tender.status,
    statusName: statusName(tender.status),
    purchaserName: tender.purchaserName,
    budget: budgetVisible ? tender.budget : null,
    budgetShown: tender.budgetShown,
    areaName: tender.areaName,
    content: tender.content,
    contactName: tender.contactName,
    contactPhone: tender.contactPhone,
    documents: tender.attachments,
    minMemberLevel: tender.minMemberLevel,
    certRequired: tender.certRequired,
    shopTypes: tender.shopTypes,
    invitedOnly: tender.invitedOnly,
    invited: isPurchaser ? invited : [],
    deadline: iso(tender.deadline),
    openAt: iso(tender.openAt),
    priceWeight: tender.priceWeight,
    techWeight: tender.techWeight,
    publishedAt: tender.status === BidStatus.DRAFT ? null : iso(tender.publishedAt),
    amendedAt: iso(tender.amendedAt),
    openedAt: iso(tender.openedAt),
    publicityEndsAt: iso(tender.publicityEndsAt),
    resultId: result[0]?.id ?? null,
    republishedFrom: tender.republishedFrom,
    lots: lots.map((l) => ({
      id: l.id,
      name: l.name,
      spec: l.spec,
      quantity: l.quantity,
      unit: l.unit,
      budget: budgetVisible ? l.budget : null,
      status: l.status,
      statusName: enumLabel('TenderLotStatus', l.status) ?? '',
      bidCount: closed && tender.openedAt && l.status !== TenderLotStatus.FAILED ? (perLot.get(l.id) ?? 0) : null,
      winnerBidId: showWinner ? l.winnerBidId : null,
      winnerName: showWinner ? (winners.find((w) => w.id === l.winnerBidId)?.name ?? null) : null,
      winAmount: showWinner ? l.winAmount : null,
      orderId: isPurchaser ? l.orderId : null,
      purchaseRequest: waiting.get(l.id) ?? null,
    })),
    // A supplier sees answered questions and its own; the asker is named only to the purchaser and the asker.
    questions: questions
      .filter((r) => isPurchaser || r.q.answer !== null || r.q.companyId === caller.companyId)
      .map((r) => ({
        id: r.q.id,
        question: r.q.question,
        answer: r.q.answer,
        answeredAt: iso(r.q.answeredAt),
        createdAt: iso(r.q.createdAt)!,
        askerName: isPurchaser || r.q.companyId === caller.companyId ? r.askerName : null,
        mine: r.q.companyId === caller.companyId,
      })),
    registeredCount: counts[0]?.registered ?? 0,
    bidCount: counts[0]?.submitted ?? 0,
    viewer: isPurchaser ? 0 : 1,
    refusal,
    myStatus,
    myBid,
    bids: allBids,
    openingRecord: record,
    history: historyViews(history),
    scores: scores.map((s) => ({ lotId: s.lotId, bidId: s.bidId, priceScore: s.priceScore, techScore: s.techScore, total: s.total })),
    objections: objections.map((r) => ({
      id: r.o.id,
      companyName: r.companyName,
      reason: r.o.reason,
      reply: r.o.reply,
      createdAt: iso(r.o.createdAt)!,
      mine: r.o.companyId === caller.companyId,
    })),
  };
}

