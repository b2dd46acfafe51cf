import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { Code } from '@aquamall/shared';
import { messageEndpoints as e } from '@aquamall/shared/endpoints';
import { auditLogs, noticeOutbox, noticeReceivers, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  giveCustomRole,
  insertUser,
  makeOnSaleProduct,
  makeOrder,
  makePurchaser,
  makeSupplier,
  signIn,
} from '../../test/factories/index.ts';
import { callEndpoint } from '../../test/http.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';
import { runDueJobs } from '../jobs/runner.ts';
import { routeNotice } from './outbound.ts';

/**
 * 订单消息接收人 (docs/product/notifications.md#recipients): a supplier's company administrator chooses who receives
 * the supplier-side order events outside the browser; without a choice the event's permission decides.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/notifications/receivers.test.ts');

const db = () => t.database.db;

let seq = 0;
/**
 * A supplier with its administrator, a 发货员 holding order:ship, a 财务 holding credit:manage and a 客服 holding
 * nothing of either; a purchaser and an on-sale SKU to order.
 */
async function scene() {
  const n = ++seq;
  const seller = await makeSupplier(db(), `接收人供应商${n}`);
  const member = async (name: string, permissions: string[]) => {
    const u = await insertUser(db(), { companyId: seller.id, realName: name });
    const roleId = permissions.length
      ? await giveCustomRole(db(), { id: u.id, companyId: seller.id, companyType: 2 }, { permissions })
      : null;
    return { ...(await signIn(db(), u)), roleId };
  };
  const shipper = await member(`发货员${n}`, ['order:ship']);
  const finance = await member(`财务${n}`, ['credit:manage']);
  const service = await member(`客服${n}`, []);
  const buyer = await makePurchaser(db(), `接收人采购商${n}`);
  const { skuIds } = await makeOnSaleProduct(db(), seller, { skus: [{ price: 10, stock: 100 }] });
  return { seller, shipper, finance, service, buyer, skuIds };
}

const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

/** The company's audit rows of this setting, oldest first. */
const audits = (companyId: number) =>
  db()
    .select({ action: auditLogs.action, actorUserId: auditLogs.actorUserId, targetType: auditLogs.targetType, targetId: auditLogs.targetId, before: auditLogs.before, after: auditLogs.after })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, 'order_receivers.save'), eq(auditLogs.targetId, String(companyId))))
    .orderBy(auditLogs.id);

/** The stored setting row (undefined: never saved). */
const stored = async (companyId: number) =>
  (await db().select({ userIds: noticeReceivers.userIds, roleIds: noticeReceivers.roleIds }).from(noticeReceivers).where(eq(noticeReceivers.companyId, companyId)))[0];

