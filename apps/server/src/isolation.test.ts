import { and, eq, inArray, ne, notInArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, InvoiceStatus } from '@aquamall/shared';
import { endpointGroups, type Endpoint } from '@aquamall/shared/endpoints';
import {
  bids,
  creditAccounts,
  invoices,
  merchantApplications,
  messages,
  orders,
  products,
  sessions,
  tenderObjections,
  tenderQuestions,
  users,
} from './db/schema/index.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { signedInCompanyAdmin } from './test/factories/index.ts';
import { call, login } from './test/http.ts';
import { exemptions, ISOLATION_PROBES, NOT_YET_PROBED, probedBy as probesOf } from './test/isolation-coverage.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from './test/isolation-record.ts';

/**
 * Cross-company isolation on the demo data: supplier 18800000002 (company A) aims every workbench call that takes
 * an id, or could be fooled by a smuggled `companyId`, at supplier 18800000003 (company B). Roles, users and the
 * file list have their own isolation tests (access/roles-users, files/upload); this covers the rest.
 *
 * The last block enumerates every company-scoped endpoint descriptor (the routes are registered from them) and
 * fails when one is neither declared by an isolation test file (test/isolation-coverage.ts ISOLATION_PROBES;
 * each file proves at run time that a caller of another company called what it declares) nor EXEMPT with a reason.
 */

let t: TestApp;
let a: { token: string; companyId: number; userId: number };
let b: { token: string; companyId: number; userId: number };

/** `call` as the token's holder; a server failure fails the test even where the answer is not asserted. */
async function as<T = unknown>(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const answer = await call<T>(t.app, token, method, url, payload);
  expect(answer.code).not.toBe(Code.SERVER_ERROR);
  return answer;
}

