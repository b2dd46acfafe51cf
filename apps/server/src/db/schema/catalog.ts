import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companies } from './company.ts';

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

export interface PriceTier {
  minQty: number;
  price: number;
}

/** A product in a supplier's shop. Status per docs/product/catalogue.md#product-lifecycle (草稿/待审核/已上架/已下架). */
export const products = pgTable(
  'products',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
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
    price: numeric({ precision: 14, scale: 2 }).notNull(),
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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
    index('products_company_on_sale').on(t.companyId).where(sql`status = 2`),
    index().on(t.categoryCode),
    index().on(t.status, t.createdAt),
    index().on(t.status, t.salesCount),
    index().on(t.status, t.price),
  ],
);

/** Stored files (uploads and seeded images); `path` is relative to the file host's /f/. */
export const files = pgTable('files', {
  id: serial().primaryKey(),
  path: varchar({ length: 300 }).notNull().unique(),
  originalName: varchar({ length: 200 }).notNull().default(''),
  mime: varchar({ length: 100 }).notNull(),
  size: integer().notNull(),
  companyId: integer(),
  userId: integer(),
  /**
   * A private document (transfer proof, licence, ID image, invoice, attachment, bid file): the file host serves it
   * only to the uploader's company, the parties of the records that reference it and platform administrators
   * (modules/files/access.ts). Set at upload for the document folders and when a record takes the file.
   */
  private: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

