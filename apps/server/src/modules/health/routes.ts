import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@aquamall/shared';
import { ok } from '../../lib/envelope.ts';
import { readiness } from './checks.ts';

const NAMES = { database: '数据库', migrations: '数据库迁移', storage: '文件存储' } as const;

const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), message: z.string(), data });
const checks = z.object({ database: z.string(), migrations: z.string(), storage: z.string() });
const healthAnswer = envelope(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }));
const readyAnswer = envelope(z.object({ status: z.literal('ready'), checks }));
const unreadyAnswer = envelope(
  z.object({ status: z.enum(['unready', 'draining']), checks: checks.optional() }),
).describe('Not ready: which check failed ("ok", "failed", "timeout" or "pending N of M" per check), or draining');

/**
 * GET /api/health — liveness: the process answers; no database, no I/O (a restart is the only cure).
 * GET /api/ready — readiness for a load balancer: database, migrations, storage; 503 while draining.
 */
export default async function healthRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'public' };

  app.get('/api/health', { config, schema: { response: { 200: healthAnswer } } }, async () =>
    ok({ status: 'ok' as const, database: app.database.kind }),
  );

  app.get('/api/ready', { config, schema: { response: { 200: readyAnswer, 503: unreadyAnswer } } }, async (request, reply) => {
    if (app.lifecycle.draining) {
      return reply.code(503).send({ code: 503, message: '服务正在停止', data: { status: 'draining' as const } });
    }
    const result = await readiness(app);
    const failed = (Object.keys(result) as (keyof typeof result)[]).filter((k) => result[k] !== 'ok');
    if (failed.length === 0) return ok({ status: 'ready' as const, checks: result });
    request.log.warn({ checks: result }, 'not ready');
    return reply.code(503).send({
      code: 503,
      message: `服务未就绪：${failed.map((k) => NAMES[k]).join('、')}异常`,
      data: { status: 'unready' as const, checks: result },
    });
  });
}
