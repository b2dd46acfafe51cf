import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies, merchantApplications } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { seedDemoApplications } from './demo.ts';
import { signedInCompanyAdmin } from '../../test/factories/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('demo applications', () => {
  it('gives seeded pending and rejected companies an application, once', async () => {
    const pending = await signedInCompanyAdmin(t.database.db);
    const rejected = await signedInCompanyAdmin(t.database.db);
    await t.database.db.update(companies).set({ merchantStatus: 1 }).where(eq(companies.id, pending.companyId));
    await t.database.db.update(companies).set({ merchantStatus: 2 }).where(eq(companies.id, rejected.companyId));
    expect(await seedDemoApplications(t.database.db)).toBe(2);
    expect(await seedDemoApplications(t.database.db)).toBe(0);
    const [r] = await t.database.db.select().from(merchantApplications).where(eq(merchantApplications.companyId, rejected.companyId));
    expect(r).toMatchObject({ status: 2 });
    expect(r!.rejectReason).toBeTruthy();
  });
});
