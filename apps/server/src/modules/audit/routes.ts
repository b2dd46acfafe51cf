import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { pageQuery, z } from '@aquamall/shared';
import { auditLogs } from '../../db/schema/index.ts';
import { ok } from '../../lib/envelope.ts';

const searchInput = pageQuery.extend({
  actor: z.string().trim().max(60).optional(),
  action: z.string().trim().max(60).optional(),
  targetType: z.string().trim().max(40).optional(),
  targetId: z.string().trim().max(60).optional(),
  dateFrom: z.iso.date('请输入正确的日期').optional(),
  dateTo: z.iso.date('请输入正确的日期').optional(),
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** POST /admin/api/audit/list — search the audit log. There is deliberately no update or delete endpoint. */
export default async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/admin/api/audit/list', { schema: { body: searchInput } }, async (request) => {
    const q = request.body;
    const conds: SQL[] = [];
    if (q.actor) conds.push(ilike(auditLogs.actorName, `%${escapeLike(q.actor)}%`));
    if (q.action) conds.push(or(eq(auditLogs.action, q.action), ilike(auditLogs.action, `${escapeLike(q.action)}%`))!);
    if (q.targetType) conds.push(eq(auditLogs.targetType, q.targetType));
    if (q.targetId) conds.push(eq(auditLogs.targetId, q.targetId));
    if (q.dateFrom) conds.push(gte(auditLogs.createdAt, new Date(`${q.dateFrom}T00:00:00+08:00`)));
    if (q.dateTo) {
      const end = new Date(`${q.dateTo}T00:00:00+08:00`);
      end.setUTCDate(end.getUTCDate() + 1);
      conds.push(lt(auditLogs.createdAt, end));
    }
    const where = conds.length ? and(...conds) : undefined;
    const [list, [total]] = await Promise.all([
      app.db
        .select()
        .from(auditLogs)
        .where(where)
        .orderBy(desc(auditLogs.id))
        .limit(q.pageSize)
        .offset((q.pageIndex - 1) * q.pageSize),
      app.db.select({ n: count() }).from(auditLogs).where(where),
    ]);
    return ok({ list, total: total?.n ?? 0 });
  });
}
