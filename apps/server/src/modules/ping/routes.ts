import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { opsEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';

// Serialised once: the answer is a constant (a string payload with a JSON type skips the serializer).
const PONG = JSON.stringify(ok('pong'));

/**
 * GET /api/ping — a constant answer with no database, cache or session work: the bench's baseline. In a
 * cluster its `x-worker` header names the worker (1…WORKERS) that answered, so a test can see them all.
 */
export default async function pingRoutes(app: FastifyInstance) {
  const worker = cluster.worker ? String(cluster.worker.id) : undefined;
  // Sessionless like the cached public answers (decision 0086): the same hooks run for both.
  route(
    app,
    e.ping,
    async (_req, reply) => {
      if (worker) reply.header('x-worker', worker);
      return reply.type('application/json; charset=utf-8').send(PONG);
    },
    { config: { sessionless: true } },
  );
}
