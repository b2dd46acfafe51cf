import { index, integer, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { at, atNow } from './columns.ts';
import { companyRef } from './company.ts';
import { productSkus } from './catalogue.ts';

/** Stock (modules/products/stock-ledger.ts, adjustments.ts): the ledger of every change and adjustment documents. */

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
    createdAt: atNow(),
  },
  (t) => [index().on(t.skuId, t.id), index().on(t.companyId, t.createdAt)],
);

/** Stock adjustment documents (入库/出库/盘点): draft → confirmed; a confirmed document never changes (trigger). */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
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
    confirmedAt: at(),
    createdAt: atNow(),
    updatedAt: atNow(),
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
