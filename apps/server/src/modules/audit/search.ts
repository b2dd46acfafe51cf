import { and, desc, eq, getTableColumns, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditSearchQuery } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { auditLogs, companies } from '../../db/schema/index.ts';
import { pagedRows, totalOf } from '../../lib/paged.ts';
import { escapeLike } from '../../lib/sql.ts';

/**
 * Searches the audit log, newest first, paged; dates are days in China time (UTC+8). The company filter
 * matches part of the actor's company name (company users' workbench actions).
 */
export async function searchAudit(db: Db, q: AuditSearchQuery) {
  const conds: SQL[] = [];
  if (q.actor) conds.push(ilike(auditLogs.actorName, `%${escapeLike(q.actor)}%`));
  if (q.action) conds.push(or(eq(auditLogs.action, q.action), ilike(auditLogs.action, `${escapeLike(q.action)}%`))!);
  if (q.targetType) conds.push(eq(auditLogs.targetType, q.targetType));
  if (q.targetId) conds.push(eq(auditLogs.targetId, q.targetId));
  if (q.company) {
    conds.push(
      sql`${auditLogs.companyId} in (select ${companies.id} from ${companies} where ${companies.name} ilike ${`%${escapeLike(q.company)}%`})`,
    );
  }
  if (q.dateFrom) conds.push(gte(auditLogs.createdAt, new Date(`${q.dateFrom}T00:00:00+08:00`)));
  if (q.dateTo) {
    const end = new Date(`${q.dateTo}T00:00:00+08:00`);
    end.setUTCDate(end.getUTCDate() + 1);
    conds.push(lt(auditLogs.createdAt, end));
  }
  const where = conds.length ? and(...conds) : undefined;
  return pagedRows(
    db
      .select({ ...getTableColumns(auditLogs), companyName: sql<string>`coalesce(${companies.name}, '')`, total: totalOf(auditLogs, where) })
      .from(auditLogs)
      .leftJoin(companies, eq(companies.id, auditLogs.companyId))
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id)),
    q,
    () => db.$count(auditLogs, where),
  );
}
