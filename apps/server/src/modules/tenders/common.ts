import { and, eq } from 'drizzle-orm';
import { BidType, CertStatus, CompanyType, enumLabel, formatChinaDateTime, tenderMachine } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { bids, companies, tenderInvitations } from '../../db/schema/index.ts';
import { notify, type Notice } from '../notifications/index.ts';
import type { Caller } from '../auth/index.ts';
import { tendersErrors, fail } from './messages.ts';

export type TenderRecord = typeof bids.$inferSelect;

/** An invited-only tender answers 招标项目不存在 to a company not invited (isolation), never this text. */
export const NOT_INVITED = tendersErrors.TENDER_NOT_INVITED.message;

/** Kinds of the tenders' timed rules (jobs table): deadline, opening, end of the publicity period. */
export const TENDER_JOBS = {
  CLOSE: 'tender.close',
  OPEN: 'tender.open',
  PUBLICITY_END: 'tender.publicity_end',
} as const;

/** The history rows of tenders (document_history.doc_type). */
export const TENDER_DOC = 'tender';

/** Fewer valid bids than this on a lot at the deadline: the lot is 流标 (docs/product/tenders.md#closing-and-opening). */
export const MIN_VALID_BIDS = 3;

/** Workbench pages of a tender for each side. */
export const purchaserLink = (id: number) => `/customer/bid/edite?id=${id}`;
export const supplierLink = (id: number) => `/customer/bid/bidingIndex?id=${id}`;

export { inTransaction } from '../../db/executor.ts';

export const beijingMinute = (d: Date) => formatChinaDateTime(d);

export const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
export const statusName = (s: number) => tenderMachine.label(s);

export function assertPurchaser(caller: Caller): void {
  if (caller.companyType !== CompanyType.PURCHASER) throw fail('TENDER_PURCHASER_ONLY');
}
export function assertSupplier(caller: Caller): void {
  if (caller.companyType !== CompanyType.SUPPLIER) throw fail('TENDER_SUPPLIER_ONLY');
}

/**
 * Loads a tender of the caller's company (the purchaser), optionally `FOR UPDATE`. Another company's tender
 * answers 招标项目不存在 (never a hint that it exists).
 */
export async function ownTender(t: Db, caller: Caller, id: number, lock = false): Promise<TenderRecord> {
  assertPurchaser(caller);
  const q = t
    .select()
    .from(bids)
    .where(and(eq(bids.id, id), eq(bids.type, BidType.TENDER), eq(bids.companyId, caller.companyId)));
  const [r] = lock ? await q.for('update') : await q;
  if (!r) throw fail('TENDER_NOT_FOUND');
  return r;
}

/** A published workbench tender (not a draft, not a seeded public-only notice) as a supplier may see it. */
export async function publishedTender(t: Db, id: number, lock = false): Promise<TenderRecord> {
  const q = t.select().from(bids).where(and(eq(bids.id, id), eq(bids.type, BidType.TENDER)));
  const [r] = lock ? await q.for('update') : await q;
  if (!r || r.status === 0) throw fail('TENDER_NOT_FOUND');
  return r;
}

/**
 * Why the supplier may not take part in this tender (qualification, invitation), or null. Checked at
 * registration and at every bid, so a supplier downgraded meanwhile cannot bid.
 */
export async function qualificationRefusal(t: Db, tender: TenderRecord, companyId: number): Promise<string | null> {
  const [c] = await t
    .select({ type: companies.type, memberLevel: companies.memberLevel, certStatus: companies.certStatus, shopType: companies.shopType, disabled: companies.disabled })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!c || c.type !== CompanyType.SUPPLIER || c.disabled) return '只有供应商可以参与投标';
  if (tender.invitedOnly) {
    const [inv] = await t
      .select({ id: tenderInvitations.id })
      .from(tenderInvitations)
      .where(and(eq(tenderInvitations.tenderId, tender.id), eq(tenderInvitations.companyId, companyId)));
    if (!inv) return NOT_INVITED;
  }
  if (c.memberLevel < tender.minMemberLevel)
    return `投标资格要求${enumLabel('MemberLevel', tender.minMemberLevel) ?? ''}及以上，贵公司不符合`;
  if (tender.certRequired && c.certStatus !== CertStatus.CERTIFIED) return '投标资格要求通过企业认证，贵公司尚未认证';
  if (tender.shopTypes.length && (c.shopType === null || !tender.shopTypes.includes(c.shopType)))
    return `投标资格要求店铺类型为${tender.shopTypes.map((s) => enumLabel('ShopType', s)).join('、')}`;
  return null;
}

/** Refuses unless the tender takes bids now: 招标中 and before its deadline. */
export function assertBiddable(tender: TenderRecord, now: Date): void {
  if (tender.status !== 1 || !tender.deadline || tender.deadline.getTime() <= now.getTime())
    throw fail('TENDER_BID_CLOSED');
}

/**
 * Notifies a company about a tender (招标 category); `event` and `vars` also send a time-critical event
 * (docs/product/notifications.md#events) to its recipients' chosen channels.
 */
export async function notifyTender(
  t: Db,
  companyId: number,
  notice: { title: string; content?: string; linkPath: string } & Pick<Notice, 'event' | 'vars'>,
): Promise<void> {
  await notify(t, companyId, { type: 'tender', ...notice });
}

export async function companyName(t: Db, id: number): Promise<string> {
  const [c] = await t.select({ name: companies.name }).from(companies).where(eq(companies.id, id));
  return c?.name ?? '';
}
