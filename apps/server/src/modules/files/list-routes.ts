import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { pageQuery } from '@aquamall/shared';
import { files } from '../../db/schema/index.ts';
import { ok } from '../../lib/envelope.ts';
import { caller } from '../../plugins/auth.ts';

/**
 * POST /api/file/list `{pageIndex, pageSize}` — the caller's company's uploads, newest first (a user without a
 * company sees their own). Records of other companies are never listed.
 */
export default async function fileListRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.post('/api/file/list', { preHandler: app.requireUser, schema: { body: pageQuery } }, async (request) => {
    const auth = caller(request);
    const { pageIndex, pageSize } = request.body;
    const scope = auth.companyId
      ? eq(files.companyId, auth.companyId)
      : and(isNull(files.companyId), eq(files.userId, auth.userId));
    const [rows, [total]] = await Promise.all([
      app.db
        .select()
        .from(files)
        .where(scope)
        .orderBy(desc(files.id))
        .limit(pageSize)
        .offset((pageIndex - 1) * pageSize),
      app.db.select({ n: count() }).from(files).where(scope),
    ]);
    return ok({
      list: rows.map((r) => ({
        id: r.id,
        fileRelativePath: r.path,
        fileName: r.originalName,
        size: r.size,
        mime: r.mime,
        createdAt: r.createdAt,
      })),
      total: total?.n ?? 0,
    });
  });
}
