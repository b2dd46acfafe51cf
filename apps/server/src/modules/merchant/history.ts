import { eq } from 'drizzle-orm';
import { Side, type ReviewEventView } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { historyOf, recordHistory, type TransitionActor } from '../../lib/transition.ts';

/**
 * The reviews the platform makes — merchant applications, enterprise certifications and membership orders — keep
 * their history in `document_history` like every other document (doc types below): the merchant application
 * through its state table's runner (packages/shared/src/machines/merchant.ts), certifications and membership
 * orders through `recordReview` (one `recordHistory` row). The older `review_events` table was copied there by
 * migrations 0051 (merchant applications) and 0074 (the rest), which dropped it. The wire keeps the review history's
 * shape (`ReviewEventView`), so the console and the applicant's pages show what they showed before.
 */
export const MERCHANT_DOC = 'merchant';
export const CERTIFICATION_DOC = 'certification';
export const MEMBER_ORDER_DOC = 'member_upgrade';
export type ReviewDoc = typeof MERCHANT_DOC | typeof CERTIFICATION_DOC | typeof MEMBER_ORDER_DOC;

const APPLICANT = '申请企业';
const REVIEWER = '平台审核员';

/** The history actor of a user: the applicant by their real name, a reviewer by their console account name. */
export async function reviewActor(db: Db, userId: number | null, side: typeof Side.SELLER | typeof Side.PLATFORM): Promise<TransitionActor> {
  const [u] = userId
    ? await db.select({ adminName: users.adminName, realName: users.realName }).from(users).where(eq(users.id, userId))
    : [];
  const userName = side === Side.PLATFORM ? u?.adminName || u?.realName || REVIEWER : u?.realName || APPLICANT;
  return { side, userId, userName };
}

/**
 * Writes one history row of a review without a state table (certification, membership order): the applicant's
 * steps as the supplier side, the platform's decisions as the platform side; `reason` is the row's note.
 */
export async function recordReview(
  tx: Db,
  r: {
    doc: ReviewDoc;
    id: number;
    action: string;
    fromStatus: number | null;
    toStatus: number;
    side: typeof Side.SELLER | typeof Side.PLATFORM;
    userId: number | null;
    reason?: string | null;
    now?: Date;
  },
): Promise<void> {
  await recordHistory(tx, {
    docType: r.doc,
    docId: r.id,
    action: r.action,
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    actor: await reviewActor(tx, r.userId, r.side),
    note: r.reason ?? '',
    now: r.now,
  });
}

/**
 * The history of a review, oldest first. Applicants see 「平台审核员」, never the reviewer's account; the console
 * (`forConsole`) sees the account.
 */
export async function reviewHistory(db: Db, doc: ReviewDoc, id: number, forConsole = false): Promise<ReviewEventView[]> {
  const rows = await historyOf(db, doc, id);
  return rows.map((h) => ({
    id: h.id,
    action: h.action,
    reason: h.note || null,
    actorName: h.side === Side.PLATFORM ? (forConsole ? h.userName || REVIEWER : REVIEWER) : h.userName || APPLICANT,
    createdAt: h.createdAt.toISOString(),
  }));
}

/** The history of a merchant application (see `reviewHistory`). */
export const merchantHistory = (db: Db, id: number, forConsole = false) => reviewHistory(db, MERCHANT_DOC, id, forConsole);
