import { and, desc, eq, sql } from 'drizzle-orm';
import { CertStatus, CompanyType, EnquiryStatus, type Paged, type PurchaserItem } from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { companies } from '../../../db/schema/index.ts';
import { nameFilter } from '../../../lib/name-filter.ts';

const publicEnquiry = sql`e.company_id = "companies"."id" and e.status in (${EnquiryStatus.QUOTING}, ${EnquiryStatus.CLOSED}, ${EnquiryStatus.DEAL}) and e.published_at is not null and e.taken_down_at is null`;

/** pushershopList: purchaser companies, public facts only (name, area, certification, enquiry counts). */
export async function queryPurchasers(
  db: Db,
  q: { name?: string; companyName?: string; pageIndex: number; pageSize: number },
): Promise<Paged<PurchaserItem>> {
  const where = and(
    eq(companies.type, CompanyType.PURCHASER),
    eq(companies.disabled, false),
    nameFilter(q.name || q.companyName, sql`${companies.name}`),
  );
  const enquiryCount = sql<number>`(select count(*)::int from enquiries e where ${publicEnquiry})`;
  const openEnquiryCount = sql<number>`(select count(*)::int from enquiries e where ${publicEnquiry} and e.status = ${EnquiryStatus.QUOTING} and e.deadline > now())`;
  const lastEnquiryAt = sql<
    string | null
  >`(select max(e.published_at) from enquiries e where ${publicEnquiry})`;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: companies.id,
        companyName: companies.name,
        logo: companies.logo,
        areaName: companies.areaName,
        certStatus: companies.certStatus,
        enquiryCount,
        openEnquiryCount,
        lastEnquiryAt,
      })
      .from(companies)
      .where(where)
      .orderBy(desc(openEnquiryCount), desc(enquiryCount), companies.id)
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(companies)
      .where(where),
  ]);
  return {
    total: count?.n ?? 0,
    list: rows.map((r) => ({
      id: r.id,
      companyName: r.companyName,
      logo: r.logo,
      areaName: r.areaName ?? '',
      certified: r.certStatus === CertStatus.CERTIFIED,
      enquiryCount: r.enquiryCount,
      openEnquiryCount: r.openEnquiryCount,
      lastEnquiryAt: r.lastEnquiryAt ? new Date(r.lastEnquiryAt).toISOString() : null,
    })),
  };
}
