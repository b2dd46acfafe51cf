import { date, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { money } from './columns.ts';

/**
 * Report rollups (migration report_rollups, decision 0133): the figures of the counted orders (paid, not
 * cancelled, decision 0132) summed per supplier, purchaser and China calendar day or month. Statement-level
 * triggers on `orders`, `order_lines` and `products` keep them in the transaction of every change (one
 * function, `aq_report_apply`, adds a set of signed deltas), so no code path can forget them. Rows may fall to
 * zero (a cancelled order) and stay; readers ignore groups whose order count sums to 0.
 */

/** Per day: the orders (count, total) and their lines (orders with lines, quantity, goods amount). */
export const reportOrderDays = pgTable(
  'report_order_days',
  {
    sellerCompanyId: integer().notNull(),
    day: date().notNull(),
    buyerCompanyId: integer().notNull(),
    orderCount: integer().notNull().default(0),
    amount: money(16).notNull().default('0'),
    lineOrders: integer().notNull().default(0),
    quantity: integer().notNull().default(0),
    lineAmount: money(16).notNull().default('0'),
  },
  (t) => [
    primaryKey({ name: 'report_order_days_pk', columns: [t.sellerCompanyId, t.day, t.buyerCompanyId] }),
    index('report_order_days_buyer').on(t.buyerCompanyId, t.day),
  ],
);

/**
 * Per month and product: catalogue lines by `productId`, enquiry lines (no product, `productId` 0) by name and
 * unit. `orderCount` counts orders with at least one such line; `name`/`unit` are the largest seen (a label).
 */
export const reportProductMonths = pgTable(
  'report_product_months',
  {
    sellerCompanyId: integer().notNull(),
    month: date().notNull(),
    buyerCompanyId: integer().notNull(),
    productId: integer().notNull(),
    freeName: varchar({ length: 120 }).notNull().default(''),
    freeUnit: varchar({ length: 10 }).notNull().default(''),
    name: varchar({ length: 120 }).notNull(),
    unit: varchar({ length: 10 }).notNull(),
    orderCount: integer().notNull().default(0),
    quantity: integer().notNull().default(0),
    amount: money(16).notNull().default('0'),
  },
  (t) => [
    primaryKey({
      name: 'report_product_months_pk',
      columns: [t.sellerCompanyId, t.month, t.buyerCompanyId, t.productId, t.freeName, t.freeUnit],
    }),
    index('report_product_months_buyer').on(t.buyerCompanyId, t.month),
  ],
);

/** Per month and the product's current category (0: lines without product, 其他). */
export const reportCategoryMonths = pgTable(
  'report_category_months',
  {
    sellerCompanyId: integer().notNull(),
    month: date().notNull(),
    buyerCompanyId: integer().notNull(),
    categoryId: integer().notNull(),
    orderCount: integer().notNull().default(0),
    quantity: integer().notNull().default(0),
    amount: money(16).notNull().default('0'),
  },
  (t) => [
    primaryKey({
      name: 'report_category_months_pk',
      columns: [t.sellerCompanyId, t.month, t.buyerCompanyId, t.categoryId],
    }),
    index('report_category_months_buyer').on(t.buyerCompanyId, t.month),
  ],
);

/**
 * Per China day of `first_shipped_at` (decision 0134): the shipped orders of 应收/应付账款 — not cancelled, not a
 * replacement order — with their count and total, and those with `total − paid > 0` (owed by transfer) with
 * that owed part. Kept by the statement-level triggers on `orders` (migration 0031). The credit still owed on
 * them is not rolled up: it depends on the ledger's FIFO as of now (reports/queries.ts corrects it live).
 */
export const reportShippedDays = pgTable(
  'report_shipped_days',
  {
    sellerCompanyId: integer().notNull(),
    day: date().notNull(),
    buyerCompanyId: integer().notNull(),
    orderCount: integer().notNull().default(0),
    amount: money(16).notNull().default('0'),
    owedCount: integer().notNull().default(0),
    owed: money(16).notNull().default('0'),
  },
  (t) => [
    primaryKey({ name: 'report_shipped_days_pk', columns: [t.sellerCompanyId, t.day, t.buyerCompanyId] }),
    index('report_shipped_days_buyer').on(t.buyerCompanyId, t.day),
  ],
);
