import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLogs, users } from '../../db/schema/index.ts';

export interface AuditActor {
  userId: number | null;
  ip: string;
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/** The actor of a console request (a platform administrator) or of a company user's submission. */
export const auditActor = (request: FastifyRequest): AuditActor => ({
  userId: request.auth?.userId ?? null,
  ip: request.ip ?? '',
});

/**
 * Appends one entry to the audit log. Call it inside the same transaction as the change it records, so a
 * change is never made without its entry.
 */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  let actorName = '';
  if (actor.userId) {
    const [u] = await db
      .select({ adminName: users.adminName, realName: users.realName, phone: users.phone })
      .from(users)
      .where(eq(users.id, actor.userId));
    actorName = u ? u.adminName || u.realName || u.phone : '';
  }
  await db.insert(auditLogs).values({
    actorUserId: actor.userId,
    actorName: actorName.slice(0, 60),
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip.slice(0, 64),
  });
}
