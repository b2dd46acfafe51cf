import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, atNow, money } from './columns.ts';
import { companyRef } from './company.ts';

/**
 * The supplier catalogue (modules/products, modules/catalog): categories and the platform's per-category attribute
 * definitions, products with their SKUs, pending revisions of approved products, reviews and questions, and the
 * Excel imports. Stock movements are in stock.ts, the public search copy in search.ts.
 */

/** Product category, 3 levels. `categoryCode` encodes the path (e.g. 01, 0101, 010101). */
export const categories = pgTable(
  'categories',
  {
    id: serial().primaryKey(),
    parentId: integer(),
    name: varchar({ length: 50 }).notNull(),
    categoryCode: varchar({ length: 20 }).notNull().unique(),
    level: smallint().notNull(),
    sort: integer().notNull().default(0),
    defaultImage: varchar({ length: 300 }),
    hidden: boolean().notNull().default(false),
  },
  (t) => [index().on(t.parentId)],
);

/** Parametric attributes the platform defines per category (inherited by the subtree). */
export const categoryAttributes = pgTable(
  'category_attributes',
  {
    id: serial().primaryKey(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: varchar({ length: 30 }).notNull(),
    /** AttributeType: 1 文本 2 数字 3 单选. */
    type: smallint().notNull().default(1),
    options: jsonb().$type<string[]>().notNull().default([]),
    unit: varchar({ length: 10 }).notNull().default(''),
    required: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
    createdAt: atNow(),
  },
  (t) => [uniqueIndex('category_attributes_name').on(t.categoryId, t.name)],
);

export interface PriceTier {
  minQty: number;
  price: number;
}

/** A product in a supplier's shop. Status per docs/product/catalogue.md#product-lifecycle (草稿/待审核/已上架/已下架). */
export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    /** Code of the leaf category, so a prefix match finds a whole subtree. */
    categoryCode: varchar({ length: 20 }).notNull(),
    name: varchar({ length: 120 }).notNull(),
    brand: varchar({ length: 60 }).notNull().default(''),
    model: varchar({ length: 60 }).notNull().default(''),
    spec: varchar({ length: 200 }).notNull().default(''),
    unit: varchar({ length: 10 }).notNull().default('件'),
    price: money().notNull(),
    priceTiers: jsonb().$type<PriceTier[]>().notNull().default([]),
    stock: integer().notNull().default(0),
    minOrder: integer().notNull().default(1),
    images: jsonb().$type<string[]>().notNull().default([]),
    defaultImage: varchar({ length: 300 }).notNull().default(''),
    /** Specification rows shown on the detail page: [{name, value}]. */
    attributes: jsonb().$type<{ name: string; value: string }[]>().notNull().default([]),
    description: text().notNull().default(''),
    /**
     * Fingerprint of the sanitiser rules the stored description passed (modules/products/description.ts):
     * the description is sanitised when written and read as is; a row with another fingerprint (0: written
     * before migration 0039, or the rules changed since) is sanitised again on read and by the start-up pass.
     */
    descriptionRules: integer().notNull().default(0),
    status: smallint().notNull().default(0),
    isPovertyRelief: boolean().notNull().default(false),
    salesCount: integer().notNull().default(0),
    originProvinceCode: integer(),
    originCityCode: integer(),
    originName: varchar({ length: 60 }).notNull().default(''),
    takenDownReason: varchar({ length: 200 }),
    /** Days from order to dispatch (交货期); 0 = not stated. */
    leadTimeDays: integer().notNull().default(0),
    /** Why the platform refused the last submission (shown to the supplier); cleared on approval. */
    rejectReason: varchar({ length: 200 }),
    createdAt: atNow(),
    updatedAt: atNow(),
    /**
     * Search text, maintained by the database (trigger of migrations search_ngrams / search_grams_expression,
     * docs/decisions/0060): normalized "name\nbrand\nspec model\nshop name", copied with the other search
     * fields into product_search (schema/search.ts), where it is GIN-indexed. Never written by the app.
     */
    searchText: text().notNull().default(''),
    /** The supplier's shop is open and enabled; maintained by the same triggers, so the mall needs no join. */
    shopVisible: boolean().notNull().default(false),
  },
  (t) => [
    index().on(t.companyId),
    /** The supplier's product list: its products, latest change first. */
    // With id: the list's order (updated_at desc, id desc) read from the index even when thousands share one updated_at.
    index('products_company_updated').on(t.companyId, t.updatedAt, t.id),
    /** Counting a shop's on-sale goods (shop lists, shop cards) from the index alone. */
    index('products_company_on_sale')
      .on(t.companyId)
      .where(sql`status = 2`),
    index().on(t.categoryCode),
    index().on(t.status, t.createdAt),
    index().on(t.status, t.salesCount),
    index().on(t.status, t.price),
  ],
);

export interface SpecValue {
  name: string;
  value: string;
}

/**
 * One sellable variant of a product. `onHand` and `reserved` are the sums of its ledger rows: only
 * `moveStock` (modules/products/stock-ledger.ts) changes them, together with the row. Available
 * (on hand − reserved) is never negative: the database refuses it.
 */
