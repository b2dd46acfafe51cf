import type { FastifyInstance } from 'fastify';
import type { SiteFeatures } from '@aquamall/shared';
import { ok } from '../../lib/envelope.ts';
import { loginMethods } from '../../lib/providers/availability.ts';

/** GET /api/site/features: the login methods and frameable hosts of this deployment (public, no secrets). */
export default async function featuresRoutes(app: FastifyInstance) {
  app.get('/api/site/features', async (_request, reply) => {
    const features: SiteFeatures = { demo: app.config.demo, loginMethods: loginMethods(app), frameHosts: app.config.frameHosts };
    reply.header('cache-control', 'no-cache');
    return ok(features);
  });
}
