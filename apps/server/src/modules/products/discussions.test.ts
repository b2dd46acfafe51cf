import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import {
  Code,
  OrderStatus,
  type DiscussionRow,
  type GoodsDiscussionPage,
  type Paged,
  type ReviewableLine,
} from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { auditLogs, orderLines, orders, productDiscussions } from '../../db/schema/index.ts';
import {
  api,
  makeOnSaleProduct,
  makeOrder,
  makePurchaser,
  makeSupplier,
  signedInPlatformAdmin,
  signedInUser,
} from '../../test/factories/index.ts';
import { maskName } from './discussions.ts';
import { crossCompanyCaller, expectCrossCompanyProbes } from '../../test/isolation-record.ts';

let t: TestApp;
let http: ReturnType<typeof api>;
let seller: Awaited<ReturnType<typeof makeSupplier>>;
let other: Awaited<ReturnType<typeof makeSupplier>>;
let buyer: Awaited<ReturnType<typeof makePurchaser>>;
let buyer2: Awaited<ReturnType<typeof makePurchaser>>;
let admin: { token: string };
let productId: number;
let skuId: number;

/** An order of `who` for the product, completed (or left in another status). */
async function orderOf(who: typeof buyer, status: number = OrderStatus.COMPLETED) {
  const order = await makeOrder(t.database.db, who, seller.id, [{ skuId, quantity: 1 }]);
  await t.database.db
    .update(orders)
    .set({ status, completedAt: status === OrderStatus.COMPLETED ? new Date() : null })
    .where(eq(orders.id, order.id));
  const lines = await http.get<ReviewableLine[]>(
    who.token,
    `/api/product/discussion/reviewable?productId=${productId}`,
  );
  return { order, lines: lines.data };
}
const goods = (kind?: number) =>
  http.post<GoodsDiscussionPage>(null, '/api/product/discussion/list', {
    productId,
    kind,
    pageIndex: 1,
    pageSize: 20,
  });

beforeAll(async () => {
  t = await createTestApp();
  http = api(t.app);
  const db = t.database.db;
  seller = await makeSupplier(db, '评价供应商');
  other = await makeSupplier(db, '别家供应商');
  buyer = await makePurchaser(db, '评价采购甲');
  buyer2 = await makePurchaser(db, '评价采购乙');
  admin = await signedInPlatformAdmin(db);
  const p = await makeOnSaleProduct(db, seller, { name: '评价测试商品' });
  productId = p.productId;
  skuId = p.skuIds[0]!;
});
afterAll(async () => t?.close());
expectCrossCompanyProbes('modules/products/discussions.test.ts');

