import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { Code, memberGateForOrderType, MSG } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import errorsPlugin from '../../plugins/errors.ts';
import authPlugin, { caller } from '../../plugins/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { assertMemberGate, requireMemberGate, requireReportType } from './member-gate.ts';
import { insertCompany, signedInUser } from '../../test/factories/index.ts';
import { get } from '../../test/http.ts';

let t: TestApp;
let gated: FastifyInstance;

/** Resources of later issues, stood in by routes registered here with the exported guards. */
beforeAll(async () => {
  t = await createTestApp();
  gated = Fastify({ logger: false });
  gated.decorate('db', t.database.db);
  await gated.register(errorsPlugin);
  await gated.register(authPlugin);
  gated.get('/quotation/detail', { preHandler: requireMemberGate('levels23') }, async () => ok('quotation'));
  gated.get('/product/detail', { preHandler: requireMemberGate('levels13') }, async () => ok('product'));
  gated.get<{ Querystring: { type: string } }>('/order/detail', async (request) => {
    const gate = memberGateForOrderType(Number(request.query.type));
    if (gate) assertMemberGate(caller(request), gate);
    return ok('order');
  });
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
  return (await signedInUser(db, { companyId: (await insertCompany(db, { type, memberLevel, isMemberVail })).id })).token;
}

describe('membership gates on the server (SPEC §4)', () => {
  it('blocks levels 0 and 1 from quotation detail and order detail type 8 with 请购买二级/三级会员', async () => {
    for (const level of [0, 1]) {
      const token = await userOf(2, level, 1);
      for (const url of ['/quotation/detail', '/order/detail?type=8']) {
        expect(await get(gated, url, token)).toMatchObject({
          code: Code.MEMBER_REQUIRED,
          message: MSG.memberLevel23,
        });
      }
      expect((await get(gated, '/order/detail?type=0', token)).code).toBe(0);
    }
    for (const level of [2, 3]) {
      expect((await get(gated, '/quotation/detail', await userOf(2, level, 1))).code).toBe(0);
    }
  });

  it('blocks levels 0 and 2 from order detail type 6 and product detail with 请购买一级/三级会员', async () => {
    for (const level of [0, 2]) {
      const token = await userOf(2, level, 1);
      for (const url of ['/order/detail?type=6', '/product/detail']) {
        expect(await get(gated, url, token)).toMatchObject({
          code: Code.MEMBER_REQUIRED,
          message: MSG.memberLevel13,
        });
      }
    }
    for (const level of [1, 3]) {
      expect((await get(gated, '/order/detail?type=6', await userOf(2, level, 1))).code).toBe(0);
    }
  });

  it('applies only when isMemberVail is 1', async () => {
    const token = await userOf(2, 0, 0);
    expect((await get(gated, '/quotation/detail', token)).code).toBe(0);
    expect((await get(gated, '/product/detail', token)).code).toBe(0);
  });

  it('exempts purchasers (company type 4)', async () => {
    const token = await userOf(4, 0, 1);
    expect((await get(gated, '/quotation/detail', token)).code).toBe(0);
    expect((await get(gated, '/order/detail?type=6', token)).code).toBe(0);
  });

  it('answers code 1 without a session', async () => {
    expect((await get(gated, '/quotation/detail')).code).toBe(Code.LOGIN_EXPIRED);
  });
});

describe('reports limited to one company type', () => {
  it('serves report/saleAmount only to suppliers and report/payAmount only to purchasers', async () => {
    const supplier = await userOf(2, 3, 0);
    const purchaser = await userOf(4, 0, 0);
    expect((await get(gated, '/report/saleAmount', supplier)).code).toBe(0);
    expect(await get(gated, '/report/saleAmount', purchaser)).toMatchObject({
      code: Code.FORBIDDEN,
      message: '应收账款报表仅对供应商开放',
    });
    expect((await get(gated, '/report/payAmount', purchaser)).code).toBe(0);
    expect(await get(gated, '/report/payAmount', supplier)).toMatchObject({
      code: Code.FORBIDDEN,
      message: '应付账款报表仅对采购商开放',
    });
  });
});
