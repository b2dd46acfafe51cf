import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import JSZip from 'jszip';
import ExcelJS from 'exceljs';
import { Code, OrderStatus, type AdminPrivacyRow, type Paged, type PrivacyRequestView } from '@aquamall/shared';
import * as schema from '../../db/schema/index.ts';
import { auditLogs, creditAccounts, creditLedger, messages, documentHistory, orders, personalDataRequests, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { login } from '../../test/http.ts';
import {
  advanceOrder,
  api,
  insertUser,
  lastCode,
  makeCompletedOrder,
  makeOnSaleProduct,
  makeOrder,
  makePurchaser,
  makeSupplier,
  signedInPlatformAdmin,
  signIn,
  TEST_PASSWORD,
} from '../../test/factories/index.ts';
import { hashPassword } from '../../lib/password.ts';
import { recordAudit } from '../audit/record.ts';
import { ANON_NAME, COVERED_COLUMNS, NOT_PERSONAL, PERSONAL_COLUMN } from './coverage.ts';
import { runDueJobs } from '../jobs/runner.ts';
import { scheduleJob } from '../jobs/schedule.ts';
import { EXPORT_JOB, MSG_LAST_ADMIN } from './requests.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
let admin: Awaited<ReturnType<typeof signedInPlatformAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  admin = await signedInPlatformAdmin(db());
});
afterAll(async () => t?.close());
const db = () => t.database.db;
const rows = async <T,>(q: Promise<unknown>) => ((await q) as { rows: T[] }).rows;

/** Test users are made without a usable password; deletion asks for it. */
async function withPassword<U extends { id: number }>(u: U): Promise<U> {
  await db().update(users).set({ passwordHash: await hashPassword(TEST_PASSWORD) }).where(eq(users.id, u.id));
  return u;
}
const download = (token: string, id: number) => t.app.inject({ method: 'GET', url: `/api/privacy/download/${id}`, headers: { 'x-token': token } });
const adminList = async (body: object) => (await http.post<Paged<AdminPrivacyRow>>(admin.token, '/admin/api/privacy/list', body)).data;

describe('personal-data columns', () => {
  it('every column named like a name, phone, e-mail, picture or WeChat id is anonymised or explained', () => {
    const found: string[] = [];
    for (const value of Object.values(schema)) {
      if (!is(value, PgTable)) continue;
      const cfg = getTableConfig(value);
      for (const c of cfg.columns) {
        // Columns are declared in camelCase; the database names are snake_case (the schema's casing).
        const name = c.name.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);
        if (!/^(varchar|text|jsonb)/.test(c.getSQLType())) continue;
        if (PERSONAL_COLUMN.test(name)) found.push(`${cfg.name}.${name}`);
      }
    }
    const known = new Set([...COVERED_COLUMNS, ...Object.keys(NOT_PERSONAL)]);
    expect(found.filter((c) => !known.has(c))).toEqual([]);
    // …and no stale entries: each listed column exists.
    expect([...known].filter((c) => !found.includes(c))).toEqual([]);
    expect(COVERED_COLUMNS.filter((c) => c in NOT_PERSONAL)).toEqual([]);
  });
});