describe('reviews: only a purchaser that bought the product, once per order line of a completed order', () => {
  it('lists only completed, unreviewed lines of the caller’s company and takes one review per line', async () => {
    const pending = await orderOf(buyer, OrderStatus.TO_SHIP);
    expect(pending.lines.find((l) => l.orderNo === pending.order.orderNo)).toBeUndefined();
    const done = await orderOf(buyer);
    const line = done.lines.find((l) => l.orderNo === done.order.orderNo)!;
    expect(line).toBeTruthy();
    expect(
      await http.post(buyer.token, '/api/product/discussion/review', {
        orderLineId: line.orderLineId,
        rating: 5,
        content: '质量很好，发货快',
      }),
    ).toMatchObject({ code: 0 });
    const again = await http.post(buyer.token, '/api/product/discussion/review', {
      orderLineId: line.orderLineId,
      rating: 1,
      content: '再评一次',
    });
    expect(again).toMatchObject({ code: Code.CONFLICT, message: '该订单商品已评价过' });
    const after = await http.get<ReviewableLine[]>(
      buyer.token,
      `/api/product/discussion/reviewable?productId=${productId}`,
    );
    expect(after.data.find((l) => l.orderLineId === line.orderLineId)).toBeUndefined();
  });

  it("shows a review with its order line's spec, kept with the review (older reviews filled by migration 0074)", async () => {
    const done = await orderOf(buyer2);
    const line = done.lines.find((l) => l.orderNo === done.order.orderNo)!;
    await t.database.db.update(orderLines).set({ spec: '25kg/袋' }).where(eq(orderLines.id, line.orderLineId));
    const review = await http.post<{ sysNo: number }>(buyer2.token, '/api/product/discussion/review', {
      orderLineId: line.orderLineId,
      rating: 4,
      content: '规格与下单一致',
    });
    expect(review.code, review.message).toBe(0);
    const specOf = async () => (await goods(1)).data.list.find((d) => d.sysNo === review.data.sysNo)?.spec;
    const listed = async () =>
      (await http.post<Paged<DiscussionRow>>(seller.admin.token, '/api/myproduct/discussion/list', { kind: 1, pageIndex: 1, pageSize: 50 })).data.list.find(
        (d) => d.sysNo === review.data.sysNo,
      )?.spec;
    expect(await specOf()).toBe('25kg/袋');
    expect(await listed()).toBe('25kg/袋');
    // A review written before the spec was kept with it: the migration copies it from the order line.
    await t.database.db.update(productDiscussions).set({ spec: '' }).where(eq(productDiscussions.id, review.data.sysNo));
    expect(await specOf()).toBe('');
    const migration = readFileSync(new URL('../../../drizzle/0074_review_history.sql', import.meta.url), 'utf8');
    const fill = migration.split('--> statement-breakpoint').find((st) => st.trim().startsWith('UPDATE "product_discussions"'))!;
    await t.database.db.execute(sql.raw(fill));
    expect(await specOf()).toBe('25kg/袋');
    expect(await listed()).toBe('25kg/袋');
  });

  it('refuses a line of an unfinished order, of another company, a bad rating, and callers who are not purchasers', async () => {
    const pending = await orderOf(buyer, OrderStatus.TO_RECEIVE);
    const [pendingLine] = await t.database.db.query.orderLines.findMany({
      where: (l) => eq(l.orderId, pending.order.id),
    });
    expect(
      await http.post(buyer.token, '/api/product/discussion/review', {
        orderLineId: pendingLine!.id,
        rating: 4,
        content: '还没收到',
      }),
    ).toMatchObject({ code: Code.CONFLICT, message: '订单完成后才能评价' });
    const done = await orderOf(buyer);
    const line = done.lines.find((l) => l.orderNo === done.order.orderNo)!;
    // Another purchaser company cannot review buyer's line, nor see it as reviewable.
    expect(
      await http.post(buyer2.token, '/api/product/discussion/review', {
        orderLineId: line.orderLineId,
        rating: 1,
        content: '冒名评价',
      }),
    ).toMatchObject({ code: Code.NOT_FOUND });
    const theirs = await http.get<ReviewableLine[]>(
      buyer2.token,
      `/api/product/discussion/reviewable?productId=${productId}`,
    );
    expect(theirs.data).toEqual([]);
    expect(
      (
        await http.post(buyer.token, '/api/product/discussion/review', {
          orderLineId: line.orderLineId,
          rating: 6,
          content: '超出范围',
        })
      ).code,
    ).toBe(Code.INVALID);
    expect(
      (
        await http.post(seller.admin.token, '/api/product/discussion/review', {
          orderLineId: line.orderLineId,
          rating: 5,
          content: '自己评价',
        })
      ).code,
    ).toBe(Code.FORBIDDEN);
    const person = await signedInUser(t.database.db);
    expect(
      (
        await http.post(person.token, '/api/product/discussion/review', {
          orderLineId: line.orderLineId,
          rating: 5,
          content: '个人评价',
        })
      ).code,
    ).not.toBe(0);
  });
});

describe('questions and replies', () => {
  it('lets anyone signed in ask; the supplier sees unanswered first and replies; another supplier cannot see or reply', async () => {
    crossCompanyCaller(other.admin.token);
    const person = await signedInUser(t.database.db);
    expect(
      (await http.post(null, '/api/product/discussion/question', { productId, content: '匿名提问' })).code,
    ).toBe(Code.LOGIN_EXPIRED);
    const asked = await http.post<{ sysNo: number }>(person.token, '/api/product/discussion/question', {
      productId,
      content: '请问含量是多少？',
    });
    expect(asked).toMatchObject({ code: 0 });
    expect(
      (
        await http.post(seller.admin.token, '/api/product/discussion/question', {
          productId,
          content: '自问自答',
        })
      ).code,
    ).toBe(Code.INVALID);

    const mine = await http.post<Paged<DiscussionRow>>(seller.admin.token, '/api/myproduct/discussion/list', {
      pageIndex: 1,
      pageSize: 50,
    });
    expect(mine.data.list[0]!.reply).toBeNull();
    expect(mine.data.list.map((r) => r.sysNo)).toContain(asked.data.sysNo);
    const unansweredFirst = mine.data.list.findIndex((r) => r.reply !== null);
    expect(
      unansweredFirst === -1 || mine.data.list.slice(unansweredFirst).every((r) => r.reply !== null),
    ).toBe(true);

    const theirs = await http.post<Paged<DiscussionRow>>(
      other.admin.token,
      '/api/myproduct/discussion/list',
      { pageIndex: 1, pageSize: 50 },
    );
    expect(theirs.data.total).toBe(0);
    expect(
      await http.post(other.admin.token, '/api/myproduct/discussion/reply', {
        sysNo: asked.data.sysNo,
        reply: '不是我的',
      }),
    ).toMatchObject({ code: Code.NOT_FOUND });
    expect(
      (
        await http.post(buyer.token, '/api/myproduct/discussion/reply', {
          sysNo: asked.data.sysNo,
          reply: '采购商回复',
        })
      ).code,
    ).toBe(Code.FORBIDDEN);

    expect(
      await http.post(seller.admin.token, '/api/myproduct/discussion/reply', {
        sysNo: asked.data.sysNo,
        reply: '含量30%',
      }),
    ).toMatchObject({ code: 0 });
    const answered = await http.post<Paged<DiscussionRow>>(
      seller.admin.token,
      '/api/myproduct/discussion/list',
      { answered: 1, kind: 2, pageIndex: 1, pageSize: 50 },
    );
    expect(answered.data.list.map((r) => [r.sysNo, r.reply])).toContainEqual([asked.data.sysNo, '含量30%']);
    const open = await http.post<Paged<DiscussionRow>>(seller.admin.token, '/api/myproduct/discussion/list', {
      answered: 0,
      pageIndex: 1,
      pageSize: 50,
    });
    expect(open.data.list.every((r) => r.reply === null)).toBe(true);

    const shown = await goods(2);
    expect(shown.data.list.find((r) => r.sysNo === asked.data.sysNo)).toMatchObject({
      reply: '含量30%',
      content: '请问含量是多少？',
    });
  });
});

