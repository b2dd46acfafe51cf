import fs from 'node:fs';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, isRawResponse, type Endpoint } from '@aquamall/shared/endpoints';
import { endpointTableSource } from '@aquamall/shared/endpoints/table-source';
import { droppedKeys } from './lib/answer-serializer.ts';
import { createTestApp, type TestApp } from './test/app.ts';

/**
 * Routes still registered by hand while issue 9 moves them onto descriptors. This list only shrinks: the test
 * fails when a route here gets a descriptor (remove it) and when a route outside it has none.
 */
const PENDING = new Set<string>([
  'GET /api/ping',
  'GET /metrics',
  'GET /api/ready',
  'POST /api/appuser/bindemail',
  'POST /api/user/invitations',
  'POST /api/user/revokeinvite',
  'POST /api/appuser/acceptinvite',
  'GET /api/site/features',
  'GET /admin/api/certification/contract/:id',
  'GET /admin/api/certification/detail/:id',
  'GET /admin/api/merchant/detail/:id',
  'GET /api/ImgVerificationCode',
  'GET /api/appuser/loginuserinfo',
  'GET /api/appuser/security',
  'GET /api/appuser/sessions',
  'GET /api/appuser/wtcWxlogin',
  'GET /api/bank/account',
  'GET /api/certification/contract',
  'GET /api/certification/detail',
  'GET /api/dev/captcha',
  'GET /api/dev/outbox',
  'GET /api/health',
  'GET /api/member/info',
  'GET /api/merchant/application',
  'GET /api/store/products',
  'GET /api/store/settings',
  'GET /api/wx/callback',
  'GET /api/wx/getwxoaqrcode/:id',
  'GET /api/wx/sandbox/scan',
  'GET /api/wxoaqrcodesocket',
  'GET /dev/outbox',
  'GET /f/*',
  'POST /UploadHandler.ashx',
  'POST /admin/api/certification/approve',
  'POST /admin/api/certification/list',
  'POST /admin/api/certification/reject',
  'POST /admin/api/member/upgrade/confirm',
  'POST /admin/api/member/upgrade/list',
  'POST /admin/api/member/upgrade/reject',
  'POST /admin/api/merchant/approve',
  'POST /admin/api/merchant/list',
  'POST /admin/api/merchant/reject',
  'POST /api/appuser/endsessions',
  'POST /api/appuser/forgetpwd',
  'POST /api/appuser/login',
  'POST /api/appuser/loginbyemail',
  'POST /api/appuser/loginbyphone',
  'POST /api/appuser/logincaptcha',
  'POST /api/appuser/logout',
  'POST /api/appuser/modifypwd',
  'POST /api/appuser/modifyuserinfo',
  'POST /api/appuser/originregister',
  'POST /api/appuser/registerdetail',
  'POST /api/appuser/replacecellphone',
  'POST /api/appuser/sendcode',
  'POST /api/appuser/sendemailcode',
  'POST /api/appuser/wxbind',
  'POST /api/appuser/wxunbind',
  'POST /api/bank/account/save',
  'POST /api/bank/account/send',
  'POST /api/bank/account/verify',
  'POST /api/certification/sign',
  'POST /api/certification/submit',
  'POST /api/file/list',
  'POST /api/member/upgrade',
  'POST /api/merchant/application/save',
  'POST /api/merchant/application/submit',
  'POST /api/store/settings/save',
  'POST /api/user/disable',
  'POST /api/user/invite',
  'POST /api/user/list',
  'POST /api/user/update',
  'POST /api/wx/callback',
  'POST /api/wx/sandbox/scan',
  'POST /file/upload',
]);

const key = (method: string, url: string) => `${method} ${url}`;

/** The API reference's own pages, registered by @fastify/swagger-ui (they describe the API, they are not in it). */
const isDocsPage = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

