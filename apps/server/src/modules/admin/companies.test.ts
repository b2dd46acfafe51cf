import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { signedInCompanyAdmin, signedInPlatformAdmin, type SignedInUser } from '../../test/factories/index.ts';
import { call } from '../../test/http.ts';

let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInPlatformAdmin(t.database.db, { adminName: 'ops1' });
});
afterAll(async () => t?.close());

describe('console: companies', () => {
  it('the dashboard counts what waits for the platform', async () => {
    const res = await call(t.app, admin.token, 'GET', '/admin/api/dashboard');
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ pendingMerchants: 0, pendingCertifications: 0, pendingUpgrades: 0 });
  });

  it('lists and searches companies', async () => {
    await signedInCompanyAdmin(t.database.db, { company: { name: '厦门清源水务有限公司' } });
    const res = await call(t.app, admin.token, 'POST', '/admin/api/company/list', { keyword: '清源', pageIndex: 1, pageSize: 10 });
    expect(res.data.total).toBe(1);
    expect(res.data.list[0].name).toBe('厦门清源水务有限公司');
  });

  it('sets the membership level and isMemberVail, audited with before and after', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    const res = await call(t.app, admin.token, 'POST', '/admin/api/company/membership', { id: s.companyId, memberLevel: 2, isMemberVail: 1 });
    expect(res.code).toBe(0);
    const detail = await call(t.app, admin.token, 'GET', `/admin/api/company/detail/${s.companyId}`);
    expect(detail.data.company).toMatchObject({ memberLevel: 2, isMemberVail: 1 });
    const [entry] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'company.membership'));
    expect(entry).toMatchObject({ actorName: 'ops1', before: { memberLevel: 0, isMemberVail: 0 }, after: { memberLevel: 2, isMemberVail: 1 } });
    const found = await call(t.app, admin.token, 'POST', '/admin/api/audit/list', { actor: 'ops', action: 'company.', pageIndex: 1, pageSize: 10 });
    expect(found.data.list.some((e: { action: string }) => e.action === 'company.membership')).toBe(true);
  });

  it('disabling a company ends its users’ sessions at once', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    expect((await call(t.app, s.token, 'GET', '/api/message/unreadcount')).code).toBe(0);
    const res = await call(t.app, admin.token, 'POST', '/admin/api/company/disable', { id: s.companyId, disabled: true, reason: '提供虚假资料' });
    expect(res).toMatchObject({ code: 0, data: { disabled: true, endedSessions: 1 } });
    expect((await call(t.app, s.token, 'GET', '/api/message/unreadcount')).code).toBe(1);
    const twice = await call(t.app, admin.token, 'POST', '/admin/api/company/disable', { id: s.companyId, disabled: true, reason: '再次' });
    expect(twice.code).toBe(5);
    const [entry] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'company.disable'));
    expect(entry!.after).toMatchObject({ disabled: true, reason: '提供虚假资料' });
  });
});
