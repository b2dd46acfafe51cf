import { and, count, desc, eq, ilike, isNull, sql, type SQL } from 'drizzle-orm';
import {
  DiscussionKind,
  OrderStatus,
  ProductStatus,
  type DiscussionListQuery,
  type DiscussionRow,
  type GoodsDiscussionPage,
  type Paged,
  type ReviewableLine,
} from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { companies, productDiscussions, products, users } from '../../db/schema/index.ts';
import { purchasedLines } from './purchased-lines.ts';
import { fail } from './messages.ts';
import { escapeLike } from '../../lib/sql.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import type { AuthContext } from '../auth/index.ts';
import type { Caller } from '../auth/index.ts';

/**
 * Reviews and questions (issue 11, docs/decisions/0100): a purchaser company reviews the product of an order
 * line of one of its completed orders, once per line; anyone signed in asks about an on-sale product; the
 * supplier replies to entries on its own products; the platform hides abusive entries (audited). Hidden entries
 * are not shown on the goods detail and do not count in the average rating.
 */

/** 张三 → 张*, 13800138000 → 138****8000: the goods detail never shows a full name. */
export function maskName(name: string): string {
  const n = name.trim();
  if (!n) return '匿名用户';
  if (/^\d{11}$/.test(n)) return `${n.slice(0, 3)}****${n.slice(7)}`;
  return `${n.slice(0, 1)}${'*'.repeat(Math.min(Math.max(n.length - 1, 1), 3))}`;
}

const authorName = sql<string>`coalesce(nullif(${users.realName}, ''), nullif(${users.nickName}, ''), ${users.phone}, '')`;

/** The order lines of the caller's company for a product, of completed orders, without a review yet. */
export async function reviewableLines(db: Db, caller: Caller, productId: number): Promise<ReviewableLine[]> {
  const reviewed = await db
    .select({ orderLineId: productDiscussions.orderLineId })
    .from(productDiscussions)
    .where(
      and(
        eq(productDiscussions.productId, productId),
        eq(productDiscussions.kind, DiscussionKind.REVIEW),
        eq(productDiscussions.authorCompanyId, caller.companyId),
      ),
    );
  const except = reviewed.flatMap((r) => (r.orderLineId === null ? [] : [r.orderLineId]));
  return purchasedLines().completed(db, { companyId: caller.companyId, productId, except, limit: 50 });
}

/** A review of the product of an order line of a completed order of the caller's company; one per line. */
export async function createReview(
  db: Db,
  caller: Caller,
  input: { orderLineId: number; rating: number; content: string },
): Promise<{ sysNo: number }> {
  const line = await purchasedLines().line(db, input.orderLineId);
  if (!line || line.buyerCompanyId !== caller.companyId) throw fail('REVIEW_ORDER_LINE_NOT_FOUND');
  if (line.status !== OrderStatus.COMPLETED) throw fail('REVIEW_BEFORE_COMPLETED');
  if (!line.productId) throw fail('REVIEW_LINE_NOT_REVIEWABLE');
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, line.productId));
  if (!product) throw fail('REVIEW_PRODUCT_DELETED');
  try {
    const [row] = await db
      .insert(productDiscussions)
      .values({
        kind: DiscussionKind.REVIEW,
        productId: line.productId,
        sellerCompanyId: line.sellerCompanyId,
        authorUserId: caller.userId,
        authorCompanyId: caller.companyId,
        orderLineId: input.orderLineId,
        spec: line.spec,
        rating: input.rating,
        content: input.content,
      })
      .returning({ id: productDiscussions.id });
    return { sysNo: row!.id };
  } catch (err) {
    if (isUniqueViolation(err)) throw fail('REVIEW_ALREADY_GIVEN');
    throw err;
  }
}