describe('API contract: every route is declared once in packages/shared/src/endpoints', () => {
  const routes: RouteOptions[] = [];
  let t: TestApp;
  beforeAll(async () => {
    // No built web app: its static files would register as routes of their own.
    t = await createTestApp({ env: { WEB_DIST: '/nonexistent-web-dist' }, onRoute: (r) => void routes.push(r) });
  });
  afterAll(async () => t?.close());

  const registered = () =>
    routes
      .filter((r) => !isDocsPage(r.url))
      .flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD').map((m) => ({ m, r })));

  it('every route comes from a descriptor with a response schema, or is still pending', () => {
    const missing: string[] = [];
    const noSchema: string[] = [];
    const nowDeclared: string[] = [];
    for (const { m, r } of registered()) {
      const e = (r.config as { endpoint?: Endpoint } | undefined)?.endpoint;
      const k = key(m, r.url);
      if (!e) {
        if (!PENDING.has(k)) missing.push(k);
        continue;
      }
      if (PENDING.has(k)) nowDeclared.push(k);
      if (!isRawResponse(e.response) && !(r.schema as { response?: unknown } | undefined)?.response) noSchema.push(k);
    }
    expect(missing, 'routes without a descriptor').toEqual([]);
    expect(noSchema, 'routes without a response schema').toEqual([]);
    expect(nowDeclared, 'declared now: remove from PENDING').toEqual([]);
  });

  it('every descriptor is registered exactly once, at its own method and path', () => {
    const counts = new Map<Endpoint, number>();
    for (const { m, r } of registered()) {
      const e = (r.config as { endpoint?: Endpoint } | undefined)?.endpoint;
      if (!e) continue;
      expect(key(m, r.url)).toBe(key(e.method, e.path));
      counts.set(e, (counts.get(e) ?? 0) + 1);
    }
    const wrong = Object.entries(endpoints)
      .filter(([, e]) => counts.get(e) !== 1)
      .map(([name, e]) => `${name} (${counts.get(e) ?? 0}x)`);
    expect(wrong).toEqual([]);
  });

  it('pending routes still exist (the list cannot hide deleted routes)', () => {
    const all = new Set(registered().map(({ m, r }) => key(m, r.url)));
    expect([...PENDING].filter((k) => !all.has(k))).toEqual([]);
  });
});

it('the web\'s endpoint table is up to date (run `npm run gen:endpoints`)', () => {
  const file = path.resolve(import.meta.dirname, '../../../packages/shared/src/endpoints/table.gen.ts');
  expect(fs.readFileSync(file, 'utf8')).toBe(endpointTableSource());
});

describe('answer serializer', () => {
  it('finds keys a schema would drop, nested in objects and lists', () => {
    expect(droppedKeys({ a: 1, b: { c: 2, d: 3 }, l: [{ x: 1, y: 2 }] }, { a: 1, b: { c: 2 }, l: [{ x: 1 }] })).toEqual([
      'data.b.d',
      'data.l[0].y',
    ]);
    expect(droppedKeys({ a: 1 }, { a: 1 })).toEqual([]);
  });

  it('refuses an answer missing from the schema in tests, and error envelopes pass untouched', async () => {
    const { answerSerializer } = await import('./lib/answer-serializer.ts');
    const { z } = await import('zod');
    const schema = z.object({ code: z.literal(0), message: z.string(), data: z.object({ a: z.number() }) });
    const strict = answerSerializer(true) as unknown as (s: { schema: unknown; method: string; url: string }) => (p: unknown) => string;
    const lax = answerSerializer(false) as unknown as typeof strict;
    const s = strict({ schema, method: 'GET', url: '/x' });
    expect(s({ code: 0, message: '', data: { a: 1 } })).toBe('{"code":0,"message":"","data":{"a":1}}');
    expect(() => s({ code: 0, message: '', data: { a: 1, secret: 'x' } })).toThrow(/secret/);
    expect(() => s({ code: 0, message: '', data: { a: 'no' } })).toThrow(/response schema/);
    expect(lax({ schema, method: 'GET', url: '/x' })({ code: 0, message: '', data: { a: 1, secret: 'x' } })).toBe(
      '{"code":0,"message":"","data":{"a":1}}',
    );
    expect(s({ code: 2, message: '参数错误', data: null })).toBe('{"code":2,"message":"参数错误","data":null}');
  });
});
