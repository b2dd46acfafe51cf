import type { FastifyInstance } from 'fastify';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { ProductStatus, type Paged, type ProductReviewDetail, type ProductReviewRow } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { companies, productRevisions, products, type ProductContent } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { notifyDecision } from '../notifications/index.ts';
import { categoryPath } from './category-attributes.ts';
import { contentColumns, contentOf } from './product-content.ts';
import { escapeLike } from '../../lib/sql.ts';
import { skuViews } from './product-queries.ts';
import { goodsChanged } from '../../lib/goods-changes.ts';

const rowColumns = {
  id: productRevisions.id,
  productId: productRevisions.productId,
  content: productRevisions.content,
  companyId: productRevisions.companyId,
  companyName: companies.name,
  shopName: companies.shopName,
  isEdit: productRevisions.isEdit,
  status: productRevisions.status,
  rejectReason: productRevisions.rejectReason,
  submittedAt: productRevisions.submittedAt,
  decidedAt: productRevisions.decidedAt,
};
interface Joined {
  id: number;
  productId: number;
  content: ProductContent;
  companyId: number;
  companyName: string;
  shopName: string | null;
  isEdit: boolean;
  status: number;
  rejectReason: string | null;
  submittedAt: Date;
  decidedAt: Date | null;
}

const toRow = (r: Joined): ProductReviewRow => ({
  sysNo: r.id,
  productId: r.productId,
  productName: r.content.name,
  companyId: r.companyId,
  companyName: r.shopName || r.companyName,
  isEdit: r.isEdit,
  status: r.status,
  defaultImage: r.content.images[0] ?? '',
  rejectReason: r.rejectReason,
  submittedAt: r.submittedAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
});

/** Console: submissions by status; pending ones oldest first (first come, first reviewed). */
export async function listReviews(db: Db, q: { status: 1 | 2 | 4; keyword?: string; pageIndex: number; pageSize: number }): Promise<Paged<ProductReviewRow>> {
  const conds: SQL[] = [eq(productRevisions.status, q.status)];
  if (q.keyword) {
    const k = `%${escapeLike(q.keyword)}%`;
    conds.push(or(ilike(products.name, k), ilike(companies.name, k), ilike(companies.shopName, k))!);
  }
  const where = and(...conds);
  const base = () => db.select(rowColumns).from(productRevisions).innerJoin(products, eq(products.id, productRevisions.productId)).innerJoin(companies, eq(companies.id, productRevisions.companyId));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(q.status === 1 ? asc(productRevisions.submittedAt) : desc(productRevisions.decidedAt), asc(productRevisions.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(productRevisions)
      .innerJoin(products, eq(products.id, productRevisions.productId))
      .innerJoin(companies, eq(companies.id, productRevisions.companyId))
      .where(where),
  ]);
  return { list: rows.map(toRow), total: total?.n ?? 0 };
}

export async function reviewDetail(db: Db, id: number): Promise<ProductReviewDetail> {
  const [r] = await db
    .select({ ...rowColumns, product: products })
    .from(productRevisions)
    .innerJoin(products, eq(products.id, productRevisions.productId))
    .innerJoin(companies, eq(companies.id, productRevisions.companyId))
    .where(eq(productRevisions.id, id));
  if (!r) throw fail('PRODUCT_REVIEW_NOT_FOUND');
  const path = await categoryPath(db, r.content.categoryId);
  const approved = r.product.status === ProductStatus.ON_SALE || r.product.status === ProductStatus.OFF_SALE;
  return {
    ...toRow(r),
    content: r.content,
    current: r.isEdit && approved ? contentOf(r.product) : null,
    categoryPath: path.map(({ sysNo, name, categoryCode }) => ({ sysNo, name, categoryCode })),
    skus: await skuViews(db, r.productId),
  };
}

/**
 * Decides a pending submission in one transaction with its status guard (two reviewers cannot both decide),
 * the product change, the audit entry and the supplier's inbox message. Approval puts the content on sale
 * (a first submission goes on sale; an edit replaces the approved content, on or off sale as it was).
 * Rejection of a first submission makes the product 已驳回; of an edit, leaves the approved version on sale.
 */
export async function decideReview(
  app: FastifyInstance,
  actor: AuditActor,
  id: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<void> {
  await app.db.transaction(async (t) => {
    const now = new Date();
    const [rev] = await t
      .update(productRevisions)
      .set({ status: decision.approve ? 2 : 4, decidedAt: now, decidedBy: actor.userId, rejectReason: decision.approve ? null : decision.reason })
      .where(and(eq(productRevisions.id, id), eq(productRevisions.status, 1)))
      .returning();
    if (!rev) {
      const [exists] = await t.select({ id: productRevisions.id }).from(productRevisions).where(eq(productRevisions.id, id));
      throw exists ? fail('PRODUCT_ALREADY_REVIEWED') : fail('PRODUCT_REVIEW_NOT_FOUND');
    }
    const [before] = await t.select().from(products).where(eq(products.id, rev.productId)).for('update');
    if (!before) throw fail('PRODUCT_NOT_FOUND');
    let change: Partial<typeof products.$inferInsert>;
    if (decision.approve) {
      change = {
        ...contentColumns(rev.content),
        status: before.status === ProductStatus.PENDING ? ProductStatus.ON_SALE : before.status,
        rejectReason: null,
        takenDownReason: null,
        updatedAt: now,
      };
    } else {
      change = {
        status: before.status === ProductStatus.PENDING ? ProductStatus.REJECTED : before.status,
        rejectReason: decision.reason,
        updatedAt: now,
      };
    }
    const [after] = await t.update(products).set(change).where(eq(products.id, rev.productId)).returning();
    goodsChanged({ productIds: [rev.productId] });
    await recordAudit(t, actor, {
      action: decision.approve ? 'product.approve' : 'product.reject',
      targetType: 'product',
      targetId: rev.productId,
      before: { status: before.status, name: before.name, revision: rev.id },
      after: { status: after!.status, name: after!.name, isEdit: rev.isEdit, reason: decision.approve ? null : decision.reason },
    });
    const what = rev.isEdit ? '修改' : '';
    await notifyDecision(
      app,
      t,
      rev.companyId,
      decision.approve
        ? { type: 'product_review', title: `商品「${rev.content.name}」${what}审核已通过`, content: rev.isEdit ? '修改后的内容已生效。' : '商品已上架，买家现在可以在商城中看到它。', linkPath: '/customer/product' }
        : {
            type: 'product_review',
            title: `商品「${rev.content.name}」${what}审核未通过`,
            content: `驳回原因：${decision.reason}。${rev.isEdit ? '原内容继续在售，' : ''}请修改后重新提交。`,
            linkPath: '/customer/product',
          },
    );
  });
}
