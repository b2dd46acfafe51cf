import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { eq } from 'drizzle-orm';
import { userTwoFactor } from '../../db/schema/index.ts';
import { insertCompanyWithAdmin, insertPlatformAdmin, signIn, TEST_PASSWORD } from '../../test/factories/index.ts';
import { login } from '../../test/http.ts';

const TOKEN = 'scrape-token-0123456789abcdef';
let t: TestApp;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  const admin = await insertPlatformAdmin(t.database.db, { adminName: 'opsadmin', password: TEST_PASSWORD });
  const user = await insertCompanyWithAdmin(t.database.db, { company: { type: 4 }, user: { password: TEST_PASSWORD } });
  adminToken = (await login(t.app, admin.phone)).data.authToken;
  userToken = (await login(t.app, user.user.phone)).data.authToken;
});
afterAll(async () => t?.close());

const scrape = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/metrics', headers });

/** The value of one sample line, e.g. `aquamall_logins_failed_total 3`. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('/metrics', () => {
  it('is hidden from a platform administrator who still owes the mandatory two-step enrolment', async () => {
    const admin = await insertPlatformAdmin(t.database.db, { adminName: 'opsunenrolled' });
    await t.database.db.delete(userTwoFactor).where(eq(userTwoFactor.userId, admin.id));
    const { token } = await signIn(t.database.db, admin);
    const res = await scrape({ 'x-token': token });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('aquamall_');
  });

  it('is hidden from visitors, company users and wrong tokens (404 like any unknown path)', async () => {
    const callers: Record<string, string>[] = [{}, { 'x-token': userToken }, { authorization: 'Bearer wrong-token-0123456789' }, { authorization: TOKEN }];
    for (const headers of callers) {
      const res = await scrape(headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, message: '接口地址不存在' });
      expect(res.body).not.toContain('aquamall_');
    }
  });

  it('is readable with the configured bearer token and by a platform administrator', async () => {
    const callers: Record<string, string>[] = [{ authorization: `Bearer ${TOKEN}` }, { 'x-token': adminToken }];
    for (const headers of callers) {
      const res = await scrape(headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toContain('process_resident_memory_bytes');
      expect(res.body).toContain('nodejs_eventloop_lag_seconds');
      expect(res.body).toContain('aquamall_db_pool_connections{state="max"}');
    }
  });

  it('counts failed and successful logins', async () => {
    const before = (await scrape({ authorization: `Bearer ${TOKEN}` })).body;
    await login(t.app, '13900009999', 'Wrong@2026x');
    await login(t.app, '13900009999', 'Wrong@2026y');
    const after = (await scrape({ authorization: `Bearer ${TOKEN}` })).body;
    expect(sample(after, 'aquamall_logins_failed_total') - sample(before, 'aquamall_logins_failed_total')).toBe(2);
    expect(sample(after, 'aquamall_logins_succeeded_total')).toBeGreaterThanOrEqual(2);
  });

  it('labels requests by route pattern, method and status class, never by raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health?x=1' });
    await t.app.inject({ method: 'GET', url: '/f/some/unknown-picture.png' });
    await t.app.inject({ method: 'POST', url: '/api/no/such/route-123', payload: {} });
    const text = (await scrape({ authorization: `Bearer ${TOKEN}` })).body;
    expect(text).toMatch(/aquamall_http_request_duration_seconds_count\{route="\/api\/health",method="GET",status="2xx"\} [1-9]/);
    expect(text).toMatch(/aquamall_http_request_duration_seconds_count\{route="unmatched",method="POST",status="4xx"\} [1-9]/);
    expect(text).not.toContain('route-123');
    expect(text).not.toContain('unknown-picture');
  });
});
