import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { and, count, eq, sql } from 'drizzle-orm';
import { Code, merchantMachine, stateMatrix, type MerchantMachineAction } from '@aquamall/shared';
import { certifications, companies, documentHistory, merchantApplications } from '../../db/schema/index.ts';
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

/**
 * review_events as migration 0001 made it: migration 0074 dropped it, so the tests of the migrations that read it
 * (0051, 0074) make it again in this file's own database.
 */
async function createReviewEvents() {
  await db().execute(sql`CREATE TABLE review_events (
    id serial PRIMARY KEY, kind varchar(20) NOT NULL, subject_id integer NOT NULL, company_id integer NOT NULL,
    action varchar(20) NOT NULL, reason varchar(300), snapshot jsonb DEFAULT '{}'::jsonb NOT NULL,
    actor_user_id integer, created_at timestamp with time zone DEFAULT now() NOT NULL)`);
}

interface ReviewEvent {
  kind: string;
  subjectId: number;
  companyId: number;
  action: string;
  reason?: string;
  actorUserId: number | null;
  createdAt: Date;
}

async function insertReviewEvents(rows: ReviewEvent[]) {
  for (const r of rows) {
    await db().execute(sql`INSERT INTO review_events (kind, subject_id, company_id, action, reason, actor_user_id, created_at)
      VALUES (${r.kind}, ${r.subjectId}, ${r.companyId}, ${r.action}, ${r.reason ?? null}, ${r.actorUserId}, ${r.createdAt.toISOString()})`);
  }
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
    await createReviewEvents();
    await insertReviewEvents([
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
    await db().execute(sql`DROP TABLE review_events`);
  });

  it('migration 0074 moves certification and membership review_events into document_history and drops the table', async () => {
    const s = await signedInCompanyAdmin(db());
    const [cert] = await db()
      .insert(certifications)
      .values({ companyId: s.companyId, status: 2, companyName: '迁移测试公司', creditCode: '91110108551385082Q', legalPerson: '张三', licenseImage: 'uploads/x.png', handlerName: '李四', handlerIdNo: '11010519491231002X', contractKey: 'private/contracts/x.pdf' })
      .returning();
    const other = await applicationIn(1);
    const merchantRowsBefore = await historyCount(other.id);
    const at = (d: number) => new Date(Date.UTC(2026, 1, d));
    await createReviewEvents();
    const c = { kind: 'certification', subjectId: cert!.id, companyId: s.companyId };
    await insertReviewEvents([
      { ...c, action: 'verify_fail', reason: '姓名与身份证号不一致', actorUserId: s.id, createdAt: at(1) },
      { ...c, action: 'submit', actorUserId: s.id, createdAt: at(2) },
      { ...c, action: 'reject', reason: '营业执照模糊', actorUserId: admin.id, createdAt: at(3) },
      { ...c, action: 'submit', actorUserId: s.id, createdAt: at(4) },
      { ...c, action: 'approve', actorUserId: admin.id, createdAt: at(5) },
      { ...c, action: 'sign', actorUserId: s.id, createdAt: at(6) },
      { kind: 'member_upgrade', subjectId: 900001, companyId: s.companyId, action: 'reject', reason: '未收到转账', actorUserId: admin.id, createdAt: at(7) },
      { kind: 'member_upgrade', subjectId: 900002, companyId: s.companyId, action: 'approve', actorUserId: admin.id, createdAt: at(8) },
      // Copied by 0051 already: not copied again.
      { kind: 'merchant', subjectId: other.id, companyId: other.s.companyId, action: 'submit', actorUserId: other.s.id, createdAt: at(9) },
    ]);
    const migration = readFileSync(new URL('../../../drizzle/0074_review_history.sql', import.meta.url), 'utf8');
    // Its review_events statements (the rest adds a column this file's database already has).
    for (const statement of migration.split('--> statement-breakpoint').filter((st) => st.includes('review_events'))) await db().execute(sql.raw(statement));

    const regclass = (await db().execute(sql`SELECT to_regclass('review_events')::text AS t`)) as unknown as { rows: { t: string | null }[] };
    const [gone] = regclass.rows;
    expect(gone!.t).toBeNull();
    expect(await historyCount(other.id)).toBe(merchantRowsBefore);
    const history = (docType: string, docId: number) =>
      db().select().from(documentHistory).where(and(eq(documentHistory.docType, docType), eq(documentHistory.docId, docId))).orderBy(documentHistory.id);
    const rows = await history('certification', cert!.id);
    expect(rows.map((r) => [r.action, r.fromStatus, r.toStatus, r.side, r.note, r.createdAt.toISOString()])).toEqual([
      ['verify_fail', 0, 3, 2, '姓名与身份证号不一致', at(1).toISOString()],
      ['submit', 3, 1, 2, '', at(2).toISOString()],
      ['reject', 1, 3, 3, '营业执照模糊', at(3).toISOString()],
      ['submit', 3, 1, 2, '', at(4).toISOString()],
      ['approve', 1, 2, 3, '', at(5).toISOString()],
      ['sign', 2, 2, 2, '', at(6).toISOString()],
    ]);
    expect(rows[2]!.userName).toBe('tablewalker');
    expect((await history('member_upgrade', 900001)).map((r) => [r.action, r.fromStatus, r.toStatus, r.side, r.note, r.userName])).toEqual([
      ['reject', 0, 2, 3, '未收到转账', 'tablewalker'],
    ]);
    expect((await history('member_upgrade', 900002)).map((r) => [r.action, r.fromStatus, r.toStatus])).toEqual([['approve', 0, 1]]);

    // The pages show the history as they did: the console names the reviewer, the company sees 平台审核员.
    const console_ = await call(t.app, admin.token, 'GET', `/admin/api/certification/detail/${cert!.id}`);
    expect(console_.data.history.map((h: { action: string; actorName: string; reason: string | null }) => [h.action, h.actorName, h.reason])).toEqual([
      ['verify_fail', rows[0]!.userName, '姓名与身份证号不一致'],
      ['submit', rows[0]!.userName, null],
      ['reject', 'tablewalker', '营业执照模糊'],
      ['submit', rows[0]!.userName, null],
      ['approve', 'tablewalker', null],
      ['sign', rows[0]!.userName, null],
    ]);
    const mine = await call(t.app, s.token, 'GET', '/api/certification/detail');
    expect(mine.data.history.map((h: { actorName: string }) => h.actorName)).toEqual([
      rows[0]!.userName, rows[0]!.userName, '平台审核员', rows[0]!.userName, '平台审核员', rows[0]!.userName,
    ]);
  });
});