describe('订单消息接收人', () => {
  it('defaults to the administrators and the holders of the permission; a choice of users and roles replaces them for order events only', async () => {
    const s = await scene();
    const admin = s.seller.admin;
    const before = await callEndpoint(t.app, admin.token, e.orderReceiversGet, undefined);
    expect(before.code, before.message).toBe(0);
    expect(before.data).toMatchObject({ custom: false, fallback: false, userIds: [], roleIds: [] });
    expect(before.data.receivers.map((r) => r.id)).toEqual(sorted(admin.id, s.shipper.id));
    expect(before.data.users.map((u) => u.id)).toEqual([admin.id, s.shipper.id, s.finance.id, s.service.id]);
    expect(before.data.roles.map((r) => r.id)).toEqual(expect.arrayContaining([s.shipper.roleId, s.finance.roleId]));

    // Today's behaviour: a new order reaches the administrator and the 发货员.
    const first = await makeOrder(db(), s.buyer, s.seller.id, [{ skuId: s.skuIds[0]!, quantity: 1 }]);
    const reached = async (order: { orderNo: string }) => {
      for (let i = 0; i < 2; i++) await runDueJobs(db(), new Date());
      const rows = await db()
        .select({ userId: noticeOutbox.userId, vars: noticeOutbox.vars })
        .from(noticeOutbox)
        .where(and(eq(noticeOutbox.companyId, s.seller.id), eq(noticeOutbox.event, 'order.created')));
      return [...new Set(rows.filter((r) => r.vars.no === order.orderNo).map((r) => r.userId))].sort((a, b) => a - b);
    };
    const defaultReach = await reached(first);
    expect(defaultReach).toEqual(sorted(admin.id, s.shipper.id));

    // The administrator chooses the 客服 by name and the 财务 role: only they receive new orders.
    const saved = await callEndpoint(t.app, admin.token, e.orderReceiversSave, { userIds: [s.service.id, s.service.id], roleIds: [s.finance.roleId!] });
    expect(saved).toMatchObject({ code: 0, message: '已保存' });
    expect(saved.data).toMatchObject({ custom: true, fallback: false, userIds: [s.service.id], roleIds: [s.finance.roleId] });
    expect(saved.data.receivers.map((r) => r.id)).toEqual(sorted(s.finance.id, s.service.id));
    const second = await makeOrder(db(), s.buyer, s.seller.id, [{ skuId: s.skuIds[0]!, quantity: 1 }]);
    expect(await reached(second)).toEqual(sorted(s.finance.id, s.service.id));

    // An event outside the supplier-side order events keeps its permission (credit:manage → the 财务 and the
    // administrator; 发票与对账 goes by e-mail by default, so everyone binds one).
    for (const u of [admin, s.shipper, s.finance, s.service])
      await db().update(users).set({ email: `r${u.id}@example.cn` }).where(eq(users.id, u.id));
    await routeNotice(db(), t.app.outbound, s.seller.id, { event: 'credit.requested', vars: { party: '某采购商' }, dedupeKey: `credit-test-${s.seller.id}`, linkPath: '' });
    const credit = await db().select({ userId: noticeOutbox.userId }).from(noticeOutbox).where(eq(noticeOutbox.dedupeKey, `credit-test-${s.seller.id}`));
    expect([...new Set(credit.map((r) => r.userId))].sort((a, b) => a - b)).toEqual(sorted(admin.id, s.finance.id));

    // A choice that reaches no enabled user falls back to the default, so no order goes unannounced.
    await callEndpoint(t.app, admin.token, e.orderReceiversSave, { userIds: [s.service.id], roleIds: [] });
    await db().update(users).set({ disabled: true }).where(eq(users.id, s.service.id));
    const fallback = await callEndpoint(t.app, admin.token, e.orderReceiversGet, undefined);
    expect(fallback.data).toMatchObject({ custom: true, fallback: true });
    expect(fallback.data.receivers.map((r) => r.id)).toEqual(sorted(admin.id, s.shipper.id));
    const third = await makeOrder(db(), s.buyer, s.seller.id, [{ skuId: s.skuIds[0]!, quantity: 1 }]);
    expect(await reached(third)).toEqual(sorted(admin.id, s.shipper.id));

    // Both lists empty: the default again.
    const reset = await callEndpoint(t.app, admin.token, e.orderReceiversSave, { userIds: [], roleIds: [] });
    expect(reset.data).toMatchObject({ custom: false, userIds: [], roleIds: [] });
  });

  it('needs user management and a supplier', async () => {
    const s = await scene();
    const refused = await callEndpoint(t.app, s.shipper.token, e.orderReceiversSave, { userIds: [s.shipper.id], roleIds: [] });
    expect(refused.code).toBe(Code.FORBIDDEN);
    expect((await callEndpoint(t.app, s.service.token, e.orderReceiversGet, undefined)).code).toBe(Code.FORBIDDEN);
    const delegate = await insertUser(db(), { companyId: s.seller.id, realName: '人事' });
    await giveCustomRole(db(), { id: delegate.id, companyId: s.seller.id, companyType: 2 }, { permissions: ['user:manage'] });
    const hr = await signIn(db(), delegate);
    expect((await callEndpoint(t.app, hr.token, e.orderReceiversSave, { userIds: [s.shipper.id], roleIds: [] })).code).toBe(0);
    const buyer = await callEndpoint(t.app, s.buyer.token, e.orderReceiversGet, undefined);
    expect(buyer).toMatchObject({ code: Code.FORBIDDEN, message: '仅供应商可设置订单消息接收人' });
  });

  it('each change is audited with the choice before and after; saving the same choice again records nothing', async () => {
    const s = await scene();
    const admin = s.seller.admin;
    expect(await audits(s.seller.id)).toEqual([]);
    await callEndpoint(t.app, admin.token, e.orderReceiversSave, { userIds: [s.service.id], roleIds: [s.finance.roleId!] });
    await callEndpoint(t.app, admin.token, e.orderReceiversSave, { userIds: [s.service.id], roleIds: [s.finance.roleId!] });
    await callEndpoint(t.app, admin.token, e.orderReceiversSave, { userIds: [], roleIds: [] });
    expect(await audits(s.seller.id)).toEqual([
      {
        action: 'order_receivers.save',
        actorUserId: admin.id,
        targetType: 'company',
        targetId: String(s.seller.id),
        before: { userIds: [], roleIds: [] },
        after: { userIds: [s.service.id], roleIds: [s.finance.roleId] },
      },
      {
        action: 'order_receivers.save',
        actorUserId: admin.id,
        targetType: 'company',
        targetId: String(s.seller.id),
        before: { userIds: [s.service.id], roleIds: [s.finance.roleId] },
        after: { userIds: [], roleIds: [] },
      },
    ]);
    // The administrator reads it in the company's operation log.
    const [latest] = await db().select({ companyId: auditLogs.companyId }).from(auditLogs).where(eq(auditLogs.action, 'order_receivers.save')).orderBy(desc(auditLogs.id)).limit(1);
    expect(latest?.companyId).toBe(s.seller.id);
  });

  it('hostile ids and callers are refused in Chinese and change nothing', async () => {
    const s = await scene();
    const other = await scene();
    const admin = s.seller.admin;
    await callEndpoint(t.app, admin.token, e.orderReceiversSave, { userIds: [s.service.id], roleIds: [] });
    const setting = await stored(s.seller.id);
    const audited = (await audits(s.seller.id)).length;
    const B = crossCompanyCaller(other.seller.admin.token);
    const refusals: [string, { code: number; message: string }, number, string | RegExp][] = [
      // Ids of no user / role, or of another company's, mixed with a valid one.
      ['missing user', await callEndpoint(t.app, admin.token, e.orderReceiversSave, { userIds: [s.service.id, 2147483600], roleIds: [] }), Code.NOT_FOUND, '所选用户不存在'],
      ['missing role', await callEndpoint(t.app, admin.token, e.orderReceiversSave, { userIds: [], roleIds: [2147483600] }), Code.NOT_FOUND, '所选角色不存在'],
      ["other's user", await callEndpoint(t.app, admin.token, e.orderReceiversSave, { userIds: [s.shipper.id, other.shipper.id], roleIds: [] }), Code.NOT_FOUND, '所选用户不存在'],
      ["other's role", await callEndpoint(t.app, admin.token, e.orderReceiversSave, { userIds: [], roleIds: [other.finance.roleId!] }), Code.NOT_FOUND, '所选角色不存在'],
      ["a purchaser's user", await callEndpoint(t.app, admin.token, e.orderReceiversSave, { userIds: [s.buyer.id], roleIds: [] }), Code.NOT_FOUND, '所选用户不存在'],
      // Another company's administrator saving with this company's ids changes its own setting at most — refused here.
      ['another company', await callEndpoint(t.app, B, e.orderReceiversSave, { userIds: [s.shipper.id], roleIds: [] }), Code.NOT_FOUND, '所选用户不存在'],
      // A member without user management, a purchaser.
      ['member without user:manage', await callEndpoint(t.app, s.shipper.token, e.orderReceiversSave, { userIds: [], roleIds: [] }), Code.FORBIDDEN, /[\u4e00-\u9fa5]/],
      ['purchaser', await callEndpoint(t.app, s.buyer.token, e.orderReceiversSave, { userIds: [], roleIds: [] }), Code.FORBIDDEN, '仅供应商可设置订单消息接收人'],
    ];
    // Junk ids the schema refuses before any lookup.
    for (const junk of [0, -1, 1.5, '1', null, 'abc', 2 ** 53, {}]) {
      refusals.push([`junk user ${JSON.stringify(junk)}`, await callEndpoint(t.app, admin.token, e.orderReceiversSave, { userIds: [junk as number], roleIds: [] }), Code.INVALID, /[\u4e00-\u9fa5]/]);
      refusals.push([`junk role ${JSON.stringify(junk)}`, await callEndpoint(t.app, admin.token, e.orderReceiversSave, { userIds: [], roleIds: [junk as number] }), Code.INVALID, /[\u4e00-\u9fa5]/]);
    }
    refusals.push(['too many', await callEndpoint(t.app, admin.token, e.orderReceiversSave, { userIds: Array.from({ length: 201 }, (_, i) => i + 1), roleIds: [] }), Code.INVALID, '最多选择200个用户']);
    refusals.push(['not a list', await callEndpoint(t.app, admin.token, e.orderReceiversSave, { userIds: s.service.id as unknown as number[], roleIds: [] }), Code.INVALID, /[\u4e00-\u9fa5]/]);
    for (const [what, answer, code, message] of refusals) {
      expect(answer.code, `${what}: ${answer.message}`).toBe(code);
      expect(answer.message, what).toMatch(message);
      expect(answer.message, what).toMatch(/[\u4e00-\u9fa5]/);
    }
    // Nothing changed: this company's choice, the other's (never saved) and the audit log.
    expect(await stored(s.seller.id)).toEqual(setting);
    expect(await stored(other.seller.id)).toBeUndefined();
    expect(await audits(s.seller.id)).toHaveLength(audited);
    expect(await audits(other.seller.id)).toEqual([]);
  });

  it("another company's users and roles cannot be chosen", async () => {
    const a = await scene();
    const b = await makeSupplier(db(), '接收人另一供应商');
    const B = crossCompanyCaller(b.admin.token);
    expect(await callEndpoint(t.app, B, e.orderReceiversSave, { userIds: [a.shipper.id], roleIds: [] })).toMatchObject({
      code: Code.NOT_FOUND,
      message: '所选用户不存在',
    });
    expect(await callEndpoint(t.app, B, e.orderReceiversSave, { userIds: [], roleIds: [a.finance.roleId!] })).toMatchObject({
      code: Code.NOT_FOUND,
      message: '所选角色不存在',
    });
    const seen = await callEndpoint(t.app, B, e.orderReceiversGet, undefined);
    expect(seen.data.users.map((u) => u.id)).toEqual([b.admin.id]);
    expect(seen.data.roles.map((r) => r.id)).not.toContain(a.finance.roleId);
    // A's setting is untouched.
    expect((await callEndpoint(t.app, a.seller.admin.token, e.orderReceiversGet, undefined)).data.custom).toBe(false);
  });
});
