import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { eq } from 'drizzle-orm';
import { userTwoFactor } from '../../db/schema/index.ts';
import { insertCompanyWithAdmin, insertPlatformAdmin, signIn, TEST_PASSWORD } from '../../test/factories/index.ts';
import { login } from '../../test/http.ts';

interface Operation {
  'x-permission'?: string;
  tags?: string[];
  description?: string;
  requestBody?: unknown;
  parameters?: unknown[];
  responses?: Record<string, unknown>;
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

const apiRoutes: { method: string; url: string; permission?: string }[] = [];
let t: TestApp;
let doc: Doc;

beforeAll(async () => {
  // A deployment (demo off): the document is for platform administrators only.
  t = await createTestApp({
    env: { DEMO: '0' },
    onRoute: (r) => {
      if (!(r.url.startsWith('/api/') || r.url.startsWith('/admin/api/')) || r.url.startsWith('/api/docs')) return;
      for (const method of [r.method].flat()) {
        if (method !== 'HEAD' && method !== 'OPTIONS') apiRoutes.push({ method: method.toLowerCase(), url: r.url });
      }
    },
  });
  const admin = await insertPlatformAdmin(t.database.db, { adminName: 'docsadmin', password: TEST_PASSWORD });
  const token = (await login(t.app, admin.phone)).data.authToken;
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'x-token': token } });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Doc;
});
afterAll(async () => t?.close());

/** Fastify's `/a/:id` and `/f/*` as OpenAPI writes them. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

describe('API reference', () => {
  it('is OpenAPI 3 and lists every registered /api and /admin/api route', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(apiRoutes.length).toBeGreaterThan(50);
    const missing = apiRoutes.filter((r) => !doc.paths[openapiPath(r.url)]?.[r.method]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('shows response schemas where a route declares them', () => {
    const ready = doc.paths['/api/ready']?.get;
    expect(ready?.['x-permission']).toBe('public');
    expect(JSON.stringify(ready?.responses?.['200'])).toContain('"migrations"');
    expect(JSON.stringify(ready?.responses?.['503'])).toContain('draining');
  });

  it('gives every operation its permission, and request schemas from the zod contracts', () => {
    const login = doc.paths['/api/appuser/login']?.post;
    expect(login?.['x-permission']).toBe('public');
    expect(login?.description).toContain('Permission: `public`');
    expect(JSON.stringify(login?.requestBody)).toContain('"account"');
    expect(login?.tags).toEqual(['appuser']);
    const adminPath = Object.keys(doc.paths).find((p) => p.startsWith('/admin/api/'))!;
    for (const op of Object.values(doc.paths[adminPath]!)) expect(op['x-permission']).toBe('admin');
    expect(doc.paths['/api/wxoaqrcodesocket']?.get?.description).toContain('WebSocket');
    for (const ops of Object.values(doc.paths)) {
      for (const op of Object.values(ops)) expect(op['x-permission']).toMatch(/\w/);
    }
  });

  it('hides the document from a platform administrator who still owes the mandatory two-step enrolment', async () => {
    const admin = await insertPlatformAdmin(t.database.db, { adminName: 'docsunenrolled' });
    await t.database.db.delete(userTwoFactor).where(eq(userTwoFactor.userId, admin.id));
    const { token } = await signIn(t.database.db, admin);
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'x-token': token } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('openapi');
  });

  it('hides the document from visitors and company users outside demo mode, not the page', async () => {
    const user = await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { password: TEST_PASSWORD } });
    const userToken = (await login(t.app, user.user.phone)).data.authToken;
    for (const headers of [{}, { 'x-token': userToken }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404 });
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toMatch(/getItem\(["']token["']\)/);
  });
});

describe('API reference in demo mode', () => {
  it('is public', async () => {
    const demo = await createTestApp({ env: { DEMO: '1' } });
    try {
      const res = await demo.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      expect((res.json() as Doc).paths['/api/ready']?.get).toBeTruthy();
    } finally {
      await demo.close();
    }
  });
});

describe('permission declared by a route', () => {
  it('appears as x-permission when a route sets config.permission', async () => {
    const { permissionOf } = await import('./docs.ts');
    // The lead's route descriptors declare FastifyContextConfig.permission; read through a plain object here.
    const declared = { permission: 'order:create' };
    expect(permissionOf({ url: '/api/x', config: declared })).toBe('order:create');
    expect(permissionOf({ url: '/api/x', config: {} })).toBe('unspecified');
    expect(permissionOf({ url: '/admin/api/x' })).toBe('admin');
    // Routes registered from a shared endpoint descriptor carry its access.
    const company = { endpoint: { access: { kind: 'company', permissions: ['role:edit', 'role:view'], gate: 'member' } } };
    expect(permissionOf({ url: '/api/role/save', config: company })).toBe('company (permission role:edit | role:view; gate member)');
    expect(permissionOf({ url: '/api/me', config: { endpoint: { access: { kind: 'user' } } } })).toBe('signed-in');
    expect(permissionOf({ url: '/api/site', config: { endpoint: { access: { kind: 'public' } } } })).toBe('public');
  });
});
