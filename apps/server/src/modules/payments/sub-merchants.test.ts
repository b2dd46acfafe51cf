import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { OrderStatus, PayChannel, PayOrderStatus, SubMerchantStatus } from '@aquamall/shared';
import { adminPaymentEndpoints as a, paymentEndpoints as e, subMerchantEndpoints as sm } from '@aquamall/shared/endpoints';
import { auditLogs, orders, payCallbacks, payOrders, paySubMerchants } from '../../db/schema/index.ts';
import { payPartnersOf } from '../../lib/partners/pay/index.ts';
import type { PaySandbox } from '../../lib/partners/pay/sandbox.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { orderAwaitingPayment, signedInPlatformAdmin } from '../../test/factories/index.ts';
import { callEndpoint } from '../../test/http.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

/** Decision 0216: online payments pay the supplier's verified sub-merchant, never the platform. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/payments/sub-merchants.test.ts');

const db = () => t.database.db;
const sandbox = () => payPartnersOf(t.app).sandbox as PaySandbox;
const rowsOf = (companyId: number) => db().select().from(paySubMerchants).where(eq(paySubMerchants.companyId, companyId));
const payRowsOf = (orderId: number) => db().select().from(payOrders).where(eq(payOrders.orderId, orderId));

describe('a supplier without a verified sub-merchant', () => {
  it('cannot be paid online: no payment order, a Chinese reason in the channels and in the refusal', async () => {
    const s = await orderAwaitingPayment(db(), '无商户', 150, 2, { subMerchants: false });
    const ch = await callEndpoint(t.app, s.buyer.token, e.payChannels, { orderId: s.orderId });
    expect(ch.data!.channels.map((c) => [c.channel, c.available, c.reason])).toEqual([
      [1, false, '该供应商尚未开通微信支付收款（收款商户未经平台核验），请使用银行转账或账期支付'],
      [2, false, '该供应商尚未开通支付宝收款（收款商户未经平台核验），请使用银行转账或账期支付'],
    ]);
    for (const channel of [1, 2] as const) {
      const res = await callEndpoint(t.app, s.buyer.token, e.payCreate, { orderId: s.orderId, channel });
      expect(res.code).not.toBe(0);
      expect(res.message).toBe(`该供应商尚未开通${channel === 1 ? '微信支付' : '支付宝'}收款（收款商户未经平台核验），请使用银行转账或账期支付`);
    }
    expect(await payRowsOf(s.orderId)).toEqual([]);

    // Entered but not yet verified by the platform: still refused.
    const put = await callEndpoint(t.app, s.seller.admin.token, sm.subMerchantWechat, { subMchId: '1600000777' });
    expect(put.code, put.message).toBe(0);
    expect((await callEndpoint(t.app, s.buyer.token, e.payCreate, { orderId: s.orderId, channel: 1 })).message).toContain('收款商户未经平台核验');
    expect(await payRowsOf(s.orderId)).toEqual([]);
    expect((await db().select().from(orders).where(eq(orders.id, s.orderId)))[0]!.status).toBe(OrderStatus.TO_PAY);
  });
});

describe('收款设置 and the console verification', () => {
  it('the supplier enters its 特约商户号 (shown masked); only a platform administrator verifies it, audited; then the order pays the sub-merchant', async () => {
    const s = await orderAwaitingPayment(db(), '核验', 150, 2, { subMerchants: false });
    const bad = await callEndpoint(t.app, s.seller.admin.token, sm.subMerchantWechat, { subMchId: '12ab' });
    expect(bad.message).toBe('特约商户号应为8至10位数字');
    expect(await rowsOf(s.seller.id)).toEqual([]);
    // A purchaser has no 收款设置.
    expect((await callEndpoint(t.app, s.buyer.token, sm.subMerchantWechat, { subMchId: '1600000888' })).code).not.toBe(0);

    expect((await callEndpoint(t.app, s.seller.admin.token, sm.subMerchantWechat, { subMchId: '1600000888' })).code).toBe(0);
    const mine = await callEndpoint(t.app, s.seller.admin.token, sm.subMerchants);
    const wx = mine.data!.find((x) => x.channel === 1)!;
    expect(wx).toMatchObject({ status: SubMerchantStatus.SUBMITTED, subMchId: '160****888', configured: true });
    expect(JSON.stringify(mine.data)).not.toContain('1600000888');
    // Another company reads its own (nothing), never this one's.
    const other = await orderAwaitingPayment(db(), '核验他人', 150, 2, { subMerchants: false });
    const theirs = await callEndpoint(t.app, crossCompanyCaller(other.seller.admin.token), sm.subMerchants);
    expect(theirs.data!.every((x) => x.status === null)).toBe(true);

    const [row] = await rowsOf(s.seller.id);
    // Company users (supplier and purchaser) and visitors cannot verify.
    for (const token of [s.seller.admin.token, s.buyer.token, null]) {
      const res = await callEndpoint(t.app, token, a.adminSubMerchantDecide, { id: row!.id, approve: true, note: '' });
      expect(res.code).not.toBe(0);
      expect((await callEndpoint(t.app, token, a.adminSubMerchants, { pageIndex: 1, pageSize: 20 })).code).not.toBe(0);
    }
    expect((await rowsOf(s.seller.id))[0]!.status).toBe(SubMerchantStatus.SUBMITTED);

    const admin = await signedInPlatformAdmin(db());
    const list = await callEndpoint(t.app, admin.token, a.adminSubMerchants, { pageIndex: 1, pageSize: 50, status: SubMerchantStatus.SUBMITTED });
    expect(list.data!.list.find((x) => x.id === row!.id)).toMatchObject({ subMchId: '1600000888' });
    const ok = await callEndpoint(t.app, admin.token, a.adminSubMerchantDecide, { id: row!.id, approve: true, note: '已在服务商平台核对' });
    expect(ok.code, ok.message).toBe(0);
    const [audit] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'submerchant.verify'), eq(auditLogs.targetId, String(row!.id))));
    expect(audit).toMatchObject({ actorUserId: admin.id, targetType: 'pay_sub_merchant' });
    expect(audit!.before).toMatchObject({ subMchId: '1600000888', status: SubMerchantStatus.SUBMITTED });
    // Decided once.
    expect((await callEndpoint(t.app, admin.token, a.adminSubMerchantDecide, { id: row!.id, approve: false, note: '' })).message).toBe('该收款商户不在待核验状态，请刷新后重试');

    // Now the order pays the supplier's sub-merchant: the trade at the partner is the sub-merchant's.
    const p = await callEndpoint(t.app, s.buyer.token, e.payCreate, { orderId: s.orderId, channel: 1 });
    expect(p.code, p.message).toBe(0);
    expect((await payRowsOf(s.orderId))[0]!.subMchId).toBe('1600000888');
    expect(sandbox().trades.get(p.data!.payNo)!.subMchId).toBe('1600000888');
    await t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/page',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ no: p.data!.payNo, outcome: 'pay', notify: 'once' }).toString(),
    });
    expect((await payRowsOf(s.orderId))[0]!.status).toBe(PayOrderStatus.PAID);
  });

  it('a sub_mchid not bound to the service provider is refused by the partner; a refused entry is audited and not usable', async () => {
    const s = await orderAwaitingPayment(db(), '未绑定', 150, 2, { subMerchants: false });
    await callEndpoint(t.app, s.seller.admin.token, sm.subMerchantWechat, { subMchId: '1230000109' });
    const admin = await signedInPlatformAdmin(db());
    const [row] = await rowsOf(s.seller.id);
    // Verified by mistake: the partner refuses the trade, nothing is paid to anyone else.
    await db().update(paySubMerchants).set({ status: SubMerchantStatus.VERIFIED }).where(eq(paySubMerchants.id, row!.id));
    const res = await callEndpoint(t.app, s.buyer.token, e.payCreate, { orderId: s.orderId, channel: 1 });
    expect(res.message).toBe('支付渠道暂时不可用，请稍后再试或改用银行转账');
    // Entered again and refused by the platform.
    await callEndpoint(t.app, s.seller.admin.token, sm.subMerchantWechat, { subMchId: '1600000999' });
    const refused = await callEndpoint(t.app, admin.token, a.adminSubMerchantDecide, { id: row!.id, approve: false, note: '商户号不属于该公司' });
    expect(refused.code).toBe(0);
    expect((await rowsOf(s.seller.id))[0]).toMatchObject({ status: SubMerchantStatus.REFUSED, note: '商户号不属于该公司' });
    expect(await db().$count(auditLogs, and(eq(auditLogs.action, 'submerchant.refuse'), eq(auditLogs.targetId, String(row!.id))))).toBe(1);
    expect((await callEndpoint(t.app, s.buyer.token, e.payCreate, { orderId: s.orderId, channel: 1 })).message).toContain('收款商户未经平台核验');
  });

  it('Alipay: the supplier authorises the platform application (第三方应用授权); the trade and its notification are the supplier PID’s', async () => {
    const s = await orderAwaitingPayment(db(), '支付宝授权', 150, 2, { subMerchants: false });
    const mine = await callEndpoint(t.app, s.seller.admin.token, sm.subMerchants);
    const link = new URL(mine.data!.find((x) => x.channel === PayChannel.ALIPAY)!.authorizeUrl!);
    expect(link.searchParams.get('redirect_uri')).toMatch(/\/customer\/bank\/auth$/);
    const page = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    const back = new URL(/href="([^"]+)"/.exec(page.body)![1]!.replace(/&#38;/g, '&'));
    const code = back.searchParams.get('app_auth_code')!;
    expect((await callEndpoint(t.app, s.seller.admin.token, sm.subMerchantAlipay, { code: 'forged' })).message).toBe('支付宝授权未完成或授权码已失效，请重新授权');
    expect((await callEndpoint(t.app, s.seller.admin.token, sm.subMerchantAlipay, { code })).code).toBe(0);
    const [row] = await rowsOf(s.seller.id);
    expect(row).toMatchObject({ channel: 2, status: SubMerchantStatus.SUBMITTED });
    expect(row!.subMchId).toMatch(/^2088\d{12}$/);
    expect(row!.authToken).toBeTruthy();
    const admin = await signedInPlatformAdmin(db());
    await callEndpoint(t.app, admin.token, a.adminSubMerchantDecide, { id: row!.id, approve: true, note: '' });

    const p = await callEndpoint(t.app, s.buyer.token, e.payCreate, { orderId: s.orderId, channel: 2 });
    expect(p.code, p.message).toBe(0);
    expect(new URL(p.data!.payUrl!).searchParams.get('app_auth_token')).toBe(row!.authToken);
    await t.app.inject({ method: 'GET', url: new URL(p.data!.payUrl!).pathname + new URL(p.data!.payUrl!).search });
    expect(sandbox().trades.get(p.data!.payNo)!.subMchId).toBe(row!.subMchId);
    await t.app.inject({
      method: 'POST',
      url: '/api/pay/sandbox/page',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ no: p.data!.payNo, outcome: 'pay', notify: 'once' }).toString(),
    });
    const [paid] = await payRowsOf(s.orderId);
    expect(paid!.status).toBe(PayOrderStatus.PAID);
    const [cb] = await db().select().from(payCallbacks).where(eq(payCallbacks.payOrderId, paid!.id));
    expect(new URLSearchParams(cb!.body).get('seller_id')).toBe(row!.subMchId);
  });
});
