import { and, asc, count, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import { PRODUCT_COUNT_CAP, ProductStatus, type ProductDetail, type ProductListAnswer, type ProductListQuery, type SkuView } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { categories, productRevisions, products, productSkus } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import { cappedTotal, cappedTotalOf, pagedRows, preparedFor } from '../../lib/paged.ts';
import { escapeLike } from '../../lib/sql.ts';
import { categoryPath } from './category-attributes.ts';
import type { Caller } from '../auth/index.ts';
import { contentOf } from './product-content.ts';

const hasPending = sql<boolean>`exists (select 1 from ${productRevisions} r where r.product_id = ${products.id} and r.status = 1)`;

/**
 * The list's page query for a filter: the page with its capped total as a scalar subquery (one round trip,
 * lib/paged.ts). The SKU codes and the pending revision are subqueries of the select list, which PostgreSQL
 * evaluates for the page's rows only (after the index scan on (company, updated_at, id) and the limit).
 */
const productPage = (db: Db, where: SQL | undefined) =>
  db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      categoryCode: products.categoryCode,
      categoryName: categories.name,
      status: products.status,
      unit: products.unit,
      minOrder: products.minOrder,
      price: products.price,
      stock: products.stock,
      defaultImage: products.defaultImage,
      rejectReason: products.rejectReason,
      takenDownReason: products.takenDownReason,
      updatedAt: products.updatedAt,
      pending: hasPending,
      skuCodes: sql<string[] | null>`(select array_agg(s.code order by s.sort, s.id) from ${productSkus} s where s.product_id = ${products.id})`,
      total: cappedTotalOf(products, where, PRODUCT_COUNT_CAP),
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(desc(products.updatedAt), desc(products.id));

/** The unfiltered list (what the page opens with), prepared once per database. */
const everyProductPage = preparedFor((db: Db) =>
  productPage(db, eq(products.companyId, sql.placeholder('companyId')))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('company_product_page'),
);

/** The company's products with the list's filters, newest change first; the total stops at PRODUCT_COUNT_CAP. */
export async function listProducts(db: Db, caller: Caller, q: ProductListQuery & { pageIndex: number; pageSize: number }): Promise<ProductListAnswer> {
  const conds: SQL[] = [eq(products.companyId, caller.companyId)];
  if (q.name) conds.push(ilike(products.name, `%${escapeLike(q.name)}%`));
  if (q.code) {
    // Case-insensitive prefix over the company's SKU codes: index product_skus_company_code_lower.
    conds.push(
      sql`${products.id} in (select s.product_id from ${productSkus} s where s.company_id = ${caller.companyId} and lower(s.code) like ${`${escapeLike(q.code.toLowerCase())}%`})`,
    );
  }
  if (q.categoryCode) conds.push(sql`${products.categoryCode} like ${`${escapeLike(q.categoryCode)}%`}`);
  if (q.status !== undefined) conds.push(eq(products.status, q.status));
  if (q.onSale === 1) conds.push(eq(products.status, ProductStatus.ON_SALE));
  if (q.onSale === 0) conds.push(ne(products.status, ProductStatus.ON_SALE));
  const where = and(...conds);
  const companyId = caller.companyId;
  const { list: rows, total } = await pagedRows(
    conds.length > 1 ? productPage(db, where) : (limit, offset) => everyProductPage(db).execute({ companyId, limit, offset }),
    q,
    async () => {
      const limited = db.select({ one: sql`1` }).from(products).where(where).limit(PRODUCT_COUNT_CAP + 1).as('limited');
      return (await db.select({ n: count() }).from(limited))[0]?.n ?? 0;
    },
  );
  return {
    ...cappedTotal(total, PRODUCT_COUNT_CAP),
    list: rows.map((r) => ({
      sysNo: r.id,
      name: r.name,
      brand: r.brand,
      categoryCode: r.categoryCode,
      categoryName: r.categoryName,
      status: r.status,
      unit: r.unit,
      minOrder: r.minOrder,
      price: Number(r.price),
      stock: r.stock,
      skuCount: r.skuCodes?.length ?? 0,
      skuCodes: r.skuCodes ?? [],
      defaultImage: r.defaultImage,
      pendingRevision: Boolean(r.pending) && r.status !== ProductStatus.PENDING,
      rejectReason: r.rejectReason,
      takenDownReason: r.takenDownReason,
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

/** A product's SKUs with their stock figures, in the editor's order. */
export async function skuViews(db: Db, productId: number): Promise<SkuView[]> {
  const skus = await db.select().from(productSkus).where(eq(productSkus.productId, productId)).orderBy(asc(productSkus.sort), asc(productSkus.id));
  return skus.map((s) => ({
    sysNo: s.id,
    code: s.code,
    specValues: s.specValues,
    price: Number(s.price),
    priceTiers: s.priceTiers,
    onHand: s.onHand,
    reserved: s.reserved,
    available: s.onHand - s.reserved,
    lowStock: s.lowStock,
  }));
}

/** One product of the company as the editor shows it: the pending revision's content when there is one. */
export async function productDetail(db: Db, caller: Caller, id: number): Promise<ProductDetail> {
  const [p] = await db.select().from(products).where(and(eq(products.id, id), eq(products.companyId, caller.companyId)));
  if (!p) throw fail('PRODUCT_NOT_FOUND');
  const [rev] = await db
    .select({ content: productRevisions.content })
    .from(productRevisions)
    .where(and(eq(productRevisions.productId, id), eq(productRevisions.status, 1)));
  const content = rev?.content ?? contentOf(p);
  const path = await categoryPath(db, content.categoryId);
  return {
    sysNo: p.id,
    status: p.status,
    content,
    categoryPath: path.map(({ sysNo, name, categoryCode }) => ({ sysNo, name, categoryCode })),
    skus: await skuViews(db, id),
    pendingRevision: Boolean(rev) && p.status !== ProductStatus.PENDING,
    rejectReason: p.rejectReason,
    takenDownReason: p.takenDownReason,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