describe('export (下载我的数据)', () => {
  it("holds the person's profile, role, sessions, sign-ins, messages, addresses, orders — nothing of another user or company", async () => {
    const seller = await makeSupplier(db(), '导出供应商');
    const me = await makePurchaser(db(), '导出采购商');
    const other = await makePurchaser(db(), '别家采购商');
    await db().update(users).set({ realName: '导出本人' }).where(eq(users.id, me.id));
    const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 88, stock: 100 }] });
    const order = await makeOrder(db(), me, seller.id, [{ skuId: skuIds[0]!, quantity: 1 }]);
    await makeOrder(db(), other, seller.id, [{ skuId: skuIds[0]!, quantity: 1 }]);
    const added = await http.post(me.token, '/api/address/create', { receiver: '收货人甲', phone: '13912340000', area: [110000, 110100, 110101], detail: '长安街1号', isDefault: true });
    expect(added.code).toBe(0);
    await db().insert(messages).values({ companyId: me.companyId, userId: me.id, type: 'system', title: '给本人的消息' });
    await db().insert(messages).values({ companyId: other.companyId, userId: other.id, type: 'system', title: '给别人的消息' });

    const res = await http.post<PrivacyRequestView>(me.token, '/api/privacy/export', {});
    expect(res).toMatchObject({ code: 0, data: { kind: 'export', status: 1, downloadable: true } });
    expect(await http.post(me.token, '/api/privacy/export', {})).toMatchObject({ code: 0 });

    const file = await download(me.token, res.data.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/zip');
    const zip = await JSZip.loadAsync(file.rawPayload);
    const json = await zip.file('personal-data.json')!.async('string');
    const data = JSON.parse(json);
    expect(data.profile).toMatchObject({ id: me.id, phone: me.phone, realName: '导出本人' });
    expect(data.profile.passwordHash).toBeUndefined();
    expect(data.company).toMatchObject({ id: me.companyId, name: '导出采购商', isCompanyAdmin: true });
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.orders.map((o: { orderNo: string }) => o.orderNo)).toEqual([order.orderNo]);
    expect(data.addresses).toMatchObject([{ receiver: '收货人甲', phone: '13912340000' }]);
    expect(data.messages.map((m: { title: string }) => m.title)).toContain('给本人的消息');
    expect(data.auditTrail.map((a: { action: string }) => a.action)).toContain('privacy.export.request');
    expect(json).not.toContain(other.phone);
    expect(json).not.toContain('别家采购商');
    expect(json).not.toContain('给别人的消息');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await zip.file('personal-data.xlsx')!.async('nodebuffer') as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(expect.arrayContaining(['个人资料', '登录记录', '站内消息', '收货地址']));

    // Only the owner downloads it; an expired one is refused.
    expect((await download(other.token, res.data.id)).json()).toMatchObject({ code: Code.NOT_FOUND });
    expect((await t.app.inject({ method: 'GET', url: `/api/privacy/download/${res.data.id}` })).json().code).toBe(Code.LOGIN_EXPIRED);
    const audits = await db().select().from(auditLogs).where(and(eq(auditLogs.actorUserId, me.id), eq(auditLogs.targetId, String(res.data.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['privacy.export.download', 'privacy.export.request']);
    await db().update(personalDataRequests).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(personalDataRequests.id, res.data.id));
    expect((await download(me.token, res.data.id)).json()).toMatchObject({ code: Code.CONFLICT, message: expect.stringContaining('已过期') });
    const mine = await http.get<PrivacyRequestView[]>(me.token, '/api/privacy/requests');
    expect(mine.data.find((r) => r.id === res.data.id)).toMatchObject({ downloadable: false });
    expect(mine.data.every((r) => r.kind === 'export')).toBe(true);
  });
});

describe('export by the job runner (large accounts)', () => {
  it('a pending export job builds the archive, marks the request done and tells the user', async () => {
    const me = await makePurchaser(db(), '任务导出采购商');
    const now = new Date();
    const [row] = await db()
      .insert(personalDataRequests)
      .values({ userId: me.id, companyId: me.companyId, kind: 'export', deadlineAt: new Date(now.getTime() + 10 * 86_400_000) })
      .returning();
    await scheduleJob(db(), EXPORT_JOB, row!.id, now);
    expect((await http.get<PrivacyRequestView[]>(me.token, '/api/privacy/requests')).data).toMatchObject([{ id: row!.id, status: 0, downloadable: false }]);
    expect((await download(me.token, row!.id)).json()).toMatchObject({ code: Code.CONFLICT, message: '数据尚未生成，请稍后再试' });
    await runDueJobs(db(), new Date(now.getTime() + 1000));
    expect((await http.get<PrivacyRequestView[]>(me.token, '/api/privacy/requests')).data).toMatchObject([{ id: row!.id, status: 1, downloadable: true }]);
    const zip = await JSZip.loadAsync((await download(me.token, row!.id)).rawPayload);
    expect(JSON.parse(await zip.file('personal-data.json')!.async('string')).profile.id).toBe(me.id);
    const [msg] = await db().select().from(messages).where(and(eq(messages.userId, me.id), eq(messages.type, 'privacy')));
    expect(msg).toMatchObject({ title: '您的个人数据已可下载' });
  });
});

