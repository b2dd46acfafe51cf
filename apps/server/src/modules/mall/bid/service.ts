import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  BidStatus,
  BidType,
  documentLabel,
  enumLabel,
  TenderLotStatus,
  type BidDetail,
  type BidLot,
  type BidListItem,
  type Paged,
} from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { bids, companies, tenderBids, tenderLots } from '../../../db/schema/index.ts';
import { fail } from '../messages.ts';
import { nameFilter } from '../../../lib/name-filter.ts';
import { safeHtml } from '../../../lib/sanitize.ts';
import { supplierLink } from '../../tenders/index.ts';

/** Published: drafts (status 0) of the workbench never show. */
/** Published and not taken down by the platform (decision 0187). */
export const published = sql`(${bids.publishedAt} <= now() and ${bids.status} <> ${BidStatus.DRAFT} and ${bids.takenDownAt} is null)`;
/** An open tender past its deadline shows as 已截止. */
export const expiredSql = sql<boolean>`(${bids.type} = ${BidType.TENDER} and ${bids.status} = ${BidStatus.OPEN} and ${bids.deadline} is not null and ${bids.deadline} <= now())`;

function statusFilter(status: number | undefined): SQL | undefined {
  if (status === BidStatus.OPEN) return sql`(${bids.status} = ${status} and not ${expiredSql})`;
  // 已截止 on the public list also covers tenders being opened and evaluated (decision 0140).
  if (status === BidStatus.CLOSED)
    return sql`(${bids.status} in (${BidStatus.CLOSED}, ${BidStatus.OPENED}, ${BidStatus.EVALUATING}) or ${expiredSql})`;
  return status === undefined ? undefined : eq(bids.status, status);
}

const columns = {
  id: bids.id,
  type: bids.type,
  code: bids.code,
  title: bids.title,
  status: bids.status,
  expired: expiredSql,
  purchaserName: bids.purchaserName,
  budget: sql<string | null>`case when ${bids.budgetShown} then ${bids.budget} else null end`,
  areaName: bids.areaName,
  deadline: bids.deadline,
  winnerName: bids.winnerName,
  winAmount: bids.winAmount,
  publishedAt: bids.publishedAt,
};
interface Row {
  id: number;
  type: number;
  code: string;
  title: string;
  status: number;
  expired: boolean;
  purchaserName: string;
  budget: string | null;
  areaName: string;
  deadline: Date | null;
  winnerName: string | null;
  winAmount: string | null;
  publishedAt: Date;
}
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toItem(r: Row): BidListItem {
  const status = r.expired ? BidStatus.CLOSED : r.status;
  return {
    id: r.id,
    type: r.type,
    typeName: enumLabel('BidType', r.type) ?? '',
    code: r.code,
    title: r.title,
    status,
    statusName: enumLabel('BidStatus', status) ?? '',
    purchaserName: r.purchaserName,
    budget: r.budget === null ? null : Number(r.budget),
    areaName: r.areaName,
    deadline: iso(r.deadline),
    winnerName: r.winnerName,
    winAmount: r.winAmount === null ? null : Number(r.winAmount),
    publishedAt: new Date(r.publishedAt).toISOString(),
  };
}

