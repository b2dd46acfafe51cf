import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi, { type FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { MSG } from '@aquamall/shared';
import { isConsoleReady } from '../../plugins/auth.ts';

export const DOCS_PREFIX = '/api/docs';

/** The access of a shared endpoint descriptor (`config.endpoint.access`, packages/shared endpoints), structurally. */
interface AccessLike {
  kind: string;
  permissions?: readonly string[];
  menus?: readonly string[];
  gate?: unknown;
}

function describeAccess(a: AccessLike): string {
  if (a.kind === 'user') return 'signed-in';
  if (a.kind !== 'company') return a.kind;
  const parts = [
    a.permissions?.length ? `permission ${a.permissions.join(' | ')}` : '',
    a.menus?.length ? `menu ${a.menus.join(' | ')}` : '',
    a.gate ? `gate ${typeof a.gate === 'string' ? a.gate : JSON.stringify(a.gate)}` : '',
  ].filter(Boolean);
  return parts.length ? `company (${parts.join('; ')})` : 'company';
}

/**
 * What a route requires: `config.permission` when given, else the access of the endpoint descriptor it was
 * registered from (`config.endpoint`); console routes are guarded as a whole; otherwise `unspecified`.
 */
export function permissionOf(route: { url: string; config?: unknown }): string {
  const config = (route.config ?? {}) as { permission?: unknown; endpoint?: { access?: AccessLike } };
  if (typeof config.permission === 'string' && config.permission) return config.permission;
  const access = config.endpoint?.access;
  if (access && typeof access.kind === 'string') return describeAccess(access);
  return route.url.startsWith('/admin/api/') ? 'admin' : 'unspecified';
}

/** The descriptor's one-line summary, when the route was registered from one. */
function summaryOf(route: { config?: unknown }): string | undefined {
  const summary = (route.config as { endpoint?: { summary?: unknown } } | undefined)?.endpoint?.summary;
  return typeof summary === 'string' && summary ? summary : undefined;
}

/** The open-platform scope a descriptor opted in with (docs/product/open-platform.md), if any. */
function apiScopeOf(route: { config?: unknown }): string | undefined {
  const scope = (route.config as { endpoint?: { apiScope?: unknown } } | undefined)?.endpoint?.apiScope;
  return typeof scope === 'string' ? scope : undefined;
}

/** How an ERP calls an opted-in operation with an API key (docs/operations.md#open-platform-signing). */
const signedExample = (method: string, url: string, scope: string) =>
  [
    `Open platform: callable with an API key holding scope \`${scope}\` (x-api-scope), signed:`,
    '```',
    `${method} ${url}`,
    'x-aqm-key: AK0123456789abcdef0123',
    'x-aqm-timestamp: 1764230400',
    'x-aqm-nonce: 3f8a1c2e9b7d4f60a1b2c3d4e5f60718',
    'x-aqm-signature: hex(HMAC-SHA256(secret, "AQM1-HMAC-SHA256\\n" + hex(SHA256(canonical))))',
    '',
    'canonical = METHOD \\n path?query \\n timestamp \\n nonce \\n hex(SHA256(body))',
    '```',
  ].join('\n');

// Swagger UI's own files are external scripts, but its stylesheet injects inline styles and it shows data: images.
// This page gets its own policy, replacing the site-wide one for /api/docs only.
const DOCS_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "frame-ancestors 'self'",
].join('; ');

/** Groups operations by their resource: /api/appuser/login → appuser, /admin/api/companies/query → admin/companies. */
export function tagOf(url: string): string {
  const admin = /^\/admin\/api\/([^/]+)/.exec(url);
  if (admin) return `admin/${admin[1]}`;
  const api = /^\/api\/([^/]+)/.exec(url);
  return api ? api[1]!.replace(/^:.*/, 'api') : 'pages and files';
}

type Interceptor = NonNullable<NonNullable<FastifySwaggerUiOptions['uiConfig']>['requestInterceptor']>;
type BrowserStore = { getItem(key: string): string | null };

/**
 * Runs in the browser (swagger-ui serialises it into its initialiser): a console user signed in on this site has
 * the token the web app stored, which opens the guarded document. Must stay self-contained.
 */
function openWithStoredToken(req: { headers: Record<string, string> }) {
  const g = globalThis as unknown as { localStorage: BrowserStore; sessionStorage: BrowserStore };
  const token = g.localStorage.getItem('token') ?? g.sessionStorage.getItem('token');
  if (token && !req.headers['x-token']) req.headers['x-token'] = token;
  return req;
}

/**
 * The API reference, generated from the routes' zod schemas (request and response) and their declared permission:
 * OpenAPI 3 at /api/docs/json, Swagger UI at /api/docs. Public in demo mode or with DOCS_PUBLIC=1; otherwise the
 * document is answered to platform administrators only (the page sends the console's stored x-token).
 * Register before the routes: the document is collected as they are added.
 */
export default fp(async function docsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'AquaMall API',
        version: '1',
        description:
          'Every answer is the envelope {code, message, data}: code 0 success, 1 login expired, others a business ' +
          'error with a Chinese message. Sign in with POST /api/appuser/login and send its authToken as x-token. ' +
          'x-permission names what a route requires (unspecified: not yet declared). ' +
          'Operations with x-api-scope also accept a signed open-platform call with a company API key ' +
          '(headers x-aqm-key, x-aqm-timestamp, x-aqm-nonce, x-aqm-signature; see docs/operations.md#open-platform-signing).',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'x-token' },
          openPlatformKey: { type: 'apiKey', in: 'header', name: 'x-aqm-key' },
        },
      },
    },
    transform: (input) => {
      // @fastify/websocket hides its routes; they are still part of the API, listed as a GET that upgrades.
      const socket = (input.route as { websocket?: boolean }).websocket === true;
      const source = socket && input.schema ? { ...input.schema, hide: false } : input.schema;
      const out = jsonSchemaTransform({ ...input, schema: source });
      const schema = { ...(out.schema ?? {}) } as Record<string, unknown>;
      if (schema.hide) return out;
      const permission = permissionOf(input.route);
      schema['x-permission'] = permission;
      const notes = [
        typeof schema.description === 'string' ? schema.description : '',
        socket ? 'WebSocket: answers the upgrade and pushes JSON messages.' : '',
        `Permission: \`${permission}\``,
      ];
      const scope = apiScopeOf(input.route);
      if (scope) {
        schema['x-api-scope'] = scope;
        notes.push(signedExample(String(input.route.method), input.url, scope));
      }
      schema.description = notes.filter(Boolean).join('\n\n');
      if (socket) schema['x-websocket'] = true;
      schema.tags ??= [tagOf(input.url)];
      const summary = summaryOf(input.route);
      if (summary && !schema.summary) schema.summary = summary;
      return { ...out, schema };
    },
  });

  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (app.config.docsPublic || isConsoleReady(request.auth)) return;
    // The page and Swagger UI's files are public code; the document itself is what is guarded.
    if (/\/(json|yaml)$/.test(request.routeOptions.url ?? '')) {
      return reply.code(404).send({ code: 404, message: MSG.notFound, data: null });
    }
  };

  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: DOCS_CSP,
    uiHooks: { onRequest: guard },
    uiConfig: {
      docExpansion: 'none',
      deepLinking: true,
      // Runs in the browser (serialised by swagger-ui): a signed-in console user's token opens the document.
      requestInterceptor: openWithStoredToken as unknown as Interceptor,
    },
  });
});
