import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  chinaDay,
  OrderStatus,
  PAY_CLOCKS,
  PaymentMethod,
  PayOrderStatus,
  PayRefundStatus,
  RefundMethod,
  toFen,
  toYuan,
} from '@aquamall/shared';
import { adminPaymentEndpoints as a, orderEndpoints, paymentEndpoints as e, rmaEndpoints } from '@aquamall/shared/endpoints';
import { documentHistory, jobs, orderPayments, orders, payCallbacks, payLedger, payOrders, payRefunds, paySandboxTrades, reconDiscrepancies } from '../../db/schema/index.ts';
import { payPartnersOf } from '../../lib/partners/pay/index.ts';
import { parseWechatBill, WECHAT_BILL_HEADER, decryptResource, rsaSign, wechatMessage } from '../../lib/partners/pay/wechatpay.ts';
import { alipaySignContent, parseAlipayBill, ALIPAY_BILL_HEADER, responseNode } from '../../lib/partners/pay/alipay.ts';
import { sandboxAlipayPid, sandboxWechatSubMchId, type PaySandbox } from '../../lib/partners/pay/sandbox.ts';
import { sandboxTradeStore } from './sandbox-routes.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { orderAwaitingPayment, signedInPlatformAdmin } from '../../test/factories/index.ts';
import { callEndpoint } from '../../test/http.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';
import { jobRun, runDueJobs } from '../jobs/runner.ts';
import { REFUND_JOB } from './refunds.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/payments/payments.test.ts');

const db = () => t.database.db;
const sandbox = () => payPartnersOf(t.app).sandbox as PaySandbox;

/** Opens a payment order through the API as the purchaser. */
async function open(s: Awaited<ReturnType<typeof orderAwaitingPayment>>, channel: 1 | 2) {
  const res = await callEndpoint(t.app, s.buyer.token, e.payCreate, { orderId: s.orderId, channel });
  expect(res.code, res.message).toBe(0);
  return res.data!;
}

/** The sandbox payer's decision, as the sandbox page's form posts it. */
const payInSandbox = (no: string, outcome: 'pay' | 'fail', notify: 'once' | 'twice' | 'none' | 'tampered') =>
  t.app.inject({
    method: 'POST',
    url: '/api/pay/sandbox/page',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ no, outcome, notify }).toString(),
  });

const orderRow = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
const payRow = async (id: number) => (await db().select().from(payOrders).where(eq(payOrders.id, id)))[0]!;
const callbacksOf = (payOrderId: number) => db().select().from(payCallbacks).where(eq(payCallbacks.payOrderId, payOrderId)).orderBy(asc(payCallbacks.id));
const ledgerOf = (orderId: number) => db().select().from(payLedger).where(eq(payLedger.orderId, orderId)).orderBy(asc(payLedger.id));

/** Runs the due jobs at `at` and waits for the detached ones of these kinds and ids. */
async function runJobs(at: Date, waits: Array<[string, number]>) {
  await runDueJobs(db(), at);
  for (const [kind, id] of waits) await jobRun(kind, id);
}

/** A WeChat notification signed with the sandbox platform key for any resource (hostile variants). */
function wechatNotify(resource: object, opts: { key?: Parameters<typeof rsaSign>[0]; ts?: number } = {}) {
  const n = sandbox().wechatNotification('TRANSACTION.SUCCESS', 'transaction', resource);
  if (!opts.key && !opts.ts) return n;
  const ts = String(opts.ts ?? Math.floor(Date.now() / 1000));
  const nonce = 'n0nce';
  const signature = rsaSign(opts.key ?? sandbox().keys.platformPrivate, wechatMessage([ts, nonce, n.body]));
  return { body: n.body, headers: { ...n.headers, 'wechatpay-timestamp': ts, 'wechatpay-nonce': nonce, 'wechatpay-signature': signature } };
}
const postWechat = (n: { headers: Record<string, string>; body: string }) =>
  t.app.inject({ method: 'POST', url: '/api/pay/notify/wechat', headers: n.headers, payload: n.body });

