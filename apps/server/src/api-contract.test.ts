import fs from 'node:fs';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, isRawResponse, type Endpoint } from '@aquamall/shared/endpoints';
import { endpointTableSource } from '@aquamall/shared/endpoints/table-source';
import { droppedKeys } from './lib/answer-serializer.ts';
import { createTestApp, type TestApp } from './test/app.ts';


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

  it('every route comes from a descriptor with a response schema', () => {
    const missing: string[] = [];
    const noSchema: string[] = [];
    for (const { m, r } of registered()) {
      const e = (r.config as { endpoint?: Endpoint } | undefined)?.endpoint;
      const k = key(m, r.url);
      if (!e) {
        missing.push(k);
        continue;
      }
      if (!isRawResponse(e.response) && !(r.schema as { response?: unknown } | undefined)?.response) noSchema.push(k);
    }
    expect(missing, 'routes without a descriptor').toEqual([]);
    expect(noSchema, 'routes without a response schema').toEqual([]);
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
