import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLogs, companies, messages, sandboxOutbox } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { assertCanPublishGoods } from './publish-guard.ts';
import { fullApplication, signedInCompanyAdmin, signedInPlatformAdmin, type SignedInUser, uploadedFile } from '../../test/factories/index.ts';
import { call } from '../../test/http.ts';

let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInPlatformAdmin(t.database.db, { adminName: 'reviewer1' });
});
afterAll(async () => t?.close());

const submit = async (token: string, over: Record<string, unknown> = {}) =>
  call(t.app, token, 'POST', '/api/merchant/application/submit', await fullApplication(t.app, token, over));

describe('merchant entry: submission rules', () => {
  it('refuses a submission without the agreement, with a bad check digit or missing documents, and changes nothing', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    const noAgreement = await submit(s.token, { agreement: { version: '2026.1', agreed: false } });
    expect(noAgreement.code).toBe(2);
    expect(noAgreement.message).toContain('入驻协议');
    const badCode = await submit(s.token, { creditCode: '91350100M000100Y44' });
    expect(badCode).toMatchObject({ code: 2, message: '统一社会信用代码不正确，请核对后重新输入' });
    const noProductionLicence = await submit(s.token, {
      documents: { license: ['uploads/test/x.png'], taxRegistration: ['a'], orgCode: ['b'] },
    });
    expect(noProductionLicence).toMatchObject({ code: 2, message: '请上传生产许可证' });
    const missingFile = await submit(s.token, {
      shopType: 3,
      threeInOne: true,
      documents: { license: ['uploads/test/never-uploaded.png'] },
    });
    expect(missingFile).toMatchObject({ code: 2, message: '证件图片不存在，请重新上传' });
    const mine = await call(t.app, s.token, 'GET', '/api/merchant/application');
    expect(mine.data.application.status).toBe(0);
    expect(mine.data.application.id).toBeNull();
  });

  it("refuses another company's upload or a stored file it did not upload as a document", async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    const other = await signedInCompanyAdmin(t.database.db);
    const theirs = await uploadedFile(t.app, other.token);
    const stolen = await submit(s.token, { shopType: 3, threeInOne: true, documents: { license: [theirs] } });
    expect(stolen).toMatchObject({ code: 2, message: '证件图片不存在，请重新上传' });
    // A file that exists in storage but was never uploaded by this company (e.g. a seeded picture).
    await t.app.storage.put('u/2026/01/seeded.png', Buffer.from('89504e470d0a1a0a', 'hex'), 'image/png');
    const unrecorded = await submit(s.token, { shopType: 3, threeInOne: true, documents: { license: ['/f/u/2026/01/seeded.png'] } });
    expect(unrecorded).toMatchObject({ code: 2, message: '证件图片不存在，请重新上传' });
    expect((await call(t.app, s.token, 'GET', '/api/merchant/application')).data.application.id).toBeNull();
    const mine = await submit(s.token, { shopType: 3, threeInOne: true, documents: { license: [`/f/${await uploadedFile(t.app, s.token)}`] } });
    expect(mine.code).toBe(0);
  });

  it('a draft saved while the application is being submitted never overwrites the submission', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    const full = await fullApplication(t.app, s.token, { shopName: '已提交的店铺名' });
    const { agreement: _agreement, ...draft } = full;
    const answers = await Promise.all([
      call(t.app, s.token, 'POST', '/api/merchant/application/submit', full),
      ...Array.from({ length: 30 }, () =>
        call(t.app, s.token, 'POST', '/api/merchant/application/save', { ...draft, shopName: '提交后改写的店铺名' }),
      ),
    ]);
    expect(answers[0]!.code).toBe(0);
    const mine = await call(t.app, s.token, 'GET', '/api/merchant/application');
    expect(mine.data.application).toMatchObject({ status: 1, shopName: '已提交的店铺名' });
  });

  it('asks a dealer for the brand authorisation; 三证合一 needs only the licence', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    const res = await submit(s.token, { shopType: 2, threeInOne: true });
    expect(res).toMatchObject({ code: 2, message: '请上传品牌授权书' });
  });

  it('tells a purchaser company it needs a supplier account', async () => {
    const p = await signedInCompanyAdmin(t.database.db, { company: { type: 4 } });
    const res = await submit(p.token);
    expect(res.code).toBe(3);
    expect(res.message).toContain('供应商账号');
  });

  it('records the agreement version, time and IP, and goes to 待审核', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    const res = await submit(s.token);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ status: 1, agreementVersion: '2026.1' });
    expect(res.data.agreementSignedAt).toBeTruthy();
    const again = await call(t.app, s.token, 'POST', '/api/merchant/application/save', { shopName: '改名' });
    expect(again.code).toBe(5);
    const [c] = await t.database.db.select().from(companies).where(eq(companies.id, s.companyId));
    expect(c!.merchantStatus).toBe(1);
    expect(c!.shopOpen).toBe(false);
  });
});

