import { and, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { BidType, type adminListingQuery, type adminListingTakedownInput, type AdminListingRow, type z } from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { bids, companies, enquiries } from '../../../db/schema/index.ts';
import { fail } from '../messages.ts';
import { pagedRows, totalOf } from '../../../lib/paged.ts';
import { escapeLike } from '../../../lib/sql.ts';
import type { AuditActor } from '../../audit/index.ts';
import { notify } from '../../notifications/index.ts';
import { enquiryLink } from '../../enquiries/index.ts';
import { purchaserLink } from '../../tenders/index.ts';
import { audited } from '../audited.ts';

type ListingFilter = z.infer<typeof adminListingQuery>;

/** Tenders (type 1 bids) or enquiries of every company, newest first (drafts included: the platform sees all). */
export async function listListings(db: Db, q: ListingFilter): Promise<{ list: AdminListingRow[]; total: number }> {
  const like = q.keyword ? `%${escapeLike(q.keyword)}%` : null;
  if (q.kind === 'tender') {
    const conds: SQL[] = [eq(bids.type, BidType.TENDER)];
    if (like) conds.push(or(ilike(bids.title, like), ilike(bids.code, like), ilike(bids.purchaserName, like))!);
    if (q.takenDown !== undefined) conds.push(q.takenDown ? isNotNull(bids.takenDownAt) : isNull(bids.takenDownAt));
    const where = and(...conds);
    const page = await pagedRows(
      db
        .select({
          id: bids.id,
          code: bids.code,
          title: bids.title,
          companyId: bids.companyId,
          companyName: sql<string>`coalesce(${companies.name}, ${bids.purchaserName})`,
          status: bids.status,
          deadline: bids.deadline,
          publishedAt: bids.publishedAt,
          takenDownAt: bids.takenDownAt,
          takedownReason: bids.takedownReason,
          total: totalOf(bids, where),
        })
        .from(bids)
        .leftJoin(companies, eq(companies.id, bids.companyId))
        .where(where)
        .orderBy(desc(bids.publishedAt), desc(bids.id)),
      q,
      () => db.$count(bids, where),
    );
    return { total: page.total, list: page.list.map((r) => ({ ...r, kind: 'tender' as const, publishedAt: r.publishedAt.toISOString(), deadline: r.deadline?.toISOString() ?? null, takenDownAt: r.takenDownAt?.toISOString() ?? null })) };
  }
  const conds: SQL[] = [];
  if (like) conds.push(or(ilike(enquiries.title, like), ilike(enquiries.code, like), sql`${enquiries.companyId} in (select id from ${companies} where name ilike ${like})`)!);
  if (q.takenDown !== undefined) conds.push(q.takenDown ? isNotNull(enquiries.takenDownAt) : isNull(enquiries.takenDownAt));
  const where = conds.length ? and(...conds) : undefined;
  const page = await pagedRows(
    db
      .select({
        id: enquiries.id,
        code: enquiries.code,
        title: enquiries.title,
        companyId: enquiries.companyId,
        companyName: companies.name,
        status: enquiries.status,
        deadline: enquiries.deadline,
        publishedAt: enquiries.publishedAt,
        takenDownAt: enquiries.takenDownAt,
        takedownReason: enquiries.takedownReason,
        total: totalOf(enquiries, where),
      })
      .from(enquiries)
      .innerJoin(companies, eq(companies.id, enquiries.companyId))
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id)),
    q,
    () => db.$count(enquiries, where),
  );
  return {
    total: page.total,
    list: page.list.map((r) => ({ ...r, kind: 'enquiry' as const, publishedAt: r.publishedAt?.toISOString() ?? null, deadline: r.deadline.toISOString(), takenDownAt: r.takenDownAt?.toISOString() ?? null })),
  };
}

/**
 * Takes a tender or an enquiry down from every public page (list, detail, sitemap, a shop's counts) with a
 * reason, or shows it again; the owner keeps it in the workbench and is told. Audited.
 */
export async function setListingTakenDown(db: Db, actor: AuditActor, input: z.infer<typeof adminListingTakedownInput>, now = new Date()): Promise<void> {
  await db.transaction(async (t) => {
    const table = input.kind === 'tender' ? bids : enquiries;
    const where = input.kind === 'tender' ? and(eq(bids.id, input.id), eq(bids.type, BidType.TENDER)) : eq(enquiries.id, input.id);
    const [row] = await t
      .select({ id: table.id, title: table.title, companyId: table.companyId, takenDownAt: table.takenDownAt, takedownReason: table.takedownReason })
      .from(table)
      .where(where)
      .for('update');
    if (!row) throw fail(input.kind === 'tender' ? 'LISTING_TENDER_NOT_FOUND' : 'LISTING_ENQUIRY_NOT_FOUND');
    if (input.down === !!row.takenDownAt) throw fail(input.down ? 'LISTING_ALREADY_DOWN' : 'LISTING_NOT_DOWN');
    await t
      .update(table)
      .set({ takenDownAt: input.down ? now : null, takedownReason: input.down ? input.reason : null })
      .where(eq(table.id, row.id));
    const what = input.kind === 'tender' ? '招标项目' : '询价单';
    await audited(
      t,
      actor,
      input.kind === 'tender' ? (input.down ? 'tender.takedown' : 'tender.restore') : input.down ? 'enquiry.takedown' : 'enquiry.restore',
      input.kind === 'tender' ? 'bid' : 'enquiry', row.id, { takenDownAt: row.takenDownAt, takedownReason: row.takedownReason }, { takenDown: input.down, reason: input.reason });
    if (row.companyId) {
      await notify(t, row.companyId, {
        type: input.kind === 'tender' ? 'tender' : 'enquiry',
        title: input.down ? `您的${what}「${row.title}」已被平台下架` : `您的${what}「${row.title}」已恢复公开`,
        content: input.down ? `平台已将${what}「${row.title}」从公开页面下架，原因：${input.reason}` : `平台已恢复${what}「${row.title}」的公开展示：${input.reason}`,
        linkPath: input.kind === 'tender' ? purchaserLink(row.id) : enquiryLink(row.id),
      });
    }
  });
}
