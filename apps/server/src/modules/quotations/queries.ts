import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  EnquiryStatus,
  QuotationStatus,
  quotationMachine,
  type Viewer,
  type MyQuotation,
  type QuotationDetail,
  type QuotationListAnswer,
  type QuotationListFilter,
  type QuotationRow,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import {
  companies,
  enquiries,
  enquiryItems,
  quotationLines,
  quotationMessages,
  quotations,
  quotationVersions,
  users,
} from '../../db/schema/index.ts';
import { escapeLike } from '../../lib/sql.ts';
import type { Caller } from '../auth/index.ts';
import { ordersOfQuotation } from '../orders/index.ts';

/** The supplier viewing its offer: the quotation endpoints already require quotation:manage. */
const SUPPLIER_VIEWER: Viewer = { side: 'seller', permissions: ['quotation:manage'] };
import {
  chinaDay,
  effectiveStatus,
  effectiveStatusSql,
} from './common.ts';
import { quoteRefusal, visibleEnquiry } from './submit.ts';
import { ThreadSide } from '@aquamall/shared';
import { fail } from './messages.ts';

/** Unread messages of the other side per quotation, for the viewer's side (1 purchaser, 2 supplier). */
export async function unreadCounts(
  db: Db,
  quotationIds: number[],
  viewerSide: number,
): Promise<Map<number, number>> {
  if (!quotationIds.length) return new Map();
  const rows = await db
    .select({ quotationId: quotationMessages.quotationId, n: count() })
    .from(quotationMessages)
    .where(
      and(
        inArray(quotationMessages.quotationId, quotationIds),
        sql`${quotationMessages.side} <> ${viewerSide}`,
        isNull(quotationMessages.readAt),
      ),
    )
    .groupBy(quotationMessages.quotationId);
  return new Map(rows.map((r) => [r.quotationId, Number(r.n)]));
}

/** Every version of one quotation with its lines, newest first (the supplier's own, or the purchaser's view). */
export async function versionsOf(db: Db, quotationId: number): Promise<MyQuotation['versions']> {
  const [versions, lines] = await Promise.all([
    db
      .select()
      .from(quotationVersions)
      .where(eq(quotationVersions.quotationId, quotationId))
      .orderBy(desc(quotationVersions.version)),
    db
      .select()
      .from(quotationLines)
      .where(eq(quotationLines.quotationId, quotationId))
      .orderBy(asc(quotationLines.id)),
  ]);
  return versions.map((v) => ({
    version: v.version,
    goodsAmount: v.goodsAmount,
    freight: v.freight,
    totalAmount: v.totalAmount,
    leadDays: v.leadDays,
    validUntil: v.validUntil.toISOString(),
    remark: v.remark,
    attachments: v.attachments,
    createdAt: v.createdAt.toISOString(),
    changes: v.changes,
    lines: lines
      .filter((l) => l.version === v.version)
      .map((l) => ({
        enquiryItemId: l.enquiryItemId,
        unitPrice: l.unitPrice,
        taxRate: String(Number(l.taxRate)),
        amount: l.amount,
        remark: l.remark,
      })),
  }));
}

/**
 * The quote page: the enquiry as this supplier may see it (published; invitation-only ones only when invited),
 * the caller's own offer with every version, and whether it may quote now. Nothing of another supplier's
 * offer is read: quotation rows are selected by (enquiry, the caller's company) only.
 */