describe('WeChat Pay and Alipay protocol pieces', () => {
  it('decrypts an AES-256-GCM resource and refuses a changed ciphertext', () => {
    const n = sandbox().wechatNotification('TRANSACTION.SUCCESS', 'transaction', { out_trade_no: 'ZF1', trade_state: 'SUCCESS' });
    const r = JSON.parse(n.body).resource;
    expect(JSON.parse(decryptResource(sandbox().wechat.apiV3Key, r))).toMatchObject({ out_trade_no: 'ZF1' });
    const bad = Buffer.from(r.ciphertext, 'base64');
    bad[0]! ^= 1;
    expect(() => decryptResource(sandbox().wechat.apiV3Key, { ...r, ciphertext: bad.toString('base64') })).toThrow();
  });
  it("builds Alipay's sign content sorted, without sign, empty values, and sign_type for notifications", () => {
    expect(alipaySignContent({ b: '2', a: '1', sign: 'x', sign_type: 'RSA2', c: '' }, true)).toBe('a=1&b=2');
    expect(alipaySignContent({ b: '2', a: '1', sign: 'x', sign_type: 'RSA2' }, false)).toBe('a=1&b=2&sign_type=RSA2');
    expect(responseNode('{"x_response":{"a":"}{","b":{"c":1}},"sign":"s"}', 'x_response')).toBe('{"a":"}{","b":{"c":1}}');
  });
  it('reads the bills of both partners', () => {
    const wx = [WECHAT_BILL_HEADER, '`2026-12-07 10:00:00,`wx,`1,`0,`,`4200001,`ZF1,`o,`NATIVE,`SUCCESS,`OTHERS,`CNY,`300.00,`0.00,`0,`0,`0.00,`0.00,`,`,`x,`,`0.00,`0.60%,`300.00,`0.00,`', '总交易单数,应结订单总金额', '`1,`300.00'].join('\r\n');
    expect(parseWechatBill(wx)).toEqual([{ kind: 'pay', payNo: 'ZF1', refundNo: null, partnerTradeNo: '4200001', amountFen: 30000 }]);
    const ali = ['#支付宝业务明细查询', ALIPAY_BILL_HEADER, '2026001,ZF2,退款,x,,,,,,,,-12.50,,,,,,,,,,TK1,0.00,0.00,', '#结束'].join('\n');
    expect(parseAlipayBill(ali)).toEqual([{ kind: 'refund', payNo: 'ZF2', refundNo: 'TK1', partnerTradeNo: '2026001', amountFen: 1250 }]);
  });
});

