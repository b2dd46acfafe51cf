import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, atNow, money } from './columns.ts';
import { companyRef } from './company.ts';
import { enquiries, enquiryItems } from './enquiries.ts';

/**
 * A supplier's one live quotation on an enquiry (unique per enquiry and supplier: a repeated submit can never
 * create a second one; withdrawing and quoting again revives the same row with a new version). The row holds
 * the current version's figures; `quotation_versions` keeps every version, `quotation_lines` the per-line prices
 * of every version. QuotationStatus: 1 已报价, 2 已修改, 3 已中标, 4 未中标, 5 已失效, 6 已撤回.
 */
export const quotations = pgTable(
  'quotations',
  {
    id: serial().primaryKey(),
    enquiryId: integer()
      .notNull()
      .references(() => enquiries.id),
    /** The purchaser (copied from the enquiry, so lists of both sides are one index scan). */
    buyerCompanyId: companyRef(),
    supplierCompanyId: companyRef(),
    supplierCompanyName: varchar({ length: 100 }).notNull(),
    status: smallint().notNull().default(1),
    /** The current version number (1 for the first offer). */
    version: integer().notNull().default(1),
    goodsAmount: money().notNull(),
    freight: money().notNull().default('0'),
    totalAmount: money().notNull(),
    /** Lead time in days after the order. */
    leadDays: integer().notNull(),
    validUntil: at().notNull(),
    remark: varchar({ length: 500 }).notNull().default(''),
    attachments: jsonb().$type<{ name: string; path: string }[]>().notNull().default([]),
    contactName: varchar({ length: 50 }).notNull().default(''),
    contactPhone: varchar({ length: 20 }).notNull().default(''),
    createdBy: integer(),
    withdrawnAt: at(),
    /** Why the supplier withdrew (required when withdrawing; cleared when it quotes again). */
    withdrawReason: varchar({ length: 200 }),
    awardedAt: at(),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [
    uniqueIndex('quotations_one_per_supplier').on(t.enquiryId, t.supplierCompanyId),
    index('quotations_supplier_list').on(t.supplierCompanyId, t.updatedAt),
    index('quotations_buyer').on(t.buyerCompanyId),
    check(
      'quotations_amounts',
      sql`${t.goodsAmount} >= 0 and ${t.freight} >= 0 and ${t.totalAmount} >= 0 and ${t.leadDays} >= 0`,
    ),
  ],
);

/** Every version of a quotation as submitted (append-only), so the purchaser sees how an offer moved. */
export const quotationVersions = pgTable(
  'quotation_versions',
  {
    id: serial().primaryKey(),
    quotationId: integer()
      .notNull()
      .references(() => quotations.id),
    version: integer().notNull(),
    goodsAmount: money().notNull(),
    freight: money().notNull(),
    totalAmount: money().notNull(),
    leadDays: integer().notNull(),
    validUntil: at().notNull(),
    remark: varchar({ length: 500 }).notNull().default(''),
    attachments: jsonb().$type<{ name: string; path: string }[]>().notNull().default([]),
    /** What this version changed from the one before it (field, old → new); [] for a first version (decision 0185). */
    changes: jsonb().$type<{ field: string; from: string; to: string }[]>().notNull().default([]),
    createdBy: integer(),
    createdAt: atNow(),
  },
  (t) => [uniqueIndex('quotation_versions_no').on(t.quotationId, t.version)],
);

/** A quoted line of one version: unit price tax included, with the VAT rate; lines left unquoted have no row. */
export const quotationLines = pgTable(
  'quotation_lines',
  {
    id: serial().primaryKey(),
    quotationId: integer()
      .notNull()
      .references(() => quotations.id),
    version: integer().notNull(),
    enquiryItemId: integer()
      .notNull()
      .references(() => enquiryItems.id),
    unitPrice: money().notNull(),
    /** VAT rate in percent (13, 9, 6, 3, 1, 0). */
    taxRate: numeric({ precision: 5, scale: 2 }).notNull(),
    amount: money().notNull(),
    remark: varchar({ length: 200 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('quotation_lines_item').on(t.quotationId, t.version, t.enquiryItemId),
    check('quotation_lines_price', sql`${t.unitPrice} > 0 and ${t.amount} >= 0`),
  ],
);

/** The thread on one quotation between the purchaser and that supplier, and nobody else. */
export const quotationMessages = pgTable(
  'quotation_messages',
  {
    id: serial().primaryKey(),
    quotationId: integer()
      .notNull()
      .references(() => quotations.id),
    /** Side: 1 purchaser, 2 supplier. */
    side: smallint().notNull(),
    companyId: integer().notNull(),
    userId: integer(),
    userName: varchar({ length: 60 }).notNull().default(''),
    content: varchar({ length: 1000 }).notNull(),
    attachments: jsonb().$type<{ name: string; path: string }[]>().notNull().default([]),
    /** When the other side read it (unread counts). */
    readAt: at(),
    createdAt: atNow(),
  },
  (t) => [index().on(t.quotationId, t.id)],
);
