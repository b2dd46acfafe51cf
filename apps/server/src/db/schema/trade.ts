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
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from './company.ts';

/** A purchaser's enquiry (RFQ). Status: 草稿/报价中/已截止/已成交/已撤销 (shared EnquiryStatus). */
export const enquiries = pgTable(
  'enquiries',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    code: varchar({ length: 32 }).notNull().unique(),
    title: varchar({ length: 120 }).notNull(),
    status: smallint().notNull().default(0),
    deadline: timestamp({ withTimezone: true }).notNull(),
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
    deliveryDate: timestamp({ withTimezone: true }),
    /** Drawings and specs (PDF, images) from the files module. */
    attachments: jsonb().$type<{ name: string; path: string }[]>().notNull().default([]),
    createdBy: integer(),
    revokeReason: varchar({ length: 200 }),
    closedAt: timestamp({ withTimezone: true }),
    awardedAt: timestamp({ withTimezone: true }),
    publishedAt: timestamp({ withTimezone: true }),
    /** Taken down by the platform (decision 0187): hidden from every public page until restored. */
    takenDownAt: timestamp({ withTimezone: true }),
    takedownReason: varchar({ length: 200 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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
    targetPrice: numeric({ precision: 14, scale: 2 }),
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
    supplierCompanyId: integer()
      .notNull()
      .references(() => companies.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('enquiry_invitations_pair').on(t.enquiryId, t.supplierCompanyId), index().on(t.supplierCompanyId)],
);

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
    buyerCompanyId: integer()
      .notNull()
      .references(() => companies.id),
    supplierCompanyId: integer()
      .notNull()
      .references(() => companies.id),
    supplierCompanyName: varchar({ length: 100 }).notNull(),
    status: smallint().notNull().default(1),
    /** The current version number (1 for the first offer). */
    version: integer().notNull().default(1),
    goodsAmount: numeric({ precision: 14, scale: 2 }).notNull(),
    freight: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    totalAmount: numeric({ precision: 14, scale: 2 }).notNull(),
    /** Lead time in days after the order. */
    leadDays: integer().notNull(),
    validUntil: timestamp({ withTimezone: true }).notNull(),
    remark: varchar({ length: 500 }).notNull().default(''),
    attachments: jsonb().$type<{ name: string; path: string }[]>().notNull().default([]),
    contactName: varchar({ length: 50 }).notNull().default(''),
    contactPhone: varchar({ length: 20 }).notNull().default(''),
    createdBy: integer(),
    withdrawnAt: timestamp({ withTimezone: true }),
    /** Why the supplier withdrew (required when withdrawing; cleared when it quotes again). */
    withdrawReason: varchar({ length: 200 }),
    awardedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quotations_one_per_supplier').on(t.enquiryId, t.supplierCompanyId),
    index('quotations_supplier_list').on(t.supplierCompanyId, t.updatedAt),
    index('quotations_buyer').on(t.buyerCompanyId),
    check('quotations_amounts', sql`${t.goodsAmount} >= 0 and ${t.freight} >= 0 and ${t.totalAmount} >= 0 and ${t.leadDays} >= 0`),
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
    goodsAmount: numeric({ precision: 14, scale: 2 }).notNull(),
    freight: numeric({ precision: 14, scale: 2 }).notNull(),
    totalAmount: numeric({ precision: 14, scale: 2 }).notNull(),
    leadDays: integer().notNull(),
    validUntil: timestamp({ withTimezone: true }).notNull(),
    remark: varchar({ length: 500 }).notNull().default(''),
    attachments: jsonb().$type<{ name: string; path: string }[]>().notNull().default([]),
    /** What this version changed from the one before it (field, old → new); [] for a first version (decision 0185). */
    changes: jsonb().$type<{ field: string; from: string; to: string }[]>().notNull().default([]),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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
    unitPrice: numeric({ precision: 14, scale: 2 }).notNull(),
    /** VAT rate in percent (13, 9, 6, 3, 1, 0). */
    taxRate: numeric({ precision: 5, scale: 2 }).notNull(),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
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
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.quotationId, t.id)],
);

