import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { auditLogs, certifications, companies } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { ageCodes, lastCode, signedInCompanyAdmin, signedInPlatformAdmin, type SignedInUser, uploadedFile } from '../../test/factories/index.ts';
import { call } from '../../test/http.ts';

let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInPlatformAdmin(t.database.db, { adminName: 'certreviewer' });
});
afterAll(async () => t?.close());

const form = async (token: string, over: Record<string, unknown> = {}) => ({
  companyName: '深圳市腾讯计算机系统有限公司',
  creditCode: '91440300708461136T',
  legalPerson: '马化腾',
  licenseImage: await uploadedFile(t.app, token),
  handlerName: '李明',
  handlerIdNo: '11010519491231002X',
  handlerPhone: '13800138000',
  ...over,
});

describe('enterprise certification', () => {
  it("refuses another company's picture or a made-up path as the licence", async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    const other = await signedInCompanyAdmin(t.database.db);
    for (const licenseImage of [await uploadedFile(t.app, other.token), 'u/2026/01/made-up.png', '../../etc/passwd']) {
      const res = await call(t.app, s.token, 'POST', '/api/certification/submit', await form(s.token, { licenseImage }));
      expect(res).toMatchObject({ code: 2, message: '营业执照图片不存在，请重新上传' });
    }
    expect((await call(t.app, s.token, 'GET', '/api/certification/detail')).data.status).toBe(0);
  });

  it('refuses a wrong credit-code check digit or ID checksum before calling the partner', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    const bad = await call(t.app, s.token, 'POST', '/api/certification/submit', await form(s.token, { creditCode: '91440300708461136U' }));
    expect(bad).toMatchObject({ code: 2, message: '统一社会信用代码不正确，请核对后重新输入' });
    const badId = await call(t.app, s.token, 'POST', '/api/certification/submit', await form(s.token, { handlerIdNo: '110105194912310021' }));
    expect(badId).toMatchObject({ code: 2, message: '经办人身份证号码不正确，请核对后重新输入' });
    const detail = await call(t.app, s.token, 'GET', '/api/certification/detail');
    expect(detail.data.status).toBe(0);
  });

  it('the real-name sandbox refuses the failing pattern: 未通过 with the reason, and the company may retry', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    const res = await call(t.app, s.token, 'POST', '/api/certification/submit', await form(s.token, { companyName: '测试失败环保有限公司' }));
    expect(res).toMatchObject({ code: 0, data: { status: 3 } });
    expect(res.data.rejectReason).toContain('实名核验未通过');
    const retry = await call(t.app, s.token, 'POST', '/api/certification/submit', await form(s.token));
    expect(retry).toMatchObject({ code: 0, data: { status: 1 } });
  });

  it('审核中 → 已认证 by the console, then signing yields a downloadable PDF; decisions are audited', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    const sub = await call(t.app, s.token, 'POST', '/api/certification/submit', await form(s.token));
    expect(sub.data.status).toBe(1);
    expect(sub.data.handlerIdNo).toBe('1101**********002X');
    const early = await call(t.app, s.token, 'POST', '/api/certification/sign/code');
    expect(early).toMatchObject({ code: 5, message: '企业认证通过后才能签署服务协议' });
    expect((await call(t.app, s.token, 'POST', '/admin/api/certification/approve', { id: sub.data.id })).code).toBe(3);
    const ok = await call(t.app, admin.token, 'POST', '/admin/api/certification/approve', { id: sub.data.id });
    expect(ok).toMatchObject({ code: 0, data: { status: 2 } });
    const again = await call(t.app, admin.token, 'POST', '/admin/api/certification/reject', { id: sub.data.id, reason: '重复' });
    expect(again.code).toBe(5);
    const [c] = await t.database.db.select().from(companies).where(eq(companies.id, s.companyId));
    expect(c).toMatchObject({ certStatus: 2, creditCode: '91440300708461136T' });

    // The signer reads the agreement (the company as party B), then confirms with a code sent to their own phone.
    const text = await call<{ parties: [string, string][]; terms: string[] }>(t.app, s.token, 'GET', '/api/certification/agreement');
    expect(text.data.parties).toContainEqual(['乙方', '深圳市腾讯计算机系统有限公司']);
    expect(text.data.terms).toHaveLength(6);
    expect(await call(t.app, s.token, 'POST', '/api/certification/sign', {})).toMatchObject({ code: 2, message: '请输入短信验证码' });
    expect((await call(t.app, s.token, 'POST', '/api/certification/sign/code')).code).toBe(0);
    const code = await lastCode(t.app, s.phone);
    expect(await call(t.app, s.token, 'POST', '/api/certification/sign', { code: code === '000000' ? '111111' : '000000' })).toMatchObject({
      message: '短信验证码错误或已过期，请重新获取',
    });
    await ageCodes(t.database.db, `${s.phone}#CERT${s.companyId}`, 600);
    expect(await call(t.app, s.token, 'POST', '/api/certification/sign', { code })).toMatchObject({ message: '短信验证码错误或已过期，请重新获取' });
    expect((await call(t.app, s.token, 'GET', '/api/certification/detail')).data).toMatchObject({ contractSigned: false });
    await ageCodes(t.database.db, `${s.phone}#CERT${s.companyId}`, 600);
    expect((await call(t.app, s.token, 'POST', '/api/certification/sign/code')).code).toBe(0);
    const signed = await call(t.app, s.token, 'POST', '/api/certification/sign', { code: await lastCode(t.app, s.phone) });
    expect(signed).toMatchObject({ code: 0, data: { contractSigned: true } });
    const file = await t.app.inject({ method: 'GET', url: '/api/certification/contract', headers: { 'x-token': s.token } });
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.headers['content-disposition']).toContain('attachment');
    const pdf = await PDFDocument.load(file.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toMatch(/^Service agreement SBX-ES-/);
    // Private: not on the public file host, not to another company, but to the platform's console.
    const [row] = await t.database.db.select().from(certifications).where(eq(certifications.companyId, s.companyId));
    expect((await t.app.inject({ method: 'GET', url: `/f/${row!.contractKey}` })).statusCode).toBe(404);
    await t.app.storage.put('contracts/1/SBX-ES-legacy.pdf', file.rawPayload, 'application/pdf');
    expect((await t.app.inject({ method: 'GET', url: '/f/contracts/1/SBX-ES-legacy.pdf' })).statusCode).toBe(404);
    const other = await signedInCompanyAdmin(t.database.db);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/certification/contract', headers: { 'x-token': other.token } });
    expect(theirs.headers['content-type']).not.toContain('application/pdf');
    expect(theirs.json()).toMatchObject({ message: '服务协议尚未签署' });
    const consoleUrl = `/admin/api/certification/contract/${row!.id}`;
    expect((await t.app.inject({ method: 'GET', url: consoleUrl, headers: { 'x-token': other.token } })).json()).toMatchObject({ code: 3 });
    expect((await t.app.inject({ method: 'GET', url: consoleUrl })).json()).toMatchObject({ code: 1 });
    const byAdmin = await t.app.inject({ method: 'GET', url: consoleUrl, headers: { 'x-token': admin.token } });
    expect(byAdmin.headers['content-type']).toContain('application/pdf');
    expect(byAdmin.rawPayload.equals(file.rawPayload)).toBe(true);

    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetType, 'certification'));
    expect(audit.map((a) => a.action)).toContain('certification.approve');
    const inbox = await call(t.app, s.token, 'GET', '/api/message/list');
    expect(inbox.data.list[0].title).toBe('企业认证已通过');
  });

  it('a rejection with a reason reaches the company; it can correct and resubmit', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    const sub = await call(t.app, s.token, 'POST', '/api/certification/submit', await form(s.token));
    const rej = await call(t.app, admin.token, 'POST', '/admin/api/certification/reject', { id: sub.data.id, reason: '营业执照与企业名称不符' });
    expect(rej).toMatchObject({ code: 0, data: { status: 3, rejectReason: '营业执照与企业名称不符' } });
    const again = await call(t.app, s.token, 'POST', '/api/certification/submit', await form(s.token));
    expect(again.data.status).toBe(1);
    const detail = await call(t.app, admin.token, 'GET', `/admin/api/certification/detail/${sub.data.id}`);
    expect(detail.data.history.map((h: { action: string }) => h.action)).toEqual(['submit', 'reject', 'submit']);
    expect(detail.data.certification.handlerIdNo).toBe('11010519491231002X');
  });
});