describe('merchant entry: review state machine', () => {
  it('cannot approve a draft', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    const draft = await call(t.app, s.token, 'POST', '/api/merchant/application/save', { shopName: '草稿店' });
    expect(draft.code).toBe(0);
    const res = await call(t.app, admin.token, 'POST', '/admin/api/merchant/approve', { id: draft.data.id });
    expect(res).toMatchObject({ code: 5, message: '申请尚未提交，不能审核' });
  });

  it('only a platform administrator decides: a company user and a visitor are refused', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    const { data } = await submit(s.token);
    expect((await call(t.app, s.token, 'POST', '/admin/api/merchant/approve', { id: data.id })).code).toBe(3);
    expect((await call(t.app, null, 'POST', '/admin/api/merchant/approve', { id: data.id })).code).toBe(1);
    const mine = await call(t.app, s.token, 'GET', '/api/merchant/application');
    expect(mine.data.application.status).toBe(1);
  });

  it('approves once: the shop opens, goods may be published, the decision is audited and notified; no double decision', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    await expect(assertCanPublishGoods(t.database.db, s.companyId)).rejects.toThrow('商家入驻审核通过后才能发布商品');
    const { data } = await submit(s.token);
    const ok = await call(t.app, admin.token, 'POST', '/admin/api/merchant/approve', { id: data.id });
    expect(ok).toMatchObject({ code: 0, data: { status: 3 } });
    const [c] = await t.database.db.select().from(companies).where(eq(companies.id, s.companyId));
    expect(c).toMatchObject({ merchantStatus: 3, shopOpen: true, shopName: '蓝源水处理旗舰店', shopType: 1 });
    await expect(assertCanPublishGoods(t.database.db, s.companyId)).resolves.toBeUndefined();

    const twice = await call(t.app, admin.token, 'POST', '/admin/api/merchant/reject', { id: data.id, reason: '再驳回' });
    expect(twice).toMatchObject({ code: 5, message: '该申请已审核，请勿重复操作' });

    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, String(data.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'merchant.approve', actorUserId: admin.id, actorName: 'reviewer1' });
    expect(audit[0]!.before).toMatchObject({ status: 1 });
    expect(audit[0]!.after).toMatchObject({ status: 3 });

    const inbox = await call(t.app, s.token, 'GET', '/api/message/list');
    expect(inbox.data.list[0]).toMatchObject({ title: '商家入驻审核已通过', type: 'merchant_review' });
    const sms = await t.database.db.select().from(sandboxOutbox).where(eq(sandboxOutbox.target, s.phone));
    expect(sms[0]!.body).toContain('商家入驻审核已通过');
  });

  it('two concurrent decisions: exactly one wins', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    const { data } = await submit(s.token);
    const [a, b] = await Promise.all([
      call(t.app, admin.token, 'POST', '/admin/api/merchant/approve', { id: data.id }),
      call(t.app, admin.token, 'POST', '/admin/api/merchant/reject', { id: data.id, reason: '资料不清晰' }),
    ]);
    expect([a.code, b.code].sort()).toEqual([0, 5]);
  });

  it('a rejected applicant sees the reason, edits and resubmits; the history keeps every step', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    const { data } = await submit(s.token);
    const rejected = await call(t.app, admin.token, 'POST', '/admin/api/merchant/reject', { id: data.id, reason: '营业执照照片模糊' });
    expect(rejected.code).toBe(0);
    const [c] = await t.database.db.select().from(companies).where(eq(companies.id, s.companyId));
    expect(c!.merchantStatus).toBe(2);
    await expect(assertCanPublishGoods(t.database.db, s.companyId)).rejects.toThrow();

    const seen = await call(t.app, s.token, 'GET', '/api/merchant/application');
    expect(seen.data.application).toMatchObject({ status: 2, rejectReason: '营业执照照片模糊' });
    // The applicant sees who decided as 平台审核员, never the reviewer's account.
    expect(seen.data.history[1]).toMatchObject({ action: 'reject', actorName: '平台审核员' });
    const inbox = await t.database.db.select().from(messages).where(eq(messages.companyId, s.companyId));
    expect(inbox[0]!.content).toContain('营业执照照片模糊');

    const again = await submit(s.token, { shopName: '蓝源水处理专营店' });
    expect(again).toMatchObject({ code: 0, data: { status: 1, shopName: '蓝源水处理专营店' } });
    const approved = await call(t.app, admin.token, 'POST', '/admin/api/merchant/approve', { id: data.id });
    expect(approved.code).toBe(0);
    const detail = await call(t.app, admin.token, 'GET', `/admin/api/merchant/detail/${data.id}`);
    expect(detail.data.history.map((h: { action: string }) => h.action)).toEqual(['submit', 'reject', 'submit', 'approve']);
    expect(detail.data.history[1]).toMatchObject({ reason: '营业执照照片模糊', actorName: 'reviewer1' });
  });

  it('lists the queue by status', async () => {
    const res = await call(t.app, admin.token, 'POST', '/admin/api/merchant/list', { status: 1, pageIndex: 1, pageSize: 50 });
    expect(res.code).toBe(0);
    expect(res.data.list.every((a: { status: number }) => a.status === 1)).toBe(true);
  });

  it('a disabled company may not publish goods', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    const { data } = await submit(s.token);
    await call(t.app, admin.token, 'POST', '/admin/api/merchant/approve', { id: data.id });
    await t.database.db.update(companies).set({ disabled: true }).where(eq(companies.id, s.companyId));
    await expect(assertCanPublishGoods(t.database.db, s.companyId)).rejects.toThrow('企业已被禁用');
  });
});

describe('merchant entry: shops opened without an application (demo data)', () => {
  it('count as approved and cannot apply again', async () => {
    const s = await signedInCompanyAdmin(t.database.db);
    await t.database.db.update(companies).set({ merchantStatus: 3, shopOpen: true, shopName: '老店', shopType: 2 }).where(eq(companies.id, s.companyId));
    const mine = await call(t.app, s.token, 'GET', '/api/merchant/application');
    expect(mine.data.application).toMatchObject({ status: 3, shopName: '老店', shopType: 2 });
    expect((await submit(s.token)).code).toBe(5);
  });
});

describe('merchant entry: who may apply', () => {
  it('a sub-user without the company:manage permission is refused, also reading the application', async () => {
    const sub = await signedInCompanyAdmin(t.database.db, { user: { isCompanyAdmin: false } });
    const res = await submit(sub.token);
    expect(res.code).toBe(3);
    expect((await call(t.app, sub.token, 'GET', '/api/merchant/application')).code).toBe(3);
  });
});
