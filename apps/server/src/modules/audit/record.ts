import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AuditAction } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { auditLogs, users } from '../../db/schema/index.ts';
import { currentOrigin } from '../../lib/request-context.ts';
import { clientInfo } from '../../lib/client-info.ts';

export interface AuditActor {
  userId: number | null;
  ip: string;
  userAgent?: string;
}

export interface AuditEntry {
  /** A code of the shared catalogue (packages/shared/src/audit-actions.ts), which names it in Chinese. */
  action: AuditAction;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/** The actor of a console request (a platform administrator) or of a company user's submission. */
export const auditActor = (request: FastifyRequest): AuditActor => ({
  userId: request.auth?.userId ?? null,
  ...clientInfo(request),
});

/**
 * Appends one entry to the audit log. Call it inside the same transaction as the change it records, so a
 * change is never made without its entry. The IP and browser come from the actor, else from the request being
 * handled (workbench use cases pass only the user); the company is the actor's.
 */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  let actorName = '';
  let companyId: number | null = null;
  if (actor.userId) {
    const [u] = await db
      .select({ adminName: users.adminName, realName: users.realName, phone: users.phone, companyId: users.companyId })
      .from(users)
      .where(eq(users.id, actor.userId));
    actorName = u ? u.adminName || u.realName || u.phone : '';
    companyId = u?.companyId ?? null;
  }
  const origin = currentOrigin();
  await db.insert(auditLogs).values({
    actorUserId: actor.userId,
    actorName: actorName.slice(0, 60),
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: (actor.ip || origin?.ip || '').slice(0, 64),
    userAgent: (actor.userAgent || origin?.userAgent || '').slice(0, 300),
    companyId,
  });
}
