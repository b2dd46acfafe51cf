import { chinaDayEnd, chinaDayStart } from '@aquamall/shared';
import { and, desc, eq, gte, ilike, lt, or, type SQL, getTableColumns, sql } from 'drizzle-orm';
import type { AuditSearchQuery } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { auditLogs, companies } from '../../db/schema/index.ts';
import { pagedRows, totalOf } from '../../lib/paged.ts';
import { escapeLike } from '../../lib/sql.ts';

/**
 * Searches the audit log, newest first, paged; dates are China days (docs/architecture.md "China time"). The
 * company filter matches part of the actor's company name (company users' workbench actions).
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
  if (q.dateFrom) conds.push(gte(auditLogs.createdAt, chinaDayStart(q.dateFrom)));
  if (q.dateTo) conds.push(lt(auditLogs.createdAt, chinaDayEnd(q.dateTo)));
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
