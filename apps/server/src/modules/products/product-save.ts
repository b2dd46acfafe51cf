import { and, eq, inArray } from 'drizzle-orm';
import { ProductStatus, StockReason, type ProductInputParsed, toFen, toYuan } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { PgError, pgErrorCode } from '../../db/pg-errors.ts';
import {
  productRevisions,
  products,
  productSkus,
  stockLedger,
  type ProductContent,
} from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import { assertCanPublishGoods } from '../merchant/index.ts';
import { callerName, type Caller } from '../auth/index.ts';
import { explainDbErrors } from '../../db/pg-errors.ts';
import { contentColumns, contentOf, prepareContent, sameContent } from './product-content.ts';
import { moveStock, refreshProductSummary, type StockDocument, type StockMove } from './stock-ledger.ts';
import { goodsChanged } from '../../lib/goods-changes.ts';

type SkuIn = ProductInputParsed['skus'][number];

const skuColumns = (s: SkuIn, sort: number) => ({
  code: s.code,
  specValues: s.specValues,
  price: toYuan(toFen(s.price)),
  priceTiers: s.priceTiers,
  lowStock: s.lowStock,
  sort,
});

/** The product's spec line (searched and shown in the mall): its SKUs' spec values. */
const specSummary = (skus: readonly SkuIn[]) =>
  [...new Set(skus.map((s) => s.specValues.map((v) => v.value).join(' ')).filter(Boolean))]
    .join(' / ')
    .slice(0, 200);

/** Unique SKU codes per company and available stock: a refusal answers in words. */
export const withCodeCheck = <T>(work: () => Promise<T>) =>
  explainDbErrors({ [PgError.UNIQUE_VIOLATION]: '规格编码已被本企业的其他商品使用', [PgError.CHECK_VIOLATION]: '可用库存不足' }, work);

/** A product to insert with its SKUs: its checked content (prepareContent) and its status. */
export interface NewProduct {
  content: ProductContent;
  skus: readonly SkuIn[];
  status: number;
}

const CHUNK = 500;
const chunks = <T>(list: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

/**
 * Inserts products with their SKUs inside the caller's transaction, in batches; each SKU's opening stock is an
 * 入库 movement of the document `doc` names (given the new product ids). Answers the ids in input order.
 */
export async function insertProducts(
  t: Db,
  companyId: number,
  items: readonly NewProduct[],
  doc: (productIds: number[]) => StockDocument,
): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(items)) {
    const rows = await t
      .insert(products)
      .values(
        part.map((item) => ({
          ...contentColumns(item.content),
          companyId,
          spec: specSummary(item.skus),
          price: toYuan(Math.min(...item.skus.map((s) => toFen(s.price)))),
          status: item.status,
        })),
      )
      .returning({ id: products.id });
    ids.push(...rows.map((r) => r.id));
  }
  const skuRows = items.flatMap((item, i) =>
    item.skus.map((s, sort) => ({ ...skuColumns(s, sort), productId: ids[i]!, companyId, stock: s.stock })),
  );
  const opening: StockMove[] = [];
  for (const part of chunks(skuRows)) {
    const inserted = await t
      .insert(productSkus)
      .values(part.map(({ stock: _stock, ...row }) => row))
      .returning({ id: productSkus.id });
    part.forEach((row, i) => {
      if (row.stock > 0)
        opening.push({ skuId: inserted[i]!.id, reason: StockReason.IN, quantity: row.stock });
    });
  }
  const stockDoc = doc(ids);
  for (const part of chunks(opening, 1000)) await moveStock(t, part, stockDoc);
  for (const part of chunks(ids, 1000)) await refreshProductSummary(t, part);
  return ids;
}

/** Creates a draft with its SKUs; each SKU's opening stock is one 入库 ledger row. */
export async function createProduct(
  db: Db,
  caller: Caller,
  input: ProductInputParsed,
): Promise<{ sysNo: number }> {
  const content = await prepareContent(db, caller.companyId, input);
  const userName = await callerName(db, caller.userId);
  return withCodeCheck(() =>
    db.transaction(async (tx) => {
      const [productId] = await insertProducts(
        tx,
        caller.companyId,
        [{ content, skus: input.skus, status: ProductStatus.DRAFT }],
        ([id]) => ({
          docType: 'opening',
          docId: id,
          docNo: '期初库存',
          userId: caller.userId,
          userName,
        }),
      );
      return { sysNo: productId! };
    }),
  );
}

/** The company's product, locked for the change. */
async function lockOwnProduct(tx: Db, companyId: number, id: number) {
  const [p] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.companyId, companyId)))
    .for('update');
  if (!p) throw fail('PRODUCT_NOT_FOUND');
  return p;
}

/** Puts content up for review: replaces the product's pending revision, or opens one. */
export async function upsertPendingRevision(
  tx: Db,
  product: { id: number; companyId: number },
  content: ProductContent,
  isEdit: boolean,
  userId: number,
) {
  const [pending] = await tx
    .update(productRevisions)
    .set({ content, submittedAt: new Date(), submittedBy: userId })
    .where(and(eq(productRevisions.productId, product.id), eq(productRevisions.status, 1)))
    .returning({ id: productRevisions.id });
  if (pending) return pending.id;
  const [row] = await tx
    .insert(productRevisions)
    .values({
      productId: product.id,
      companyId: product.companyId,
      status: 1,
      isEdit,
      content,
      submittedBy: userId,
    })
    .returning({ id: productRevisions.id });
  return row!.id;
}