export async function quotationDetail(
  db: Db,
  caller: Caller,
  query: { id?: number | undefined; enquiryId?: number | undefined },
  now = new Date(),
): Promise<QuotationDetail> {
  let enquiryId = query.enquiryId;
  if (query.id !== undefined) {
    const [own] = await db
      .select({ enquiryId: quotations.enquiryId })
      .from(quotations)
      .where(and(eq(quotations.id, query.id), eq(quotations.supplierCompanyId, caller.companyId)));
    if (!own) throw fail('QUOTATION_NOT_FOUND');
    enquiryId = own.enquiryId;
  }
  const [mine] = await db
    .select()
    .from(quotations)
    .where(and(eq(quotations.enquiryId, enquiryId!), eq(quotations.supplierCompanyId, caller.companyId)));
  // An invited supplier that already quoted keeps seeing its offer even if the invitation went away.
  const e = mine
    ? (await db.select().from(enquiries).where(eq(enquiries.id, enquiryId!)))[0]!
    : await visibleEnquiry(db, caller, enquiryId!);
  const [items, buyer, me, user] = await Promise.all([
    db
      .select()
      .from(enquiryItems)
      .where(eq(enquiryItems.enquiryId, e.id))
      .orderBy(asc(enquiryItems.sort), asc(enquiryItems.id)),
    db.select({ name: companies.name }).from(companies).where(eq(companies.id, e.companyId)),
    db
      .select({ contactName: companies.contactName, contactPhone: companies.contactPhone })
      .from(companies)
      .where(eq(companies.id, caller.companyId)),
    db
      .select({ realName: users.realName, nickName: users.nickName, phone: users.phone })
      .from(users)
      .where(eq(users.id, caller.userId)),
  ]);
  let quotation: MyQuotation | null = null;
  if (mine) {
    const [versions, made, unread] = await Promise.all([
      versionsOf(db, mine.id),
      ordersOfQuotation(db, mine.id, caller.companyId),
      unreadCounts(db, [mine.id], ThreadSide.SELLER),
    ]);
    quotation = {
      id: mine.id,
      status: effectiveStatus(mine, now),
      version: mine.version,
      goodsAmount: mine.goodsAmount,
      freight: mine.freight,
      totalAmount: mine.totalAmount,
      leadDays: mine.leadDays,
      validUntil: mine.validUntil.toISOString(),
      remark: mine.remark,
      attachments: mine.attachments,
      contactName: mine.contactName,
      contactPhone: mine.contactPhone,
      withdrawnAt: mine.withdrawnAt?.toISOString() ?? null,
      withdrawReason: mine.withdrawnAt ? mine.withdrawReason : null,
      awardedAt: mine.awardedAt?.toISOString() ?? null,
      createdAt: mine.createdAt.toISOString(),
      updatedAt: mine.updatedAt.toISOString(),
      versions,
      orders: made,
      unreadCount: unread.get(mine.id) ?? 0,
    };
  }
  let blockedReason = await quoteRefusal(db, caller, e, now);
  if (!blockedReason && mine)
    blockedReason = quotationMachine.refusal(mine.status === QuotationStatus.WITHDRAWN ? 'requote' : 'revise', mine.status);
  const enquiryOpen = e.status === EnquiryStatus.QUOTING && e.deadline.getTime() > now.getTime();
  return {
    enquiry: {
      id: e.id,
      code: e.code,
      title: e.title,
      status: e.status,
      buyerCompanyName: buyer[0]?.name ?? '',
      deadline: e.deadline.toISOString(),
      publishedAt: e.publishedAt?.toISOString() ?? null,
      sealed: e.sealed,
      visibility: e.visibility,
      invoiceKind: e.invoiceKind,
      paymentTerms: e.paymentTerms,
      deliveryAreaName: e.deliveryAreaName,
      deliveryDate: e.deliveryDate?.toISOString() ?? null,
      remark: e.remark,
      attachments: e.attachments,
      offerCount: e.offerCount,
      revokeReason: e.revokeReason,
      items: items.map((i) => ({
        id: i.id,
        productName: i.productName,
        spec: i.spec,
        quantity: String(Number(i.quantity)),
        unit: i.unit,
        remark: i.remark,
        targetPrice: i.targetPrice,
        award:
          i.awardedQuotationId === null ? null : mine && i.awardedQuotationId === mine.id ? 'mine' : 'other',
      })),
    },
    quotation,
    canQuote: blockedReason === null,
    blockedReason,
    canWithdraw: !!mine && quotationMachine.available(mine.status, SUPPLIER_VIEWER, { enquiryOpen }).includes('withdraw'),
    contactName: mine?.contactName || me[0]?.contactName || user[0]?.realName || user[0]?.nickName || '',
    contactPhone: mine?.contactPhone || me[0]?.contactPhone || user[0]?.phone || '',
  };
}

/** The supplier's list conditions (own offers, filters; status apart so the tabs can count). */
function listConditions(caller: Caller, q: QuotationListFilter): SQL[] {
  const conds: SQL[] = [eq(quotations.supplierCompanyId, caller.companyId)];
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    conds.push(or(ilike(enquiries.title, like), ilike(enquiries.code, like))!);
  }
  if (q.dateFrom) conds.push(gte(quotations.updatedAt, chinaDay(q.dateFrom)));
  if (q.dateTo) conds.push(lt(quotations.updatedAt, chinaDay(q.dateTo, 1)));
  return conds;
}

/** The supplier's offers, newest activity first, with counts per (effective) status and unread messages. */
export async function listQuotations(
  db: Db,
  caller: Caller,
  q: QuotationListFilter,
): Promise<QuotationListAnswer> {
  const base = listConditions(caller, q);
  const where = and(...base, ...(q.status !== undefined ? [sql`${effectiveStatusSql} = ${q.status}`] : []));
  const [rows, [total], counts] = await Promise.all([
    db
      .select({
        q: quotations,
        status: effectiveStatusSql,
        enquiryCode: enquiries.code,
        enquiryTitle: enquiries.title,
        enquiryStatus: enquiries.status,
        deadline: enquiries.deadline,
        buyerCompanyName: companies.name,
      })
      .from(quotations)
      .innerJoin(enquiries, eq(enquiries.id, quotations.enquiryId))
      .innerJoin(companies, eq(companies.id, quotations.buyerCompanyId))
      .where(where)
      .orderBy(desc(quotations.updatedAt), desc(quotations.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(quotations)
      .innerJoin(enquiries, eq(enquiries.id, quotations.enquiryId))
      .where(where),
    db
      .select({ status: effectiveStatusSql, n: count() })
      .from(quotations)
      .innerJoin(enquiries, eq(enquiries.id, quotations.enquiryId))
      .where(and(...base))
      .groupBy(effectiveStatusSql),
  ]);
  const unread = await unreadCounts(
    db,
    rows.map((r) => r.q.id),
    ThreadSide.SELLER,
  );
  const list: QuotationRow[] = rows.map((r) => ({
    id: r.q.id,
    enquiryId: r.q.enquiryId,
    enquiryCode: r.enquiryCode,
    enquiryTitle: r.enquiryTitle,
    enquiryStatus: r.enquiryStatus,
    buyerCompanyName: r.buyerCompanyName,
    deadline: r.deadline.toISOString(),
    status: Number(r.status),
    version: r.q.version,
    totalAmount: r.q.totalAmount,
    leadDays: r.q.leadDays,
    validUntil: r.q.validUntil.toISOString(),
    unreadCount: unread.get(r.q.id) ?? 0,
    createdAt: r.q.createdAt.toISOString(),
    updatedAt: r.q.updatedAt.toISOString(),
  }));
  return {
    list,
    total: total?.n ?? 0,
    counts: Object.fromEntries(counts.map((c) => [String(c.status), Number(c.n)])),
  };
}
