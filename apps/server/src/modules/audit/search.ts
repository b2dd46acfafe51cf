import { chinaDayEnd, chinaDayStart } from '@aquamall/shared';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { AuditSearchQuery } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { auditLogs } from '../../db/schema/index.ts';
import { escapeLike } from '../../lib/sql.ts';

/** Searches the audit log, newest first, paged; dates are China days (docs/architecture.md "China time"). */
export async function searchAudit(db: Db, q: AuditSearchQuery) {
  const conds: SQL[] = [];
  if (q.actor) conds.push(ilike(auditLogs.actorName, `%${escapeLike(q.actor)}%`));
  if (q.action) conds.push(or(eq(auditLogs.action, q.action), ilike(auditLogs.action, `${escapeLike(q.action)}%`))!);
  if (q.targetType) conds.push(eq(auditLogs.targetType, q.targetType));
  if (q.targetId) conds.push(eq(auditLogs.targetId, q.targetId));
  if (q.dateFrom) conds.push(gte(auditLogs.createdAt, chinaDayStart(q.dateFrom)));
  if (q.dateTo) conds.push(lt(auditLogs.createdAt, chinaDayEnd(q.dateTo)));
  const where = conds.length ? and(...conds) : undefined;
  const [list, [total]] = await Promise.all([
    db
      .select()
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: count() }).from(auditLogs).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}
