import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { and, count, eq, sql } from 'drizzle-orm';
import { Code, merchantMachine, stateMatrix, type MerchantMachineAction } from '@aquamall/shared';
import { companies, documentHistory, merchantApplications, reviewEvents } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { fullApplication, signedInCompanyAdmin, signedInPlatformAdmin, type SignedInUser } from '../../test/factories/index.ts';
import { call } from '../../test/http.ts';

/**
 * The merchant application's state table (packages/shared/src/machines/merchant.ts) walked against the endpoints:
 * every action in every state the table does not admit is refused with the table's text and changes nothing; every
 * admitted one leads to the table's state and writes one history row.
 */
let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInPlatformAdmin(t.database.db, { adminName: 'tablewalker' });
});
afterAll(async () => t?.close());
const db = () => t.database.db;

/** A supplier with a submitted application put into `state` (the company's merchant status follows). */
async function applicationIn(state: number) {
  const s = await signedInCompanyAdmin(db());
  const res = await call(t.app, s.token, 'POST', '/api/merchant/application/submit', await fullApplication(t.app, s.token));
  expect(res.code, res.message).toBe(0);
  const id = res.data.id as number;
  await db().update(merchantApplications).set({ status: state }).where(eq(merchantApplications.id, id));
  await db().update(companies).set({ merchantStatus: state }).where(eq(companies.id, s.companyId));
  return { s, id };
}

const historyCount = async (id: number) =>
  (await db().select({ n: count() }).from(documentHistory).where(and(eq(documentHistory.docType, 'merchant'), eq(documentHistory.docId, id))))[0]!.n;

async function act(action: MerchantMachineAction, s: SignedInUser, id: number) {
  switch (action) {
    case 'submit':
      return call(t.app, s.token, 'POST', '/api/merchant/application/submit', await fullApplication(t.app, s.token));
    case 'approve':
      return call(t.app, admin.token, 'POST', '/admin/api/merchant/approve', { id });
    case 'reject':
      return call(t.app, admin.token, 'POST', '/admin/api/merchant/reject', { id, reason: '状态表测试' });
  }
}

describe('merchant application state table', () => {
  for (const { action, state, allowed } of stateMatrix(merchantMachine)) {
    const name = `${action} from ${merchantMachine.label(state)}`;
    if (allowed) {
      it(`${name} leads to ${merchantMachine.label(merchantMachine.next(action, state))} with one history row`, async () => {
        const { s, id } = await applicationIn(state);
        const before = await historyCount(id);
        const res = await act(action, s, id);
        expect(res.code, res.message).toBe(0);
        const [row] = await db().select().from(merchantApplications).where(eq(merchantApplications.id, id));
        expect(row!.status).toBe(merchantMachine.next(action, state));
        expect(await historyCount(id)).toBe(before + 1);
      });
    } else {
      it(`${name} is refused with the table's text and changes nothing`, async () => {
        const { s, id } = await applicationIn(state);
        const before = await historyCount(id);
        const res = await act(action, s, id);
        expect(res).toMatchObject({ code: Code.CONFLICT, message: merchantMachine.refusal(action, state) });
        const [row] = await db().select().from(merchantApplications).where(eq(merchantApplications.id, id));
        expect(row!.status).toBe(state);
        expect(await historyCount(id)).toBe(before);
        if (action === 'submit') {
          // A draft is refused where a submission is.
          const draft = await call(t.app, s.token, 'POST', '/api/merchant/application/save', { shopName: '改名' });
          expect(draft).toMatchObject({ code: Code.CONFLICT, message: merchantMachine.refusal(action, state) });
        }
      });
    }
  }

  it('the applicant sees the history from document_history with the reviewer hidden; the console sees the account', async () => {
    const { s, id } = await applicationIn(1);
    expect((await act('reject', s, id)).code).toBe(0);
    const mine = await call(t.app, s.token, 'GET', '/api/merchant/application');
    expect(mine.data.history.map((h: { action: string }) => h.action)).toEqual(['submit', 'reject']);
    expect(mine.data.history[1]).toMatchObject({ actorName: '平台审核员', reason: '状态表测试' });
    const detail = await call(t.app, admin.token, 'GET', `/admin/api/merchant/detail/${id}`);
    expect(detail.data.history[1]).toMatchObject({ actorName: 'tablewalker', reason: '状态表测试' });
    expect(detail.data.history[0].reason).toBeNull();
  });

  it('migration 0051 copies review_events of an application into its history, once', async () => {
    const { s, id } = await applicationIn(1);
    await db().delete(documentHistory).where(and(eq(documentHistory.docType, 'merchant'), eq(documentHistory.docId, id)));
    const at = (d: number) => new Date(Date.UTC(2026, 0, d));
    await db().insert(reviewEvents).values([
      { kind: 'merchant', subjectId: id, companyId: s.companyId, action: 'submit', actorUserId: s.id, createdAt: at(1) },
      { kind: 'merchant', subjectId: id, companyId: s.companyId, action: 'reject', reason: '照片模糊', actorUserId: admin.id, createdAt: at(2) },
      { kind: 'merchant', subjectId: id, companyId: s.companyId, action: 'submit', actorUserId: s.id, createdAt: at(3) },
      { kind: 'certification', subjectId: id, companyId: s.companyId, action: 'sign', actorUserId: s.id, createdAt: at(4) },
    ]);
    const migration = readFileSync(new URL('../../../drizzle/0051_merchant_history.sql', import.meta.url), 'utf8');
    await db().execute(sql.raw(migration));
    await db().execute(sql.raw(migration));
    const rows = await db()
      .select()
      .from(documentHistory)
      .where(and(eq(documentHistory.docType, 'merchant'), eq(documentHistory.docId, id)))
      .orderBy(documentHistory.id);
    expect(rows.map((r) => [r.action, r.fromStatus, r.toStatus, r.side, r.note])).toEqual([
      ['submit', 0, 1, 2, ''],
      ['reject', 1, 2, 3, '照片模糊'],
      ['submit', 2, 1, 2, ''],
    ]);
    expect(rows[1]!.userName).toBe('tablewalker');
    const mine = await call(t.app, s.token, 'GET', '/api/merchant/application');
    expect(mine.data.history.map((h: { action: string; actorName: string }) => [h.action, h.actorName])).toEqual([
      ['submit', rows[0]!.userName],
      ['reject', '平台审核员'],
      ['submit', rows[0]!.userName],
    ]);
  });
});
