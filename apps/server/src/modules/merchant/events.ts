import { and, asc, eq } from 'drizzle-orm';
import type { ReviewEventView } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { reviewEvents, users } from '../../db/schema/index.ts';

export type ReviewKind = 'merchant' | 'certification' | 'member_upgrade';

export async function addReviewEvent(
  db: Db,
  e: { kind: ReviewKind; subjectId: number; companyId: number; action: string; reason?: string | null; snapshot?: unknown; actorUserId: number | null },
): Promise<void> {
  await db.insert(reviewEvents).values({
    kind: e.kind,
    subjectId: e.subjectId,
    companyId: e.companyId,
    action: e.action,
    reason: e.reason ?? null,
    snapshot: e.snapshot ?? {},
    actorUserId: e.actorUserId,
  });
}

/** The history of a review subject, oldest first, with who acted. */
export async function listReviewEvents(db: Db, kind: ReviewKind, subjectId: number, forConsole = false): Promise<ReviewEventView[]> {
  const rows = await db
    .select({
      id: reviewEvents.id,
      action: reviewEvents.action,
      reason: reviewEvents.reason,
      createdAt: reviewEvents.createdAt,
      isPlatformAdmin: users.isPlatformAdmin,
      adminName: users.adminName,
      realName: users.realName,
    })
    .from(reviewEvents)
    .leftJoin(users, eq(users.id, reviewEvents.actorUserId))
    .where(and(eq(reviewEvents.kind, kind), eq(reviewEvents.subjectId, subjectId)))
    .orderBy(asc(reviewEvents.id));
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    reason: r.reason,
    // Applicants see "平台审核员", never the reviewer's account; the console shows the account.
    actorName: r.isPlatformAdmin ? (forConsole ? r.adminName || r.realName || '平台审核员' : '平台审核员') : r.realName || '申请企业',
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Storage key of an uploaded file given as a fileRelativePath (`uploads/x.png`, `/f/uploads/x.png`). */
export { fileKey } from '../files/index.ts';