/** Tenders (招标公告, type 1) and winning-bid announcements (中标公告, type 2). */
export const bids = pgTable(
  'bids',
  {
    id: serial().primaryKey(),
    companyId: integer().references(() => companies.id),
    type: smallint().notNull(),
    code: varchar({ length: 40 }).notNull(),
    title: varchar({ length: 150 }).notNull(),
    status: smallint().notNull().default(1),
    purchaserName: varchar({ length: 100 }).notNull().default(''),
    budget: numeric({ precision: 16, scale: 2 }),
    areaName: varchar({ length: 100 }).notNull().default(''),
    content: text().notNull().default(''),
    attachments: jsonb().$type<{ name: string; path: string }[]>().notNull().default([]),
    deadline: timestamp({ withTimezone: true }),
    openAt: timestamp({ withTimezone: true }),
    winnerName: varchar({ length: 100 }),
    winAmount: numeric({ precision: 16, scale: 2 }),
    /** For a result, the tender it concludes. */
    tenderId: integer(),
    // Tender fields (issue 15, decision 0140): only tenders made in the workbench fill them.
    category: varchar({ length: 50 }).notNull().default(''),
    /** A hidden budget is never returned to anyone but the purchaser. */
    budgetShown: boolean().notNull().default(true),
    minMemberLevel: smallint().notNull().default(0),
    certRequired: boolean().notNull().default(false),
    /** Shop types (ShopType) allowed to bid; empty: any. */
    shopTypes: jsonb().$type<number[]>().notNull().default([]),
    /** Invited suppliers only (tender_invitations); otherwise any qualified supplier. */
    invitedOnly: boolean().notNull().default(false),
    contactName: varchar({ length: 50 }).notNull().default(''),
    contactPhone: varchar({ length: 20 }).notNull().default(''),
    priceWeight: smallint().notNull().default(60),
    techWeight: smallint().notNull().default(40),
    /** The tender a republished one copies its failed lots from. */
    republishedFrom: integer(),
    amendedAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    openedAt: timestamp({ withTimezone: true }),
    /** Opening record: who bid what, when (written by the opening job). */
    openingRecord: jsonb().$type<OpeningEntry[]>(),
    publicityEndsAt: timestamp({ withTimezone: true }),
    publicityEndedAt: timestamp({ withTimezone: true }),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Taken down by the platform (decision 0187): hidden from every public page until restored. */
    takenDownAt: timestamp({ withTimezone: true }),
    takedownReason: varchar({ length: 200 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.type, t.publishedAt), index().on(t.companyId, t.type, t.status), index().on(t.tenderId)],
);

export interface OpeningEntry {
  bidId: number;
  companyId: number;
  companyName: string;
  submittedAt: string;
  version: number;
  prices: { lotId: number; lotName: string; price: string }[];
}

/** A lot of a tender: awardable on its own. Status: TenderLotStatus (0 招标中, 1 流标, 2 已定标). */
export const tenderLots = pgTable(
  'tender_lots',
  {
    id: serial().primaryKey(),
    tenderId: integer()
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    seq: smallint().notNull().default(0),
    name: varchar({ length: 120 }).notNull(),
    spec: varchar({ length: 200 }).notNull().default(''),
    quantity: integer().notNull(),
    unit: varchar({ length: 10 }).notNull(),
    budget: numeric({ precision: 16, scale: 2 }),
    status: smallint().notNull().default(0),
    winnerBidId: integer(),
    winAmount: numeric({ precision: 16, scale: 2 }),
    orderId: integer(),
  },
  (t) => [index().on(t.tenderId)],
);

/** Suppliers invited to an invited-only tender. */
export const tenderInvitations = pgTable(
  'tender_invitations',
  {
    id: serial().primaryKey(),
    tenderId: integer()
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.tenderId, t.companyId), index().on(t.companyId)],
);

