import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  MEMBER_EXPIRY_REMINDER_DAYS,
  MEMBER_GATE_MIN_LEVEL,
  MEMBER_LEVEL_NAMES,
  MEMBER_RIGHTS,
  memberGateMessage,
  memberRightsOf,
  MSG,
} from '@aquamall/shared';
import { auditLogs, companies, jobs, memberLedger, messages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { fullApplication, signedInCompanyAdmin, signedInPlatformAdmin, type SignedInUser, uploadedFile } from '../../test/factories/index.ts';
import { call } from '../../test/http.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';
import { runDueJobs } from '../jobs/runner.ts';
import { addMonths, MEMBER_JOBS } from './member.ts';

let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInPlatformAdmin(t.database.db, { adminName: 'memberdesk' });
  const bank = await call(t.app, admin.token, 'POST', '/admin/api/platform/bank', {
    accountName: '水务商城平台运营有限公司',
    bankName: '中国工商银行福州五四支行',
    accountNo: '1402 0230 0920 0088 888',
  });
  expect(bank).toMatchObject({ code: 0, data: { accountNo: '1402023009200088888' } });
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/certification/onboarding-membership.test.ts');

const supplier = () => signedInCompanyAdmin(t.database.db, { company: { type: 2 } });

describe('merchant entry entered once', () => {
  it('checks the credit code check digit and the ID check character on the server with the form’s words', async () => {
    const s = await supplier();
    const app = await fullApplication(t.app, s.token);
    const wrongCheck = await call(t.app, s.token, 'POST', '/api/merchant/application/submit', { ...app, creditCode: '91350100M000100Y44' });
    expect(wrongCheck).toMatchObject({ code: 2, message: '统一社会信用代码不正确，请核对后重新输入' });
    const badChar = await call(t.app, s.token, 'POST', '/api/merchant/application/submit', { ...app, creditCode: '91350100M000100I43' });
    expect(badChar).toMatchObject({ code: 2, message: '统一社会信用代码为18位数字或大写字母（不含I、O、S、V、Z）' });
    const cert = {
      companyName: '福州蓝源环保科技有限公司',
      creditCode: '91350100M000100Y43',
      legalPerson: '林海',
      licenseImage: await uploadedFile(t.app, s.token),
      handlerName: '李明',
      handlerPhone: '13800138000',
    };
    const wrongId = await call(t.app, s.token, 'POST', '/api/certification/submit', { ...cert, handlerIdNo: '110105194912310021' });
    expect(wrongId).toMatchObject({ code: 2, message: '经办人身份证号码不正确，请核对后重新输入' });
    const shortId = await call(t.app, s.token, 'POST', '/api/certification/submit', { ...cert, handlerIdNo: '1101051949' });
    expect(shortId).toMatchObject({ code: 2, message: '身份证号码为18位（最后一位可为X）' });
    // Nothing was recorded by the refusals.
    expect((await call(t.app, s.token, 'GET', '/api/merchant/application')).data.application.id).toBeNull();
    expect((await call(t.app, s.token, 'GET', '/api/certification/detail')).data.id).toBeNull();
    // A half-typed code is kept in a draft as typed.
    const draft = await call(t.app, s.token, 'POST', '/api/merchant/application/save', { creditCode: '91350100m0', step: 2 });
    expect(draft).toMatchObject({ code: 0, data: { creditCode: '91350100M0', step: 2 } });
  });

  it('resumes at the step the applicant reached, with what was typed', async () => {
    const s = await supplier();
    expect((await call(t.app, s.token, 'GET', '/api/merchant/application')).data.application.step).toBe(0);
    await call(t.app, s.token, 'POST', '/api/merchant/application/save', { shopType: 2, threeInOne: true, step: 2 });
    await call(t.app, s.token, 'POST', '/api/merchant/application/save', {
      shopName: '续填店铺',
      area: [350000, 350100, 350102],
      mainBusiness: '水泵',
      step: 3,
    });
    const back = (await call(t.app, s.token, 'GET', '/api/merchant/application')).data.application;
    expect(back).toMatchObject({ step: 3, shopType: 2, shopName: '续填店铺', area: [350000, 350100, 350102], mainBusiness: '水泵' });
    expect(back.areaName).toBe('福建省 福州市 鼓楼区');
  });

  it('reuses the entry licence for certification and carries main business, region and contact to the shop', async () => {
    const s = await supplier();
    const body = await fullApplication(t.app, s.token, { mainBusiness: '聚合氯化铝、聚丙烯酰胺' });
    const licence = (body.documents as { license: string[] }).license[0]!;
    const sub = await call(t.app, s.token, 'POST', '/api/merchant/application/submit', body);
    expect(sub.code).toBe(0);
    expect((await call(t.app, admin.token, 'POST', '/admin/api/merchant/approve', { id: sub.data.id })).code).toBe(0);

    const shop = (await call(t.app, s.token, 'GET', '/api/store/settings')).data;
    expect(shop).toMatchObject({
      mainBusiness: '聚合氯化铝、聚丙烯酰胺',
      contactName: '陈静',
      contactPhone: '13905910001',
      area: [350000, 350100, 350102],
      areaName: '福建省 福州市 鼓楼区',
      address: '福建省福州市鼓楼区五四路88号',
    });

    const mine = (await call(t.app, s.token, 'GET', '/api/certification/detail')).data;
    expect(mine.entryLicense).toBe(licence);
    const cert = await call(t.app, s.token, 'POST', '/api/certification/submit', {
      companyName: '福州蓝源环保科技有限公司',
      creditCode: '91350100M000100Y43',
      legalPerson: '林海',
      handlerName: '李明',
      handlerIdNo: '11010519491231002X',
      handlerPhone: '13800138000',
    });
    expect(cert).toMatchObject({ code: 0, data: { status: 1, licenseImage: licence } });
  });

  it('asks for a licence when there is none to reuse', async () => {
    const s = await supplier();
    const res = await call(t.app, s.token, 'POST', '/api/certification/submit', {
      companyName: '福州蓝源环保科技有限公司',
      creditCode: '91350100M000100Y43',
      legalPerson: '林海',
      handlerName: '李明',
      handlerIdNo: '11010519491231002X',
      handlerPhone: '13800138000',
    });
    expect(res).toMatchObject({ code: 2, message: '请上传营业执照' });
  });
});

describe('membership levels are cumulative', () => {
  it('every level holds every right of the levels below it, and the gates open at the same levels', () => {
    for (let level = 1; level <= 3; level++) {
      const lower = memberRightsOf(level - 1).map((r) => r.key);
      const mine = memberRightsOf(level).map((r) => r.key);
      for (const k of lower) expect(mine).toContain(k);
    }
    expect(memberRightsOf(2).map((r) => r.name)).toContain('销售订单详情');
    for (const right of MEMBER_RIGHTS.filter((r) => r.gate)) {
      for (let level = 0; level <= 3; level++) {
        const blocked = memberGateMessage(right.gate!, { companyType: 2, isMemberVail: 1, memberLevel: level });
        expect(blocked === null, `${right.name} at level ${level}`).toBe(level >= right.minLevel);
      }
    }
    // The gate messages stay word for word (docs/decisions/0188-onboarding-and-membership.md).
    expect(memberGateMessage('levels13', { companyType: 2, isMemberVail: 1, memberLevel: 0 })).toBe(MSG.memberLevel13);
    expect(memberGateMessage('levels23', { companyType: 2, isMemberVail: 1, memberLevel: 1 })).toBe(MSG.memberLevel23);
    expect(MSG.memberLevel13).toBe('请购买一级/三级会员');
    expect(MSG.memberLevel23).toBe('请购买二级/三级会员');
    expect(MEMBER_GATE_MIN_LEVEL).toEqual({ levels13: 1, levels23: 2 });
  });

  it('the member page lists each level with its price, term and rights', async () => {
    const s = await supplier();
    const info = (await call(t.app, s.token, 'GET', '/api/member/info')).data;
    expect(info.levels.map((l: { name: string }) => l.name)).toEqual([...MEMBER_LEVEL_NAMES]);
    expect(info.levels[2]).toMatchObject({ price: '3980.00', months: 12 });
    expect(info.levels[2].rights).toContain('销售订单详情');
    expect(info.levels[0].price).toBeNull();
    expect(info.platformBank).toMatchObject({ accountName: '水务商城平台运营有限公司' });
  });
});

async function paidOrder(s: Awaited<ReturnType<typeof supplier>>, level: number) {
  const order = await call(t.app, s.token, 'POST', '/api/member/order/create', { level });
  expect(order.code, order.message).toBe(0);
  const proof = await call(t.app, s.token, 'POST', '/api/member/order/proof', {
    id: order.data.id,
    proofFiles: [await uploadedFile(t.app, s.token)],
    transferRef: 'ICBC20261126001',
  });
  expect(proof).toMatchObject({ code: 0, data: { status: 0 } });
  return order.data as { id: number; orderNo: string; amount: string };
}

describe('buying a membership by transfer', () => {
  it('order → proof → console confirm sets level and expiry with a ledger row; a renewal extends from the expiry', async () => {
    const s = await supplier();
    const order = await call(t.app, s.token, 'POST', '/api/member/order/create', { level: 2 });
    expect(order).toMatchObject({ code: 0, data: { status: 4, targetLevel: 2, amount: '3980.00', months: 12, kind: 1 } });
    expect(order.data.orderNo).toMatch(/^HY\d{16}$/);
    // One open order at a time; not confirmable before the proof; another company's proof refused.
    expect((await call(t.app, s.token, 'POST', '/api/member/order/create', { level: 3 })).code).toBe(5);
    expect((await call(t.app, admin.token, 'POST', '/admin/api/member/upgrade/confirm', { id: order.data.id })).code).toBe(5);
    const other = await supplier();
    const stolen = await call(t.app, s.token, 'POST', '/api/member/order/proof', { id: order.data.id, proofFiles: [await uploadedFile(t.app, other.token)] });
    expect(stolen).toMatchObject({ code: 2, message: '转账凭证不存在，请重新上传' });
    expect((await call(t.app, other.token, 'POST', '/api/member/order/proof', { id: order.data.id, proofFiles: [await uploadedFile(t.app, other.token)] })).code).toBe(4);
    expect((await call(t.app, s.token, 'POST', '/api/member/order/proof', { id: order.data.id, proofFiles: [] })).message).toBe('请上传转账凭证');

    await call(t.app, s.token, 'POST', '/api/member/order/proof', { id: order.data.id, proofFiles: [await uploadedFile(t.app, s.token)] });
    // Invoice only after confirmation.
    const early = await call(t.app, s.token, 'POST', '/api/member/order/invoice', { id: order.data.id, title: '福州蓝源环保科技有限公司', taxNo: '91350100M000100Y43' });
    expect(early.code).toBe(5);

    const before = Date.now();
    const confirmed = await call(t.app, admin.token, 'POST', '/admin/api/member/upgrade/confirm', { id: order.data.id });
    expect(confirmed).toMatchObject({ code: 0, data: { status: 1 } });
    const [c] = await t.database.db.select().from(companies).where(eq(companies.id, s.companyId));
    expect(c!.memberLevel).toBe(2);
    const expiry = c!.memberExpiresAt!;
    expect(expiry.getTime()).toBeGreaterThan(addMonths(new Date(before), 12).getTime() - 60_000);
    const ledger = await t.database.db.select().from(memberLedger).where(eq(memberLedger.companyId, s.companyId));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ reason: 'confirm', fromLevel: 0, toLevel: 2, amountFen: 398000, orderId: order.data.id });
    const audit = await t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'member.upgrade.confirm'), eq(auditLogs.targetId, String(s.companyId))));
    expect(audit).toHaveLength(1);

    // Invoice: requested by the company, recorded by the console, once each.
    const inv = await call(t.app, s.token, 'POST', '/api/member/order/invoice', { id: order.data.id, title: '福州蓝源环保科技有限公司', taxNo: '91350100M000100Y44' });
    expect(inv.message).toBe('统一社会信用代码不正确，请核对后重新输入');
    const asked = await call(t.app, s.token, 'POST', '/api/member/order/invoice', { id: order.data.id, title: '福州蓝源环保科技有限公司', taxNo: '91350100M000100Y43' });
    expect(asked).toMatchObject({ code: 0, data: { invoiceStatus: 1 } });
    expect((await call(t.app, s.token, 'POST', '/api/member/order/invoice', { id: order.data.id, title: '福州蓝源环保科技有限公司', taxNo: '91350100M000100Y43' })).code).toBe(5);
    const issued = await call(t.app, admin.token, 'POST', '/admin/api/member/upgrade/invoice', { id: order.data.id, invoiceNo: '35001234' });
    expect(issued).toMatchObject({ code: 0, data: { invoiceStatus: 2, invoiceNo: '35001234' } });

    // Renewal of the same level: the new term starts at the current expiry.
    const renewal = await paidOrder(s, 2);
    expect((await call(t.app, admin.token, 'POST', '/admin/api/member/upgrade/confirm', { id: renewal.id })).code).toBe(0);
    const [after] = await t.database.db.select().from(companies).where(eq(companies.id, s.companyId));
    expect(after!.memberExpiresAt!.toISOString()).toBe(addMonths(expiry, 12).toISOString());
    expect(await t.database.db.select().from(memberLedger).where(eq(memberLedger.companyId, s.companyId))).toHaveLength(2);
    // A lower level is not sold while a higher one holds.
    expect((await call(t.app, s.token, 'POST', '/api/member/order/create', { level: 1 })).code).toBe(5);
  });

  it('another company cannot hand in, cancel or ask an invoice for an order', async () => {
    const s = await supplier();
    const order = await paidOrder(s, 1);
    const other = await supplier();
    crossCompanyCaller(other.token);
    const calls: [string, object][] = [
      ['/api/member/order/proof', { id: order.id, proofFiles: [await uploadedFile(t.app, other.token)] }],
      ['/api/member/order/cancel', { id: order.id }],
      ['/api/member/order/invoice', { id: order.id, title: '福州蓝源环保科技有限公司', taxNo: '91350100M000100Y43' }],
    ];
    for (const [url, body] of calls) expect(await call(t.app, other.token, 'POST', url, body), url).toMatchObject({ code: 4, message: '会员订单不存在' });
    const mine = await call(t.app, s.token, 'GET', '/api/member/info');
    expect(mine.data.requests.find((r: { id: number }) => r.id === order.id)).toMatchObject({ status: 0, invoiceStatus: 0 });
  });

  it('the console refuses an order with a reason; the level does not change; another order may follow', async () => {
    const s = await supplier();
    const order = await paidOrder(s, 1);
    const refused = await call(t.app, admin.token, 'POST', '/admin/api/member/upgrade/reject', { id: order.id, reason: '未查到到账记录' });
    expect(refused).toMatchObject({ code: 0, data: { status: 2 } });
    const [c] = await t.database.db.select().from(companies).where(eq(companies.id, s.companyId));
    expect(c).toMatchObject({ memberLevel: 0, memberExpiresAt: null });
    expect(await t.database.db.select().from(memberLedger).where(eq(memberLedger.companyId, s.companyId))).toHaveLength(0);
    expect((await call(t.app, s.token, 'POST', '/api/member/order/create', { level: 1 })).code).toBe(0);
  });

  it('two administrators confirming at once confirm once', async () => {
    const s = await supplier();
    const order = await paidOrder(s, 3);
    const other = await signedInPlatformAdmin(t.database.db, { adminName: 'memberdesk2' });
    const results = await Promise.all([
      call(t.app, admin.token, 'POST', '/admin/api/member/upgrade/confirm', { id: order.id }),
      call(t.app, other.token, 'POST', '/admin/api/member/upgrade/confirm', { id: order.id }),
    ]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 5]);
    expect(results.find((r) => r.code === 5)!.message).toBe('该申请已处理，请勿重复操作');
    expect(await t.database.db.select().from(memberLedger).where(eq(memberLedger.companyId, s.companyId))).toHaveLength(1);
  });

  it('reminds once, N days before the expiry, through the jobs table; the expiry returns the level to 普通会员', async () => {
    const s = await supplier();
    const order = await paidOrder(s, 1);
    await call(t.app, admin.token, 'POST', '/admin/api/member/upgrade/confirm', { id: order.id });
    const [c] = await t.database.db.select().from(companies).where(eq(companies.id, s.companyId));
    const expiry = c!.memberExpiresAt!;
    const [job] = await t.database.db.select().from(jobs).where(and(eq(jobs.kind, MEMBER_JOBS.REMIND), eq(jobs.refId, s.companyId)));
    expect(job!.runAt.getTime()).toBe(expiry.getTime() - MEMBER_EXPIRY_REMINDER_DAYS * 86_400_000);
    const reminders = () =>
      t.database.db.select().from(messages).where(and(eq(messages.companyId, s.companyId), eq(messages.type, 'member_expiry')));

    await runDueJobs(t.database.db, new Date(job!.runAt.getTime() - 60_000));
    expect(await reminders()).toHaveLength(0);
    await runDueJobs(t.database.db, new Date(job!.runAt.getTime() + 60_000));
    await runDueJobs(t.database.db, new Date(job!.runAt.getTime() + 120_000));
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.title).toMatch(/^一级会员将于\d{4}-\d{2}-\d{2}到期$/);

    await runDueJobs(t.database.db, new Date(expiry.getTime() + 60_000));
    const [gone] = await t.database.db.select().from(companies).where(eq(companies.id, s.companyId));
    expect(gone!.memberLevel).toBe(0);
    expect(await reminders()).toHaveLength(2); // the reminder, then 已到期
    const ledger = await t.database.db.select().from(memberLedger).where(eq(memberLedger.companyId, s.companyId));
    expect(ledger.map((l) => l.reason)).toEqual(['confirm', 'expire']);
  });

  it('says so when the platform has not set its account', async () => {
    const { siteSettings } = await import('../../db/schema/index.ts');
    const [saved] = await t.database.db.select().from(siteSettings).where(eq(siteSettings.key, 'platform_bank'));
    await t.database.db.delete(siteSettings).where(eq(siteSettings.key, 'platform_bank'));
    try {
      const s = await supplier();
      expect((await call(t.app, s.token, 'GET', '/api/member/info')).data.platformBank).toBeNull();
      const res = await call(t.app, s.token, 'POST', '/api/member/order/create', { level: 1 });
      expect(res).toMatchObject({ code: 5, message: '平台收款账户尚未设置，暂不能购买会员，请联系平台客服' });
    } finally {
      await t.database.db.insert(siteSettings).values(saved!);
    }
  });
});
