import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@aquamall/shared';
import { opsEndpoints as e } from '@aquamall/shared/endpoints';
import { route } from '../../lib/route.ts';
import type { Database } from '../../db/client.ts';
import { httpDuration, metrics } from '../../lib/metrics.ts';
import { isConsoleReady } from '../../plugins/auth.ts';

const digest = (s: string) => crypto.createHash('sha256').update(s).digest();

/**
 * A platform administrator's x-token (one who has completed the mandatory two-step enrolment), or
 * `Authorization: Bearer <METRICS_TOKEN>` when one is configured.
 */
function mayRead(app: FastifyInstance, request: FastifyRequest): boolean {
  if (isConsoleReady(request.auth)) return true;
  const token = app.config.metricsToken;
  const header = request.headers.authorization;
  if (!token || typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  return crypto.timingSafeEqual(digest(header.slice(7).trim()), digest(token));
}

// The process's database (the last app built; one per process outside tests).
let database: Database | null = null;
metrics.gauge('aquamall_db_pool_connections', 'Database connections by state (PGlite: one connection)', ['state'], (g) => {
  if (!database) return;
  const s = database.poolStats();
  g.set({ state: 'total' }, s.total);
  g.set({ state: 'idle' }, s.idle);
  g.set({ state: 'waiting' }, s.waiting);
  g.set({ state: 'max' }, s.max);
});

/**
 * Prometheus metrics at GET /metrics: request rate and latency per route pattern (never the raw URL, so the
 * label set stays bounded), the database pool, process memory and event-loop lag, business counters.
 * Anyone else gets the same 404 as an unknown API path: the endpoint does not advertise itself.
 */
export default fp(async function metricsPlugin(app: FastifyInstance) {
  database = app.database;

  app.addHook('onResponse', async (request, reply) => {
    httpDuration.observe(
      {
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });

  route(app, e.metrics, async (request, reply) => {
    if (!mayRead(app, request)) return reply.code(404).send({ code: 404, message: MSG.notFound, data: null });
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.registry.metrics());
  });
});
