import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { Code, type MyAccess } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import errorsPlugin from '../../plugins/errors.ts';
import authPlugin from '../../plugins/auth.ts';
import { sessionAuth } from '../auth/sessions.ts';
import { ok } from '../../lib/envelope.ts';
import { requireMenu } from './permissions.ts';
import { giveRole, insertCompany, presetRoleId, signedInUser } from '../../test/factories/index.ts';
import { call } from '../../test/http.ts';

let t: TestApp;
let guarded: FastifyInstance;
let companyId: number;

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await insertCompany(t.database.db, { type: 2 })).id;
  guarded = Fastify({ logger: false });
  guarded.decorate('db', t.database.db);
  await guarded.register(errorsPlugin);
  await guarded.register(authPlugin, sessionAuth);
  guarded.get('/sale-orders', { preHandler: requireMenu('/customer/saleOrder') }, async () => ok('orders'));
  await guarded.ready();
});
afterAll(async () => {
  await guarded?.close();
  await t?.close();
});

describe('menu grants on the server', () => {
  it('lets a read behind a menu entry through only for holders of that entry (and administrators)', async () => {
    const db = t.database.db;
    const admin = await signedInUser(db, { companyId, isCompanyAdmin: true });
    const goods = await signedInUser(db, { companyId });
    await giveRole(db, goods.id, await presetRoleId(db, 'supplier.goods'));
    const sales = await signedInUser(db, { companyId });
    await giveRole(db, sales.id, await presetRoleId(db, 'supplier.sales'));
    expect((await call(guarded, admin.token, 'GET', '/sale-orders')).code).toBe(0);
    expect((await call(guarded, sales.token, 'GET', '/sale-orders')).code).toBe(0);
    expect(await call(guarded, goods.token, 'GET', '/sale-orders')).toMatchObject({
      code: Code.FORBIDDEN,
      message: '没有操作权限',
    });
    expect((await call(guarded, null, 'GET', '/sale-orders')).code).toBe(Code.LOGIN_EXPIRED);
  });

  it('tells the browser which menu pages a user may not open', async () => {
    const db = t.database.db;
    const goods = await signedInUser(db, { companyId });
    await giveRole(db, goods.id, await presetRoleId(db, 'supplier.goods'));
    const mine = (await call<MyAccess>(t.app, goods.token, 'GET', '/api/role/mine')).data;
    expect(mine.hiddenLinks).toEqual(expect.arrayContaining(['/customer/saleOrder', '/customer/user/list']));
    expect(mine.hiddenLinks).not.toContain('/customer/product');
    expect(mine.hiddenLinks).not.toContain('/customer/message/index');
    const admin = await signedInUser(db, { companyId, isCompanyAdmin: true });
    const adminAccess = (await call<MyAccess>(t.app, admin.token, 'GET', '/api/role/mine')).data;
    expect(adminAccess.hiddenLinks).toEqual([]);
    // Pages only purchasers have (招标项目, 购物车) are named with their type; shared ones (消息) are not.
    expect(adminAccess.otherTypeLinks).toEqual(
      expect.arrayContaining([
        { linkPath: '/customer/bid/bidindex', companyType: 4 },
        { linkPath: '/customer/cart', companyType: 4 },
      ]),
    );
    const other = adminAccess.otherTypeLinks.map((l) => l.linkPath);
    expect(other).not.toContain('/customer/message/index');
    expect(other).not.toContain('/customer/saleOrder');
  });
});