describe('deletion (注销账号)', () => {
  it('is refused with a reason: wrong password, last administrator with members, open orders', async () => {
    const seller = await makeSupplier(db(), '注销拒绝供应商');
    const buyer = await withPassword(await makePurchaser(db(), '注销拒绝采购商'));
    expect(await http.post(buyer.token, '/api/privacy/delete', { password: 'wrong-one' })).toMatchObject({ code: Code.INVALID, message: '密码错误' });
    const member = await withPassword(await signIn(db(), await insertUser(db(), { companyId: buyer.companyId })));
    expect(await http.post(buyer.token, '/api/privacy/delete', { password: TEST_PASSWORD })).toMatchObject({ code: Code.CONFLICT, message: MSG_LAST_ADMIN });
    const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 10, stock: 100 }] });
    await makeOrder(db(), { companyId: buyer.companyId, id: member.id }, seller.id, [{ skuId: skuIds[0]!, quantity: 1 }]);
    expect(await http.post(member.token, '/api/privacy/delete', { password: TEST_PASSWORD })).toMatchObject({
      code: Code.CONFLICT,
      message: '您还有1笔未完成的订单，请待订单完成或取消后再申请注销',
    });
    expect(await db().$count(personalDataRequests, eq(personalDataRequests.userId, member.id))).toBe(0);
  });

  it('anonymises every covered column, ends sessions, keeps totals and ledgers; the user can no longer sign in', async () => {
    const seller = await makeSupplier(db(), '注销供应商');
    const buyer = await withPassword(await makePurchaser(db(), '注销采购商'));
    const name = '注销测试人乙';
    await db().update(users).set({ realName: name, email: 'leaver@example.com', avatar: '/f/a.png', wechatOpenId: 'wx-leaver' }).where(eq(users.id, buyer.id));
    const person = { ...buyer, realName: name };
    const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 120, stock: 100 }] });
    const done = await makeCompletedOrder(db(), person, seller, [{ skuId: skuIds[0]!, quantity: 2 }]);
    await db().update(orders).set({ address: sql`address || jsonb_build_object('receiver', ${name}::text, 'phone', ${buyer.phone}::text)` }).where(eq(orders.id, done.id));
    await recordAudit(db(), { userId: buyer.id, ip: '1.2.3.4' }, { action: 'setting.save', targetType: 't', targetId: 1 });
    const [account] = await db()
      .insert(creditAccounts)
      .values({ buyerCompanyId: buyer.companyId, buyerCompanyName: '注销采购商', sellerCompanyId: seller.id, sellerCompanyName: '注销供应商' })
      .returning();
    await db().insert(creditLedger).values([
      { accountId: account!.id, kind: 1, balanceDelta: '300.00', createdBy: buyer.id, createdByName: name },
      { accountId: account!.id, kind: 2, balanceDelta: '-120.50', createdBy: seller.admin.id, createdByName: '供应商管理员' },
    ]);
    const sums = async () =>
      (
        await rows<Record<string, unknown>>(db().execute(sql`SELECT
          (SELECT coalesce(sum(total_amount), 0)::text FROM orders WHERE buyer_company_id = ${buyer.companyId}) AS orders,
          (SELECT coalesce(sum(balance_delta), 0)::text FROM credit_ledger WHERE account_id = ${account!.id}) AS ledger,
          (SELECT count(*)::int FROM audit_logs) AS audits`))
      )[0];
    const before = await sums();

    const req = await http.post<PrivacyRequestView>(buyer.token, '/api/privacy/delete', { password: TEST_PASSWORD });
    expect(req).toMatchObject({ code: 0, data: { kind: 'delete', status: 0 } });
    expect(await http.post(buyer.token, '/api/privacy/delete', { password: TEST_PASSWORD })).toMatchObject({ code: Code.CONFLICT, message: '您已提交注销申请，请等待平台处理' });
    const listed = await adminList({ kind: 'delete', status: 0 });
    expect(listed.list.find((r) => r.id === req.data.id)).toMatchObject({ daysLeft: 10, overdue: false, userName: name, companyName: '注销采购商' });
    // Only the platform sees the console list.
    expect((await http.post(buyer.token, '/admin/api/privacy/list', {})).code).not.toBe(0);

    const executed = await http.post<AdminPrivacyRow>(admin.token, '/admin/api/privacy/execute', { id: req.data.id });
    expect(executed).toMatchObject({ code: 0, data: { status: 1, userName: ANON_NAME, daysLeft: null } });
    expect(await http.post(admin.token, '/admin/api/privacy/execute', { id: req.data.id })).toMatchObject({ code: Code.CONFLICT });

    const [u] = await db().select().from(users).where(eq(users.id, buyer.id));
    expect(u).toMatchObject({ realName: ANON_NAME, nickName: '', email: null, avatar: '', wechatOpenId: null, passwordHash: '', disabled: true, companyId: buyer.companyId });
    expect(u!.phone).not.toBe(buyer.phone);
    // No covered column still holds the person's name, phone or e-mail anywhere.
    // (The sandbox outbox keeps the one text telling the person the deletion is done; a real SMS is not stored.)
    const told = sql`FROM sandbox_outbox WHERE target IN (${buyer.phone}, 'leaver@example.com')`;
    const outbox = await rows<{ channel: string; body: string }>(db().execute(sql`SELECT channel, body ${told} ORDER BY channel`));
    expect(outbox).toEqual([
      { channel: 'email', body: expect.stringContaining('您的账号已注销') },
      { channel: 'sms', body: expect.stringContaining('您的账号已注销') },
    ]);
    await db().execute(sql`DELETE ${told}`);
    for (const col of COVERED_COLUMNS) {
      const [table, column] = col.split('.') as [string, string];
      const hits = await rows<{ n: number }>(db().execute(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)}::text LIKE ${`%${buyer.phone}%`}
          OR ${sql.identifier(column)}::text LIKE ${`%${name}%`} OR ${sql.identifier(column)}::text LIKE '%leaver@example.com%'`,
      ));
      expect([col, hits[0]!.n]).toEqual([col, 0]);
    }
    const [o] = await db().select().from(orders).where(eq(orders.id, done.id));
    expect(o).toMatchObject({ buyerUserName: ANON_NAME, buyerCompanyName: '注销采购商', address: { receiver: ANON_NAME, phone: '' } });
    const hist = await db().select().from(documentHistory).where(and(eq(documentHistory.docType, 'order'), eq(documentHistory.docId, done.id), eq(documentHistory.userId, buyer.id)));
    expect(hist.length).toBeGreaterThan(0);
    expect(hist.every((h) => h.userName === ANON_NAME)).toBe(true);
    const ledger = await db().select().from(creditLedger).where(eq(creditLedger.accountId, account!.id)).orderBy(creditLedger.id);
    expect(ledger.map((l) => [l.balanceDelta, l.createdByName])).toEqual([['300.00', ANON_NAME], ['-120.50', '供应商管理员']]);
    const after = await sums();
    expect({ ...after, audits: undefined }).toEqual({ ...before, audits: undefined });

    // Sessions end; the old phone and password sign in nowhere; the person was told.
    expect((await http.get(buyer.token, '/api/privacy/requests')).code).toBe(Code.LOGIN_EXPIRED);
    expect((await login(t.app, buyer.phone)).code).not.toBe(0);
    const [notice] = await db().select().from(messages).where(and(eq(messages.userId, buyer.id), eq(messages.type, 'privacy')));
    expect(notice).toMatchObject({ title: '您的账号已注销' });
    const actions = await db().select({ a: auditLogs.action }).from(auditLogs).where(eq(auditLogs.targetId, String(req.data.id)));
    expect(actions.map((a) => a.a).sort()).toEqual(['privacy.delete.execute', 'privacy.delete.request']);
  });

  it('asks accounts without a password for an SMS code to their own phone instead (the code rules of every SMS code)', async () => {
    // Test users have no usable password, like accounts that signed up by SMS or WeChat.
    const buyer = await makePurchaser(db(), '短信注销采购商');
    expect(await http.post(buyer.token, '/api/privacy/delete', {})).toMatchObject({ code: Code.INVALID, message: '请输入登录密码或短信验证码' });
    expect(await http.post(buyer.token, '/api/privacy/delete', { password: TEST_PASSWORD })).toMatchObject({ code: Code.INVALID, message: '密码错误' });
    // The code goes to the number on file, whatever number the client names; not without a session.
    expect((await http.post(null, '/api/appuser/sendcode', { purpose: 'delete' })).code).toBe(Code.LOGIN_EXPIRED);
    expect(await http.post(buyer.token, '/api/appuser/sendcode', { purpose: 'delete', phone: '13900000000' })).toMatchObject({ code: 0 });
    expect((await http.get(buyer.token, '/api/dev/outbox?target=13900000000')).data).toMatchObject({ total: 0 });
    const code = await lastCode(t.app, buyer.phone);
    // The resend interval of every SMS code applies.
    expect((await http.post(buyer.token, '/api/appuser/sendcode', { purpose: 'delete' })).code).not.toBe(0);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await http.post(buyer.token, '/api/privacy/delete', { code: wrong })).toMatchObject({ code: Code.INVALID, message: '验证码错误或已过期' });
    // A login code of the same phone proves nothing here (codes are bound to their purpose).
    const req = await http.post<PrivacyRequestView>(buyer.token, '/api/privacy/delete', { code });
    expect(req).toMatchObject({ code: 0, data: { kind: 'delete', status: 0 } });
    const [audit] = await db().select().from(auditLogs).where(and(eq(auditLogs.action, 'privacy.delete.request'), eq(auditLogs.targetId, String(req.data.id))));
    expect(audit!.after).toEqual({ proof: 'sms' });
    // Single use.
    await db().delete(personalDataRequests).where(eq(personalDataRequests.id, req.data.id));
    expect(await http.post(buyer.token, '/api/privacy/delete', { code })).toMatchObject({ code: Code.INVALID, message: '验证码错误或已过期' });
  });

  it("deletes the person's own uploads (avatar, loose files, export archives) — bytes and rows — and keeps the company's documents", async () => {
    const buyer = await withPassword(await makePurchaser(db(), '文件注销采购商'));
    const put = async (name: string, companyId: number | null = buyer.companyId) => {
      const key = `u/2026/11/${buyer.id}-${name}-${Date.now()}.png`;
      await t.app.storage.put(key, Buffer.from(`bytes of ${name}`), 'image/png');
      await db().insert(schema.files).values({ path: key, originalName: `${name}.png`, mime: 'image/png', size: 10, companyId, userId: buyer.id });
      return key;
    };
    const avatar = await put('avatar');
    const loose = await put('loose');
    const logo = await put('logo');
    const licence = await put('licence');
    await db().update(users).set({ avatar: `/f/${avatar}` }).where(eq(users.id, buyer.id));
    await db().update(schema.companies).set({ logo: `/f/${logo}` }).where(eq(schema.companies.id, buyer.companyId));
    await db().execute(sql`UPDATE companies SET address = ${`见附件 /f/${licence}`} WHERE id = ${buyer.companyId}`);
    // Another user's upload is not touched.
    const other = await makePurchaser(db(), '文件别家采购商');
    const theirs = `u/2026/11/${other.id}-theirs.png`;
    await t.app.storage.put(theirs, Buffer.from('theirs'), 'image/png');
    await db().insert(schema.files).values({ path: theirs, mime: 'image/png', size: 6, companyId: other.companyId, userId: other.id });
    const exported = await http.post<PrivacyRequestView>(buyer.token, '/api/privacy/export', {});
    const [archive] = await db().select().from(personalDataRequests).where(eq(personalDataRequests.id, exported.data.id));
    expect(await t.app.storage.get(archive!.fileKey!)).not.toBeNull();

    const req = await http.post<PrivacyRequestView>(buyer.token, '/api/privacy/delete', { password: TEST_PASSWORD });
    expect((await http.post(admin.token, '/admin/api/privacy/execute', { id: req.data.id })).code).toBe(0);

    for (const gone of [avatar, loose, archive!.fileKey!]) expect([gone, await t.app.storage.get(gone)]).toEqual([gone, null]);
    for (const kept of [logo, licence, theirs]) expect([kept, (await t.app.storage.get(kept))?.length]).toEqual([kept, expect.any(Number)]);
    const left = await db().select({ path: schema.files.path }).from(schema.files).where(eq(schema.files.userId, buyer.id));
    expect(left.map((f) => f.path).sort()).toEqual([licence, logo].sort());
    const [after] = await db().select().from(personalDataRequests).where(eq(personalDataRequests.id, exported.data.id));
    expect(after).toMatchObject({ fileKey: null, status: 1 });
    expect((await download(buyer.token, exported.data.id)).headers['content-type']).not.toMatch(/zip/);
  });

  it("rewrites the person's name, phone and e-mail inside old audit entries' before/after values", async () => {
    const buyer = await withPassword(await makePurchaser(db(), '审计注销采购商'));
    const name = '审计测试人丙';
    await db().update(users).set({ realName: name, email: 'audit-leaver@example.com' }).where(eq(users.id, buyer.id));
    const actor = { userId: admin.id, ip: '1.2.3.4' };
    await recordAudit(db(), actor, { action: 'search_synonym.update', targetType: 'user', targetId: buyer.id, before: { realName: '旧名' }, after: { realName: name, phone: buyer.phone, note: `${name}的备注` } });
    await recordAudit(db(), { userId: buyer.id, ip: '1.2.3.4' }, { action: 'partner.update', targetType: 'address', targetId: 1, after: { receiver: name, email: 'audit-leaver@example.com' } });
    // Someone else's record: the phone is theirs to lose; a namesake's name is left alone.
    await recordAudit(db(), actor, { action: 'banner.update', targetType: 'enquiry', targetId: 2, after: { contactName: name, contactPhone: buyer.phone, qty: 3 } });
    const req = await http.post<PrivacyRequestView>(buyer.token, '/api/privacy/delete', { password: TEST_PASSWORD });
    expect((await http.post(admin.token, '/admin/api/privacy/execute', { id: req.data.id })).code).toBe(0);
    const entry = async (action: string) => (await db().select().from(auditLogs).where(eq(auditLogs.action, action)))[0]!;
    expect(await entry('search_synonym.update')).toMatchObject({
      before: { realName: '旧名' },
      after: { realName: ANON_NAME, phone: ANON_NAME, note: `${name}的备注` },
    });
    expect(await entry('partner.update')).toMatchObject({ actorName: ANON_NAME, after: { receiver: ANON_NAME, email: ANON_NAME } });
    expect(await entry('banner.update')).toMatchObject({ after: { contactName: name, contactPhone: ANON_NAME, qty: 3 } });
    // Outside the anonymising transaction the JSON values stay append-only.
    await expect(db().execute(sql`UPDATE audit_logs SET after = '{}'::jsonb WHERE action = 'banner.update'`)).rejects.toThrow();
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('aquamall.anonymise', 'on', true)`);
        await tx.execute(sql`UPDATE audit_logs SET action = 'x', after = '{}'::jsonb WHERE action = 'banner.update'`);
      }),
    ).rejects.toThrow();
  });

  it('the append-only records still refuse every other change', async () => {
    await expect(db().execute(sql`UPDATE credit_ledger SET created_by_name = 'x'`)).rejects.toThrow();
    await expect(db().execute(sql`UPDATE audit_logs SET actor_name = 'x'`)).rejects.toThrow();
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('aquamall.anonymise', 'on', true)`);
        await tx.execute(sql`UPDATE credit_ledger SET balance_delta = balance_delta + 1`);
      }),
    ).rejects.toThrow();
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('aquamall.anonymise', 'on', true)`);
        await tx.execute(sql`DELETE FROM audit_logs`);
      }),
    ).rejects.toThrow();
  });
});

