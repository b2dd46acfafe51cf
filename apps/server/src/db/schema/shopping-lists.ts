import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { atNow, money } from './columns.ts';
import { companyRef } from './company.ts';

/**
 * 常购清单 (docs/product/shopping-lists.md, decision 0214): a purchaser user's named list of SKUs, private to its
 * owner or shared with the company's users (readable by all of them, edited by the owner and company
 * administrators). Owned by the buying module.
 */
export const shoppingLists = pgTable(
  'shopping_lists',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    ownerUserId: integer().notNull(),
    name: varchar({ length: 40 }).notNull(),
    shared: boolean().notNull().default(false),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [
    uniqueIndex('shopping_lists_owner_name').on(t.companyId, t.ownerUserId, t.name),
    index().on(t.companyId, t.shared),
  ],
);

/** One SKU of a list: the quantity bought by default, a note and the unit price when it was added. */
export const shoppingListItems = pgTable(
  'shopping_list_items',
  {
    id: serial().primaryKey(),
    listId: integer()
      .notNull()
      .references(() => shoppingLists.id, { onDelete: 'cascade' }),
    skuId: integer().notNull(),
    quantity: integer().notNull(),
    note: varchar({ length: 100 }).notNull().default(''),
    /** The caller's unit price (the resolver's) when the item was added, to say how it moved since. */
    priceAtAdd: money().notNull(),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [
    uniqueIndex('shopping_list_items_list_sku').on(t.listId, t.skuId),
    check('shopping_list_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
