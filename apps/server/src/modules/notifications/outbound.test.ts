import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  NOTICE_EVENT_KEYS,
  NOTICE_EVENTS,
  OrderStatus,
  parseChinaDateTime,
  renderNotice,
  SMS_MAX_CHARS,
} from '@aquamall/shared';
import { messageEndpoints as e } from '@aquamall/shared/endpoints';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { jobs, noticeOutbox, sandboxOutbox, users } from '../../db/schema/index.ts';
import {
  advanceOrder,
  giveCustomRole,
  makeOnSaleProduct,
  makeOrder,
  makePurchaser,
  makeSupplier,
  signedInUser,
} from '../../test/factories/index.ts';
import { callEndpoint } from '../../test/http.ts';
import { getProviders } from '../../lib/providers/index.ts';
import { jobRun, runDueJobs } from '../jobs/runner.ts';
import { NOTICE_SEND, OutboxStatus, routeNotice, sendOutboxRow } from './outbound.ts';
import { addHours } from '../jobs/schedule.ts';
import { CANCEL_SOON } from '../orders/order-tx.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const db = () => t.database.db;

const SAMPLE: Record<string, string> = {
  no: 'PO2026112700012',
  party: '北京市某某水务工程有限公司',
  amount: '1234567.89',
  step: '待付款',
  deadline: '11-28 18:00',
  title: '采购申请 PR20261127001',
};

/** Runs every due job (the domain events' dispatch, then the sends it wrote) and waits for the detached sends. */
async function runJobs(now = new Date()) {
  await runDueJobs(db(), now);
  await runDueJobs(db(), now);
  const pending = await db().select({ refId: jobs.refId }).from(jobs).where(eq(jobs.kind, NOTICE_SEND));
  await Promise.all(pending.map((j) => jobRun(NOTICE_SEND, j.refId)));
}
const supplierAdmin = async (name: string) => (await makeSupplier(db(), name)).admin;
const sent = (target: string) => db().select().from(sandboxOutbox).where(eq(sandboxOutbox.target, target));
const rowsOf = (userId: number) => db().select().from(noticeOutbox).where(eq(noticeOutbox.userId, userId));

describe('the template catalogue', () => {
  it('renders every variable of every event on every channel, SMS within one segment', () => {
    for (const key of NOTICE_EVENT_KEYS) {
      const vars = Object.fromEntries(NOTICE_EVENTS[key].vars.map((v) => [v, SAMPLE[v]!.slice(0, v === 'party' ? 12 : 40)]));
      const r = renderNotice(key, vars);
      const all = [r.sms, r.email.subject, r.email.body, ...Object.values(r.wechat)].join('\n');
      expect(all, key).not.toMatch(/[{}]/);
      for (const v of Object.values(vars)) expect(all, `${key} uses ${v}`).toContain(v);
      expect(r.sms.length, `${key}: ${r.sms}`).toBeLessThanOrEqual(SMS_MAX_CHARS);
      expect(r.wechat.first, key).toBeTruthy();
    }
  });
  it('names only events some use case sends: each key is written by a module outside notifications', () => {
    const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const sources = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) return name === 'notifications' ? [] : sources(full);
        return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [readFileSync(full, 'utf8')] : [];
      });
    const texts = sources(modules);
    const unsent = NOTICE_EVENT_KEYS.filter((key) => !texts.some((text) => text.includes(`'${key}'`)));
    expect(unsent).toEqual([]);
  });

  it('refuses to render with a variable missing', () => {
    expect(() => renderNotice('order.created', { no: 'PO1' })).toThrow(/party/);
  });
});

