import { and, eq, sql } from 'drizzle-orm';
import { CompanyType, EnquiryStatus, type Viewer } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { enquiries } from '../../db/schema/index.ts';
import type { Caller } from '../auth/index.ts';
import { fail } from './messages.ts';

export type EnquiryRecord = typeof enquiries.$inferSelect;


/** Job kinds of the enquiries' timed rules. */
export const ENQUIRY_JOBS = { DEADLINE: 'enquiry.deadline', DEADLINE_SOON: 'enquiry.deadline_soon' } as const;

/** Workbench pages the inbox links to. */
export const enquiryLink = (id: number) => `/customer/enquiry/detail?id=${id}`;
export const quotationLink = (enquiryId: number) => `/customer/quotation/detail?enquiryId=${enquiryId}`;

/** The one transaction runner (db/executor.ts), re-exported for this module's files. */
export { inTransaction } from '../../db/executor.ts';

/** Only purchasers publish enquiries (the permission is a purchaser's; this is the second line). */
export function assertPurchaser(caller: Caller): void {
  if (caller.companyType !== CompanyType.PURCHASER) throw fail('ENQUIRY_PURCHASER_ONLY');
}

/**
 * The status a purchaser sees: an enquiry 报价中 whose deadline has passed is 已截止 even before the deadline
 * job has run (the job makes it so in the table).
 */
export function shownStatus(status: number, deadline: Date | string, now = new Date()): number {
  return status === EnquiryStatus.QUOTING && new Date(deadline).getTime() <= now.getTime() ? EnquiryStatus.CLOSED : status;
}

/** The purchaser viewing its enquiry: the enquiry endpoints already require enquiry:manage. */
export const PURCHASER_VIEWER: Viewer = { side: 'buyer', permissions: ['enquiry:manage'] };

/** The history rows of enquiries (document_history.doc_type). */
export const ENQUIRY_DOC = 'enquiry';

/** SQL for the shown status (see `shownStatus`). */
export const shownStatusSql = sql<number>`(case when ${enquiries.status} = ${EnquiryStatus.QUOTING} and ${enquiries.deadline} <= now() then ${EnquiryStatus.CLOSED} else ${enquiries.status} end)`;

/** Reads (and with `lock`, locks FOR UPDATE) an enquiry of the caller's company; another company's is 不存在. */
export async function ownEnquiry(t: Db, caller: Caller, id: number, lock = false): Promise<EnquiryRecord> {
  const q = t
    .select()
    .from(enquiries)
    .where(and(eq(enquiries.id, id), eq(enquiries.companyId, caller.companyId)));
  const [e] = lock ? await q.for('update') : await q;
  if (!e) throw fail('ENQUIRY_NOT_FOUND');
  return e;
}

export const iso = (d: Date | string | null | undefined): string | null => (d ? new Date(d).toISOString() : null);
