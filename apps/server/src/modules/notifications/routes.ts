import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { pageQuery, z } from '@aquamall/shared';
import { messages } from '../../db/schema/index.ts';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../plugins/auth.ts';

const listQuery = pageQuery.extend({ unread: z.enum(['0', '1']).optional() });
const readInput = z.object({ ids: z.array(z.number().int().positive().max(2_147_483_647, '编号格式不正确')).max(200).optional(), all: z.boolean().optional() });

/** The workbench inbox (basic): list, unread count, mark read. Always scoped to the caller's company. */
export default async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const pre = { preHandler: app.requireCompanyUser };

  app.get('/api/message/list', { ...pre, schema: { querystring: listQuery } }, async (request) => {
    const companyId = caller(request).companyId!;
    const q = request.query;
    const conds: SQL[] = [eq(messages.companyId, companyId)];
    if (q.unread === '1') conds.push(isNull(messages.readAt));
    const where = and(...conds);
    const [list, [total]] = await Promise.all([
      app.db
        .select()
        .from(messages)
        .where(where)
        .orderBy(desc(messages.createdAt), desc(messages.id))
        .limit(q.pageSize)
        .offset((q.pageIndex - 1) * q.pageSize),
      app.db.select({ n: count() }).from(messages).where(where),
    ]);
    return ok({ list, total: total?.n ?? 0 });
  });

  app.get('/api/message/unreadcount', pre, async (request) => {
    const companyId = caller(request).companyId!;
    const [row] = await app.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), isNull(messages.readAt)));
    return ok({ count: row?.n ?? 0 });
  });

  app.post('/api/message/read', { ...pre, schema: { body: readInput } }, async (request) => {
    const companyId = caller(request).companyId!;
    const { ids, all } = request.body;
    if (!all && !ids?.length) return ok({ updated: 0 });
    const conds: SQL[] = [eq(messages.companyId, companyId), isNull(messages.readAt)];
    if (!all && ids) conds.push(inArray(messages.id, ids));
    const rows = await app.db.update(messages).set({ readAt: new Date() }).where(and(...conds)).returning({ id: messages.id });
    return ok({ updated: rows.length });
  });
}
