import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { atNow, money } from './columns.ts';
import { companyRef } from './company.ts';

/** A purchaser user's cart: one line per SKU, with the unit price seen when added (to flag changes). */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    userId: integer().notNull(),
    sellerCompanyId: integer().notNull(),
    productId: integer().notNull(),
    skuId: integer().notNull(),
    quantity: integer().notNull(),
    /** The unit price (tier applied) when the line was added or its quantity last changed. */
    priceAtAdd: money().notNull(),
    selected: boolean().notNull().default(true),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [
    uniqueIndex('cart_lines_user_sku').on(t.userId, t.skuId),
    index().on(t.companyId),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
