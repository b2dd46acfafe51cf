import type { FastifyInstance } from 'fastify';
import { opsEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { loginMethods } from '../../lib/providers/availability.ts';

/** GET /api/site/features: the login methods and frameable hosts of this deployment (public, no secrets). */
export default async function featuresRoutes(app: FastifyInstance) {
  route(app, e.siteFeatures, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return ok({ demo: app.config.demo, loginMethods: loginMethods(app), frameHosts: app.config.frameHosts });
  });
}