/** A demo supplier of the seed, signed in through the login API. */
async function signIn(account: string) {
  const token = (await login(t.app, account)).data.authToken;
  const [user] = await t.database.db.select().from(users).where(eq(users.phone, account));
  if (!user?.companyId) throw new Error(`demo user ${account} has no company`);
  return { token, companyId: user.companyId, userId: user.id };
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  // A is the caller of another company in every probe below (B's records are the target).
  a = await signIn('18800000002');
  crossCompanyCaller(a.token);
  b = await signIn('18800000003');
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('isolation.test.ts');

/** The cell values of every sheet of an Excel answer. */
async function sheetValues(payload: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  return wb.worksheets.map((sheet) => [sheet.name, sheet.getSheetValues()]);
}

/** What company B sees of itself on its workbench. */
async function bView() {
  const [settings, bank, application, certification] = await Promise.all([
    as(b.token, 'GET', '/api/store/settings'),
    as(b.token, 'GET', '/api/bank/account'),
    as(b.token, 'GET', '/api/merchant/application'),
    as(b.token, 'GET', '/api/certification/detail'),
  ]);
  return { settings: settings.data, bank: bank.data, application: application.data, certification: certification.data };
}

describe('one company never sees or changes another’s data', () => {
  it('messages: B’s messages are neither listed nor marked read for A', async () => {
    const db = t.database.db;
    const inserted = await db
      .insert(messages)
      .values([
        { companyId: b.companyId, type: 'system', title: '乙公司的私信一' },
        { companyId: b.companyId, type: 'system', title: '乙公司的私信二' },
      ])
      .returning({ id: messages.id });
    const ids = inserted.map((m) => m.id);
    const list = await as<{ list: { id: number; title: string }[] }>(a.token, 'GET', '/api/message/list?pageIndex=1&pageSize=100');
    expect(list.code).toBe(0);
    expect(list.data.list.map((m) => m.id)).not.toEqual(expect.arrayContaining([ids[0]]));
    expect(list.data.list.some((m) => m.title.startsWith('乙公司'))).toBe(false);
    expect((await as<{ updated: number }>(a.token, 'POST', '/api/message/read', { ids })).data.updated).toBe(0);
    await as(a.token, 'POST', '/api/message/read', { all: true });
    const rows = await db.select().from(messages).where(inArray(messages.id, ids));
    expect(rows.every((m) => m.readAt === null)).toBe(true);
    const unread = await as<{ count: number }>(b.token, 'GET', '/api/message/unreadcount');
    expect(unread.data.count).toBeGreaterThanOrEqual(2);
  });

  it('shop settings, bank account and merchant application: A reads only its own; a smuggled companyId changes nothing of B', async () => {
    // B has a bank account of its own, so that B's answer showing up for A would be seen.
    const bBank = { accountName: '乙公司对公账户', bankName: '工商银行', accountNo: '6222020000005678' };
    expect((await as(b.token, 'POST', '/api/bank/account/save', bBank)).code).toBe(0);
    const before = await bView();
    expect([before.bank, before.application, before.certification]).not.toContain(null);
    const mine = await as<{ shopName: string }>(a.token, 'GET', '/api/store/settings');
    expect(mine.code).toBe(0);
    expect(mine.data).not.toEqual(before.settings);

    const smuggled = { companyId: b.companyId, id: b.companyId, userId: b.userId };
    // The company's own reads take no id: one smuggled in the query answers A's own record, never B's.
    const query = `companyId=${b.companyId}&id=${(before.application as { id?: number }).id ?? b.companyId}&userId=${b.userId}`;
    for (const path of ['/api/bank/account', '/api/merchant/application', '/api/certification/detail']) {
      const own = await as(a.token, 'GET', path);
      expect(own.code, path).toBe(0);
      expect((await as(a.token, 'GET', `${path}?${query}`)).data, path).toEqual(own.data);
    }
    expect((await as(a.token, 'GET', `/api/bank/account?${query}`)).data).not.toEqual(before.bank);
    expect((await as(a.token, 'GET', `/api/merchant/application?${query}`)).data).not.toEqual(before.application);
    expect((await as(a.token, 'GET', `/api/certification/detail?${query}`)).data).not.toEqual(before.certification);
    await as(a.token, 'POST', '/api/store/settings/save', { ...smuggled, shopName: '甲公司改名店铺' });
    await as(a.token, 'POST', '/api/bank/account/save', {
      ...smuggled,
      accountName: '甲公司对公账户',
      bankName: '中国银行',
      accountNo: '6222020000001234',
    });
    expect(await bView()).toEqual(before);
    expect((await as<{ shopName: string }>(a.token, 'GET', '/api/store/settings')).data.shopName).toBe('甲公司改名店铺');
  });

  it('merchant application: a smuggled companyId in a draft that really is saved lands on the caller only', async () => {
    // A supplier that is not a merchant yet, so the draft save reaches the write path (A and B are merchants).
    const { company: c, token } = await signedInCompanyAdmin(t.database.db, {
      company: { name: '丙公司（未入驻）', type: 2 },
      user: { phone: '13712340001' },
    });
    const before = await bView();
    const smuggled = { companyId: b.companyId, id: b.companyId, userId: b.userId };
    const saved = await as<{ id: number; shopName: string }>(crossCompanyCaller(token), 'POST', '/api/merchant/application/save', {
      ...smuggled,
      shopName: '丙公司草稿',
    });
    expect(saved).toMatchObject({ code: 0, data: { shopName: '丙公司草稿' } });
    const [row] = await t.database.db.select().from(merchantApplications).where(eq(merchantApplications.id, saved.data.id));
    expect(row!.companyId).toBe(c!.id);
    expect(await bView()).toEqual(before);
  });

  it('shop floors and own products: A can neither list nor showcase B’s products', async () => {
    const bProducts = await as<{ id: number }[]>(b.token, 'GET', '/api/store/products');
    const bIds = bProducts.data.map((p) => p.id);
    expect(bIds.length).toBeGreaterThan(0);
    const aIds = (await as<{ id: number }[]>(a.token, 'GET', '/api/store/products')).data.map((p) => p.id);
    expect(aIds.filter((id) => bIds.includes(id))).toEqual([]);
    const save = await as(a.token, 'POST', '/api/store/settings/save', {
      shopName: '甲公司店铺',
      shopFloors: [{ title: '借来的楼层', productIds: [bIds[0]] }],
    });
    expect(save).toMatchObject({ code: Code.INVALID, message: '楼层中包含不属于本店铺的商品' });
  });

  it('supplier products: A neither lists, reads nor deletes B’s products, even with a smuggled companyId', async () => {
    const db = t.database.db;
    const bRows = await db.select().from(products).where(eq(products.companyId, b.companyId));
    const bIds = bRows.map((p) => p.id);
    expect(bIds.length).toBeGreaterThan(0);
    const list = await as<{ list: Record<string, unknown>[] }>(a.token, 'POST', '/api/myproduct/list', {
      pageIndex: 1,
      pageSize: 100,
      companyId: b.companyId,
    });
    const listed = (list.data?.list ?? []).map((r) => Number(r.id ?? r.sysNo));
    expect(listed.filter((id) => bIds.includes(id))).toEqual([]);
    const detail = await as(a.token, 'GET', `/api/myproduct/detail?id=${bIds[0]}`);
    expect(detail.code).not.toBe(0);
    await as(a.token, 'POST', '/api/myproduct/delete', { ids: bIds.slice(0, 3) });
    expect(await db.select().from(products).where(eq(products.companyId, b.companyId))).toEqual(bRows);
  });

  it('users: A cannot update or disable B’s administrator', async () => {
    const update = await as(a.token, 'POST', '/api/user/update', { sysNo: b.userId, realName: '被改', roleIds: [] });
    expect(update.code).toBe(Code.NOT_FOUND);
    const disable = await as(a.token, 'POST', '/api/user/disable', { sysNo: b.userId, disabled: true });
    expect(disable.code).toBe(Code.NOT_FOUND);
    expect((await as(b.token, 'GET', '/api/role/mine')).code).toBe(0);
  });

  it('sessions: A cannot end B’s sessions by id', async () => {
    const [bSession] = await t.database.db.select().from(sessions).where(eq(sessions.userId, b.userId));
    expect(bSession).toBeDefined();
    expect((await as(a.token, 'POST', '/api/appuser/endsessions', { ids: [bSession!.id] })).code).toBe(0);
    const [after] = await t.database.db.select().from(sessions).where(eq(sessions.id, bSession!.id));
    expect(after?.revokedAt).toBeNull();
    expect((await as(b.token, 'GET', '/api/role/mine')).code).toBe(0);
  });
});

let outsider: Promise<{ token: string; companyId: number }> | undefined;
/** A fresh purchaser company (丁) that is a party to nothing of the demo data (made once). */
function outsiderPurchaser() {
  outsider ??= signedInCompanyAdmin(t.database.db, {
    company: { name: '丁公司（局外采购商）', type: 4 },
    user: { phone: '13712340004' },
  }).then(({ company, token }) => ({ token, companyId: company!.id }));
  // Marked in each test that uses it (a mark made inside a test counts for that test).
  return outsider.then((o) => ({ ...o, token: crossCompanyCaller(o.token) }));
}

describe('routes added later (invoices, credit, tenders, reports): a company outside a record gets nothing', () => {
  it('invoices: B cannot reverse, an outsider cannot request or list for orders it is not a party to', async () => {
    const db = t.database.db;
    const [foreign] = await db
      .select()
      .from(invoices)
      .where(and(ne(invoices.sellerCompanyId, b.companyId), inArray(invoices.status, [InvoiceStatus.ISSUED, InvoiceStatus.RECEIVED])));
    expect(foreign).toBeDefined();
    // B's own session stays the owner's view (bView); this second one is the caller of another company.
    const bOutsider = crossCompanyCaller((await login(t.app, '18800000003')).data.authToken);
    const reverse = await as(bOutsider, 'POST', '/api/invoice/reverse', {
      id: foreign!.id,
      invoiceNo: '99990009',
      invoiceDate: '2026-01-05',
      reason: '借来的发票',
      files: [],
    });
    expect(reverse.code).not.toBe(0);
    expect([Code.NOT_FOUND, Code.INVALID]).toContain(reverse.code);
    const [after] = await db.select().from(invoices).where(eq(invoices.id, foreign!.id));
    expect(after).toEqual(foreign);

    const o = await outsiderPurchaser();
    const title = await as<{ id: number }>(o.token, 'POST', '/api/invoice-title/create', {
      type: 1,
      title: '丁公司',
      taxNo: '91110000100000000X',
    });
    const [theirOrder] = await db.select().from(orders).where(eq(orders.buyerCompanyId, foreign!.buyerCompanyId));
    const invoiceable = await as<unknown[]>(o.token, 'GET', `/api/invoice/invoiceable?sellerCompanyId=${foreign!.sellerCompanyId}`);
    expect(invoiceable).toMatchObject({ code: 0, data: [] });
    const request = await as(o.token, 'POST', '/api/invoice/request', {
      kind: 1,
      titleId: title.data?.id ?? 1,
      orders: [{ orderId: theirOrder!.id }],
    });
    expect(request.code).not.toBe(0);
    expect((await t.database.db.select().from(invoices).where(eq(invoices.buyerCompanyId, o.companyId))).length).toBe(0);
  });

  it('credit: an outsider reads no account for another company’s order; a smuggled buyer in apply lands on the caller', async () => {
    const db = t.database.db;
    const [account] = await db.select().from(creditAccounts).where(notInArray(creditAccounts.buyerCompanyId, [a.companyId, b.companyId]));
    expect(account).toBeDefined();
    const [theirOrder] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.buyerCompanyId, account!.buyerCompanyId), eq(orders.sellerCompanyId, account!.sellerCompanyId)));
    const o = await outsiderPurchaser();
    const forOrder = await as(o.token, 'GET', `/api/companyAccount/forOrder?orderId=${theirOrder!.id}`);
    expect(forOrder.code === Code.NOT_FOUND || forOrder.data === null).toBe(true);
    const applied = await as(o.token, 'POST', '/api/companyAccount/apply', {
      sellerCompanyId: account!.sellerCompanyId,
      buyerCompanyId: account!.buyerCompanyId,
      companyId: account!.buyerCompanyId,
    });
    expect(applied.code).toBe(0);
    const mine = await db.select().from(creditAccounts).where(eq(creditAccounts.sellerCompanyId, account!.sellerCompanyId));
    expect(mine.filter((r) => r.buyerCompanyId === o.companyId)).toHaveLength(1);
    const [same] = await db.select().from(creditAccounts).where(eq(creditAccounts.id, account!.id));
    expect(same).toEqual(account);
  });

  it('tenders: an outsider purchaser cannot answer, score, publish, republish or reply on another’s tender', async () => {
    const db = t.database.db;
    const o = await outsiderPurchaser();
    const [tender] = await db.select().from(bids).where(ne(bids.companyId, o.companyId));
    const [question] = await db.select().from(tenderQuestions);
    const [objection] = await db.select().from(tenderObjections);
    expect(tender).toBeDefined();
    const calls: [string, object][] = [
      ['/api/tender/score', { tenderId: tender!.id, scores: [{ lotId: 1, bidId: 1, priceScore: 50, techScore: 50 }] }],
      ['/api/tender/publishResult', { tenderId: tender!.id, title: '借来的中标公告' }],
      ['/api/tender/republish', { tenderId: tender!.id, lotIds: [1] }],
    ];
    if (question) calls.push(['/api/tender/answer', { questionId: question.id, answer: '局外人的答复' }]);
    if (objection) calls.push(['/api/tender/replyObjection', { objectionId: objection.id, reply: '局外人的答复' }]);
    for (const [url, body] of calls) {
      const answer = await as(o.token, 'POST', url, body);
      expect([Code.NOT_FOUND, Code.FORBIDDEN], `${url}: ${answer.message}`).toContain(answer.code);
    }
    const [same] = await db.select().from(bids).where(eq(bids.id, tender!.id));
    expect(same).toEqual(tender);
    expect((await db.select().from(bids).where(eq(bids.companyId, o.companyId))).length).toBe(0);
  });

  it('reports and their exports: a smuggled companyId changes nothing of what the caller gets', async () => {
    const purchaser = await signIn('18800000004');
    crossCompanyCaller(purchaser.token);
    const range = { dateFrom: '2025-01-01', dateTo: '2026-12-31', granularity: 'month' };
    const smuggled = { ...range, companyId: b.companyId, sellerCompanyId: b.companyId, buyerCompanyId: b.companyId };
    let answered = 0;
    for (const e of Object.values(endpointGroups.reports)) {
      for (const who of [a, purchaser]) {
        const plain = await t.app.inject({ method: 'POST', url: e.path, headers: { 'x-token': who.token }, payload: range });
        const other = await t.app.inject({ method: 'POST', url: e.path, headers: { 'x-token': who.token }, payload: smuggled });
        expect(other.statusCode, e.path).toBe(plain.statusCode);
        if (plain.headers['content-type']?.toString().includes('json')) expect(other.json(), e.path).toEqual(plain.json());
        // A workbook's zip holds its creation time, so its bytes may differ by one: compare what the sheets say.
        else expect(await sheetValues(other.rawPayload), e.path).toEqual(await sheetValues(plain.rawPayload));
        if (plain.statusCode === 200 && (!plain.headers['content-type']?.toString().includes('json') || plain.json().code === 0)) answered++;
      }
    }
    expect(answered).toBeGreaterThanOrEqual(Object.keys(endpointGroups.reports).length);
  });
});