/** Clarification Q&A: a supplier's question; the purchaser's answer is published to every bidder. */
export const tenderQuestions = pgTable(
  'tender_questions',
  {
    id: serial().primaryKey(),
    tenderId: integer()
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    question: varchar({ length: 500 }).notNull(),
    answer: varchar({ length: 1000 }),
    answeredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.tenderId)],
);

/**
 * A supplier's bid: one per supplier per tender (registration creates it). Status: TenderBidStatus (0 已报名,
 * 1 已投标, 2 待确认 after an amendment, 3 已撤回). Its content lives in tender_bid_versions and is read only
 * through modules/tenders/sealed.ts.
 */
export const tenderBids = pgTable(
  'tender_bids',
  {
    id: serial().primaryKey(),
    tenderId: integer()
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    status: smallint().notNull().default(0),
    version: integer().notNull().default(0),
    submittedAt: timestamp({ withTimezone: true }),
    withdrawnAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.tenderId, t.companyId), index().on(t.companyId)],
);

/** Every submitted version of a bid (kept): price per lot (unit price, yuan), documents, validity. */
export const tenderBidVersions = pgTable(
  'tender_bid_versions',
  {
    id: serial().primaryKey(),
    bidId: integer()
      .notNull()
      .references(() => tenderBids.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    prices: jsonb().$type<{ lotId: number; price: string }[]>().notNull(),
    documents: jsonb().$type<{ name: string; path: string }[]>().notNull().default([]),
    validityDays: integer().notNull(),
    remark: varchar({ length: 500 }).notNull().default(''),
    /** What this version changed from the one before it (field, old → new); [] for a first version (decision 0185). */
    changes: jsonb().$type<{ field: string; from: string; to: string }[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.bidId, t.version)],
);

/** The purchaser's scores of a bid on a lot; total = (price × priceWeight + technical × techWeight) / 100. */
export const tenderScores = pgTable(
  'tender_scores',
  {
    id: serial().primaryKey(),
    tenderId: integer()
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    lotId: integer()
      .notNull()
      .references(() => tenderLots.id, { onDelete: 'cascade' }),
    bidId: integer()
      .notNull()
      .references(() => tenderBids.id, { onDelete: 'cascade' }),
    priceScore: numeric({ precision: 5, scale: 2 }).notNull(),
    techScore: numeric({ precision: 5, scale: 2 }).notNull(),
    total: numeric({ precision: 5, scale: 2 }).notNull(),
    scoredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.lotId, t.bidId), index().on(t.tenderId)],
);

/** A bidder's objection to the award during the publicity period (公示期). */
export const tenderObjections = pgTable(
  'tender_objections',
  {
    id: serial().primaryKey(),
    tenderId: integer()
      .notNull()
      .references(() => bids.id, { onDelete: 'cascade' }),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    reason: varchar({ length: 1000 }).notNull(),
    reply: varchar({ length: 1000 }),
    repliedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.tenderId)],
);

/** Inbox messages: every state change that concerns a company notifies it (docs/product/workbench.md#inbox). */
export const messages = pgTable(
  'messages',
  {
    id: serial().primaryKey(),
    companyId: integer().notNull(),
    userId: integer(),
    type: varchar({ length: 30 }).notNull(),
    /** Inbox tab (shared MessageCategory): 1 系统, 2 订单, 3 询价, 4 招标, 5 财务. */
    category: smallint().notNull().default(1),
    title: varchar({ length: 150 }).notNull(),
    content: text().notNull().default(''),
    linkPath: varchar({ length: 300 }).notNull().default(''),
    readAt: timestamp({ withTimezone: true }),
    /** Deleted from the company's inbox (kept for the record, never shown again). */
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.companyId, t.createdAt), index().on(t.companyId, t.category, t.createdAt)],
);