describe('an order notifies outside the browser', () => {
  it('sends the supplier one SMS and one WeChat message per event, and the purchaser 已发货', async () => {
    const supplier = await makeSupplier(db(), '通知供应商');
    const seller = supplier.admin;
    await db().update(users).set({ wechatOpenId: `oSeller${seller.id}` }).where(eq(users.id, seller.id));
    const buyer = await makePurchaser(db(), '通知采购商');
    const { skuIds } = await makeOnSaleProduct(db(), supplier, { skus: [{ price: 100, stock: 50 }] });
    const order = await makeOrder(db(), buyer, seller.companyId, [{ skuId: skuIds[0]!, quantity: 2 }]);
    // The order recorded its domain event; the outbox rows are written when it is dispatched (decision 0211).
    expect(await rowsOf(seller.id)).toEqual([]);
    await runDueJobs(db());
    const rows = await rowsOf(seller.id);
    expect(rows.map((r) => `${r.event}/${r.channel}`).sort()).toEqual(['order.created/sms', 'order.created/wechat']);
    await runJobs();
    await runJobs(); // a second poll sends nothing again
    const sms = (await sent(seller.phone)).filter((m) => m.body.includes(order.orderNo));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toBe(`【水务商城】通知采购商提交了订单${order.orderNo}，金额¥200.00，请及时确认。`);
    expect((await sent(`oSeller${seller.id}`)).filter((m) => m.body.includes(order.orderNo))).toHaveLength(1);
    expect((await rowsOf(seller.id)).every((r) => r.status === OutboxStatus.SENT)).toBe(true);

    await advanceOrder(db(), order.id, { buyerUserId: buyer.id, sellerUserId: seller.id }, OrderStatus.TO_RECEIVE);
    await runJobs();
    const buyerSms = (await sent(buyer.phone)).map((m) => m.body);
    expect(buyerSms).toContain(`【水务商城】您的订单${order.orderNo}已发货，请留意收货。`);
    expect(buyerSms).toContain(`【水务商城】订单${order.orderNo}卖家已确认收款，等待发货。`);
    expect((await sent(seller.phone)).map((m) => m.body)).toContain(
      `【水务商城】订单${order.orderNo}买家已提交付款凭证，请核对收款。`,
    );
  });
});

describe('once per channel per event', () => {
  it('a notice written twice, two runners claiming and a retried job send one message', async () => {
    const seller = await supplierAdmin('并发供应商');
    const notice = { event: 'order.received' as const, vars: { no: `PO-RACE-${seller.id}` }, dedupeKey: `race:${seller.id}`, linkPath: '' };
    expect(await routeNotice(db(), t.app.outbound, seller.companyId, notice)).toBe(1);
    expect(await routeNotice(db(), t.app.outbound, seller.companyId, notice)).toBe(0);
    const [row] = (await rowsOf(seller.id)).filter((r) => r.channel === 'sms');
    // Two runners (instances) claim the same row at once; then the job is retried after it was sent.
    await Promise.all([sendOutboxRow(t.app, db(), row!.id), sendOutboxRow(t.app, db(), row!.id)]);
    await sendOutboxRow(t.app, db(), row!.id);
    await Promise.all([runJobs(), runJobs()]);
    expect((await sent(seller.phone)).filter((m) => m.body.includes(notice.vars.no))).toHaveLength(1);
  });

  it('a failed send goes back to pending with its error and is sent by the retry', async () => {
    const seller = await supplierAdmin('重试供应商');
    await db().update(users).set({ email: `retry${seller.id}@example.cn` }).where(eq(users.id, seller.id));
    await routeNotice(db(), t.app.outbound, seller.companyId, { event: 'invoice.issued', vars: { no: `IV${seller.id}` }, dedupeKey: `iv:${seller.id}`, linkPath: '/customer/x' });
    const [row] = (await rowsOf(seller.id)).filter((r) => r.channel === 'email');
    const email = getProviders(t.app).email!;
    const spy = vi.spyOn(email, 'send').mockRejectedValueOnce(new Error('SMTP 421'));
    await expect(sendOutboxRow(t.app, db(), row!.id)).rejects.toThrow('SMTP 421');
    const [failed] = await db().select().from(noticeOutbox).where(eq(noticeOutbox.id, row!.id));
    expect(failed).toMatchObject({ status: OutboxStatus.PENDING, lastError: 'SMTP 421', attempts: 1 });
    await sendOutboxRow(t.app, db(), row!.id);
    spy.mockRestore();
    const mails = await sent(`retry${seller.id}@example.cn`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`【水务商城】发票已开具 IV${seller.id}`);
  });
});

