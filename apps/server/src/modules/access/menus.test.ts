import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { MenuItem } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { roleMenus, roles, webMenus } from '../../db/schema/index.ts';
import { ensureAccessDefaults } from './ensure-defaults.ts';
import { giveRole, insertCompany, presetRoleId, signedInCompanyAdmin, signedInPlatformAdmin, signedInUser } from '../../test/factories/index.ts';
import { call } from '../../test/http.ts';

let t: TestApp;
let supplierAdmin: string;
let purchaserAdmin: string;
let supplierId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  supplierId = (await insertCompany(db, { type: 2 })).id;
  supplierAdmin = (await signedInUser(db, { companyId: supplierId, isCompanyAdmin: true })).token;
  purchaserAdmin = (await signedInCompanyAdmin(db, { company: { type: 4 } })).token;
});
afterAll(async () => t?.close());

const menus = async (token: string) =>
  (await call<MenuItem[]>(t.app, token, 'GET', '/api/appuser/getWebMenus')).data;
const paths = (list: MenuItem[]) => list.map((m) => m.linkPath).filter(Boolean);
const names = (list: MenuItem[]) => list.map((m) => m.name);

describe('GET /api/appuser/getWebMenus by company type', () => {
  it('gives a supplier administrator the whole supplier workbench and nothing of the purchaser', async () => {
    const list = await menus(supplierAdmin);
    expect(names(list)).toEqual(
      expect.arrayContaining(['商品管理', '库存管理', '报价管理', '销售订单', '财务管理', '统计报表']),
    );
    expect(paths(list)).toEqual(
      expect.arrayContaining([
        '/customer/product',
        '/customer/product/inventory',
        '/customer/quotation',
        '/customer/saleOrder',
        '/customer/offerOrder',
        '/customer/invoice/index',
        '/customer/companyAccount/index',
        '/customer/report/saleAmount',
        '/customer/rma/rmaList?type=1',
        '/customer/store',
        '/customer/role/list',
        '/customer/user/list',
        '/customer/message/index',
      ]),
    );
    expect(paths(list)).not.toContain('/customer/enquiry');
    expect(paths(list)).not.toContain('/customer/report/payAmount');
  });

  it('gives a purchaser administrator 采购管理 with enquiry, allenorder and order, and the payables report', async () => {
    const list = await menus(purchaserAdmin);
    const purchase = list.find((m) => m.name === '采购管理')!;
    const children = list.filter((m) => m.parentSysNo === purchase.sysNo).map((m) => m.linkPath);
    expect(children).toEqual(
      expect.arrayContaining([
        '/customer/enquiry',
        '/customer/allenorder',
        '/customer/order',
        '/customer/cart',
      ]),
    );
    expect(paths(list)).toContain('/customer/report/payAmount');
    expect(paths(list)).not.toContain('/customer/report/saleAmount');
    expect(paths(list)).not.toContain('/customer/saleOrder');
  });

  it('serves a flat list whose parents come before their children', async () => {
    const list = await menus(supplierAdmin);
    const seen = new Set<number>();
    for (const m of list) {
      if (m.parentSysNo) expect(seen.has(m.parentSysNo)).toBe(true);
      seen.add(m.sysNo);
      expect(m).toEqual(
        expect.objectContaining({
          sysNo: expect.any(Number),
          name: expect.any(String),
          icon: expect.any(String),
        }),
      );
    }
  });

  it('answers code 1 without a token', async () => {
    expect((await call(t.app, null, 'GET', '/api/appuser/getWebMenus')).code).toBe(1);
  });
});

describe('menus by role', () => {
  it('shows a sub-user without roles only the entries every user has', async () => {
    const sub = await signedInUser(t.database.db, { companyId: supplierId });
    const list = await menus(sub.token);
    expect(names(list).sort()).toEqual(['个人信息', '我的消息', '消息设置', '消息中心', '账户安全', '账户设置'].sort());
  });

  it('shows a sub-user holding the goods preset the product and stock menus, with their parents', async () => {
    const db = t.database.db;
    const sub = await signedInUser(db, { companyId: supplierId });
    await giveRole(db, sub.id, await presetRoleId(db, 'supplier.goods'));
    const list = await menus(sub.token);
    expect(names(list)).toEqual(expect.arrayContaining(['商品管理', '商品列表', '库存管理', '库存调整']));
    expect(paths(list)).not.toContain('/customer/saleOrder');
    expect(paths(list)).not.toContain('/customer/user/list');
  });

  it('shows a single granted child together with its parent only', async () => {
    const db = t.database.db;
    const all = await menus(supplierAdmin);
    const userList = all.find((m) => m.linkPath === '/customer/user/list')!;
    const [role] = await db
      .insert(roles)
      .values({ companyId: supplierId, companyType: 2, name: '人事' })
      .returning();
    await db.insert(roleMenus).values({ roleId: role!.id, menuId: userList.sysNo });
    const sub = await signedInUser(db, { companyId: supplierId });
    await giveRole(db, sub.id, role!.id);
    const list = await menus(sub.token);
    expect(names(list)).toContain('企业管理');
    expect(paths(list)).toContain('/customer/user/list');
    expect(paths(list)).not.toContain('/customer/role/list');
  });

  it('serves an entry without a link path as it is (the browser warns 未配置菜单项)', async () => {
    const db = t.database.db;
    const [parent] = await db
      .insert(webMenus)
      .values({ code: 'test.parent', companyType: 4, name: '测试分组', sort: 999 })
      .returning();
    await db
      .insert(webMenus)
      .values({ code: 'test.child', companyType: 4, parentId: parent!.id, name: '未配置', sort: 1 });
    const item = (await menus(purchaserAdmin)).find((m) => m.name === '未配置');
    expect(item).toMatchObject({ parentSysNo: parent!.id, linkPath: '' });
  });

  it('gives platform administrators (no company) an empty menu', async () => {
    const admin = await signedInPlatformAdmin(t.database.db);
    expect(await menus(admin.token)).toEqual([]);
  });
});

describe('ensureAccessDefaults', () => {
  it('is idempotent', async () => {
    const db = t.database.db;
    const before = await db.select({ n: count() }).from(webMenus);
    const presetsBefore = await db.select({ n: count() }).from(roleMenus);
    await ensureAccessDefaults(db);
    await ensureAccessDefaults(db);
    expect(await db.select({ n: count() }).from(webMenus)).toEqual(before);
    expect(await db.select({ n: count() }).from(roleMenus)).toEqual(presetsBefore);
    const presets = await db.select().from(roles).where(eq(roles.companyType, 2));
    expect(
      presets
        .filter((r) => r.presetKey)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['商品管理员', '财务', '销售专员'].sort());
  });
});
