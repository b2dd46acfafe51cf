import { and, asc, count, desc, eq, ilike, like, type SQL } from 'drizzle-orm';
import { ProductStatus, type AdminCategoryInput, type AdminProductListQuery } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { PgError } from '../../db/pg-errors.ts';
import { categories, companies, products } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import { escapeLike } from '../../lib/sql.ts';
import { withKeyLocks } from '../../lib/key-lock.ts';
import { explainDbErrors } from '../../db/pg-errors.ts';
import type { AuditActor } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { audited, siteContentChanged } from './audited.ts';
import { forgetGoodsAnswers } from '../search/index.ts';
import { forgetGoodsDetails } from '../mall/index.ts';
import { forgetSearchVocabulary } from '../search/index.ts';

/** A category's name finds its products in the goods search (0176): a change re-plans keywords and answers. */
function categoryNamesChanged() {
  siteContentChanged();
  forgetSearchVocabulary();
  forgetGoodsAnswers();
}

/** Every category, by level and sort. */
export const listCategories = (db: Db) =>
  db.select().from(categories).orderBy(asc(categories.level), asc(categories.sort), asc(categories.categoryCode));

type CategoryValues = Required<Omit<AdminCategoryInput, 'id'>>;

/**
 * Creates a category (its code follows its parent's) or changes one in place; audited. Creates under one parent
 * take turns (an advisory lock on the parent, shared by every instance), so two parallel creates never generate
 * the same code; should a code still be taken (a row written outside the console), the answer says so in Chinese.
 */
export async function saveCategory(db: Db, actor: AuditActor, { id: cid, ...v }: CategoryValues & { id?: number }) {
  const turn = cid ? [] : [`category-code:${v.parentId ?? 0}`];
  const work = () => withKeyLocks(db, turn, async (tx) => {
    if (cid) {
      const [before] = await tx.select().from(categories).where(eq(categories.id, cid));
      if (!before) throw fail('ADMIN_CATEGORY_NOT_FOUND');
      // Moving a category would change the codes of its subtree and its products; the console edits in place.
      if (v.parentId !== before.parentId) throw fail('CATEGORY_MOVE_UNSUPPORTED');
      const [after] = await tx
        .update(categories)
        .set({ name: v.name, defaultImage: v.defaultImage || null, sort: v.sort, hidden: v.hidden })
        .where(eq(categories.id, cid))
        .returning();
      await audited(tx, actor, 'category.update', 'category', cid, before, after);
      return after!;
    }
    let level = 1;
    let prefix = '';
    if (v.parentId) {
      const [parent] = await tx.select().from(categories).where(eq(categories.id, v.parentId));
      if (!parent) throw fail('CATEGORY_PARENT_NOT_FOUND');
      if (parent.level >= 3) throw fail('CATEGORY_TOO_DEEP');
      level = parent.level + 1;
      prefix = parent.categoryCode;
    }
    const siblings = await tx
      .select({ code: categories.categoryCode })
      .from(categories)
      .where(and(eq(categories.level, level), like(categories.categoryCode, `${escapeLike(prefix)}%`)));
    const used = new Set(siblings.map((s) => s.code));
    let n = siblings.length + 1;
    let code = prefix + String(n).padStart(2, '0');
    while (used.has(code)) code = prefix + String(++n).padStart(2, '0');
    if (n > 99) throw fail('CATEGORY_SIBLINGS_FULL');
    const [created] = await tx
      .insert(categories)
      .values({ parentId: v.parentId, name: v.name, categoryCode: code, level, sort: v.sort, defaultImage: v.defaultImage || null, hidden: v.hidden })
      .returning();
    await audited(tx, actor, 'category.create', 'category', created!.id, null, created);
    return created!;
  });
  const row = await explainDbErrors({ [PgError.UNIQUE_VIOLATION]: '分类编码已被占用，请重试' }, work);
  categoryNamesChanged();
  return row;
}

/** Deletes a category that has no children and no products; audited. */
export async function deleteCategory(db: Db, actor: AuditActor, id: number) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id));
    if (!before) throw fail('ADMIN_CATEGORY_NOT_FOUND');
    const [kids] = await tx.select({ n: count() }).from(categories).where(eq(categories.parentId, before.id));
    if (kids!.n > 0) throw fail('CATEGORY_HAS_CHILDREN');
    const [used] = await tx.select({ n: count() }).from(products).where(eq(products.categoryId, before.id));
    if (used!.n > 0) throw fail('CATEGORY_HAS_PRODUCTS');
    await tx.delete(categories).where(eq(categories.id, before.id));
    await audited(tx, actor, 'category.delete', 'category', before.id, before, null);
  });
  categoryNamesChanged();
}

/** Products of every shop, recently changed first, paged. */
export async function listProducts(db: Db, q: AdminProductListQuery) {
  const conds: SQL[] = [];
  if (q.keyword) conds.push(ilike(products.name, `%${escapeLike(q.keyword)}%`));
  if (q.status !== undefined) conds.push(eq(products.status, q.status));
  if (q.companyId) conds.push(eq(products.companyId, q.companyId));
  const where = conds.length ? and(...conds) : undefined;
  const [list, [total]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        price: products.price,
        status: products.status,
        defaultImage: products.defaultImage,
        companyId: products.companyId,
        companyName: companies.name,
        takenDownReason: products.takenDownReason,
        updatedAt: products.updatedAt,
      })
      .from(products)
      .innerJoin(companies, eq(companies.id, products.companyId))
      .where(where)
      .orderBy(desc(products.updatedAt), desc(products.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}

/** Takes an on-sale product off sale with a reason; audited, and the supplier is notified. */
export async function takeDownProduct(db: Db, actor: AuditActor, pid: number, reason: string) {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, pid));
    if (!before) throw fail('ADMIN_PRODUCT_NOT_FOUND');
    if (before.status !== ProductStatus.ON_SALE) throw fail('PRODUCT_NOT_ON_SALE');
    const [after] = await tx
      .update(products)
      .set({ status: ProductStatus.OFF_SALE, takenDownReason: reason, updatedAt: new Date() })
      .where(and(eq(products.id, pid), eq(products.status, ProductStatus.ON_SALE)))
      .returning();
    if (!after) throw fail('ADMIN_PRODUCT_STATUS_MOVED');
    forgetGoodsAnswers();
    forgetGoodsDetails({ productIds: [pid] });
    await audited(tx, actor, 'product.takedown', 'product', pid, { status: before.status }, { status: after.status, reason });
    await notify(tx, after.companyId, { type: 'product_takedown', title: `商品「${after.name}」已被平台下架`, content: `下架原因：${reason}`, linkPath: '/customer/product' });
    return after;
  });
  return { id: row.id, status: row.status };
}