describe('recipients and preferences', () => {
  it('reaches administrators and permission holders, skips others and unbound channels', async () => {
    const seller = await supplierAdmin('收件供应商');
    const shipper = await signedInUser(db(), { companyId: seller.companyId });
    const clerk = await signedInUser(db(), { companyId: seller.companyId });
    await giveCustomRole(db(), { id: shipper.id, companyId: seller.companyId, companyType: 2 }, { permissions: ['order:ship'] });
    await routeNotice(db(), t.app.outbound, seller.companyId, { event: 'order.received', vars: { no: 'PO-R1' }, dedupeKey: `r1:${seller.id}`, linkPath: '' });
    expect((await rowsOf(seller.id)).map((r) => r.channel)).toEqual(['sms']); // no WeChat bound
    expect((await rowsOf(shipper.id)).map((r) => r.channel)).toEqual(['sms']);
    expect(await rowsOf(clerk.id)).toEqual([]);
    // Addressed to one user: only that user.
    await routeNotice(db(), t.app.outbound, seller.companyId, { event: 'approval.waiting', vars: { title: '采购申请' }, dedupeKey: `ap:${seller.id}`, linkPath: '' }, clerk.id);
    expect((await rowsOf(clerk.id)).map((r) => r.event)).toEqual(['approval.waiting']);
  });

  it('follows the user’s choices and defers SMS in quiet hours to their end (China time)', async () => {
    const seller = await supplierAdmin('免打扰供应商');
    await db().update(users).set({ email: `quiet${seller.id}@example.cn` }).where(eq(users.id, seller.id));
    const saved = await callEndpoint(t.app, seller.token, e.noticeSettingsSave, {
      choices: { 'order.wechat': false, 'order.email': true },
      quietOn: true,
      quietStart: '22:00',
      quietEnd: '08:00',
    });
    expect(saved.code).toBe(0);
    const night = parseChinaDateTime('2026-11-27 23:30');
    await routeNotice(db(), t.app.outbound, seller.companyId, { event: 'order.received', vars: { no: 'PO-Q1' }, dedupeKey: `q1:${seller.id}`, linkPath: '' }, undefined, night);
    const rows = await rowsOf(seller.id);
    expect(rows.map((r) => r.channel).sort()).toEqual(['email', 'sms']);
    expect(rows.find((r) => r.channel === 'sms')!.sendAfter.toISOString()).toBe(parseChinaDateTime('2026-11-28 08:00').toISOString());
    expect(rows.find((r) => r.channel === 'email')!.sendAfter.toISOString()).toBe(night.toISOString());
    const [job] = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, NOTICE_SEND), eq(jobs.refId, rows.find((r) => r.channel === 'sms')!.id)));
    expect(job!.runAt.toISOString()).toBe(parseChinaDateTime('2026-11-28 08:00').toISOString());
    // Early morning inside the same quiet hours: the same day's 08:00.
    await routeNotice(db(), t.app.outbound, seller.companyId, { event: 'order.received', vars: { no: 'PO-Q2' }, dedupeKey: `q2:${seller.id}`, linkPath: '' }, undefined, parseChinaDateTime('2026-11-28 06:10'));
    const early = (await rowsOf(seller.id)).find((r) => r.vars.no === 'PO-Q2' && r.channel === 'sms')!;
    expect(early.sendAfter.toISOString()).toBe(parseChinaDateTime('2026-11-28 08:00').toISOString());
  });
});

