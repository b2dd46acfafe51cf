import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { categories, products, type PriceTier } from './catalog.ts';
import { companies } from './company.ts';

/**
 * The supplier catalogue (issue 11): SKUs with their stock, the stock ledger, adjustment documents, pending
 * revisions of approved products and the platform's per-category attribute definitions.
 */

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
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    /** The supplier's own code, unique within the company. */
    code: varchar({ length: 40 }).notNull(),
    specValues: jsonb().$type<SpecValue[]>().notNull().default([]),
    price: numeric({ precision: 14, scale: 2 }).notNull(),
    priceTiers: jsonb().$type<PriceTier[]>().notNull().default([]),
    onHand: integer().notNull().default(0),
    reserved: integer().notNull().default(0),
    /** Defective goods returned and held (不良品): not part of on hand, never sold. */
    held: integer().notNull().default(0),
    /** Low-stock warning when available ≤ this (0 = no warning). */
    lowStock: integer().notNull().default(0),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.productId),
    uniqueIndex('product_skus_company_code').on(t.companyId, t.code),
    /** The supplier's list filter by code prefix, case-insensitive (lower(code) like 'abc%'). */
    index('product_skus_company_code_lower').using('btree', t.companyId, sql`lower(${t.code}) text_pattern_ops`),
    check('product_skus_available_not_negative', sql`${t.onHand} - ${t.reserved} >= 0`),
    check('product_skus_reserved_not_negative', sql`${t.reserved} >= 0`),
    check('product_skus_held_not_negative', sql`${t.held} >= 0`),
    check('product_skus_low_stock_not_negative', sql`${t.lowStock} >= 0`),
  ],
);

/**
 * Every stock change, one row each (append-only: a trigger refuses UPDATE, and DELETE while the SKU exists).
 * `onHandChange`/`reservedChange` are the deltas; the SKU's on hand and reserved are their sums.
 */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    productId: integer().notNull(),
    skuId: integer()
      .notNull()
      .references(() => productSkus.id, { onDelete: 'cascade' }),
    /** StockReason: 1 入库 2 出库 3 盘点 4 下单预占 5 取消释放 6 发货出库 7 退货入库 8 不良品入库 9 退货报废. */
    reason: smallint().notNull(),
    /** The quantity as the document states it (signed: + in, − out). */
    quantity: integer().notNull(),
    onHandChange: integer().notNull(),
    reservedChange: integer().notNull(),
    onHandBefore: integer().notNull(),
    onHandAfter: integer().notNull(),
    reservedBefore: integer().notNull(),
    reservedAfter: integer().notNull(),
    /** Change of the held (defective) quantity: + for 不良品入库; 0 otherwise. */
    heldChange: integer().notNull().default(0),
    heldAfter: integer().notNull().default(0),
    /** Kind of document: adjustment, product (editor, opening stock), order, rma. */
    docType: varchar({ length: 20 }).notNull(),
    docId: integer(),
    docNo: varchar({ length: 40 }).notNull().default(''),
    userId: integer(),
    userName: varchar({ length: 60 }).notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.skuId, t.id), index().on(t.companyId, t.createdAt)],
);

/** Stock adjustment documents (入库/出库/盘点): draft → confirmed; a confirmed document never changes (trigger). */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    docNo: varchar({ length: 40 }).notNull().unique(),
    /** AdjustmentType: 1 入库 2 出库 3 盘点. */
    type: smallint().notNull(),
    /** 0 草稿, 1 已确认. */
    status: smallint().notNull().default(0),
    remark: varchar({ length: 200 }).notNull().default(''),
    createdBy: integer(),
    createdByName: varchar({ length: 60 }).notNull().default(''),
    confirmedBy: integer(),
    confirmedByName: varchar({ length: 60 }).notNull().default(''),
    confirmedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.companyId, t.createdAt)],
);

/** Lines of an adjustment: the SKU facts are copied, the stock before/after is filled on confirmation. */
export const stockAdjustmentLines = pgTable(
  'stock_adjustment_lines',
  {
    id: serial().primaryKey(),
    adjustmentId: integer()
      .notNull()
      .references(() => stockAdjustments.id, { onDelete: 'cascade' }),
    skuId: integer()
      .notNull()
      .references(() => productSkus.id),
    productId: integer().notNull(),
    productName: varchar({ length: 120 }).notNull(),
    skuCode: varchar({ length: 40 }).notNull(),
    skuSpec: varchar({ length: 200 }).notNull().default(''),
    unit: varchar({ length: 10 }).notNull().default(''),
    /** 入库/出库: the quantity moved (> 0); 盘点: the counted quantity (≥ 0). */
    quantity: integer().notNull(),
    onHandBefore: integer(),
    onHandAfter: integer(),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.adjustmentId), index().on(t.skuId)],
);

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
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('product_revisions_one_pending').on(t.productId).where(sql`status = 1`),
    index().on(t.status, t.submittedAt),
    index().on(t.productId, t.id),
  ],
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('category_attributes_name').on(t.categoryId, t.name)],
);

export type ProductSkuRow = typeof productSkus.$inferSelect;

/**
 * An Excel import of products (modules/products/import-jobs.ts): recorded at upload, worked through by the
 * server right after (and again after a restart while unfinished), polled by the page for its progress.
 * The uploaded file and the marked copy of a refused one live in storage under `private/imports/`.
 */
export const productImportJobs = pgTable(
  'product_import_jobs',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.companyId, t.id), index('product_import_jobs_unfinished').on(t.status).where(sql`status < 3`)],
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
    rating: smallint(),
    content: varchar({ length: 500 }).notNull(),
    reply: varchar({ length: 500 }),
    repliedBy: integer(),
    repliedAt: timestamp({ withTimezone: true }),
    hidden: boolean().notNull().default(false),
    hiddenReason: varchar({ length: 200 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_discussions_one_review').on(t.authorCompanyId, t.orderLineId).where(sql`kind = 1`),
    index().on(t.productId, t.kind, t.createdAt),
    index().on(t.sellerCompanyId, t.createdAt),
    check(
      'product_discussions_kind',
      sql`(${t.kind} = 1 and ${t.rating} between 1 and 5 and ${t.orderLineId} is not null and ${t.authorCompanyId} is not null) or (${t.kind} = 2 and ${t.rating} is null)`,
    ),
  ],
);