describe('payment orders', () => {
  it('offers both sandbox channels in demo mode and opens one payment order per order and channel, amount from the order', async () => {
    const ch = await callEndpoint(t.app, (await orderAwaitingPayment(db(), '渠道')).buyer.token, e.payChannels);
    expect(ch.data!.channels).toEqual([
      expect.objectContaining({ channel: 1, label: '微信支付', available: true, sandbox: true, reason: null }),
      expect.objectContaining({ channel: 2, label: '支付宝', available: true, sandbox: true, reason: null }),
    ]);
    const s = await orderAwaitingPayment(db(), '支付单');
    const [first, again] = await Promise.all([open(s, 1), open(s, 1)]);
    expect(again.id).toBe(first.id);
    expect(first.amount).toBe((await orderRow(s.orderId)).totalAmount);
    expect(first.codeUrl).toContain('/api/pay/sandbox/page?no=');
    const ali = await open(s, 2);
    expect(ali.id).not.toBe(first.id);
    expect(ali.payUrl).toContain('method=alipay.trade.page.pay');
    expect(await db().$count(payOrders, eq(payOrders.orderId, s.orderId))).toBe(2);
    // The Alipay cashier checks the page.pay signature; a changed amount is refused.
    const cashier = await t.app.inject({ method: 'GET', url: new URL(ali.payUrl!).pathname + new URL(ali.payUrl!).search });
    expect(cashier.body).toContain('确认付款');
    const tampered = new URL(ali.payUrl!);
    tampered.searchParams.set('biz_content', tampered.searchParams.get('biz_content')!.replace(/"total_amount":"[\d.]+"/, '"total_amount":"0.01"'));
    expect((await t.app.inject({ method: 'GET', url: tampered.pathname + tampered.search })).body).toContain('验签出错');
  });

  it('pays the order once by a sandbox WeChat payment notified twice: order 待发货, history, payment row, ledger row', async () => {
    const s = await orderAwaitingPayment(db(), '微信支付');
    const p = await open(s, 1);
    const res = await payInSandbox(p.payNo, 'pay', 'twice');
    expect(res.body).toContain('已支付成功');
    const o = await orderRow(s.orderId);
    expect(o.status).toBe(OrderStatus.TO_SHIP);
    expect(o.paymentMethod).toBe(PaymentMethod.WECHAT);
    expect(o.paidAmount).toBe(p.amount);
    expect((await payRow(p.id)).status).toBe(PayOrderStatus.PAID);
    expect((await callbacksOf(p.id)).map((c) => [c.verified, c.outcome])).toEqual([[true, 'paid'], [true, 'duplicate']]);
    expect((await ledgerOf(s.orderId)).map((l) => [l.kind, l.amount])).toEqual([['pay', p.amount]]);
    const rows = await db().select().from(orderPayments).where(eq(orderPayments.orderId, s.orderId));
    expect(rows.filter((r) => r.method === PaymentMethod.WECHAT)).toHaveLength(1);
    const history = await db().select().from(documentHistory).where(and(eq(documentHistory.docType, 'order'), eq(documentHistory.docId, s.orderId)));
    expect(history.map((h) => h.action)).toContain('pay_online');
    // The payment clocks stopped.
    expect(await db().$count(jobs, and(eq(jobs.refId, p.id), eq(jobs.kind, PAY_CLOCKS.EXPIRE), eq(jobs.status, 0)))).toBe(0);
    // Both sides read it; the supplier sees the paid one only.
    const seller = await callEndpoint(t.app, s.seller.admin.token, e.payOfOrder, { orderId: s.orderId });
    expect(seller.data!.payments.map((x) => x.status)).toEqual([PayOrderStatus.PAID]);
    expect(seller.data!.payments[0]!.sandboxUrl).toBeNull();
  });

  it('pays by Alipay through the cashier and its RSA2 notification', async () => {
    const s = await orderAwaitingPayment(db(), '支付宝');
    const p = await open(s, 2);
    await t.app.inject({ method: 'GET', url: new URL(p.payUrl!).pathname + new URL(p.payUrl!).search });
    await payInSandbox(p.payNo, 'pay', 'once');
    expect((await orderRow(s.orderId)).status).toBe(OrderStatus.TO_SHIP);
    expect((await orderRow(s.orderId)).paymentMethod).toBe(PaymentMethod.ALIPAY);
    expect((await callbacksOf(p.id)).map((c) => c.outcome)).toEqual(['paid']);
  });

  it('refuses and records notifications with a bad signature, stale time, wrong amount, merchant or app id', async () => {
    const s = await orderAwaitingPayment(db(), '拒绝');
    const p = await open(s, 1);
    const before = await db().$count(payCallbacks);
    const sub = (await payRow(p.id)).subMchId;
    expect(sub).toBe(sandboxWechatSubMchId(s.seller.id));
    const base = { sp_appid: sandbox().wechat.appId, sp_mchid: sandbox().wechat.mchId, sub_mchid: sub, out_trade_no: p.payNo, transaction_id: '4200009', trade_state: 'SUCCESS', success_time: new Date().toISOString(), amount: { total: toFen(p.amount) } };
    // Tampered body: the signature no longer matches.
    const tampered = sandbox().wechatNotification('TRANSACTION.SUCCESS', 'transaction', base, true);
    expect((await postWechat(tampered)).statusCode).toBe(401);
    // Signed with another key.
    const { generateKeyPairSync } = await import('node:crypto');
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect((await postWechat(wechatNotify(base, { key: other }))).statusCode).toBe(401);
    // Replayed after 10 minutes.
    expect((await postWechat(wechatNotify(base, { ts: Math.floor(Date.now() / 1000) - 600 }))).statusCode).toBe(401);
    const unverified = await db().select().from(payCallbacks).where(eq(payCallbacks.verified, false));
    expect(unverified.slice(-3).map((c) => c.outcome)).toEqual(['bad_sign', 'bad_sign', 'stale']);
    // Verified, but naming another amount, merchant or app: recorded, acknowledged, nothing paid.
    for (const [change, outcome] of [
      [{ amount: { total: toFen(p.amount) - 1 } }, 'bad_amount'],
      [{ sp_mchid: '1900000000' }, 'bad_merchant'],
      [{ sp_appid: 'wx0000000000000000' }, 'bad_app'],
      // Properly signed by the partner, but paid to another supplier's sub-merchant: not this order's money.
      [{ sub_mchid: sandboxWechatSubMchId((await orderAwaitingPayment(db(), '他家')).seller.id) }, 'bad_sub_merchant'],
    ] as const) {
      expect((await postWechat(wechatNotify({ ...base, ...change }))).statusCode).toBe(204);
      expect((await callbacksOf(p.id)).at(-1)!.outcome).toBe(outcome);
    }
    expect((await payRow(p.id)).status).toBe(PayOrderStatus.OPEN);
    expect((await orderRow(s.orderId)).status).toBe(OrderStatus.TO_PAY);
    expect(await ledgerOf(s.orderId)).toEqual([]);
    expect((await db().$count(payCallbacks)) - before).toBe(7);
    // Alipay: a tampered total_amount breaks the RSA2 signature.
    const ap = await open(s, 2);
    await t.app.inject({ method: 'GET', url: new URL(ap.payUrl!).pathname + new URL(ap.payUrl!).search });
    await payInSandbox(ap.payNo, 'pay', 'tampered');
    expect((await payRow(ap.id)).status).toBe(PayOrderStatus.OPEN);
    // …and the active query finds the payment the notification could not prove.
    await runJobs(new Date(Date.now() + 61_000), [[PAY_CLOCKS.QUERY, ap.id], [PAY_CLOCKS.QUERY, p.id]]);
    expect((await payRow(ap.id)).status).toBe(PayOrderStatus.PAID);
    expect((await orderRow(s.orderId)).status).toBe(OrderStatus.TO_SHIP);
  });

  it('Alipay: refuses and records notifications with a bad signature, wrong amount, app id or seller (merchant), pays only the right one', async () => {
    const s = await orderAwaitingPayment(db(), '支付宝拒绝');
    const p = await open(s, 2);
    await t.app.inject({ method: 'GET', url: new URL(p.payUrl!).pathname + new URL(p.payUrl!).search });
    // Paid at the partner, no notification yet: the test sends its own.
    const trade = (await sandbox().pay(p.payNo, 'pay', 'none'))!;
    expect(trade.state).toBe('SUCCESS');
    const good = Object.fromEntries(new URLSearchParams(sandbox().alipayNotification(trade).body));
    /** The notification with changed fields, signed again (with the sandbox Alipay key unless another is given). */
    const signed = (change: Record<string, string>, key = sandbox().keys.alipayPrivate) => {
      const n: Record<string, string> = { ...good, ...change };
      delete n.sign;
      n.sign = rsaSign(key, alipaySignContent(n, true));
      return new URLSearchParams(n).toString();
    };
    const postAlipay = async (body: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/pay/notify/alipay', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, payload: body })).body;
    const { generateKeyPairSync } = await import('node:crypto');
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const otherSeller = sandboxAlipayPid((await orderAwaitingPayment(db(), '支付宝他家')).seller.id);
    const before = await db().$count(payCallbacks);
    // Unverified: the amount changed after signing, or signed with another key. Alipay is told 'fail' (it retries).
    expect(await postAlipay(new URLSearchParams({ ...good, total_amount: toYuan(toFen(p.amount) - 1) }).toString())).toBe('fail');
    expect(await postAlipay(signed({}, other))).toBe('fail');
    const unverified = await db().select().from(payCallbacks).where(eq(payCallbacks.verified, false));
    expect(unverified.slice(-2).map((c) => [c.channel, c.outcome])).toEqual([
      [2, 'bad_sign'],
      [2, 'bad_sign'],
    ]);
    // Verified, but another amount, application or seller (the payee merchant): recorded, nothing paid.
    for (const [change, outcome] of [
      [{ total_amount: toYuan(toFen(p.amount) - 1) }, 'bad_amount'],
      [{ app_id: '9021000100009999' }, 'bad_app'],
      [{ seller_id: otherSeller }, 'bad_sub_merchant'],
    ] as const) {
      await postAlipay(signed(change));
      const last = (await callbacksOf(p.id)).at(-1)!;
      expect([last.verified, last.outcome]).toEqual([true, outcome]);
    }
    expect((await db().$count(payCallbacks)) - before).toBe(5);
    expect((await payRow(p.id)).status).toBe(PayOrderStatus.OPEN);
    expect((await orderRow(s.orderId)).status).toBe(OrderStatus.TO_PAY);
    expect(await ledgerOf(s.orderId)).toEqual([]);
    // The partner's own notification pays, once.
    expect(await postAlipay(signed({}))).toBe('success');
    expect((await payRow(p.id)).status).toBe(PayOrderStatus.PAID);
    expect((await ledgerOf(s.orderId)).map((l) => l.amount)).toEqual([p.amount]);
  });

  it('pays by the active query when no notification comes, fails a failed payment, and closes at expiry', async () => {
    const s = await orderAwaitingPayment(db(), '主动查询');
    const p = await open(s, 1);
    await payInSandbox(p.payNo, 'pay', 'none');
    expect((await payRow(p.id)).status).toBe(PayOrderStatus.OPEN);
    await runJobs(new Date(Date.now() + 61_000), [[PAY_CLOCKS.QUERY, p.id]]);
    expect((await payRow(p.id)).status).toBe(PayOrderStatus.PAID);
    expect((await orderRow(s.orderId)).status).toBe(OrderStatus.TO_SHIP);
    expect((await callbacksOf(p.id)).map((c) => [c.kind, c.outcome])).toEqual([['query', 'paid']]);

    const f = await orderAwaitingPayment(db(), '支付失败');
    const fp = await open(f, 1);
    await payInSandbox(fp.payNo, 'fail', 'once');
    await runJobs(new Date(Date.now() + 61_000), [[PAY_CLOCKS.QUERY, fp.id]]);
    expect((await payRow(fp.id)).status).toBe(PayOrderStatus.FAILED);
    expect((await orderRow(f.orderId)).status).toBe(OrderStatus.TO_PAY);

    const x = await orderAwaitingPayment(db(), '过期');
    const xp = await open(x, 1);
    await runJobs(new Date(Date.now() + 31 * 60_000), [[PAY_CLOCKS.QUERY, xp.id], [PAY_CLOCKS.EXPIRE, xp.id]]);
    expect((await payRow(xp.id)).status).toBe(PayOrderStatus.CLOSED);
    expect(sandbox().trades.get(xp.payNo)!.state).toBe('CLOSED');
  });

  it('the demo sandbox keeps its trades in the database: after a restart the active query still finds the payment, and refunds and the statement follow', async () => {
    const s = await orderAwaitingPayment(db(), '沙箱重启');
    const p = await open(s, 1);
    await payInSandbox(p.payNo, 'pay', 'none');
    const { payNo } = p;
    expect((await db().select().from(paySandboxTrades).where(eq(paySandboxTrades.payNo, payNo)))[0]!.trade).toMatchObject({ payNo, state: 'SUCCESS' });
    /** What a restarted demo server's sandbox has: nothing in memory, the same database. */
    const restart = () => {
      sandbox().trades.clear();
      sandbox().useStore(sandboxTradeStore(db()));
    };
    restart();
    await runJobs(new Date(Date.now() + 61_000), [[PAY_CLOCKS.QUERY, p.id]]);
    expect((await payRow(p.id)).status).toBe(PayOrderStatus.PAID);
    expect((await orderRow(s.orderId)).status).toBe(OrderStatus.TO_SHIP);
    // The supplier cancels the paid order after another restart: the refund goes to the kept trade, and is kept too.
    restart();
    const cancel = await callEndpoint(t.app, s.seller.admin.token, orderEndpoints.orderCancel, { orderId: s.orderId, reason: '缺货' });
    expect(cancel.code, cancel.message).toBe(0);
    const [r] = await db().select().from(payRefunds).where(eq(payRefunds.orderId, s.orderId));
    await runJobs(new Date(), [[REFUND_JOB, r!.id]]);
    expect((await db().select().from(payRefunds).where(eq(payRefunds.id, r!.id)))[0]!.status).toBe(PayRefundStatus.SUCCESS);
    restart();
    const kept = (await sandbox().trade(payNo))!;
    expect(kept.paidAt).toBeInstanceOf(Date);
    expect(kept.refunds.map((x) => [x.refundNo, x.amountFen])).toEqual([[r!.refundNo, toFen(p.amount)]]);
    const day = chinaDay(kept.paidAt!);
    expect(sandbox().statementRows(1, day).filter((r) => r.payNo === payNo).map((r) => r.kind)).toEqual(['pay', 'refund']);
  });

  it('refunds in full a payment for an order that no longer waits for it (the payOnline row refuses other states)', async () => {
    for (const status of [OrderStatus.CANCELLED, OrderStatus.TO_SHIP, OrderStatus.COMPLETED]) {
      const s = await orderAwaitingPayment(db(), `迟到${status}`);
      const p = await open(s, 1);
      await db().update(orders).set({ status }).where(eq(orders.id, s.orderId));
      await payInSandbox(p.payNo, 'pay', 'once');
      expect((await orderRow(s.orderId)).status).toBe(status);
      expect((await callbacksOf(p.id)).map((c) => c.outcome)).toEqual(['paid_refunding']);
      const [r] = await db().select().from(payRefunds).where(eq(payRefunds.payOrderId, p.id));
      expect(r).toMatchObject({ amount: p.amount, source: 'late' });
      await runJobs(new Date(), [[REFUND_JOB, r!.id]]);
      expect((await ledgerOf(s.orderId)).map((l) => l.amount)).toEqual([p.amount, `-${p.amount}`]);
    }
  });
});

describe('refunds through the same channel', () => {
  it('refunds a cancelled paid order in full through the channel, its refund notification a verified duplicate', async () => {
    const s = await orderAwaitingPayment(db(), '取消退款');
    const p = await open(s, 1);
    await payInSandbox(p.payNo, 'pay', 'once');
    const cancel = await callEndpoint(t.app, s.seller.admin.token, orderEndpoints.orderCancel, { orderId: s.orderId, reason: '缺货' });
    expect(cancel.code, cancel.message).toBe(0);
    const [r] = await db().select().from(payRefunds).where(eq(payRefunds.orderId, s.orderId));
    expect(r).toMatchObject({ amount: p.amount, source: 'cancel', status: PayRefundStatus.PROCESSING });
    await runJobs(new Date(), [[REFUND_JOB, r!.id]]);
    expect((await db().select().from(payRefunds).where(eq(payRefunds.id, r!.id)))[0]!.status).toBe(PayRefundStatus.SUCCESS);
    // WeChat's refund notification follows (verified, a duplicate of the answer), delivered after the answer.
    await vi.waitFor(async () => expect((await callbacksOf(p.id)).map((c) => [c.kind, c.outcome])).toEqual([['pay', 'paid'], ['refund', 'duplicate']]), { timeout: 10_000, interval: 50 });
    expect((await ledgerOf(s.orderId)).map((l) => l.amount)).toEqual([p.amount, `-${p.amount}`]);
    expect(sandbox().trades.get(p.payNo)!.refunds).toHaveLength(1);
  });

  it('an after-sales refund goes back online, partly; more than what is left is refused', async () => {
    const { applyRma } = await import('../aftersales/apply.ts');
    const { callerFor, linesOf } = await import('../../test/factories/index.ts');
    const { DEFAULT_ORDER_RULES } = await import('../../config.ts');
    const { advanceOrder } = await import('../../test/factories/index.ts');
    const s = await orderAwaitingPayment(db(), '售后原路');
    const p = await open(s, 2);
    await t.app.inject({ method: 'GET', url: new URL(p.payUrl!).pathname + new URL(p.payUrl!).search });
    await payInSandbox(p.payNo, 'pay', 'once');
    await advanceOrder(db(), s.orderId, { buyerUserId: s.buyer.id, sellerUserId: s.seller.admin.id }, OrderStatus.COMPLETED);
    const [line] = await linesOf(db(), s.orderId);
    const buyer = await callerFor(db(), s.buyer.id);
    const rma = await applyRma(db(), buyer, { orderId: s.orderId, type: 2, lines: [{ orderLineId: line!.id, quantity: 1 }], reason: '质量问题', description: '', photos: [] }, DEFAULT_ORDER_RULES);
    const rmaId = rma.id;
    const approve = await callEndpoint(t.app, s.seller.admin.token, rmaEndpoints.rmaApprove, { id: rmaId });
    expect(approve.code, approve.message).toBe(0);
    const refund = await callEndpoint(t.app, s.seller.admin.token, rmaEndpoints.rmaRefund, { id: rmaId, method: RefundMethod.ONLINE, amount: 100, note: '' });
    expect(refund.code, refund.message).toBe(0);
    const [r] = await db().select().from(payRefunds).where(eq(payRefunds.orderId, s.orderId));
    expect(r).toMatchObject({ amount: '100.00', source: 'rma', sourceId: rmaId });
    await runJobs(new Date(), [[REFUND_JOB, r!.id]]);
    expect((await payRow(p.id)).refundedAmount).toBe('100.00');
    expect((await ledgerOf(s.orderId)).map((l) => l.amount)).toEqual([p.amount, '-100.00']);
    // What is left is ¥200.00: ¥200.01 is refused and changes nothing.
    const { requestRefund } = await import('./refunds.ts');
    await expect(
      db().transaction((tx) => requestRefund(tx, { orderId: s.orderId, amountFen: 20001, reason: '超额', source: 'rma', sourceId: null })),
    ).rejects.toMatchObject({ message: '退款金额超过可退金额（剩余可退 ¥200.00）' });
    expect((await payRow(p.id)).refundedAmount).toBe('100.00');
    expect(await db().$count(payRefunds, eq(payRefunds.orderId, s.orderId))).toBe(1);
  });
});

describe('daily reconciliation', () => {
  it('finds each planted discrepancy: long, short, amount mismatch; the console resolves one with an audited note', async () => {
    const day = chinaDay();
    const admin = await signedInPlatformAdmin(db());
    const made = [];
    for (const n of [1, 2, 3]) {
      const s = await orderAwaitingPayment(db(), `对账${n}`);
      const p = await open(s, 1);
      await payInSandbox(p.payNo, 'pay', 'once');
      made.push(p);
    }
    sandbox().plantDrop(day, made[0]!.payNo);
    sandbox().plantAmount(day, made[1]!.payNo, toFen(made[1]!.amount) + 1);
    sandbox().plantExtra(day, { channel: 1, kind: 'pay', payNo: 'ZF_NOT_OURS', amountFen: 12345 });
    const run = await callEndpoint(t.app, admin.token, a.adminReconRun, { day });
    expect(run.code, run.message).toBe(0);
    const list = await callEndpoint(t.app, admin.token, a.adminReconDiscrepancies, { pageIndex: 1, pageSize: 50, open: true });
    const mine = list.data!.list.filter((d) => d.channel === 1);
    const byNo = Object.fromEntries(mine.map((d) => [d.payNo, d]));
    expect(byNo[made[0]!.payNo]).toMatchObject({ kind: 'short', ourAmount: made[0]!.amount, partnerAmount: null });
    expect(byNo[made[1]!.payNo]).toMatchObject({ kind: 'amount', ourAmount: made[1]!.amount });
    expect(byNo.ZF_NOT_OURS).toMatchObject({ kind: 'long', partnerAmount: '123.45', ourAmount: null });
    expect(byNo[made[2]!.payNo]).toBeUndefined();
    const runs = await callEndpoint(t.app, admin.token, a.adminReconRuns, { pageIndex: 1, pageSize: 10 });
    expect(runs.data!.list.find((r) => r.channel === 1 && r.day === day)).toMatchObject({ status: 'done' });
    const target = byNo.ZF_NOT_OURS!;
    const done = await callEndpoint(t.app, admin.token, a.adminReconResolve, { id: target.id, note: '渠道测试交易，已核实' });
    expect(done.code).toBe(0);
    const again = await callEndpoint(t.app, admin.token, a.adminReconResolve, { id: target.id, note: '再次' });
    expect(again.identity).toBe('RECON_ALREADY_RESOLVED');
    // Each run counts its own discrepancies still open.
    const after = await callEndpoint(t.app, admin.token, a.adminReconRuns, { pageIndex: 1, pageSize: 10 });
    expect(after.data!.list.find((r) => r.channel === 1 && r.day === day)).toMatchObject({ discrepancyCount: 3, openCount: 2 });
    for (const r of after.data!.list) expect(r.openCount, `run ${r.id}`).toBeLessThanOrEqual(r.discrepancyCount);
    const [row] = await db().select().from(reconDiscrepancies).where(eq(reconDiscrepancies.id, target.id));
    expect(row).toMatchObject({ resolution: '渠道测试交易，已核实', resolvedBy: admin.id });
    // A company user cannot reach the console.
    const s = await orderAwaitingPayment(db(), '对账越权');
    expect((await callEndpoint(t.app, s.buyer.token, a.adminReconRuns, { pageIndex: 1, pageSize: 10 })).code).not.toBe(0);
  });
});

describe('isolation', () => {
  it('a third company opens, polls and reads no payment of another order', async () => {
    const s = await orderAwaitingPayment(db(), '隔离');
    const other = await orderAwaitingPayment(db(), '隔离第三方');
    const p = await open(s, 1);
    const token = crossCompanyCaller(other.buyer.token);
    expect((await callEndpoint(t.app, token, e.payCreate, { orderId: s.orderId, channel: 1 })).message).toBe('数据不存在或已删除');
    expect((await callEndpoint(t.app, token, e.payStatus, { payOrderId: p.id })).message).toBe('数据不存在或已删除');
    expect((await callEndpoint(t.app, token, e.payOfOrder, { orderId: s.orderId })).message).toBe('数据不存在或已删除');
    expect((await callEndpoint(t.app, token, e.payChannels, { orderId: s.orderId })).message).toBe('数据不存在或已删除');
    // The supplier of the order cannot open a payment order for it either.
    expect((await callEndpoint(t.app, s.seller.admin.token, e.payCreate, { orderId: s.orderId, channel: 1 })).code).not.toBe(0);
  });
});

describe('a deployment without partners', () => {
  it('offers neither channel and says so; opening one is refused', async () => {
    const off = await createTestApp({ demo: false, env: { DEMO: '0' } });
    try {
      const s = await orderAwaitingPayment(off.database.db, '未开通');
      const ch = await callEndpoint(off.app, s.buyer.token, e.payChannels);
      expect(ch.data!.channels.map((c) => [c.available, c.reason])).toEqual([
        [false, '本平台尚未开通微信支付，请使用银行转账或账期支付'],
        [false, '本平台尚未开通支付宝，请使用银行转账或账期支付'],
      ]);
      const res = await callEndpoint(off.app, s.buyer.token, e.payCreate, { orderId: s.orderId, channel: 1 });
      expect(res.identity).toBe('PAY_CHANNEL_OFF');
      expect((await off.app.inject({ method: 'GET', url: '/api/pay/sandbox/page?no=x' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
