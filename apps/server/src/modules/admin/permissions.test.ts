import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signedInCompanyAdmin, signedInPlatformAdmin } from '../../test/factories/index.ts';

let t: TestApp;
let company: { token: string };
let admin: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  company = await signedInCompanyAdmin(t.database.db);
  admin = await signedInPlatformAdmin(t.database.db);
});
afterAll(async () => t?.close());

const fill = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*/g, 'x');

describe('console permissions', () => {
  it('knows the console routes (guard registered before the modules)', () => {
    expect(t.app.adminRouteList.length).toBeGreaterThanOrEqual(5);
    expect(t.app.adminRouteList).toContain('POST /admin/api/merchant/approve');
  });

  it('refuses EVERY /admin/api route to a visitor (code 1) and to a company user (code 3), before reading input', async () => {
    for (const route of t.app.adminRouteList) {
      const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      for (const [who, token, code] of [
        ['visitor', null, 1],
        ['company user', company.token, 3],
      ] as const) {
        const res = await t.app.inject({
          method,
          url: fill(url),
          headers: token ? { 'x-token': token } : {},
          ...(method === 'GET' ? {} : { payload: { id: 1, bogus: 'x' } }),
        });
        expect(res.statusCode, `${route} as ${who}`).toBe(200);
        expect(res.json().code, `${route} as ${who}`).toBe(code);
      }
    }
  });

  it('lets a platform administrator through', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/audit/list',
      headers: { 'x-token': admin.token },
      payload: { pageIndex: 1, pageSize: 10 },
    });
    expect(res.json().code).toBe(0);
  });

  it('the database refuses to change or delete audit entries', async () => {
    await t.database.db.execute(sql`insert into audit_logs (action, target_type) values ('test.entry', 'test')`);
    await expect(t.database.db.execute(sql`update audit_logs set action = 'x'`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from audit_logs`)).rejects.toThrow();
    const [row] = await t.database.db.select({ n: count() }).from(auditLogs).where(eq(auditLogs.action, 'test.entry'));
    expect(row!.n).toBe(1);
  });
});
