import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { Code, MSG, OrderKind } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import errorsPlugin from '../../plugins/errors.ts';
import authPlugin from '../../plugins/auth.ts';
import { sessionAuth } from '../auth/sessions.ts';
import { ok } from '../../lib/envelope.ts';
import { requireMemberGate, requireReportType } from './member-gate.ts';
import { insertCompany, makePurchaser, makeSupplier, noInvoice, signedInUser, testAddress } from '../../test/factories/index.ts';
import { createOrders } from '../orders/create.ts';
import { DEFAULT_ORDER_RULES } from '../../config.ts';
import { resolveToken } from '../auth/sessions.ts';
import { call } from '../../test/http.ts';

let t: TestApp;
let gated: FastifyInstance;

/** Resources of later issues, stood in by routes registered here with the exported guards; order detail is real. */
beforeAll(async () => {
  t = await createTestApp();
  gated = Fastify({ logger: false });
  gated.decorate('db', t.database.db);
  await gated.register(errorsPlugin);
  await gated.register(authPlugin, sessionAuth);
  gated.get('/quotation/detail', { preHandler: requireMemberGate('levels23') }, async () => ok('quotation'));
  gated.get('/product/detail', { preHandler: requireMemberGate('levels13') }, async () => ok('product'));
  gated.get('/report/saleAmount', { preHandler: requireReportType('saleAmount') }, async () => ok('sale'));
  gated.get('/report/payAmount', { preHandler: requireReportType('payAmount') }, async () => ok('pay'));
  await gated.ready();
});
afterAll(async () => {
  await gated?.close();
  await t?.close();
});

async function userOf(type: 2 | 4, memberLevel: number, isMemberVail: number) {
  const db = t.database.db;
  // The company's administrator: every page of its type, so only the membership gate decides.
  const companyId = (await insertCompany(db, { type, memberLevel, isMemberVail })).id;
  return (await signedInUser(db, { companyId, isCompanyAdmin: true })).token;
}
/** The stand-in routes, except order/detail: the real order detail of an order the caller's company sells (6) or was awarded (8). */
async function hit(token: string | null, url: string) {
  if (!url.startsWith('/order/detail')) return call(gated, token, 'GET', url);
  const type = Number(new URLSearchParams(url.split('?')[1]).get('type'));
  const db = t.database.db;
  const auth = await resolveToken(db, token ?? undefined);
  const buyer = auth?.companyType === 4 ? { companyId: auth.companyId!, id: auth.userId } : await makePurchaser(db, '会员门槛采购商');
  const seller = auth?.companyType === 2 ? auth.companyId! : (await makeSupplier(db, '会员门槛供应商')).id;
  const [order] = await db.transaction((tx) =>
    createOrders(
      tx,
      [
        {
          kind: type === 8 || type === 4 ? OrderKind.ENQUIRY : OrderKind.PURCHASE,
          buyer: { companyId: buyer.companyId, userId: buyer.id, userName: '' },
          sellerCompanyId: seller,
          lines: [{ quantity: 1, unitPrice: 10, productName: '询价商品', unit: '吨' }],
          address: testAddress(),
          invoice: noInvoice(),
        },
      ],
      DEFAULT_ORDER_RULES,
    ),
  );
  return call(t.app, token, 'GET', `/api/order/detail?id=${order!.id}&type=${type}`);
}

describe('membership gates on the server (docs/product/accounts.md#membership-gates)', () => {
  it('blocks levels 0 and 1 from quotation detail and order detail type 8 with 请购买二级/三级会员', async () => {
    for (const level of [0, 1]) {
      const token = await userOf(2, level, 1);
      for (const url of ['/quotation/detail', '/order/detail?type=8']) {
        expect(await hit(token, url)).toMatchObject({
          code: Code.MEMBER_REQUIRED,
          message: MSG.memberLevel23,
        });
      }
      expect((await hit(await userOf(4, level, 1), '/order/detail?type=0')).code).toBe(0);
    }
    for (const level of [2, 3]) {
      expect((await hit(await userOf(2, level, 1), '/quotation/detail')).code).toBe(0);
    }
  });

  it('blocks level 0 from order detail type 6 and product detail with 请购买一级/三级会员; levels are cumulative, so 1, 2 and 3 pass', async () => {
    for (const level of [0]) {
      const token = await userOf(2, level, 1);
      for (const url of ['/order/detail?type=6', '/product/detail']) {
        expect(await hit(token, url)).toMatchObject({
          code: Code.MEMBER_REQUIRED,
          message: MSG.memberLevel13,
        });
      }
    }
    for (const level of [1, 2, 3]) {
      const token = await userOf(2, level, 1);
      expect((await hit(token, '/order/detail?type=6')).code).toBe(0);
      expect((await hit(token, '/product/detail')).code).toBe(0);
    }
  });

  it('applies only when isMemberVail is 1', async () => {
    const token = await userOf(2, 0, 0);
    expect((await hit(token, '/quotation/detail')).code).toBe(0);
    expect((await hit(token, '/product/detail')).code).toBe(0);
  });

  it('exempts purchasers (company type 4)', async () => {
    const token = await userOf(4, 0, 1);
    expect((await hit(token, '/quotation/detail')).code).toBe(0);
    expect((await hit(token, '/order/detail?type=6')).code).toBe(0);
  });

  it('answers code 1 without a session', async () => {
    expect((await hit(null, '/quotation/detail')).code).toBe(Code.LOGIN_EXPIRED);
  });
});

describe('reports limited to one company type', () => {
  it('serves report/saleAmount only to suppliers and report/payAmount only to purchasers', async () => {
    const supplier = await userOf(2, 3, 0);
    const purchaser = await userOf(4, 0, 0);
    expect((await hit(supplier, '/report/saleAmount')).code).toBe(0);
    expect(await hit(purchaser, '/report/saleAmount')).toMatchObject({
      code: Code.FORBIDDEN,
      message: '应收账款报表仅对供应商开放',
    });
    expect((await hit(purchaser, '/report/payAmount')).code).toBe(0);
    expect(await hit(supplier, '/report/payAmount')).toMatchObject({
      code: Code.FORBIDDEN,
      message: '应付账款报表仅对采购商开放',
    });
  });
});
