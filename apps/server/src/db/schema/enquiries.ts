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
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, atNow, money } from './columns.ts';
import { companyRef } from './company.ts';

/** A purchaser's enquiry (RFQ). Status: 草稿/报价中/已截止/已成交/已撤销 (shared EnquiryStatus). */
export const enquiries = pgTable(
  'enquiries',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    code: varchar({ length: 32 }).notNull().unique(),
    title: varchar({ length: 120 }).notNull(),
    status: smallint().notNull().default(0),
    deadline: at().notNull(),
    deliveryProvinceCode: integer(),
    deliveryCityCode: integer(),
    deliveryDistrictCode: integer(),
    deliveryAreaName: varchar({ length: 100 }).notNull().default(''),
    deliveryAddress: varchar({ length: 200 }).notNull().default(''),
    contactName: varchar({ length: 50 }).notNull().default(''),
    contactPhone: varchar({ length: 20 }).notNull().default(''),
    remark: text().notNull().default(''),
    /** Live quotations (not withdrawn); the public board shows only this count. */
    offerCount: integer().notNull().default(0),
    /** 密封报价: the purchaser sees no offer content before the deadline. */
    sealed: boolean().notNull().default(false),
    /** EnquiryVisibility: 1 public (any certified supplier), 2 invited suppliers only. */
    visibility: smallint().notNull().default(1),
    /** InvoiceKind wanted: 0 none, 1 普通, 2 专用. */
    invoiceKind: smallint().notNull().default(0),
    /** Payment terms wanted, as the purchaser words them (款到发货, 月结30天 …). */
    paymentTerms: varchar({ length: 100 }).notNull().default(''),
    deliveryDate: at(),
    /** Drawings and specs (PDF, images) from the files module. */
    attachments: jsonb().$type<{ name: string; path: string }[]>().notNull().default([]),
    createdBy: integer(),
    revokeReason: varchar({ length: 200 }),
    closedAt: at(),
    awardedAt: at(),
    publishedAt: at(),
    /** Taken down by the platform (decision 0187): hidden from every public page until restored. */
    takenDownAt: at(),
    takedownReason: varchar({ length: 200 }),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [index().on(t.companyId), index().on(t.status, t.publishedAt)],
);

export const enquiryItems = pgTable(
  'enquiry_items',
  {
    id: serial().primaryKey(),
    enquiryId: integer()
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    productName: varchar({ length: 120 }).notNull(),
    spec: varchar({ length: 200 }).notNull().default(''),
    quantity: numeric({ precision: 14, scale: 3 }).notNull(),
    unit: varchar({ length: 10 }).notNull(),
    categoryId: integer(),
    remark: varchar({ length: 300 }).notNull().default(''),
    /** Optional target unit price (tax included) the purchaser hopes for. */
    targetPrice: money(),
    /** When the line was picked from the catalogue. */
    productId: integer(),
    skuId: integer(),
    /** The quotation this line was awarded to (split award: lines may go to different suppliers). */
    awardedQuotationId: integer(),
    sort: integer().notNull().default(0),
  },
  (t) => [index().on(t.enquiryId)],
);

/** Suppliers invited to an invitation-only enquiry (visibility 2). */
export const enquiryInvitations = pgTable(
  'enquiry_invitations',
  {
    id: serial().primaryKey(),
    enquiryId: integer()
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
    supplierCompanyId: companyRef(),
    createdAt: atNow(),
  },
  (t) => [
    uniqueIndex('enquiry_invitations_pair').on(t.enquiryId, t.supplierCompanyId),
    index().on(t.supplierCompanyId),
  ],
);
