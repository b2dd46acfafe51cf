import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { RateLimitGroup } from '../config.ts';
import { failKernel, kernelErrors } from '../lib/messages.ts';
import { sharedRateLimitStore } from '../lib/rate-limit-store.ts';

export const MSG_RATE_LIMITED = kernelErrors.THROTTLED.message;

/**
 * The unauthenticated endpoints that cost something (a captcha drawn, a QR ticket, an SMS or e-mail sent,
 * a password hash computed, an upload read) and the limit group each counts against. Each route has its own
 * counter per client address; the group only names the setting (RATE_LIMIT_<GROUP>).
 */
export const RATE_LIMITED_ROUTES: readonly { method: 'GET' | 'POST'; url: string; group: RateLimitGroup }[] = [
  { method: 'GET', url: '/api/ImgVerificationCode', group: 'captcha' },
  { method: 'GET', url: '/api/wx/getwxoaqrcode/:id', group: 'qr' },
  { method: 'POST', url: '/api/appuser/sendcode', group: 'code' },
  { method: 'POST', url: '/api/appuser/sendemailcode', group: 'code' },
  { method: 'POST', url: '/api/appuser/login', group: 'login' },
  { method: 'POST', url: '/api/appuser/loginbyphone', group: 'login' },
  { method: 'POST', url: '/api/appuser/loginbyemail', group: 'login' },
  { method: 'POST', url: '/api/appuser/wxbind', group: 'login' },
  { method: 'POST', url: '/api/appuser/forgetpwd', group: 'login' },
  { method: 'POST', url: '/api/appuser/originregister', group: 'register' },
  { method: 'POST', url: '/file/upload', group: 'upload' },
  { method: 'POST', url: '/UploadHandler.ashx', group: 'upload' },
];

/**
 * @fastify/rate-limit on the routes above (DESIGN §4): counted per route and client address (request.ip, so
 * TRUST_PROXY decides whether X-Forwarded-For counts; IPv6 per /64), in Redis when REDIS_URL is set (the database
 * while Redis is down), otherwise in the database (`rate_limits`), so several instances share one limit. Checked in onRequest, before any body is
 * read. Over the limit: HTTP 429 with the envelope {code: 6, message: 操作过于频繁，请稍后再试}.
 * Must be registered before the routes.
 */
export default fp(async function rateLimitPlugin(app: FastifyInstance) {
  const { windowMs, max } = app.config.rateLimit;
  const groupOf = new Map<string, RateLimitGroup>();
  for (const r of RATE_LIMITED_ROUTES) {
    groupOf.set(`${r.method} ${r.url}`, r.group);
    if (r.method === 'GET') groupOf.set(`HEAD ${r.url}`, r.group);
  }
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const group = methods.map((m) => groupOf.get(`${m} ${route.url}`)).find(Boolean);
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