/**
 * Edits a product. A draft or rejected product takes the content directly. An approved product (on or off
 * sale) keeps its approved content in the mall and gets a pending revision when the content changed. SKU
 * prices, tiers, thresholds and stock apply at once in every status; a changed stock figure is booked as 盘点.
 */
export async function updateProduct(
  db: Db,
  caller: Caller,
  id: number,
  input: ProductInputParsed,
): Promise<{ pendingRevision: boolean }> {
  const [current] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.companyId, caller.companyId)));
  if (!current) throw fail('PRODUCT_NOT_FOUND');
  if (current.status === ProductStatus.PENDING) throw fail('PRODUCT_UNDER_REVIEW');
  const [pendingRev] = await db
    .select({ content: productRevisions.content })
    .from(productRevisions)
    .where(and(eq(productRevisions.productId, id), eq(productRevisions.status, 1)));
  const kept = [...current.images, ...(pendingRev?.content.images ?? [])];
  const content = await prepareContent(db, caller.companyId, input, kept);
  const approved = current.status === ProductStatus.ON_SALE || current.status === ProductStatus.OFF_SALE;
  const needsReview = approved && !sameContent(content, contentOf(current));
  if (needsReview) await assertCanPublishGoods(db, caller.companyId);
  const userName = await callerName(db, caller.userId);

  return withCodeCheck(() =>
    db.transaction(async (t) => {
      const p = await lockOwnProduct(t, caller.companyId, id);
      if (p.status !== current.status) throw fail('PRODUCT_STATUS_MOVED');
      if (!approved) {
        await t
          .update(products)
          .set({ ...contentColumns(content), spec: specSummary(input.skus), updatedAt: new Date() })
          .where(eq(products.id, id));
      } else if (needsReview) {
        await upsertPendingRevision(t, p, content, true, caller.userId);
        await t
          .update(products)
          .set({ spec: specSummary(input.skus), updatedAt: new Date() })
          .where(eq(products.id, id));
      } else {
        // The content is the approved one again: a pending edit is withdrawn.
        await t
          .delete(productRevisions)
          .where(and(eq(productRevisions.productId, id), eq(productRevisions.status, 1)));
        await t
          .update(products)
          .set({ spec: specSummary(input.skus), updatedAt: new Date() })
          .where(eq(products.id, id));
      }
      await saveSkus(t, caller, p, input.skus, approved, userName);
      await refreshProductSummary(t, [id]);
      goodsChanged({ productIds: [id] });
      return { pendingRevision: needsReview };
    }),
  );
}

/** Reconciles the SKUs: updates those named by sysNo, inserts new ones, removes the rest where allowed. */
async function saveSkus(
  t: Db,
  caller: Caller,
  p: { id: number; name: string },
  input: readonly SkuIn[],
  approved: boolean,
  userName: string,
) {
  const existing = await t.select().from(productSkus).where(eq(productSkus.productId, p.id));
  const byId = new Map(existing.map((s) => [s.id, s]));
  for (const s of input) if (s.sysNo !== undefined && !byId.has(s.sysNo)) throw fail('SPEC_NOT_FOUND');
  const keep = new Set(input.flatMap((s) => (s.sysNo === undefined ? [] : [s.sysNo])));
  const removed = existing.filter((s) => !keep.has(s.id));
  if (removed.length) {
    const ids = removed.map((s) => s.id);
    if (removed.some((s) => s.reserved > 0)) throw fail('SPEC_HAS_RESERVED');
    if (approved) {
      const [booked] = await t
        .select({ id: stockLedger.skuId })
        .from(stockLedger)
        .where(inArray(stockLedger.skuId, ids))
        .limit(1);
      if (booked) throw fail('SPEC_HAS_STOCK', { code: byId.get(booked.id)!.code });
    }
    try {
      await t.delete(productSkus).where(inArray(productSkus.id, ids));
    } catch (err) {
      if (pgErrorCode(err) === PgError.FOREIGN_KEY_VIOLATION) throw fail('SPEC_IN_ADJUSTMENT');
      throw err;
    }
  }
  const moves: StockMove[] = [];
  for (const [i, s] of input.entries()) {
    if (s.sysNo !== undefined) {
      await t
        .update(productSkus)
        .set({ ...skuColumns(s, i), updatedAt: new Date() })
        .where(eq(productSkus.id, s.sysNo));
      if (byId.get(s.sysNo)!.onHand !== s.stock)
        moves.push({ skuId: s.sysNo, reason: StockReason.COUNT, quantity: s.stock });
    } else {
      const [row] = await t
        .insert(productSkus)
        .values({ ...skuColumns(s, i), productId: p.id, companyId: caller.companyId })
        .returning({ id: productSkus.id });
      if (s.stock > 0) moves.push({ skuId: row!.id, reason: StockReason.IN, quantity: s.stock });
    }
  }
  await moveStock(t, moves, {
    docType: 'product',
    docId: p.id,
    docNo: '商品编辑',
    userId: caller.userId,
    userName,
    companyId: caller.companyId,
  });
}
