import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { QuotationStatus, SEALED_MESSAGE } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { quotationLines, quotations, quotationVersions } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { fail } from './messages.ts';

/**
 * The one sealed reader of quotation contents (like modules/tenders/sealed.ts for bids). The rule of a
 * 密封报价 enquiry: before its deadline nobody but an offer's author sees its content — not its prices, not who
 * quoted. Every reader outside this module (the purchaser's comparison, offer detail, award, the thread, the
 * inbox texts) goes through the functions here; modules/enquiries reads no quotation table itself.
 */

export type QuotationRecord = typeof quotations.$inferSelect;
export type QuotationLineRecord = typeof quotationLines.$inferSelect;
export type QuotationVersionRecord = typeof quotationVersions.$inferSelect;

/** What the sealing rule needs of an enquiry. */
export interface SealedEnquiry {
  id: number;
  sealed: boolean;
  deadline: Date | string;
}

/** The sealing rule: a 密封报价 enquiry before its deadline. */
export function offersSealed(e: { sealed: boolean; deadline: Date | string }, now = new Date()): boolean {
  return e.sealed && new Date(e.deadline).getTime() > now.getTime();
}

/**
 * Whether a side of an offer may read its content now: its author (the supplier) always, the enquiry's purchaser
 * once the offers are no longer sealed.
 */
export const mayReadOffer = (side: 'buyer' | 'seller', e: { sealed: boolean; deadline: Date | string }, now = new Date()) =>
  side === 'seller' || !offersSealed(e, now);

/** Refuses (密封报价，截止时间前不能查看报价内容) while the enquiry's offers are sealed. */
export function assertUnsealed(e: { sealed: boolean; deadline: Date | string }, now = new Date(), message = SEALED_MESSAGE): void {
  if (offersSealed(e, now)) throw conflict(message);
}

/** Offers that count: every status but 已撤回. */
const live = ne(quotations.status, QuotationStatus.WITHDRAWN);

/** The current version's lines of some quotations. */
async function currentLines(db: Db, ids: number[]): Promise<QuotationLineRecord[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ l: quotationLines })
    .from(quotationLines)
    .innerJoin(quotations, and(eq(quotations.id, quotationLines.quotationId), eq(quotations.version, quotationLines.version)))
    .where(inArray(quotationLines.quotationId, ids));
  return rows.map((r) => r.l);
}

/**
 * The purchaser's live offers on its enquiry (cheapest first) with their current lines, or `sealed` while
 * the enquiry is sealed — the offers are never read then.
 */
export async function purchaserOffers(
  db: Db,
  buyerCompanyId: number,
  e: SealedEnquiry,
  now = new Date(),
): Promise<{ sealed: true } | { sealed: false; offers: QuotationRecord[]; lines: QuotationLineRecord[] }> {
  if (offersSealed(e, now)) return { sealed: true };
  const offers = await db
    .select()
    .from(quotations)
    .where(and(eq(quotations.enquiryId, e.id), eq(quotations.buyerCompanyId, buyerCompanyId), live))
    .orderBy(asc(quotations.totalAmount), asc(quotations.id));
  return { sealed: false, offers, lines: await currentLines(db, offers.map((q) => q.id)) };
}

/** Which enquiry an offer to this purchaser belongs to (no content); 报价不存在 for anyone else's. */
export async function offerEnquiryId(db: Db, buyerCompanyId: number, quotationId: number): Promise<number> {
  const [q] = await db
    .select({ enquiryId: quotations.enquiryId })
    .from(quotations)
    .where(and(eq(quotations.id, quotationId), eq(quotations.buyerCompanyId, buyerCompanyId)));
  if (!q) throw fail('QUOTATION_NOT_FOUND');
  return q.enquiryId;
}

/** One offer to the purchaser with every version (newest first) and all their lines; refused while sealed. */
export async function purchaserOffer(
  db: Db,
  buyerCompanyId: number,
  e: SealedEnquiry,
  quotationId: number,
  now = new Date(),
): Promise<{ offer: QuotationRecord; versions: QuotationVersionRecord[]; lines: QuotationLineRecord[] }> {
  assertUnsealed(e, now);
  const [offer] = await db
    .select()
    .from(quotations)
    .where(and(eq(quotations.id, quotationId), eq(quotations.enquiryId, e.id), eq(quotations.buyerCompanyId, buyerCompanyId)));
  if (!offer) throw fail('QUOTATION_NOT_FOUND');
  const [versions, lines] = await Promise.all([
    db.select().from(quotationVersions).where(eq(quotationVersions.quotationId, offer.id)).orderBy(desc(quotationVersions.version)),
    db.select().from(quotationLines).where(eq(quotationLines.quotationId, offer.id)),
  ]);
  return { offer, versions, lines };
}

/**
 * The offers an award names, locked FOR UPDATE in id order, with their current lines; refused while sealed.
 * Null when one of them is not an offer on this enquiry.
 */
export async function lockOffersToAward(
  tx: Db,
  e: SealedEnquiry,
  ids: number[],
  now = new Date(),
): Promise<{ offers: QuotationRecord[]; lines: QuotationLineRecord[] } | null> {
  assertUnsealed(e, now);
  const offers = await tx
    .select()
    .from(quotations)
    .where(and(eq(quotations.enquiryId, e.id), inArray(quotations.id, ids)))
    .orderBy(asc(quotations.id))
    .for('update');
  if (offers.length !== ids.length) return null;
  return { offers, lines: await currentLines(tx, ids) };
}

/** The live offers of an enquiry other than `winners`, locked FOR UPDATE (those an award decides as 未中标). */
export function lockOtherLiveOffers(tx: Db, enquiryId: number, winners: number[]): Promise<QuotationRecord[]> {
  return tx
    .select()
    .from(quotations)
    .where(
      and(
        eq(quotations.enquiryId, enquiryId),
        live,
        winners.length ? sql`${quotations.id} not in (${sql.join(winners.map((id) => sql`${id}`), sql`, `)})` : undefined,
      ),
    )
    .orderBy(asc(quotations.id))
    .for('update');
}

/** Companies with a live offer on an enquiry (to tell them it moved), by company id. */
export async function bidderCompanies(db: Db, enquiryId: number): Promise<number[]> {
  const rows = await db
    .select({ companyId: quotations.supplierCompanyId })
    .from(quotations)
    .where(and(eq(quotations.enquiryId, enquiryId), live))
    .orderBy(quotations.supplierCompanyId);
  return rows.map((r) => r.companyId);
}

/** Supplier names of awarded offers (an award happens only once the offers are unsealed). */
export async function awardedSupplierNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: quotations.id, name: quotations.supplierCompanyName })
    .from(quotations)
    .where(inArray(quotations.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
