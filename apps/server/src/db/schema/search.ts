import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { at, atNow, money } from './columns.ts';
import { products } from './catalogue.ts';

/**
 * The public goods search table (docs/decisions/0060): one narrow row per *public* product (on sale, shop open),
 * copied from `products` by a database trigger (migration search_table). Every goods-list filter, sort and count
 * runs here; `products` is read only for the 20 cards of a page. Never written by the application.
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: integer()
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** products.search_text: normalized "name\nbrand\nspec model\nshop name". */
    searchText: text().notNull(),
    salesCount: integer().notNull(),
    price: money().notNull(),
    categoryCode: varchar({ length: 20 }).notNull(),
    companyId: integer().notNull(),
    originProvinceCode: integer(),
    originCityCode: integer(),
    isPovertyRelief: boolean().notNull(),
    createdAt: at().notNull(),
  },
  (t) => [
    index('product_search_grams_gin').using('gin', sql`aq_search_grams(${t.searchText})`),
    index('product_search_sales').on(t.salesCount.desc().nullsFirst(), t.productId.desc().nullsFirst()),
    index('product_search_price').on(t.price, t.productId),
    index('product_search_created').on(t.createdAt.desc().nullsFirst(), t.productId.desc().nullsFirst()),
    index('product_search_category').on(t.categoryCode),
    // Price order inside a named category (decision 0233): each category's cheapest / dearest rows without a sort.
    index('product_search_category_price').on(t.categoryCode, t.price, t.productId),
    // Relevance inside a category (decision 0246): each category's best sellers without a walk of every category's.
    index('product_search_category_sales').on(
      t.categoryCode,
      t.salesCount.desc().nullsFirst(),
      t.productId.desc().nullsFirst(),
    ),
    index('product_search_company').on(t.companyId),
    // The name (first field) for the keyword's prefix/exact rows in the relevance ranking at scale (0061):
    // text_pattern_ops so `name LIKE 'kw%'` is a range scan whatever the database collation.
    index('product_search_name_prefix').using(
      'btree',
      sql`split_part(${t.searchText}, E'\\n', 1) text_pattern_ops`,
    ),
  ],
);

/**
 * The search synonym and trade-name table (docs/decisions/0176-search-synonyms-and-categories.md), edited in the
 * console (搜索同义词). A row's `terms` are equivalent words: any of them finds every other, both ways. Its
 * `related` words are the trade names or products the terms stand for (絮凝剂 → pac, pfs, pafc, pam): a term finds
 * them, and each of them finds the terms back, but they do not find each other through this row. Every word is
 * normalized (normalizeSearch) and has no whitespace.
 */
export const searchSynonyms = pgTable('search_synonyms', {
  id: serial().primaryKey(),
  terms: text().array().notNull(),
  related: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  note: varchar({ length: 200 }).notNull().default(''),
  updatedAt: atNow(),
});
