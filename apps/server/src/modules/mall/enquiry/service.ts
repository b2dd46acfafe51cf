import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  enumLabel,
  EnquiryStatus,
  EnquiryVisibility,
  maskPhone,
  type EnquiryDetail,
  type EnquiryListItem,
  type Paged,
} from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { companies, enquiries, enquiryItems } from '../../../db/schema/index.ts';
import { fail } from '../messages.ts';
import { nameFilter } from '../../../lib/name-filter.ts';

const PUBLIC_STATUSES = [EnquiryStatus.QUOTING, EnquiryStatus.CLOSED, EnquiryStatus.DEAL];
export const expiredSql = sql<boolean>`(${enquiries.status} = ${EnquiryStatus.QUOTING} and ${enquiries.deadline} <= now())`;

/** Published enquiries of enabled purchasers (drafts, revoked ones and those the platform took down are private). */
export const publicEnquiry = and(
  inArray(enquiries.status, PUBLIC_STATUSES),
  sql`${enquiries.publishedAt} is not null`,
  sql`${enquiries.takenDownAt} is null`,
  eq(companies.disabled, false),
) as SQL;

/** An enquiry past its deadline counts as 已截止 even before a job closes it. */
function statusFilter(status: number | undefined): SQL | undefined {
  if (status === EnquiryStatus.QUOTING)
    return sql`(${enquiries.status} = ${status} and ${enquiries.deadline} > now())`;
  if (status === EnquiryStatus.CLOSED) return sql`(${enquiries.status} = ${status} or ${expiredSql})`;
  if (status !== undefined) return eq(enquiries.status, status);
  return undefined;
}

const columns = {
  id: enquiries.id,
  code: enquiries.code,
  title: enquiries.title,
  companyId: enquiries.companyId,
  companyName: companies.name,
  status: enquiries.status,
  expired: expiredSql,
  deadline: enquiries.deadline,
  deliveryAreaName: enquiries.deliveryAreaName,
  offerCount: enquiries.offerCount,
  publishedAt: enquiries.publishedAt,
  visibility: enquiries.visibility,
  sealed: enquiries.sealed,
};
interface Row {
  id: number;
  code: string;
  title: string;
  companyId: number;
  companyName: string;
  status: number;
  expired: boolean;
  deadline: Date;
  deliveryAreaName: string;
  offerCount: number;
  publishedAt: Date | null;
  visibility: number;
  sealed: boolean;
}

function toItem(r: Row, items: { productName: string }[]): EnquiryListItem {
  const status = r.expired ? EnquiryStatus.CLOSED : r.status;
  return {
    id: r.id,
    code: r.code,
    title: r.title,
    companyId: r.companyId,
    companyName: r.companyName,
    status,
    statusName: enumLabel('EnquiryStatus', status) ?? '',
    deadline: new Date(r.deadline).toISOString(),
    deliveryAreaName: r.deliveryAreaName,
    itemCount: items.length,
    itemNames: items.slice(0, 3).map((i) => i.productName),
    offerCount: r.offerCount,
    publishedAt: r.publishedAt ? new Date(r.publishedAt).toISOString() : null,
    visibility: r.visibility,
    sealed: r.sealed,
  };
}

/** The enquiry list: by purchaser name, by keyword (title or item names), by status. */
export async function queryEnquiries(
  db: Db,
  q: { companyName?: string; keyword?: string; status?: number; pageIndex: number; pageSize: number },
): Promise<Paged<EnquiryListItem>> {
  const keyword = nameFilter(
    q.keyword,
    sql`${enquiries.title} || ' ' || coalesce((select string_agg(i.product_name, ' ') from enquiry_items i where i.enquiry_id = "enquiries"."id"), '')`,
  );
  const where = and(
    publicEnquiry,
    nameFilter(q.companyName, sql`${companies.name}`),
    keyword,
    statusFilter(q.status),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(enquiries)
      .innerJoin(companies, eq(companies.id, enquiries.companyId))
      .where(where)
      .orderBy(
        sql`(${enquiries.status} = ${EnquiryStatus.QUOTING} and ${enquiries.deadline} > now()) desc`,
        desc(enquiries.publishedAt),
        desc(enquiries.id),
      )
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(enquiries)
      .innerJoin(companies, eq(companies.id, enquiries.companyId))
      .where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const items = ids.length
    ? await db
        .select({ enquiryId: enquiryItems.enquiryId, productName: enquiryItems.productName })
        .from(enquiryItems)
        .where(inArray(enquiryItems.enquiryId, ids))
        .orderBy(enquiryItems.id)
    : [];
  return {
    total: count?.n ?? 0,
    list: rows.map((r) =>
      toItem(
        r as Row,
        items.filter((i) => i.enquiryId === r.id),
      ),
    ),
  };
}

/** The enquiry detail; the contact phone is masked. */
export async function enquiryDetail(db: Db, id: number): Promise<EnquiryDetail> {
  const [r] = await db
    .select({
      ...columns,
      remark: enquiries.remark,
      attachments: enquiries.attachments,
      contactName: enquiries.contactName,
      contactPhone: enquiries.contactPhone,
    })
    .from(enquiries)
    .innerJoin(companies, eq(companies.id, enquiries.companyId))
    .where(and(publicEnquiry, eq(enquiries.id, id)));
  if (!r) throw fail('OPEN_ENQUIRY_NOT_FOUND');
  const items = await db
    .select()
    .from(enquiryItems)
    .where(eq(enquiryItems.enquiryId, id))
    .orderBy(enquiryItems.id);
  return {
    ...toItem(r as Row, items),
    items: items.map((i) => ({
      id: i.id,
      productName: i.productName,
      spec: i.spec,
      quantity: Number(i.quantity),
      unit: i.unit,
      remark: i.remark,
    })),
    remark: r.remark,
    attachments: r.visibility === EnquiryVisibility.PUBLIC ? r.attachments : [],
    contactName: r.contactName,
    contactPhone: maskPhone(r.contactPhone),
    expired: r.expired || r.status !== EnquiryStatus.QUOTING,
  };
}
