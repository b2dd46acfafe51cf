import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered console route ("METHOD /admin/api/..."), for the permission test. */
    adminRouteList: string[];
  }
}

export const ADMIN_API_PREFIX = '/admin/api/';

/**
 * Every route under /admin/api/ requires a platform administrator, whoever registers it: the guard is added
 * to the route's onRequest hooks as it is registered (before body validation, so a visitor learns nothing about
 * the expected input). Register right after the auth plugin.
 */
export default fp(async function adminGuard(app: FastifyInstance) {
  app.decorate('adminRouteList', [] as string[]);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(ADMIN_API_PREFIX)) return;
    const guard = app.requirePlatformAdmin as unknown as onRequestAsyncHookHandler;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [guard, ...existing];
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) if (m !== 'HEAD') app.adminRouteList.push(`${m} ${route.url}`);
  });
});
