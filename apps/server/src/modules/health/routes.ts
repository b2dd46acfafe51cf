import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import { readiness } from './checks.ts';

const NAMES = { database: '数据库', migrations: '数据库迁移', storage: '文件存储' } as const;

/**
 * GET /api/health — liveness: the process answers; no database, no I/O (a restart is the only cure).
 * GET /api/ready — readiness for a load balancer: database, migrations, storage; 503 while draining.
 */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', async () => ok({ status: 'ok', database: app.database.kind }));

  app.get('/api/ready', async (request, reply) => {
    if (app.lifecycle.draining) {
      return reply.code(503).send({ code: 503, message: '服务正在停止', data: { status: 'draining' } });
    }
    const checks = await readiness(app);
    const failed = (Object.keys(checks) as (keyof typeof checks)[]).filter((k) => checks[k] !== 'ok');
    if (failed.length === 0) return ok({ status: 'ready', checks });
    request.log.warn({ checks }, 'not ready');
    return reply.code(503).send({
      code: 503,
      message: `服务未就绪：${failed.map((k) => NAMES[k]).join('、')}异常`,
      data: { status: 'unready', checks },
    });
  });
}
