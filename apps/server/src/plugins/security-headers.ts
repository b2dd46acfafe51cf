import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * The Content-Security-Policy of every answer (pages, API, files, errors, 404). Scripts only from our own
 * origin (the built app has no inline script); styles also inline, because Ant Design writes its styles at
 * run time; images from our origin, data: and blob: (previews); fetch and the WeChat login WebSocket to our
 * origin only; frames only the hosts FRAME_HOSTS lists (the workbench iframecontainer); nobody may frame us.
 */
export function contentSecurityPolicy(frameHosts: readonly string[]): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': frameHosts.length ? [...frameHosts] : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/**
 * Security headers on every answer through @fastify/helmet: the CSP above, X-Frame-Options DENY, nosniff,
 * Referrer-Policy strict-origin-when-cross-origin (plus helmet's other defaults: HSTS, COOP/CORP, no
 * X-Powered-By). Routes that set their own stricter CSP (the file host /f/) keep it.
 */
export default fp(async function securityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(app.config.frameHosts) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xContentTypeOptions: true,
  });
});
