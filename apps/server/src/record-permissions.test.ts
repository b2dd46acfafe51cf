import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, CompanyType } from '@aquamall/shared';
import { endpointGroups, type Endpoint } from '@aquamall/shared/endpoints';
import { addresses, invoiceTitles } from './db/schema/index.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import {
  giveCustomRole,
  makeAddress,
  makeInvoiceTitle,
  makeOnSaleProduct,
  makeOrder,
  makePurchaser,
  makeSupplier,
  signedInUser,
  type SignedInUser,
} from './test/factories/index.ts';
import { call } from './test/http.ts';
import { OPEN_TO_EVERY_MEMBER } from './test/role-coverage.ts';

/**
 * The role battery (docs/decisions/0173-record-permissions.md): every company-scoped route the app registers is
 * called by a member of the company who holds no role, and must refuse them (没有操作权限 or the route's own
 * refusal) unless test/role-coverage.ts lists it as open to every member, with the reason. The guards run before
 * validation (lib/route.ts), so the refusal needs no valid input: a new route without a permission fails here
 * by itself. Then the records themselves: an order, an address and an invoice title of the company, by id.
 */

interface Registered {
  method: string;
  url: string;
  endpoint: Endpoint;
}

const registered: Registered[] = [];
let t: TestApp;
let supplierMember: SignedInUser & { companyId: number };
let purchaserMember: SignedInUser & { companyId: number };
let purchaser: Awaited<ReturnType<typeof makePurchaser>>;
let supplier: Awaited<ReturnType<typeof makeSupplier>>;

const nameOf = new Map<object, string>();
for (const group of Object.values(endpointGroups))
  for (const [name, e] of Object.entries(group as Record<string, object>)) nameOf.set(e, name);

const companyEndpoints = Object.values(endpointGroups)
  .flatMap((g) => Object.entries(g as Record<string, Endpoint>))
  .filter(([, e]) => e.access.kind === 'company');

/** A plain member of the company (not its administrator, no role), signed in. */
async function memberOf(companyId: number) {
  const user = await signedInUser(t.database.db, { companyId, isCompanyAdmin: false, realName: '无角色成员' });
  return { ...user, companyId };
}

beforeAll(async () => {
  t = await createTestApp({
    onRoute: (r) => {
      const endpoint = (r.config as { endpoint?: Endpoint } | undefined)?.endpoint;
      if (!endpoint || endpoint.access.kind !== 'company') return;
      for (const method of [r.method].flat()) if (method !== 'HEAD') registered.push({ method, url: r.url, endpoint });
    },
  });
  const db = t.database.db;
  supplier = await makeSupplier(db, '角色测试供应商', { memberLevel: 3 });
  purchaser = await makePurchaser(db, '角色测试采购单位');
  supplierMember = await memberOf(supplier.id);
  purchaserMember = await memberOf(purchaser.companyId);
});
afterAll(async () => t?.close());

