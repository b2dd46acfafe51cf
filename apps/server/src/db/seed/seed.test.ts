import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreditMovement, DiscussionKind, PaymentMethod, isValidCreditCode } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { LocalStorage } from '../../lib/storage.ts';
import { verifyPassword } from '../../lib/password.ts';
import { get, login } from '../../test/http.ts';
import { openDatabase } from '../client.ts';
import {
  articles,
  bids,
  categories,
  companies,
  enquiries,
  enquiryItems,
  invoiceOrders,
  invoices,
  merchantApplications,
  documentHistory,
  orderLines,
  orders,
  productDiscussions,
  products,
  productSkus,
  siteMenus,
  stockLedger,
  tenderBids,
  tenderLots,
  tenderQuestions,
  users,
} from '../schema/index.ts';
import { seedDemo, seedIfEmpty } from './index.ts';
import { wipeDemoTables } from './wipe.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

const count = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;

describe('demo seed', () => {
  it('builds a 3-level category tree with at least 12 top-level categories', async () => {
    const db = t.database.db;
    const all = await db.select().from(categories);
    const tops = all.filter((c) => c.level === 1);
    expect(tops.length).toBeGreaterThanOrEqual(12);
    expect(tops.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        '水处理药剂',
        '水处理设备',
        '膜及膜组件',
        '泵阀管件',
        '检测仪器',
        '农资化肥',
        '大宗商品',
      ]),
    );
    expect(tops.every((c) => /^\d{2}$/.test(c.categoryCode) && c.defaultImage)).toBe(true);
    const byId = new Map(all.map((c) => [c.id, c]));
    const leaves = all.filter((c) => c.level === 3);
    expect(leaves.length).toBeGreaterThan(50);
    for (const leaf of leaves) {
      const mid = byId.get(leaf.parentId ?? -1);
      const top = byId.get(mid?.parentId ?? -1);
      expect(mid?.level).toBe(2);
      expect(top?.level).toBe(1);
      expect(leaf.categoryCode.startsWith(mid!.categoryCode)).toBe(true);
      expect(leaf.categoryCode).toHaveLength(6);
    }
  });

  it('lists at least 300 products on sale whose images exist in storage', async () => {
    const db = t.database.db;
    const onSale = await db.select().from(products).where(eq(products.status, 2));
    expect(onSale.length).toBeGreaterThanOrEqual(300);
    expect(onSale.some((p) => p.isPovertyRelief)).toBe(true);
    expect(onSale.some((p) => p.name.includes('聚合氯化铝'))).toBe(true);
    const storage = new LocalStorage(path.join(t.filesDir));
    const keys = new Set(onSale.flatMap((p) => [p.defaultImage, ...p.images]));
    for (const key of keys) expect(await storage.exists(key), key).toBe(true);
    const sample = onSale[0]!;
    expect(Number(sample.price)).toBeGreaterThan(0);
    expect(sample.attributes.length).toBeGreaterThan(3);
    expect(sample.description).toContain('<h3>');
  });

  it('opens at least 12 supplier shops with a name, logo, banner and floors', async () => {
    const shops = await t.database.db
      .select()
      .from(companies)
      .where(and(eq(companies.shopOpen, true), eq(companies.merchantStatus, 3)));
    expect(shops.length).toBeGreaterThanOrEqual(12);
    for (const s of shops) {
      expect(s.type).toBe(2);
      expect(s.shopName).toBeTruthy();
      expect(s.logo && s.shopBanner && s.introduction).toBeTruthy();
      expect(s.shopFloors.length).toBeGreaterThan(0);
    }
    const applications = await t.database.db.select().from(merchantApplications);
    expect(applications.map((a) => a.status).sort()).toEqual([1, 2]);
    const purchasers = await count(
      t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(companies)
        .where(eq(companies.type, 4)),
    );
    expect(purchasers).toBeGreaterThanOrEqual(3);
  });

  it('creates the four demo logins with argon2 hashes of Demo@2026', async () => {
    const db = t.database.db;
    const rows = await db
      .select({ user: users, company: companies })
      .from(users)
      .leftJoin(companies, eq(users.companyId, companies.id))
      .where(sql`${users.phone} in ('18800000000', '18800000002', '18800000003', '18800000004')`);
    const by = Object.fromEntries(rows.map((r) => [r.user.phone, r]));
    expect(by['18800000002']?.company).toMatchObject({ type: 2, isMemberVail: 1, memberLevel: 1 });
    expect(by['18800000003']?.company).toMatchObject({ type: 2, memberLevel: 3 });
    expect(by['18800000004']?.company).toMatchObject({ type: 4 });
    expect(by['18800000000']?.user).toMatchObject({
      isPlatformAdmin: true,
      adminName: 'admin',
      companyId: null,
    });
    for (const r of rows) {
      expect(r.user.isCompanyAdmin).toBe(true);
      expect(r.user.passwordHash.startsWith('$argon2id$')).toBe(true);
      expect(await verifyPassword(r.user.passwordHash, 'Demo@2026')).toBe(true);
      expect(await verifyPassword(r.user.passwordHash, 'demo@2026')).toBe(false);
    }
  });

  it('publishes enquiries with items, tenders with linked results, articles and menus', async () => {
    const db = t.database.db;
    const now = Date.now();
    const enq = await db.select().from(enquiries);
    expect(enq.length).toBeGreaterThanOrEqual(20);
    expect(enq.filter((e) => e.status <= 1).every((e) => e.deadline.getTime() > now)).toBe(true);
    expect(enq.filter((e) => e.status === 2).every((e) => e.deadline.getTime() < now)).toBe(true);
    expect(new Set(enq.map((e) => e.status)).size).toBeGreaterThanOrEqual(4);
    expect(
      await count(
        db.select({ n: sql<number>`count(distinct ${enquiryItems.enquiryId})::int` }).from(enquiryItems),
      ),
    ).toBe(enq.length);
    const results = await db
      .select()
      .from(bids)
      .where(and(eq(bids.type, 2), isNotNull(bids.tenderId)));
    expect(results.length).toBeGreaterThan(0);
    const [tender] = await db.select().from(bids).where(eq(bids.id, results[0]!.tenderId!));
    expect(tender).toMatchObject({ type: 1, status: 3 });
    expect(await count(db.select({ n: sql<number>`count(*)::int` }).from(articles))).toBeGreaterThanOrEqual(
      30,
    );
    const [contact] = await db.select().from(articles).where(eq(articles.id, 95));
    expect(contact?.title).toBe('联系平台');
    const [fresh] = await db
      .insert(articles)
      .values({ categoryCode: 'news', categoryName: '平台动态', title: 'x' })
      .returning();
    expect(fresh!.id).toBeGreaterThan(95);
    const keys = await db.selectDistinct({ k: siteMenus.menuKey }).from(siteMenus);
    expect(keys.map((k) => k.k).sort()).toEqual([
      'home_top_menu',
      'mall_nav',
      'web_bottom_menu',
      'web_comproblem_menu',
      'web_top_menu',
    ]);
  });

  it('gives the demo purchaser two addresses, a 普通 and a 专用 invoice title and a cart from two suppliers', async () => {
    const signedIn = await login(t.app, '18800000004', 'Demo@2026');
    const token = signedIn.data.authToken;
    const addresses = (
      await get<{ isDefault: boolean; areaName: string }[]>(t.app, '/api/address/list', token)
    ).data;
    expect(addresses).toHaveLength(2);
    expect(addresses.filter((a) => a.isDefault)).toHaveLength(1);
    expect(addresses[0]!.areaName).toBe('北京市 北京市 大兴区');
    const titles = (
      await get<{ kind: number; taxNo: string; bankAccount: string }[]>(
        t.app,
        '/api/invoice-title/list',
        token,
      )
    ).data;
    expect(titles.map((x) => x.kind).sort()).toEqual([1, 2]);
    expect(titles.every((x) => isValidCreditCode(x.taxNo))).toBe(true);
    // Every demo company's credit code passes the GB 32100 check the merchant and certification forms apply.
    const codes = await t.database.db.select({ code: companies.creditCode }).from(companies);
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.filter((c) => !isValidCreditCode(c.code ?? ''))).toEqual([]);
    expect(titles.find((x) => x.kind === 2)!.bankAccount).toMatch(/^\d+$/);
    const cart = (
      await get<{ shops: { lines: { problem: string }[] }[]; lineCount: number }>(t.app, '/api/cart', token)
    ).data;
    expect(cart.shops).toHaveLength(2);
    expect(cart.lineCount).toBeGreaterThanOrEqual(2);
    expect(cart.shops.flatMap((s) => s.lines).every((l) => l.problem === '')).toBe(true);
    // Another demo company sees none of it.
    const supplier = (await login(t.app, '18800000002', 'Demo@2026')).data.authToken;
    expect((await get<unknown[]>(t.app, '/api/address/list', supplier)).data).toHaveLength(0);
  });

  it('is deterministic for a given seed time, and --force style wipes reseed cleanly', async () => {
    const now = new Date('2026-06-01T08:00:00Z');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquamall-seed-'));
    const a = await openDatabase({});
    try {
      const snapshot = async () =>
        (
          await a.db
            .select({
              name: products.name,
              price: products.price,
              stock: products.stock,
              created: products.createdAt,
            })
            .from(products)
            .orderBy(products.id)
        ).map((p) => `${p.name}|${p.price}|${p.stock}|${p.created.toISOString()}`);
      // How fast the seed runs is measured by `npm run bench:start`, not asserted here (a busy machine is slow).
      await seedDemo(a.db, new LocalStorage(dir), { now });
      const first = await snapshot();
      await wipeDemoTables(a.db);
      expect(await a.db.select().from(products)).toHaveLength(0);
      await seedDemo(a.db, new LocalStorage(dir), { now });
      expect(await snapshot()).toEqual(first);
      const [p] = await a.db.select().from(products).orderBy(products.id).limit(1);
      expect(p!.id).toBe(1);
    } finally {
      await a.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has demo orders in every status between the demo purchaser and suppliers, with stock equal to the ledger', async () => {
    const db = t.database.db;
    const [buyer] = await db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.phone, '18800000004'));
    const rows = await db
      .select({ status: orders.status, id: orders.id })
      .from(orders)
      .where(eq(orders.buyerCompanyId, buyer!.companyId!));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
    const history = await db.select({ n: sql<number>`count(*)::int` }).from(documentHistory).where(eq(documentHistory.docType, 'order'));
    expect(history[0]!.n).toBeGreaterThan(rows.length * 2);
    const drift = await db
      .select({ id: productSkus.id })
      .from(productSkus)
      .where(
        sql`${productSkus.onHand} <> (select coalesce(sum(${stockLedger.onHandChange}), 0) from ${stockLedger} where ${stockLedger.skuId} = ${productSkus.id}) or ${productSkus.reserved} <> (select coalesce(sum(${stockLedger.reservedChange}), 0) from ${stockLedger} where ${stockLedger.skuId} = ${productSkus.id})`,
      );
    expect(drift).toEqual([]);
  });

  it('has invoices in every state on the demo purchaser\'s completed orders, a reversal, and no order invoiced past its total', async () => {
    const db = t.database.db;
    const [buyer] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.phone, '18800000004'));
    const rows = await db.select().from(invoices).where(eq(invoices.buyerCompanyId, buyer!.companyId!));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
    const red = rows.find((r) => r.reversalOfId !== null)!;
    expect(Number(red.totalAmount)).toBeLessThan(0);
    expect(rows.find((r) => r.id === red.reversalOfId)?.status).toBe(4);
    const over = await db.execute(
      sql`select o.id from ${orders} o where o.total_amount < (select coalesce(sum(io.amount), 0) from ${invoiceOrders} io join ${invoices} i on i.id = io.invoice_id where io.order_id = o.id and i.status not in (5, 6))`,
    );
    expect((over as unknown as { rows?: unknown[] }).rows ?? over).toEqual([]);
  });

  it("has reviews of lines of the demo purchaser's completed orders, supplier replies and an open question", async () => {
    const db = t.database.db;
    const reviews = await db
      .select({
        rating: productDiscussions.rating,
        reply: productDiscussions.reply,
        status: orders.status,
        buyer: orders.buyerCompanyId,
        author: productDiscussions.authorCompanyId,
        product: productDiscussions.productId,
        lineProduct: orderLines.productId,
      })
      .from(productDiscussions)
      .innerJoin(orderLines, eq(orderLines.id, productDiscussions.orderLineId))
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(productDiscussions.kind, DiscussionKind.REVIEW));
    expect(reviews.length).toBeGreaterThanOrEqual(2);
    for (const r of reviews) {
      expect(r.status).toBe(5);
      expect(r.author).toBe(r.buyer);
      expect(r.product).toBe(r.lineProduct);
    }
    expect(reviews.some((r) => r.reply)).toBe(true);
    const questions = await db
      .select({ id: productDiscussions.id })
      .from(productDiscussions)
      .where(
        and(
          eq(productDiscussions.kind, DiscussionKind.QUESTION),
          sql`${productDiscussions.reply} is null or ${productDiscussions.reply} = ''`,
        ),
      );
    expect(questions.length).toBeGreaterThanOrEqual(1);
  });

  it('gives the demo purchaser credit accounts: a year of movements within the limit, some overdue, a frozen one, a request', async () => {
    const db = t.database.db;
    const res = await db.execute(sql`
      select a.status, a.credit_limit::float as "limit", count(l.id)::int as n,
             coalesce(sum(l.balance_delta), 0)::float as balance, coalesce(sum(l.credit_delta), 0)::float as credit,
             count(*) filter (where l.due_at < now() and l.credit_delta > 0)::int as due_rows,
             array_agg(distinct l.kind) filter (where l.kind is not null) as kinds, min(l.created_at) as first
      from credit_accounts a join users u on u.company_id = a.buyer_company_id and u.phone = '18800000004'
      left join credit_ledger l on l.account_id = a.id
      group by a.id order by a.status`);
    const rows = (res as unknown as { rows: { status: number; limit: number; n: number; balance: number; credit: number; due_rows: number; kinds: number[] | null; first: string | null }[] }).rows;
    expect(rows.map((r) => r.status)).toEqual([0, 1, 2]);
    const active = rows[1]!;
    expect(active.n).toBeGreaterThan(30);
    expect([...active.kinds!].sort()).toEqual([1, 2, 3, 5, 6]);
    expect(Date.now() - new Date(active.first!).getTime()).toBeGreaterThan(330 * 86_400_000);
    for (const r of rows.slice(1)) {
      expect(r.balance).toBeGreaterThanOrEqual(0);
      expect(r.credit).toBeGreaterThan(0);
      expect(r.credit).toBeLessThanOrEqual(r.limit);
      expect(r.due_rows).toBeGreaterThan(0);
    }
    // Every 订单支付 row names a real order of the same pair, paid on credit for the row's amount (decision 0134).
    const pays = await db.execute(sql`
      select l.order_id, o.order_no, l.note, -l.balance_delta + l.credit_delta = o.total_amount as same_amount,
             o.buyer_company_id = a.buyer_company_id and o.seller_company_id = a.seller_company_id as same_pair,
             o.payment_method, (select count(*)::int from order_lines x where x.order_id = o.id) as lines
      from credit_ledger l join credit_accounts a on a.id = l.account_id
      join users u on u.company_id = a.buyer_company_id and u.phone = '18800000004'
      left join orders o on o.id = l.order_id
      where l.kind = ${CreditMovement.ORDER_PAYMENT}`);
    const payRows = (pays as unknown as { rows: { order_id: number | null; order_no: string | null; note: string; same_amount: boolean; same_pair: boolean; payment_method: number; lines: number }[] }).rows;
    expect(payRows.length).toBeGreaterThan(20);
    for (const r of payRows) {
      expect(r.order_no).not.toBeNull();
      expect(r).toMatchObject({ same_amount: true, same_pair: true, payment_method: PaymentMethod.CREDIT, lines: 1, note: `订单 ${r.order_no} 账期支付` });
    }
  });

  it('seeds once when two instances start on the same empty database', async () => {
    const empty = await createTestApp();
    try {
      const db = empty.database.db;
      const storage = new LocalStorage(empty.filesDir);
      const other = new LocalStorage(path.join(empty.filesDir, 'other-instance'));
      const log = empty.app.log;
      const results = await Promise.all([seedIfEmpty(db, storage, log), seedIfEmpty(db, other, log)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const phones = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.phone, '18800000002'));
      expect(phones[0]?.n).toBe(1);
      expect(await seedIfEmpty(db, storage, log)).toBe(false);
    } finally {
      await empty.close();
    }
  });
  it('seeds workbench tenders of the demo purchaser in every phase, with bids, Q&A and a 中标公告 in publicity', async () => {
    const db = t.database.db;
    const [buyer] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.phone, '18800000004'));
    const tenders = await db
      .select()
      .from(bids)
      .where(and(eq(bids.companyId, buyer!.companyId!), eq(bids.type, 1), isNotNull(bids.contactName)));
    const mine = tenders.filter((x) => x.code.startsWith('ZB') && !x.code.startsWith('ZB-'));
    expect(mine.map((x) => x.status).sort()).toEqual([1, 3, 4, 6]);
    for (const x of mine) expect(await count(db.select({ n: sql<number>`count(*)::int` }).from(tenderLots).where(eq(tenderLots.tenderId, x.id)))).toBeGreaterThan(0);
    const open = mine.find((x) => x.status === 1)!;
    expect(open.deadline!.getTime()).toBeGreaterThan(Date.now());
    expect(await count(db.select({ n: sql<number>`count(*)::int` }).from(tenderBids).where(eq(tenderBids.tenderId, open.id)))).toBe(3);
    expect(await count(db.select({ n: sql<number>`count(*)::int` }).from(tenderQuestions).where(eq(tenderQuestions.tenderId, open.id)))).toBe(2);
    const awarded = mine.find((x) => x.status === 3)!;
    expect(awarded.publicityEndsAt!.getTime()).toBeGreaterThan(Date.now());
    const [result] = await db.select().from(bids).where(and(eq(bids.type, 2), eq(bids.tenderId, awarded.id)));
    expect(result).toMatchObject({ status: 3 });
  });
});