describe('the goods detail: visible entries and the average rating; the platform hides abusive ones', () => {
  it('averages the visible reviews, and a hidden one neither shows nor counts; hiding is audited and admin only', async () => {
    const rate = async (who: typeof buyer, rating: number, content: string) => {
      const { order, lines } = await orderOf(who);
      const line = lines.find((l) => l.orderNo === order.orderNo)!;
      const res = await http.post<{ sysNo: number }>(who.token, '/api/product/discussion/review', {
        orderLineId: line.orderLineId,
        rating,
        content,
      });
      expect(res.code).toBe(0);
      return res.data.sysNo;
    };
    await rate(buyer2, 4, '不错的产品');
    const abusive = await rate(buyer2, 1, '垃圾商家骂人的话');
    let page = await goods(1);
    const ratings = page.data.list.map((r) => r.rating!);
    expect(page.data.reviewCount).toBe(ratings.length);
    expect(page.data.averageRating).toBe(
      Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10,
    );
    expect(page.data.list.every((r) => !r.authorName.includes('采购员') || r.authorName.includes('*'))).toBe(
      true,
    );

    expect(
      (
        await http.post(seller.admin.token, '/admin/api/product/discussion/hide', {
          sysNo: abusive,
          hidden: true,
          reason: '辱骂',
        })
      ).code,
    ).not.toBe(0);
    expect(
      (
        await http.post(admin.token, '/admin/api/product/discussion/hide', {
          sysNo: abusive,
          hidden: true,
          reason: '',
        })
      ).code,
    ).toBe(Code.INVALID);
    expect(
      await http.post(admin.token, '/admin/api/product/discussion/hide', {
        sysNo: abusive,
        hidden: true,
        reason: '含辱骂内容',
      }),
    ).toMatchObject({ code: 0 });
    page = await goods(1);
    expect(page.data.list.map((r) => r.sysNo)).not.toContain(abusive);
    const visible = page.data.list.map((r) => r.rating!);
    expect(page.data.reviewCount).toBe(visible.length);
    expect(page.data.averageRating).toBe(
      Math.round((visible.reduce((a, b) => a + b, 0) / visible.length) * 10) / 10,
    );
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'discussion.hide'), eq(auditLogs.targetId, String(abusive))));
    expect(audit).toHaveLength(1);

    const consoleList = await http.post<Paged<DiscussionRow>>(
      admin.token,
      '/admin/api/product/discussion/list',
      { hidden: 1, pageIndex: 1, pageSize: 20 },
    );
    expect(consoleList.data.list.find((r) => r.sysNo === abusive)).toMatchObject({
      hidden: true,
      hiddenReason: '含辱骂内容',
    });
    expect(
      await http.post(admin.token, '/admin/api/product/discussion/hide', { sysNo: abusive, hidden: false }),
    ).toMatchObject({ code: 0 });
    expect((await goods(1)).data.list.map((r) => r.sysNo)).toContain(abusive);
  });

  it('shows no average for a product without reviews', async () => {
    const p = await makeOnSaleProduct(t.database.db, seller, { name: '无评价商品' });
    const page = await http.post<GoodsDiscussionPage>(null, '/api/product/discussion/list', {
      productId: p.productId,
      pageIndex: 1,
      pageSize: 20,
    });
    expect(page.data).toMatchObject({
      averageRating: null,
      reviewCount: 0,
      questionCount: 0,
      total: 0,
      list: [],
    });
  });

  it('masks names', () => {
    expect(maskName('张三')).toBe('张*');
    expect(maskName('13800138000')).toBe('138****8000');
    expect(maskName('')).toBe('匿名用户');
  });
});