describe('companies certified before certifications were recorded (demo data)', () => {
  it('show as certified and can sign the agreement', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    await t.database.db.update(companies).set({ certStatus: 2, creditCode: '91110108551385082Q', legalPerson: '雷军' }).where(eq(companies.id, s.companyId));
    const detail = await call(t.app, s.token, 'GET', '/api/certification/detail');
    expect(detail.data).toMatchObject({ status: 2, creditCode: '91110108551385082Q' });
    // The signer reads the agreement (the company as party B), then confirms with a code sent to their own phone.
    const text = await call<{ parties: [string, string][]; terms: string[] }>(t.app, s.token, 'GET', '/api/certification/agreement');
    expect(text.data.parties).toContainEqual(['乙方', detail.data.companyName]);
    expect(text.data.terms).toHaveLength(6);
    expect(await call(t.app, s.token, 'POST', '/api/certification/sign', {})).toMatchObject({ code: 2, message: '请输入短信验证码' });
    expect((await call(t.app, s.token, 'POST', '/api/certification/sign/code')).code).toBe(0);
    const code = await lastCode(t.app, s.phone);
    expect(await call(t.app, s.token, 'POST', '/api/certification/sign', { code: code === '000000' ? '111111' : '000000' })).toMatchObject({
      message: '短信验证码错误或已过期，请重新获取',
    });
    await ageCodes(t.database.db, `${s.phone}#CERT${s.companyId}`, 600);
    expect(await call(t.app, s.token, 'POST', '/api/certification/sign', { code })).toMatchObject({ message: '短信验证码错误或已过期，请重新获取' });
    expect((await call(t.app, s.token, 'GET', '/api/certification/detail')).data).toMatchObject({ contractSigned: false });
    await ageCodes(t.database.db, `${s.phone}#CERT${s.companyId}`, 600);
    expect((await call(t.app, s.token, 'POST', '/api/certification/sign/code')).code).toBe(0);
    const signed = await call(t.app, s.token, 'POST', '/api/certification/sign', { code: await lastCode(t.app, s.phone) });
    expect(signed).toMatchObject({ code: 0, data: { contractSigned: true } });
  });
});
