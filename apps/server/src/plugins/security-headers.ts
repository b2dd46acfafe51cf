import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

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
 * helmet's headers for fixed options, worked out once: which headers its middleware sets and removes. Nothing
 * in our options depends on the request (no nonces, no per-request directives), so every answer gets the same.
 */
export function helmetHeaders(options: HelmetOptions): { set: [string, string][]; remove: string[] } {
  const set: [string, string][] = [];
  const remove: string[] = [];
  const res = {
    setHeader: (name: string, value: unknown) => set.push([name, String(value)]),
    removeHeader: (name: string) => remove.push(name),
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return { set, remove };
}

const HSTS = 'strict-transport-security';

/**
 * Security headers on every answer through helmet: the CSP above, X-Frame-Options DENY, nosniff,
 * Referrer-Policy strict-origin-when-cross-origin (plus helmet's other defaults: COOP/CORP, no X-Powered-By, and
 * HSTS with includeSubDomains on HTTPS answers only). Routes that set their own stricter CSP (the file host /f/, the API reference) keep it: they
 * set it later, on the reply. @fastify/helmet rebuilt helmet's middleware, CSP parsing included, on every
 * request (~10 µs of CPU, decision 0086); the headers are the same, so they are computed once at start.
 */
export default fp(async function securityHeaders(app: FastifyInstance) {
  const { set, remove } = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(app.config.frameHosts) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xContentTypeOptions: true,
  });
  // HSTS tells the browser to use HTTPS for the host and its subdomains; browsers ignore it over plain HTTP
  // (RFC 6797 §8.1), so it is sent only on HTTPS: the socket's TLS, or the X-Forwarded-Proto of a proxy that
  // TRUST_PROXY names (request.protocol believes no one else).
  const hsts = set.filter(([name]) => name.toLowerCase() === HSTS);
  const always = set.filter(([name]) => name.toLowerCase() !== HSTS);
  app.addHook('onRequest', (request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of always) res.setHeader(name, value);
    if (request.protocol === 'https') for (const [name, value] of hsts) res.setHeader(name, value);
    for (const name of remove) res.removeHeader(name);
    done();
  });
});
