import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  Code,
  type CompanyUserRow,
  type MenuItem,
  type Paged,
  type RoleGrantOptions,
  type RoleRow,
} from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { users } from '../../db/schema/index.ts';
import { type CompanyWithAdmin, giveRole, newPhone, presetRoleId, signedInCompanyAdmin, signedInUser, twoSuppliers } from '../../test/factories/index.ts';
import { roleEndpoints as e } from '@aquamall/shared/endpoints';
import { call, callEndpoint } from '../../test/http.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

let t: TestApp;
let a: CompanyWithAdmin;
let b: CompanyWithAdmin;

beforeAll(async () => {
  t = await createTestApp();
  ({ a, b } = await twoSuppliers(t.database.db));
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/access/roles-users.test.ts');

const post = <T = unknown>(token: string | null, url: string, body: unknown = {}) =>
  call<T>(t.app, token, 'POST', url, body);
const get = <T = unknown>(token: string | null, url: string) => call<T>(t.app, token, 'GET', url);

async function createRole(token: string, name: string, permissions: string[] = [], menuIds: number[] = []) {
  const res = await callEndpoint(t.app, token, e.roleCreate, { name, permissions, menuIds });
  expect(res).toMatchObject({ code: 0 });
  return res.data.sysNo;
}

describe('roles', () => {
  it('lists the presets of the company type and the company’s own roles with grants and user counts', async () => {
    const id = await createRole(a.admin.token, '仓库', ['inventory:adjust']);
    const res = await callEndpoint(t.app, a.admin.token, e.roleList, { pageIndex: 1, pageSize: 20 });
    expect(res.code).toBe(0);
    const names = res.data.list.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['销售专员', '商品管理员', '财务', '仓库']));
    expect(names).not.toContain('采购员');
    expect(res.data.list.find((r) => r.sysNo === id)).toMatchObject({
      isPreset: false,
      permissions: ['inventory:adjust'],
      userCount: 0,
    });
  });

  it('refuses a duplicate name, an unknown permission, a menu of the other company type and an empty name', async () => {
    await createRole(a.admin.token, '重复');
    const duplicate = await callEndpoint(t.app, a.admin.token, e.roleCreate, { name: '重复' });
    expect(duplicate.message).toBe('角色名称已存在');
    expect(duplicate.identity).toBe('ROLE_NAME_TAKEN');
    expect(
      (await post(a.admin.token, '/api/role/create', { name: 'x', permissions: ['enquiry:manage'] })).message,
    ).toBe('权限项不存在');
    const purchaser = await signedInCompanyAdmin(t.database.db, { company: { type: 4 } });
    const purchaserMenu = (await get<MenuItem[]>(purchaser.token, '/api/appuser/getWebMenus')).data[0]!;
    expect(
      (await post(a.admin.token, '/api/role/create', { name: 'y', menuIds: [purchaserMenu.sysNo] })).message,
    ).toBe('菜单项不存在');
    const empty = await post(a.admin.token, '/api/role/create', { name: '  ' });
    expect(empty.code).toBe(Code.INVALID);
    expect(empty.message).toContain('请输入角色名称');
  });

  it('offers the menus and permissions of the company type as grants, without entries everyone has', async () => {
    const res = await get<RoleGrantOptions>(a.admin.token, '/api/role/grants');
    const names = res.data.menus.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['商品管理', '商品列表', '用户管理']));
    expect(names).not.toContain('我的消息');
    expect(names).not.toContain('采购管理');
    expect(res.data.permissions.map((p) => p.code)).toContain('order:ship');
    expect(res.data.permissions.map((p) => p.code)).not.toContain('enquiry:manage');
    const sub = await signedInUser(t.database.db, { companyId: a.id });
    expect((await get(sub.token, '/api/role/grants')).code).toBe(Code.FORBIDDEN);
  });

  it('keeps presets read-only', async () => {
    const preset = await presetRoleId(t.database.db, 'supplier.sales');
    const renamed = await callEndpoint(t.app, a.admin.token, e.roleUpdate, { sysNo: preset, name: '改名' });
    expect(renamed.code).toBe(Code.FORBIDDEN);
    expect(renamed.identity).toBe('ROLE_PRESET_LOCKED');
    expect((await callEndpoint(t.app, a.admin.token, e.roleDelete, { sysNo: preset })).code).toBe(Code.FORBIDDEN);
  });

  it('updates and deletes a role; its holders lose it', async () => {
    const id = await createRole(a.admin.token, '临时', ['report:view']);
    const sub = await signedInUser(t.database.db, { companyId: a.id });
    await giveRole(t.database.db, sub.id, id);
    expect(
      (
        await post(a.admin.token, '/api/role/update', {
          sysNo: id,
          name: '临时2',
          permissions: ['order:ship'],
        })
      ).code,
    ).toBe(0);
    expect((await get<{ permissions: string[] }>(sub.token, '/api/role/mine')).data.permissions).toEqual([
      'order:ship',
    ]);
    expect((await post(a.admin.token, '/api/role/delete', { sysNo: id })).code).toBe(0);
    expect((await get<{ permissions: string[] }>(sub.token, '/api/role/mine')).data.permissions).toEqual([]);
  });
});

