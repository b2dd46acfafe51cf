import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { endpointGroups, type Endpoint, type RateLimitGroup } from '@aquamall/shared/endpoints';
import { failKernel, kernelErrors } from '../lib/messages.ts';
import { sharedRateLimitStore } from '../lib/rate-limit-store.ts';

export const MSG_RATE_LIMITED = kernelErrors.THROTTLED.message;

/**
 * The endpoints with a rate-limit group on their descriptor (`rateLimit`, packages/shared/src/endpoints): the
 * unauthenticated endpoints that cost something (a captcha drawn, a QR ticket, an SMS or e-mail sent, a
 * password hash computed, an upload read). Each route has its own counter per client address; the group only
 * names the setting (RATE_LIMIT_<GROUP>).
 */
export const RATE_LIMITED_ROUTES: readonly { method: 'GET' | 'POST'; url: string; group: RateLimitGroup }[] = Object.values(
  endpointGroups,
).flatMap((group) =>
  Object.values(group as Record<string, Endpoint>).flatMap((e) =>
    e.rateLimit && (e.method === 'GET' || e.method === 'POST') ? [{ method: e.method, url: e.path, group: e.rateLimit }] : [],
  ),
);

/**
 * @fastify/rate-limit on the routes above (docs/product/deployment.md#several-instances): counted per route and client address (request.ip, so
 * TRUST_PROXY decides whether X-Forwarded-For counts; IPv6 per /64), in Redis when REDIS_URL is set (the database
 * while Redis is down), otherwise in the database (`rate_limits`), so several instances share one limit. Checked in onRequest, before any body is
 * read. Over the limit: HTTP 429 with the envelope {code: 6, message: 操作过于频繁，请稍后再试}.
 * Must be registered before the routes.
 */
export default fp(async function rateLimitPlugin(app: FastifyInstance) {
  const { windowMs, max } = app.config.rateLimit;
  // Routes registered from a descriptor carry it (lib/route.ts), their automatic HEAD routes too.
  app.addHook('onRoute', (route: RouteOptions) => {
    const group = (route.config as { endpoint?: Endpoint } | undefined)?.endpoint?.rateLimit;
    if (group) route.config = { ...route.config, rateLimit: { max: max[group], timeWindow: windowMs } };
  });

  await app.register(rateLimit, {
    global: false,
    hook: 'onRequest',
    // The plugin's own key: request.ip, with IPv6 addresses grouped by their /64 prefix (one customer line).
    // Redis when it answers, else the database (lib/rate-limit-store.ts): a Redis outage never stalls a request.
    store: sharedRateLimitStore(app.db, app.redis, (err) => app.log.warn({ err }, 'rate-limit prune failed')),
    errorResponseBuilder: () => failKernel('THROTTLED'),
  });
});