describe('isolation coverage', () => {
  const all = Object.entries(endpointGroups).flatMap(([, g]) => Object.entries(g as Record<string, Endpoint>));
  const company = all.filter(([, e]) => e.access.kind === 'company');
  const companyNames = new Set(company.map(([name]) => name));
  const EXEMPT = exemptions();
  const probedBy = new Map<string, string[]>();
  for (const file of Object.keys(ISOLATION_PROBES))
    for (const name of probesOf(file)) probedBy.set(name, [...(probedBy.get(name) ?? []), file]);

  // Each listed file checks after its own tests that a caller of another company really called every endpoint
  // whose descriptor names it (test/isolation-record.ts, recorded at run time); this checks that the
  // descriptors' declarations (`isolation`, packages/shared/src/endpoints) cover them all.
  it('every company-scoped endpoint is declared by one isolation test file or exempted with a reason', () => {
    expect(company.length).toBeGreaterThan(150);
    const debt = new Set(NOT_YET_PROBED);
    const unassigned = company
      .filter(([name]) => !EXEMPT[name] && !probedBy.has(name) && !debt.has(name))
      .map(([name, e]) => `${name} ${e.method} ${e.path}`);
    expect(unassigned, 'company-scoped endpoints no isolation test probes (isolation: probedIn) and not exempt').toEqual([]);
    const twice = [...probedBy].filter(([name, files]) => files.length > 1 || EXEMPT[name]).map(([name, files]) => `${name}: ${files.join(', ')}${EXEMPT[name] ? ', EXEMPT' : ''}`);
    expect(twice, 'declared by more than one file, or both declared and EXEMPT').toEqual([]);
    // A probe naming a file that is not an isolation test file (a typo, a moved file) proves nothing.
    const files = new Set(Object.keys(ISOLATION_PROBES));
    const strays = all
      .filter(([, e]) => e.isolation && 'probe' in e.isolation && !files.has(e.isolation.probe))
      .map(([name, e]) => `${name}: ${(e.isolation as { probe: string }).probe}`);
    expect(strays, 'descriptors whose isolation probe names a file missing from ISOLATION_PROBES').toEqual([]);
    const declared = all.filter(([, e]) => e.isolation).map(([name]) => name);
    const unknown = [...declared, ...debt].filter((name) => !companyNames.has(name));
    expect(unknown, 'isolation declarations or NOT_YET_PROBED entries on endpoints that are not company-scoped').toEqual([]);
    // The debt list only shrinks: an entry that is probed (declared) or exempted now must leave it.
    const settled = [...debt].filter((name) => probedBy.has(name) || EXEMPT[name]);
    expect(settled, 'NOT_YET_PROBED entries that are now declared or EXEMPT: remove them from NOT_YET_PROBED').toEqual([]);
  });

  it('every exemption names a company-scoped endpoint and gives a reason', () => {
    for (const [name, reason] of Object.entries(EXEMPT)) {
      expect(companyNames.has(name), name).toBe(true);
      expect(reason.length).toBeGreaterThan(10);
    }
  });
});