describe('role battery: a member with no role', () => {
  it('every company-scoped descriptor is registered as a route, so the battery reaches it', () => {
    const seen = new Set(registered.map((r) => r.endpoint));
    expect(companyEndpoints.length).toBeGreaterThan(150);
    expect(companyEndpoints.filter(([, e]) => !seen.has(e)).map(([name]) => name)).toEqual([]);
  });

  it('is refused by every company route that is not open to every member (test/role-coverage.ts)', async () => {
    const problems: string[] = [];
    let refused = 0;
    for (const r of registered) {
      const name = nameOf.get(r.endpoint) ?? r.url;
      if (OPEN_TO_EVERY_MEMBER[name]) continue;
      const url = r.url.replace(/:\w+/g, '1');
      for (const [who, member] of [
        ['supplier member', supplierMember],
        ['purchaser member', purchaserMember],
      ] as const) {
        const res = await t.app.inject({
          method: r.method as 'GET' | 'POST',
          url,
          headers: { 'x-token': member.token },
          ...(r.method === 'GET' ? {} : { payload: {} }),
        });
        const body = res.headers['content-type']?.toString().includes('json') ? (res.json() as { code?: number; message?: string }) : null;
        if (body?.code === Code.FORBIDDEN && body.message) refused++;
        else problems.push(`${name} ${r.method} ${r.url} (${who}): HTTP ${res.statusCode} ${body ? `code ${body.code} ${body.message}` : res.headers['content-type']}`);
      }
    }
    expect(
      problems,
      'company routes a member with no role may call: give the descriptor the permission (can) or the page (sees) of the ' +
        'page that lists its records, or list it in OPEN_TO_EVERY_MEMBER (test/role-coverage.ts) with the reason',
    ).toEqual([]);
    expect(refused).toBeGreaterThan(2 * 140);
  });

  it('the open list names company-scoped endpoints only, each with a reason', () => {
    const names = new Set(companyEndpoints.map(([name]) => name));
    for (const [name, reason] of Object.entries(OPEN_TO_EVERY_MEMBER)) {
      expect(names.has(name), `${name} is not a company-scoped endpoint`).toBe(true);
      expect(reason.length, name).toBeGreaterThan(20);
    }
  });

  it('cannot open the company’s order by id, nor keep its addresses and invoice titles', async () => {
    const db = t.database.db;
    const { skuIds } = await makeOnSaleProduct(db, supplier);
    const order = await makeOrder(db, purchaser, supplier.id, [{ skuId: skuIds[0]!, quantity: 1 }]);
    const addressId = await makeAddress(db, purchaser.companyId);
    const titleId = await makeInvoiceTitle(db, purchaser.companyId);
    const token = purchaserMember.token;
    const detail = await call(t.app, token, 'GET', `/api/order/detail?id=${order.id}`);
    expect(detail).toMatchObject({ code: Code.FORBIDDEN, data: null });
    expect(JSON.stringify(detail)).not.toContain('13800138000');
    const seller = await call(t.app, supplierMember.token, 'GET', `/api/order/detail?id=${order.id}`);
    expect(seller).toMatchObject({ code: Code.FORBIDDEN, data: null });

    const address = { receiver: '王五', phone: '13700137000', provinceCode: 110000, cityCode: 110100, districtCode: 110101, areaName: '北京市 北京市 东城区', detail: '别处 9 号' };
    const writes: [string, object][] = [
      ['/api/address/create', address],
      ['/api/address/update', { sysNo: addressId, ...address }],
      ['/api/address/default', { sysNo: addressId }],
      ['/api/address/delete', { sysNo: addressId }],
      ['/api/invoice-title/create', { kind: 1, title: '无角色成员的抬头', taxNo: '91350100M000100Y43' }],
      ['/api/invoice-title/delete', { sysNo: titleId }],
    ];
    for (const [url, body] of writes) expect((await call(t.app, token, 'POST', url, body)).code, url).toBe(Code.FORBIDDEN);
    for (const url of ['/api/address/list', '/api/invoice-title/list'])
      expect((await call(t.app, token, 'GET', url)).code, url).toBe(Code.FORBIDDEN);
    const kept = await db.select().from(addresses).where(eq(addresses.companyId, purchaser.companyId));
    expect(kept.map((a) => [a.id, a.receiver, a.isDefault])).toEqual([[addressId, '李四', false]]);
    const titles = await db.select().from(invoiceTitles).where(eq(invoiceTitles.companyId, purchaser.companyId));
    expect(titles.map((r) => r.id)).toEqual([titleId]);

    // The permission of the page that lists them lets the same member in.
    await giveCustomRole(db, { ...purchaserMember, companyType: CompanyType.PURCHASER }, { pages: ['/customer/address'], permissions: ['purchase:manage'] });
    expect((await call(t.app, token, 'GET', '/api/address/list')).code).toBe(0);
    expect((await call(t.app, token, 'POST', '/api/address/default', { sysNo: addressId })).code).toBe(0);
    expect((await call(t.app, token, 'GET', '/api/invoice-title/list')).code).toBe(0);
  });
});

describe('an order opens only from a page that lists it', () => {
  it('own orders from 采购订单, a colleague’s only from 全部采购订单, the supplier’s from 销售订单', async () => {
    const db = t.database.db;
    const { skuIds } = await makeOnSaleProduct(db, supplier);
    const buyer = await memberOf(purchaser.companyId);
    const colleague = await memberOf(purchaser.companyId);
    await giveCustomRole(db, { ...buyer, companyType: CompanyType.PURCHASER }, { pages: ['/customer/order'], permissions: ['purchase:manage'] });
    const own = await makeOrder(db, buyer, supplier.id, [{ skuId: skuIds[0]!, quantity: 1 }]);
    const theirs = await makeOrder(db, colleague, supplier.id, [{ skuId: skuIds[0]!, quantity: 1 }]);
    const open = (token: string, id: number) => call(t.app, token, 'GET', `/api/order/detail?id=${id}`);

    expect((await open(buyer.token, own.id)).code).toBe(0);
    expect(await open(buyer.token, theirs.id)).toMatchObject({ code: Code.FORBIDDEN, data: null });
    // The list agrees: the own list shows only the buyer's order.
    const list = await call<{ list: { id: number }[] }>(t.app, buyer.token, 'POST', '/api/order/list', { type: 0, pageIndex: 1, pageSize: 20 });
    expect(list.data.list.map((o) => o.id)).toEqual([own.id]);

    const manager = await memberOf(purchaser.companyId);
    await giveCustomRole(db, { ...manager, companyType: CompanyType.PURCHASER }, { pages: ['/customer/allorder'] });
    expect((await open(manager.token, theirs.id)).code).toBe(0);

    const quoter = await memberOf(supplier.id);
    await giveCustomRole(db, { ...quoter, companyType: CompanyType.SUPPLIER }, { pages: ['/customer/offerOrder'] });
    expect(await open(quoter.token, own.id)).toMatchObject({ code: Code.FORBIDDEN, data: null });
    const sales = await memberOf(supplier.id);
    await giveCustomRole(db, { ...sales, companyType: CompanyType.SUPPLIER }, { pages: ['/customer/saleOrder'] });
    expect((await open(sales.token, own.id)).code).toBe(0);
  });
});
