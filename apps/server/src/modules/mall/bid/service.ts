import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  BidStatus,
  BidType,
  enumLabel,
  type BidDetail,
  type BidListItem,
  type Paged,
} from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { bids } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { nameFilter } from '../name-filter.ts';
import { safeHtml } from '../sanitize.ts';

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

/** GET /api/openbid/{id}: with its documents (downloaded through the file host /f/) and the linked notice. */
export async function bidDetail(db: Db, id: number): Promise<BidDetail> {
  const [r] = await db
    .select({
      ...columns,
      content: bids.content,
      openAt: bids.openAt,
      attachments: bids.attachments,
      tenderId: bids.tenderId,
    })
    .from(bids)
    .where(and(published, eq(bids.id, id)));
  if (!r) throw notFound('公告不存在或未发布');
  const linkWhere =
    r.type === BidType.RESULT && r.tenderId
      ? eq(bids.id, r.tenderId)
      : and(eq(bids.tenderId, r.id), eq(bids.type, BidType.RESULT));
  const [linked] = await db
    .select({ id: bids.id, type: bids.type, title: bids.title })
    .from(bids)
    .where(and(published, linkWhere))
    .limit(1);
  return {
    ...toItem(r),
    content: safeHtml(r.content),
    openAt: iso(r.openAt),
    attachments: r.attachments
      .filter((a) => a.path && !a.path.includes('..'))
      .map((a) => ({ name: a.name, url: `/f/${a.path.replace(/^\/+/, '')}` })),
    linked: linked ?? null,
  };
}