describe('company isolation', () => {
  it('company A never sees, changes or assigns company B’s roles', async () => {
    crossCompanyCaller(a.admin.token);
    const bRole = await createRole(b.admin.token, '乙的角色', ['order:ship']);
    const list = await post<Paged<RoleRow>>(a.admin.token, '/api/role/list', { pageIndex: 1, pageSize: 100 });
    expect(list.data.list.map((r) => r.sysNo)).not.toContain(bRole);
    expect(
      (await get<{ sysNo: number }[]>(a.admin.token, '/api/role/all')).data.map((r) => r.sysNo),
    ).not.toContain(bRole);
    expect((await post(a.admin.token, '/api/role/update', { sysNo: bRole, name: '被改' })).code).toBe(
      Code.NOT_FOUND,
    );
    expect((await post(a.admin.token, '/api/role/delete', { sysNo: bRole })).code).toBe(Code.NOT_FOUND);
    const sub = await signedInUser(t.database.db, { companyId: a.id });
    const assign = await post(a.admin.token, '/api/user/update', {
      sysNo: sub.id,
      realName: '甲',
      roleIds: [bRole],
    });
    expect(assign).toMatchObject({ code: Code.INVALID, message: '角色不存在' });
    const still = await post<Paged<RoleRow>>(b.admin.token, '/api/role/list', {
      pageIndex: 1,
      pageSize: 100,
      keyword: '乙的角色',
    });
    expect(still.data.list).toHaveLength(1);
  });

  it('company A never sees or changes company B’s users', async () => {
    crossCompanyCaller(a.admin.token);
    const bUser = await signedInUser(t.database.db, { companyId: b.id, realName: '乙员工' });
    const list = await post<Paged<CompanyUserRow>>(a.admin.token, '/api/user/list', {
      pageIndex: 1,
      pageSize: 100,
    });
    expect(list.data.list.map((u) => u.sysNo)).not.toContain(bUser.id);
    expect(list.data.list.every((u) => u.sysNo !== b.admin.id)).toBe(true);
    expect(
      (await post(a.admin.token, '/api/user/update', { sysNo: bUser.id, realName: '被改', roleIds: [] }))
        .code,
    ).toBe(Code.NOT_FOUND);
    expect((await post(a.admin.token, '/api/user/disable', { sysNo: bUser.id, disabled: true })).code).toBe(
      Code.NOT_FOUND,
    );
    const [row] = await t.database.db.select().from(users).where(eq(users.id, bUser.id));
    expect(row).toMatchObject({ realName: '乙员工', disabled: false });
    expect((await get(bUser.token, '/api/appuser/getWebMenus')).code).toBe(0);
  });
});