export const productSkus = pgTable(
  'product_skus',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    companyId: companyRef(),
    /** The supplier's own code, unique within the company. */
    code: varchar({ length: 40 }).notNull(),
    specValues: jsonb().$type<SpecValue[]>().notNull().default([]),
    price: money().notNull(),
    priceTiers: jsonb().$type<PriceTier[]>().notNull().default([]),
    onHand: integer().notNull().default(0),
    reserved: integer().notNull().default(0),
    /** Defective goods returned and held (不良品): not part of on hand, never sold. */
    held: integer().notNull().default(0),
    /** Low-stock warning when available ≤ this (0 = no warning). */
    lowStock: integer().notNull().default(0),
    sort: integer().notNull().default(0),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [
    index().on(t.productId),
    uniqueIndex('product_skus_company_code').on(t.companyId, t.code),
    /** The supplier's list filter by code prefix, case-insensitive (lower(code) like 'abc%'). */
    index('product_skus_company_code_lower').using(
      'btree',
      t.companyId,
      sql`lower(${t.code}) text_pattern_ops`,
    ),
    check('product_skus_available_not_negative', sql`${t.onHand} - ${t.reserved} >= 0`),
    check('product_skus_reserved_not_negative', sql`${t.reserved} >= 0`),
    check('product_skus_held_not_negative', sql`${t.held} >= 0`),
    check('product_skus_low_stock_not_negative', sql`${t.lowStock} >= 0`),
  ],
);

export type ProductSkuRow = typeof productSkus.$inferSelect;

/** The content a product may show in the mall (held by a revision until the platform approves it). */
export interface ProductContent {
  categoryId: number;
  categoryCode: string;
  name: string;
  brand: string;
  model: string;
  unit: string;
  minOrder: number;
  attributes: SpecValue[];
  images: string[];
  description: string;
  leadTimeDays: number;
  originProvinceCode: number | null;
  originCityCode: number | null;
  originName: string;
  isPovertyRelief: boolean;
}

/**
 * A submission for review: the first publication of a product, or an edit of an approved one (which stays on
 * sale with its approved content until the revision is approved). At most one pending per product.
 */
export const productRevisions = pgTable(
  'product_revisions',
  {
    id: serial().primaryKey(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    companyId: integer().notNull(),
    /** 1 待审核, 2 已通过, 4 已驳回. */
    status: smallint().notNull().default(1),
    /** True when the product had been approved before (an edit), false for its first review. */
    isEdit: boolean().notNull().default(false),
    content: jsonb().$type<ProductContent>().notNull(),
    rejectReason: varchar({ length: 200 }),
    submittedBy: integer(),
    submittedAt: atNow(),
    decidedBy: integer(),
    decidedAt: at(),
  },
  (t) => [
    uniqueIndex('product_revisions_one_pending')
      .on(t.productId)
      .where(sql`status = 1`),
    index().on(t.status, t.submittedAt),
    index().on(t.productId, t.id),
  ],
);

/**
 * Reviews and questions on products (product/discussion, the goods detail). A review (kind 1) is a purchaser
 * company's rating 1–5 of the product of one order line of a completed order, at most one per company and
 * order line; a question (kind 2) may come from anyone signed in. The supplier replies; the platform may hide an
 * abusive entry (audited), which then no longer shows nor counts in the average rating.
 */
export const productDiscussions = pgTable(
  'product_discussions',
  {
    id: serial().primaryKey(),
    /** DiscussionKind: 1 评价, 2 提问. */
    kind: smallint().notNull(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The supplier (the product's company), who replies. */
    sellerCompanyId: integer().notNull(),
    authorUserId: integer().notNull(),
    authorCompanyId: integer(),
    /** The order line a review is about (order_lines.id). */
    orderLineId: integer(),
    /** That order line's spec (规格), copied when the review is written: the lists show it without reading orders. */
    spec: varchar({ length: 200 }).notNull().default(''),
    rating: smallint(),
    content: varchar({ length: 500 }).notNull(),
    reply: varchar({ length: 500 }),
    repliedBy: integer(),
    repliedAt: at(),
    hidden: boolean().notNull().default(false),
    hiddenReason: varchar({ length: 200 }),
    createdAt: atNow(),
  },
  (t) => [
    uniqueIndex('product_discussions_one_review')
      .on(t.authorCompanyId, t.orderLineId)
      .where(sql`kind = 1`),
    index().on(t.productId, t.kind, t.createdAt),
    index().on(t.sellerCompanyId, t.createdAt),
    check(
      'product_discussions_kind',
      sql`(${t.kind} = 1 and ${t.rating} between 1 and 5 and ${t.orderLineId} is not null and ${t.authorCompanyId} is not null) or (${t.kind} = 2 and ${t.rating} is null)`,
    ),
  ],
);

/**
 * An Excel import of products (modules/products/import-jobs.ts): recorded at upload, worked through by the
 * server right after (and again after a restart while unfinished), polled by the page for its progress.
 * The uploaded file and the marked copy of a refused one live in storage under `private/imports/`.
 */
export const productImportJobs = pgTable(
  'product_import_jobs',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    userId: integer().notNull(),
    /** ImportJobStatus: 0 排队中 1 校验中 2 写入中 3 已完成 4 有错误 5 失败. */
    status: smallint().notNull().default(0),
    /** Submit the created products for review (导入后提交审核). */
    submit: boolean().notNull().default(false),
    fileName: varchar({ length: 200 }).notNull().default(''),
    uploadPath: varchar({ length: 300 }).notNull(),
    /** The upload with an error column, when rows were refused. */
    resultPath: varchar({ length: 300 }),
    total: integer().notNull().default(0),
    done: integer().notNull().default(0),
    errorRows: integer().notNull().default(0),
    created: integer().notNull().default(0),
    message: varchar({ length: 500 }).notNull().default(''),
    createdAt: atNow(),
    updatedAt: atNow(),
    finishedAt: at(),
  },
  (t) => [
    index().on(t.companyId, t.id),
    index('product_import_jobs_unfinished')
      .on(t.status)
      .where(sql`status < 3`),
  ],
);
