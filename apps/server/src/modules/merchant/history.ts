import { eq } from 'drizzle-orm';
import { Side, type ReviewEventView } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { historyOf, type TransitionActor } from '../../lib/transition.ts';

/**
 * A merchant application's history lives in `document_history` (doc_type 'merchant', written by the state table's
 * runner, packages/shared/src/machines/merchant.ts); the rows of the older `review_events` were copied there by
 * migration 0051. The wire keeps the review history's shape (`ReviewEventView`).
 */
export const MERCHANT_DOC = 'merchant';

const APPLICANT = '申请企业';
const REVIEWER = '平台审核员';

/** The history actor of a user: the applicant by their real name, a reviewer by their console account name. */
export async function merchantActor(db: Db, userId: number | null, side: typeof Side.SELLER | typeof Side.PLATFORM): Promise<TransitionActor> {
  const [u] = userId
    ? await db.select({ adminName: users.adminName, realName: users.realName }).from(users).where(eq(users.id, userId))
    : [];
  const userName = side === Side.PLATFORM ? u?.adminName || u?.realName || REVIEWER : u?.realName || APPLICANT;
  return { side, userId, userName };
}

/** The history of an application, oldest first. Applicants see 「平台审核员」, never the reviewer's account. */
export async function merchantHistory(db: Db, id: number, forConsole = false): Promise<ReviewEventView[]> {
  const rows = await historyOf(db, MERCHANT_DOC, id);
  return rows.map((h) => ({
    id: h.id,
    action: h.action,
    reason: h.note || null,
    actorName: h.side === Side.PLATFORM ? (forConsole ? h.userName || REVIEWER : REVIEWER) : h.userName || APPLICANT,
    createdAt: h.createdAt.toISOString(),
  }));
}