describe('permissions', () => {
  it('refuses a sub-user without user:manage / role:manage, and admits one who holds it', async () => {
    const sub = await signedInUser(t.database.db, { companyId: a.id });
    for (const [url, body] of [
      ['/api/user/list', { pageIndex: 1, pageSize: 10 }],
      ['/api/user/invite', { phone: newPhone(), realName: '某', roleIds: [] }],
      ['/api/role/create', { name: '越权' }],
    ] as const) {
      expect(await post(sub.token, url, body)).toMatchObject({
        code: Code.FORBIDDEN,
        message: '没有操作权限',
      });
    }
    const hr = await createRole(a.admin.token, '人事专员', ['user:manage']);
    await giveRole(t.database.db, sub.id, hr);
    expect((await post(sub.token, '/api/user/list', { pageIndex: 1, pageSize: 10 })).code).toBe(0);
    expect((await post(sub.token, '/api/role/create', { name: '越权' })).code).toBe(Code.FORBIDDEN);
  });

  it('stops a delegate from granting or assigning more than they hold', async () => {
    const db = t.database.db;
    const delegate = await signedInUser(db, { companyId: a.id });
    await giveRole(
      db,
      delegate.id,
      await createRole(a.admin.token, '管理助理', ['role:manage', 'user:manage']),
    );
    expect(
      (await post(delegate.token, '/api/role/create', { name: '发货', permissions: ['order:ship'] })).code,
    ).toBe(Code.FORBIDDEN);
    expect(
      (await post(delegate.token, '/api/role/create', { name: '助理2', permissions: ['user:manage'] })).code,
    ).toBe(0);
    const sub = await signedInUser(db, { companyId: a.id });
    const sales = await presetRoleId(db, 'supplier.sales');
    expect(
      (await post(delegate.token, '/api/user/update', { sysNo: sub.id, realName: 'x', roleIds: [sales] }))
        .code,
    ).toBe(Code.FORBIDDEN);
  });

  it('gives company administrators every permission of their type', async () => {
    const mine = await get<{ isCompanyAdmin: boolean; permissions: string[] }>(
      a.admin.token,
      '/api/role/mine',
    );
    expect(mine.data.isCompanyAdmin).toBe(true);
    expect(mine.data.permissions).toEqual(
      expect.arrayContaining(['product:edit', 'order:ship', 'user:manage', 'role:manage']),
    );
    expect(mine.data.permissions).not.toContain('enquiry:manage');
  });
});

describe('company users', () => {
  it('pages the list', async () => {
    const page1 = await post<Paged<CompanyUserRow>>(a.admin.token, '/api/user/list', {
      pageIndex: 1,
      pageSize: 2,
    });
    const page2 = await post<Paged<CompanyUserRow>>(a.admin.token, '/api/user/list', {
      pageIndex: 2,
      pageSize: 2,
    });
    expect(page1.data.list).toHaveLength(2);
    expect(page1.data.total).toBeGreaterThan(2);
    expect(page2.data.list[0]!.sysNo).not.toBe(page1.data.list[0]!.sysNo);
    expect(page1.data.list[0]!.isCompanyAdmin).toBe(true);
  });

  it('disabling a user ends their sessions at once, even after re-enabling', async () => {
    const sub = await signedInUser(t.database.db, { companyId: a.id });
    expect((await get(sub.token, '/api/appuser/getWebMenus')).code).toBe(0);
    expect((await post(a.admin.token, '/api/user/disable', { sysNo: sub.id, disabled: true })).code).toBe(0);
    expect((await get(sub.token, '/api/appuser/getWebMenus')).code).toBe(Code.LOGIN_EXPIRED);
    expect((await post(a.admin.token, '/api/user/disable', { sysNo: sub.id, disabled: false })).code).toBe(0);
    expect((await get(sub.token, '/api/appuser/getWebMenus')).code).toBe(Code.LOGIN_EXPIRED);
    const list = await post<Paged<CompanyUserRow>>(a.admin.token, '/api/user/list', {
      pageIndex: 1,
      pageSize: 100,
      status: 0,
    });
    expect(list.data.list.find((u) => u.sysNo === sub.id)).toMatchObject({ disabled: false });
  });

  it('stops a delegate from changing or disabling a user who holds more than they do', async () => {
    const db = t.database.db;
    const delegate = await signedInUser(db, { companyId: a.id });
    await giveRole(db, delegate.id, await createRole(a.admin.token, '仅用户管理', ['user:manage']));
    const senior = await signedInUser(db, { companyId: a.id });
    await giveRole(db, senior.id, await createRole(a.admin.token, '高级', ['user:manage', 'role:manage']));
    expect(
      (await post(delegate.token, '/api/user/disable', { sysNo: senior.id, disabled: true })).message,
    ).toBe('不能修改权限高于您的用户');
    expect(
      (await post(delegate.token, '/api/user/update', { sysNo: senior.id, realName: 'x', roleIds: [] })).code,
    ).toBe(Code.FORBIDDEN);
    expect((await get(senior.token, '/api/appuser/getWebMenus')).code).toBe(0);
  });

  it('never disables the administrator or oneself', async () => {
    const delegate = await signedInUser(t.database.db, { companyId: a.id });
    await giveRole(
      t.database.db,
      delegate.id,
      await createRole(a.admin.token, '用户管理员', ['user:manage']),
    );
    expect(
      (await post(delegate.token, '/api/user/disable', { sysNo: a.admin.id, disabled: true })).message,
    ).toBe('不能停用企业管理员');
    expect(
      (await post(delegate.token, '/api/user/disable', { sysNo: delegate.id, disabled: true })).message,
    ).toBe('不能停用自己的账号');
  });
});
