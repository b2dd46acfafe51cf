import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ProductStatus } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { PgError, pgErrorCode } from '../../db/pg-errors.ts';
import { productRevisions, products, productSkus } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import { assertCanPublishGoods } from '../merchant/index.ts';
import type { Caller } from '../auth/index.ts';
import { assertContentComplete, contentColumns, contentOf } from './product-content.ts';
import { upsertPendingRevision } from './product-save.ts';
import { refreshProductSummary } from './stock-ledger.ts';
import { goodsChanged } from '../../lib/goods-changes.ts';

/** 草稿/已驳回 → 待审核: the content goes to the platform's review queue. Only approved merchants publish. */
export async function submitProduct(db: Db, caller: Caller, id: number): Promise<void> {
  await assertCanPublishGoods(db, caller.companyId);
  const [p] = await db.select().from(products).where(and(eq(products.id, id), eq(products.companyId, caller.companyId)));
  if (!p) throw fail('PRODUCT_NOT_FOUND');
  if (p.status !== ProductStatus.DRAFT && p.status !== ProductStatus.REJECTED) throw fail('PRODUCT_SUBMIT_NOT_DRAFT');
  await assertContentComplete(db, contentOf(p));
  await db.transaction(async (t) => {
    const [changed] = await t
      .update(products)
      .set({ status: ProductStatus.PENDING, rejectReason: null, updatedAt: new Date() })
      .where(and(eq(products.id, id), eq(products.companyId, caller.companyId), inArray(products.status, [ProductStatus.DRAFT, ProductStatus.REJECTED])))
      .returning();
    if (!changed) throw fail('PRODUCT_STATUS_MOVED');
    await upsertPendingRevision(t, changed, contentOf(changed), false, caller.userId);
  });
}

/**
 * 已下架 → 已上架 (approved products not taken down by the platform) or 已上架 → 已下架, for the selected
 * products of the company; the others are skipped and counted.
 */
export async function shelveProducts(db: Db, caller: Caller, ids: number[], onSale: boolean) {
  if (onSale) await assertCanPublishGoods(db, caller.companyId);
  const from = onSale ? ProductStatus.OFF_SALE : ProductStatus.ON_SALE;
  const changed = await db
    .update(products)
    .set({ status: onSale ? ProductStatus.ON_SALE : ProductStatus.OFF_SALE, updatedAt: new Date() })
    .where(
      and(
        inArray(products.id, ids),
        eq(products.companyId, caller.companyId),
        eq(products.status, from),
        onSale ? isNull(products.takenDownReason) : undefined,
      ),
    )
    .returning({ id: products.id });
  if (changed.length) {
    goodsChanged({ productIds: changed.map((c) => c.id) });
  }
  const distinct = new Set(ids).size;
  if (!changed.length) {
    throw fail(onSale ? 'PRODUCTS_NONE_TO_LIST' : 'PRODUCTS_NONE_ON_SALE');
  }
  return { changed: changed.length, skipped: distinct - changed.length };
}

/** Deletes drafts and rejected first submissions (products never approved) of the company. */
export async function deleteDrafts(db: Db, caller: Caller, ids: number[]) {
  try {
    const deleted = await db
      .delete(products)
      .where(and(inArray(products.id, ids), eq(products.companyId, caller.companyId), inArray(products.status, [ProductStatus.DRAFT, ProductStatus.REJECTED])))
      .returning({ id: products.id });
    if (!deleted.length) throw fail('PRODUCT_DELETE_NOT_DRAFT');
    return { deleted: deleted.length };
  } catch (err) {
    if (pgErrorCode(err) === PgError.FOREIGN_KEY_VIOLATION) throw fail('PRODUCT_IN_ADJUSTMENT');
    throw err;
  }
}

/** Copies a product (its pending content if any) as a new draft: SKU codes get a suffix, stock starts at 0. */
export async function copyProduct(db: Db, caller: Caller, id: number): Promise<{ sysNo: number }> {
  return db.transaction(async (t) => {
    const [p] = await t.select().from(products).where(and(eq(products.id, id), eq(products.companyId, caller.companyId)));
    if (!p) throw fail('PRODUCT_NOT_FOUND');
    const [rev] = await t
      .select({ content: productRevisions.content })
      .from(productRevisions)
      .where(and(eq(productRevisions.productId, id), eq(productRevisions.status, 1)));
    const content = rev?.content ?? contentOf(p);
    const name = `${content.name}（副本）`.length <= 120 ? `${content.name}（副本）` : content.name;
    const [copy] = await t
      .insert(products)
      .values({
        ...contentColumns(content),
        name,
        companyId: caller.companyId,
        spec: p.spec,
        price: p.price,
        status: ProductStatus.DRAFT,
      })
      .returning({ id: products.id });
    const skus = await t.select().from(productSkus).where(eq(productSkus.productId, id)).orderBy(productSkus.sort, productSkus.id);
    if (skus.length) {
      await t.insert(productSkus).values(
        skus.map((s) => ({
          productId: copy!.id,
          companyId: caller.companyId,
          code: `${s.code.slice(0, 40 - String(copy!.id).length - 1)}-${copy!.id}`,
          specValues: s.specValues,
          price: s.price,
          priceTiers: s.priceTiers,
          lowStock: s.lowStock,
          sort: s.sort,
        })),
      );
    }
    await refreshProductSummary(t, [copy!.id]);
    return { sysNo: copy!.id };
  });
}