/** Tender announcements (type 1) and winning-bid notices (type 2), by type, status and keyword. */
export async function queryBids(
  db: Db,
  q: { type?: number; status?: number; keyword?: string; pageIndex: number; pageSize: number },
): Promise<Paged<BidListItem>> {
  const where = and(
    published,
    q.type ? eq(bids.type, q.type) : undefined,
    statusFilter(q.status),
    nameFilter(
      q.keyword,
      sql`${bids.title} || ' ' || ${bids.purchaserName} || ' ' || ${bids.code} || ' ' || coalesce(${bids.winnerName}, '')`,
    ),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(bids)
      .where(where)
      .orderBy(desc(bids.publishedAt), desc(bids.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(bids)
      .where(where),
  ]);
  return { total: count?.n ?? 0, list: rows.map(toItem) };
}

/** Who may bid, in words: the tender's published qualification (decision 0186). */
export function qualificationTexts(t: { minMemberLevel: number; certRequired: boolean; shopTypes: number[]; invitedOnly: boolean }): string[] {
  const out: string[] = [];
  if (t.invitedOnly) out.push('邀请招标：仅受邀供应商可报名投标');
  if (t.minMemberLevel > 0) out.push(`会员等级：${enumLabel('MemberLevel', t.minMemberLevel) ?? ''}及以上`);
  if (t.certRequired) out.push('须通过平台企业认证');
  if (t.shopTypes.length) out.push(`店铺类型：${t.shopTypes.map((v) => enumLabel('ShopType', v) ?? '').join('、')}`);
  if (!out.length) out.push('平台注册供应商均可报名投标');
  return out;
}

type TenderRow = typeof bids.$inferSelect;

/**
 * The public lots of a tender (decision 0186): a lot's budget only when the tender shows its budget; its
 * winner and winning amount only once the 中标公告 is published (the tender is 已定标); a lot that failed says
 * 流标. No bid price, no bid count: bids stay sealed in their own tables (decision 0140).
 */
async function publicLots(db: Db, tender: TenderRow): Promise<BidLot[]> {
  const rows = await db
    .select({ lot: tenderLots, winnerName: companies.name })
    .from(tenderLots)
    .leftJoin(tenderBids, eq(tenderBids.id, tenderLots.winnerBidId))
    .leftJoin(companies, eq(companies.id, tenderBids.companyId))
    .where(eq(tenderLots.tenderId, tender.id))
    .orderBy(asc(tenderLots.seq), asc(tenderLots.id));
  const resultOut = tender.status === BidStatus.AWARDED;
  return rows.map(({ lot, winnerName }) => {
    const won = resultOut && lot.status === TenderLotStatus.AWARDED;
    return {
      name: lot.name,
      spec: lot.spec,
      quantity: lot.quantity,
      unit: lot.unit,
      budget: tender.budgetShown && lot.budget !== null ? Number(lot.budget) : null,
      statusName: lot.status === TenderLotStatus.FAILED ? '流标' : won ? '已定标' : '',
      winnerName: won ? winnerName : null,
      winAmount: won && lot.winAmount !== null ? Number(lot.winAmount) : null,
    };
  });
}

/**
 * GET /api/openbid/{id}: the announcement with its lots, qualification, timetable, contact and documents (real
 * names, downloaded through the file host /f/), the linked notice, and for a 中标公告 the winners per lot, the
 * publicity period and how to object. A result reads its tender for these; seeded notices without a workbench
 * tender answer what their own row holds.
 */
export async function bidDetail(db: Db, id: number, now = new Date()): Promise<BidDetail> {
  const [r] = await db
    .select({ ...columns, row: bids })
    .from(bids)
    .where(and(published, eq(bids.id, id)));
  if (!r) throw fail('NOTICE_NOT_FOUND');
  const isResult = r.type === BidType.RESULT;
  const linkWhere = isResult && r.row.tenderId ? eq(bids.id, r.row.tenderId) : and(eq(bids.tenderId, r.id), eq(bids.type, BidType.RESULT));
  const [linked] = await db
    .select({ id: bids.id, type: bids.type, title: bids.title, publishedAt: bids.publishedAt })
    .from(bids)
    .where(and(published, linkWhere))
    .limit(1);
  // The tender behind the notice: a workbench tender (it has a company) carries lots, qualification and times.
  let tender: TenderRow | null = isResult ? null : r.row;
  if (isResult && r.row.tenderId) [tender = null] = await db.select().from(bids).where(and(published, eq(bids.id, r.row.tenderId)));
  const workbench = tender?.companyId ? tender : null;
  const resultAt = isResult ? r.publishedAt : linked?.type === BidType.RESULT ? linked.publishedAt : null;
  const publicity = workbench?.status === BidStatus.AWARDED && workbench.publicityEndsAt ? workbench : null;
  const restricted = r.row.invitedOnly;
  return {
    ...toItem(r),
    content: safeHtml(r.row.content),
    openAt: iso(r.row.openAt),
    attachments: r.row.attachments
      .filter((a) => a.path && !a.path.includes('..'))
      .map((a) => ({ name: documentLabel(a), url: `/f/${a.path.replace(/^\/+/, '')}`, restricted })),
    linked: linked ? { id: linked.id, type: linked.type, title: linked.title } : null,
    lots: workbench ? await publicLots(db, workbench) : [],
    qualifications: workbench ? qualificationTexts(workbench) : [],
    contactName: (workbench ?? r.row).contactName,
    contactPhone: (workbench ?? r.row).contactPhone,
    timetable: {
      publishedAt: iso(tender?.publishedAt ?? r.publishedAt),
      deadline: iso(tender?.deadline ?? r.deadline),
      openAt: iso(tender?.openAt ?? r.row.openAt),
      openedAt: iso(tender?.openedAt ?? null),
      publicityStartsAt: publicity ? iso(resultAt) : null,
      publicityEndsAt: publicity ? iso(publicity.publicityEndsAt) : null,
    },
    objection: publicity
      ? {
          open: !publicity.publicityEndedAt && publicity.publicityEndsAt!.getTime() > now.getTime(),
          until: iso(publicity.publicityEndsAt),
          path: supplierLink(publicity.id),
        }
      : null,
  };
}
