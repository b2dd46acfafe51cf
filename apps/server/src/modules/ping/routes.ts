import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope.ts';

// Serialised once: the answer is a constant.
const PONG = JSON.stringify(ok('pong'));

/**
 * GET /api/ping — a constant answer with no database, cache or session work: the bench's baseline. In a
 * cluster its `x-worker` header names the worker (1…WORKERS) that answered, so a test can see them all.
 */
export default async function pingRoutes(app: FastifyInstance) {
  const worker = cluster.worker ? String(cluster.worker.id) : undefined;
  app.get('/api/ping', (_req, reply) => {
    if (worker) reply.header('x-worker', worker);
    reply.type('application/json; charset=utf-8').send(PONG);
  });
}