describe('console: 个人信息请求 against the 10-day deadline', () => {
  it('lists open requests nearest deadline first, marks overdue ones, filters, and refuses with a reason the user sees', async () => {
    const a = await withPassword(await makePurchaser(db(), '期限采购商甲'));
    const b = await withPassword(await makePurchaser(db(), '期限采购商乙'));
    const ra = (await http.post<PrivacyRequestView>(a.token, '/api/privacy/delete', { password: TEST_PASSWORD })).data;
    const rb = (await http.post<PrivacyRequestView>(b.token, '/api/privacy/delete', { password: TEST_PASSWORD })).data;
    const day = 86_400_000;
    await db().update(personalDataRequests).set({ createdAt: new Date(Date.now() - 12 * day), deadlineAt: new Date(Date.now() - 2 * day + 60_000) }).where(eq(personalDataRequests.id, rb.id));
    const open = await adminList({ status: 0 });
    const ids = open.list.map((r) => r.id);
    expect(ids.indexOf(rb.id)).toBeLessThan(ids.indexOf(ra.id));
    expect(open.list.find((r) => r.id === rb.id)).toMatchObject({ overdue: true, daysLeft: -1 });
    const overdue = await adminList({ overdue: true });
    expect(overdue.list.map((r) => r.id)).toContain(rb.id);
    expect(overdue.list.map((r) => r.id)).not.toContain(ra.id);
    expect((await adminList({ kind: 'export' })).list.every((r) => r.kind === 'export')).toBe(true);

    expect(await http.post(admin.token, '/admin/api/privacy/refuse', { id: ra.id, reason: '' })).toMatchObject({ code: Code.INVALID });
    expect(await http.post(admin.token, '/admin/api/privacy/refuse', { id: ra.id, reason: '请先结清信用账户欠款' })).toMatchObject({ code: 0, data: { status: 2 } });
    const mine = await http.get<PrivacyRequestView[]>(a.token, '/api/privacy/requests');
    expect(mine.data).toMatchObject([{ id: ra.id, status: 2, reason: '请先结清信用账户欠款' }]);
    // Another user's requests are never shown.
    expect((await http.get<PrivacyRequestView[]>(b.token, '/api/privacy/requests')).data.map((r) => r.id)).toEqual([rb.id]);
    expect((await login(t.app, a.phone)).code).toBe(0);
  });

  it("carrying out a deletion re-checks the refusals (an order opened since)", async () => {
    const seller = await makeSupplier(db(), '复查供应商');
    const buyer = await withPassword(await makePurchaser(db(), '复查采购商'));
    const r = (await http.post<PrivacyRequestView>(buyer.token, '/api/privacy/delete', { password: TEST_PASSWORD })).data;
    const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 5, stock: 10 }] });
    const o = await makeOrder(db(), buyer, seller.id, [{ skuId: skuIds[0]!, quantity: 1 }]);
    await advanceOrder(db(), o.id, { buyerUserId: buyer.id, sellerUserId: seller.admin.id }, OrderStatus.TO_PAY);
    expect(await http.post(admin.token, '/admin/api/privacy/execute', { id: r.id })).toMatchObject({ code: Code.CONFLICT, message: expect.stringContaining('未完成的订单') });
    const [u] = await db().select().from(users).where(eq(users.id, buyer.id));
    expect(u!.phone).toBe(buyer.phone);
  });
});