/** A question about an on-sale product, from anyone signed in (not the supplier about its own product). */
export async function createQuestion(
  db: Db,
  caller: AuthContext,
  input: { productId: number; content: string },
): Promise<{ sysNo: number }> {
  const [p] = await db
    .select({ companyId: products.companyId, status: products.status })
    .from(products)
    .where(eq(products.id, input.productId));
  if (!p || p.status !== ProductStatus.ON_SALE) throw fail('GOODS_NOT_FOUND');
  if (caller.companyId === p.companyId) throw fail('QUESTION_OWN_PRODUCT');
  const [row] = await db
    .insert(productDiscussions)
    .values({
      kind: DiscussionKind.QUESTION,
      productId: input.productId,
      sellerCompanyId: p.companyId,
      authorUserId: caller.userId,
      authorCompanyId: caller.companyId ?? null,
      content: input.content,
    })
    .returning({ id: productDiscussions.id });
  return { sysNo: row!.id };
}

/** The goods detail: visible entries of one product with the average rating of its visible reviews. */
export async function goodsDiscussions(
  db: Db,
  q: { productId: number; kind?: 1 | 2; pageIndex: number; pageSize: number },
): Promise<GoodsDiscussionPage> {
  const visible = and(eq(productDiscussions.productId, q.productId), eq(productDiscussions.hidden, false));
  const where = q.kind ? and(visible, eq(productDiscussions.kind, q.kind)) : visible;
  const [rows, [summary]] = await Promise.all([
    db
      .select({
        id: productDiscussions.id,
        kind: productDiscussions.kind,
        name: authorName,
        rating: productDiscussions.rating,
        content: productDiscussions.content,
        spec: productDiscussions.spec,
        reply: productDiscussions.reply,
        repliedAt: productDiscussions.repliedAt,
        createdAt: productDiscussions.createdAt,
      })
      .from(productDiscussions)
      .leftJoin(users, eq(users.id, productDiscussions.authorUserId))
      .where(where)
      .orderBy(desc(productDiscussions.createdAt), desc(productDiscussions.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db
      .select({
        average: sql<
          string | null
        >`round(avg(${productDiscussions.rating}) filter (where ${productDiscussions.kind} = 1), 1)`,
        reviews: sql<number>`count(*) filter (where ${productDiscussions.kind} = 1)::int`,
        questions: sql<number>`count(*) filter (where ${productDiscussions.kind} = 2)::int`,
      })
      .from(productDiscussions)
      .where(visible),
  ]);
  const reviewCount = Number(summary?.reviews ?? 0);
  const questionCount = Number(summary?.questions ?? 0);
  return {
    total:
      q.kind === DiscussionKind.REVIEW
        ? reviewCount
        : q.kind === DiscussionKind.QUESTION
          ? questionCount
          : reviewCount + questionCount,
    averageRating:
      summary?.average === null || summary?.average === undefined ? null : Number(summary.average),
    reviewCount,
    questionCount,
    list: rows.map((r) => ({
      sysNo: r.id,
      kind: r.kind,
      authorName: maskName(r.name ?? ''),
      rating: r.rating,
      content: r.content,
      spec: r.spec,
      reply: r.reply,
      repliedAt: r.repliedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** The supplier's list (its products only) or the console's (sellerCompanyId null): unanswered first. */
export async function listDiscussions(
  db: Db,
  sellerCompanyId: number | null,
  q: DiscussionListQuery & { pageIndex: number; pageSize: number },
): Promise<Paged<DiscussionRow>> {
  const conds: SQL[] = [];
  if (sellerCompanyId !== null) conds.push(eq(productDiscussions.sellerCompanyId, sellerCompanyId));
  if (q.kind) conds.push(eq(productDiscussions.kind, q.kind));
  if (q.answered === 0) conds.push(isNull(productDiscussions.reply));
  if (q.answered === 1) conds.push(sql`${productDiscussions.reply} is not null`);
  if (q.hidden !== undefined) conds.push(eq(productDiscussions.hidden, q.hidden === 1));
  if (q.productName) conds.push(ilike(products.name, `%${escapeLike(q.productName)}%`));
  const where = conds.length ? and(...conds) : undefined;
  const seller = sql<string>`(select ${companies.name} from ${companies} where ${companies.id} = ${productDiscussions.sellerCompanyId})`;
  const authorCompany = sql<string>`coalesce((select c.name from ${companies} c where c.id = ${productDiscussions.authorCompanyId}), '')`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        d: productDiscussions,
        productName: products.name,
        productImage: products.defaultImage,
        sellerName: seller,
        authorCompany,
        name: authorName,
        spec: productDiscussions.spec,
      })
      .from(productDiscussions)
      .innerJoin(products, eq(products.id, productDiscussions.productId))
      .leftJoin(users, eq(users.id, productDiscussions.authorUserId))
      .where(where)
      .orderBy(
        ...(sellerCompanyId !== null ? [sql`(${productDiscussions.reply} is null) desc`] : []),
        desc(productDiscussions.createdAt),
        desc(productDiscussions.id),
      )
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(productDiscussions)
      .innerJoin(products, eq(products.id, productDiscussions.productId))
      .where(where),
  ]);
  return {
    total: total?.n ?? 0,
    list: rows.map((r) => ({
      sysNo: r.d.id,
      kind: r.d.kind,
      productId: r.d.productId,
      productName: r.productName,
      productImage: r.productImage,
      sellerCompanyName: r.sellerName ?? '',
      // The supplier sees who asked only as the mall shows it; the console sees the name.
      authorName: sellerCompanyId !== null ? maskName(r.name ?? '') : (r.name ?? ''),
      authorCompanyName:
        sellerCompanyId !== null && r.d.kind === DiscussionKind.QUESTION ? '' : (r.authorCompany ?? ''),
      rating: r.d.rating,
      content: r.d.content,
      spec: r.spec,
      reply: r.d.reply,
      repliedAt: r.d.repliedAt?.toISOString() ?? null,
      hidden: r.d.hidden,
      hiddenReason: r.d.hiddenReason,
      createdAt: r.d.createdAt.toISOString(),
    })),
  };
}

/** The supplier replies to an entry on one of its products (a new reply replaces the old one). */
export async function replyDiscussion(db: Db, caller: Caller, id: number, reply: string): Promise<void> {
  const [row] = await db
    .update(productDiscussions)
    .set({ reply, repliedBy: caller.userId, repliedAt: new Date() })
    .where(and(eq(productDiscussions.id, id), eq(productDiscussions.sellerCompanyId, caller.companyId)))
    .returning({ id: productDiscussions.id });
  if (!row) throw fail('DISCUSSION_NOT_FOUND');
}

/** Console: hides an abusive entry with its reason, or shows it again; audited. */
export async function hideDiscussion(
  db: Db,
  actor: AuditActor,
  input: { sysNo: number; hidden: boolean; reason: string },
): Promise<void> {
  await db.transaction(async (t) => {
    const [before] = await t
      .select()
      .from(productDiscussions)
      .where(eq(productDiscussions.id, input.sysNo))
      .for('update');
    if (!before) throw fail('DISCUSSION_NOT_FOUND');
    if (before.hidden === input.hidden) throw fail(input.hidden ? 'DISCUSSION_ALREADY_HIDDEN' : 'DISCUSSION_NOT_HIDDEN');
    const after = { hidden: input.hidden, hiddenReason: input.hidden ? input.reason : null };
    await t.update(productDiscussions).set(after).where(eq(productDiscussions.id, input.sysNo));
    await recordAudit(t, actor, {
      action: input.hidden ? 'discussion.hide' : 'discussion.show',
      targetType: 'product_discussion',
      targetId: input.sysNo,
      before: { hidden: before.hidden, hiddenReason: before.hiddenReason, content: before.content },
      after,
    });
  });
}