describe('消息设置 endpoints', () => {
  it('answers the defaults and the channels of the demo, and saves only the caller’s own choices', async () => {
    const a = await supplierAdmin('设置甲');
    const b = await supplierAdmin('设置乙');
    const got = await callEndpoint(t.app, a.token, e.noticeSettingsGet);
    expect(got.data).toMatchObject({
      channels: { sms: { available: true, bound: true }, wechat: { available: true, bound: false }, email: { available: true, bound: false } },
      quietOn: false,
    });
    expect(got.data!.choices['order.sms']).toBe(true);
    expect(got.data!.choices['finance.sms']).toBe(false);
    await callEndpoint(t.app, a.token, e.noticeSettingsSave, { choices: { 'order.sms': false }, quietOn: false, quietStart: '22:00', quietEnd: '08:00' });
    expect((await callEndpoint(t.app, a.token, e.noticeSettingsGet)).data!.choices['order.sms']).toBe(false);
    expect((await callEndpoint(t.app, b.token, e.noticeSettingsGet)).data!.choices['order.sms']).toBe(true);
  });

  it('refuses bad quiet hours in Chinese', async () => {
    const a = await supplierAdmin('设置丙');
    const r = await callEndpoint(t.app, a.token, e.noticeSettingsSave, { choices: {}, quietOn: true, quietStart: '22:00', quietEnd: '22:00' });
    expect(r.message).toContain('免打扰开始和结束时间不能相同');
    const bad = await callEndpoint(t.app, a.token, e.noticeSettingsSave, { choices: {}, quietOn: true, quietStart: '25:00', quietEnd: '08:00' });
    expect(bad.message).toContain('时间格式应为 HH:mm');
  });
});

describe('订单即将自动取消 (decision 0211)', () => {
  it('reminds the side that can act before the clock runs out, once, and not after the order moved', async () => {
    const supplier = await makeSupplier(db(), '提醒供应商');
    const seller = supplier.admin;
    const buyer = await makePurchaser(db(), '提醒采购商');
    const { skuIds } = await makeOnSaleProduct(db(), supplier, { skus: [{ price: 100, stock: 50 }] });
    const waiting = await makeOrder(db(), buyer, seller.companyId, [{ skuId: skuIds[0]!, quantity: 1 }]);
    const moved = await makeOrder(db(), buyer, seller.companyId, [{ skuId: skuIds[0]!, quantity: 1 }]);
    const sides = { buyerUserId: buyer.id, sellerUserId: seller.id };
    // The supplier confirms one order: its confirm reminder goes, a pay reminder for the purchaser comes.
    await advanceOrder(db(), moved.id, sides, OrderStatus.TO_PAY);
    const rules = t.app.config.orderRules;
    const reminders = (target: string, no: string) =>
      sent(target).then((all) => all.filter((m) => m.body.includes(no) && m.body.includes('自动取消')).map((m) => m.body));

    const beforeConfirmEnds = addHours(new Date(), rules.confirmHours - 1);
    await runJobs(beforeConfirmEnds);
    await runJobs(beforeConfirmEnds); // a second poll (or instance) sends nothing again
    const toSeller = await reminders(seller.phone, waiting.orderNo);
    expect(toSeller).toHaveLength(1);
    expect(toSeller[0]).toMatch(new RegExp(`订单${waiting.orderNo}待确认，将于\\d\\d-\\d\\d \\d\\d:\\d\\d自动取消`));
    expect(await reminders(seller.phone, moved.orderNo)).toEqual([]);
    expect(await reminders(buyer.phone, waiting.orderNo)).toEqual([]);

    // The purchaser of the confirmed order hears before the pay clock runs out — unless the order moved on.
    const paid = await makeOrder(db(), buyer, seller.companyId, [{ skuId: skuIds[0]!, quantity: 1 }]);
    await advanceOrder(db(), paid.id, sides, OrderStatus.TO_SHIP);
    const beforePayEnds = addHours(new Date(), rules.payHours - 1);
    await runJobs(beforePayEnds);
    await runJobs(beforePayEnds);
    expect(await reminders(buyer.phone, moved.orderNo)).toEqual([expect.stringContaining('待付款')]);
    expect(await reminders(buyer.phone, paid.orderNo)).toEqual([]);
    expect(await db().$count(jobs, and(eq(jobs.kind, CANCEL_SOON), eq(jobs.refId, paid.id), eq(jobs.status, 0)))).toBe(0);
  });
});
