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
import { companies, companyRef } from './company.ts';

/**
 * Tenders (招标公告, type 1) and winning-bid announcements (中标公告, type 2), in the table `bids` (its name since
 * the first migration; the suppliers' bids are `tender_bids`).
 */
export const tenders = pgTable(
  'bids',
  {
    id: serial().primaryKey(),
    companyId: integer().references(() => companies.id),
    type: smallint().notNull(),
    code: varchar({ length: 40 }).notNull(),
    title: varchar({ length: 150 }).notNull(),
    status: smallint().notNull().default(1),
    purchaserName: varchar({ length: 100 }).notNull().default(''),
    budget: money(16),
    areaName: varchar({ length: 100 }).notNull().default(''),
    content: text().notNull().default(''),
    attachments: jsonb().$type<{ name: string; path: string }[]>().notNull().default([]),
    deadline: at(),
    openAt: at(),
    winnerName: varchar({ length: 100 }),
    winAmount: money(16),
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
    amendedAt: at(),
    closedAt: at(),
    openedAt: at(),
    /** Opening record: who bid what, when (written by the opening job). */
    openingRecord: jsonb().$type<OpeningEntry[]>(),
    publicityEndsAt: at(),
    publicityEndedAt: at(),
    publishedAt: atNow(),
    /** Taken down by the platform (decision 0187): hidden from every public page until restored. */
    takenDownAt: at(),
    takedownReason: varchar({ length: 200 }),
    createdAt: atNow(),
  },
  (t) => [
    index().on(t.type, t.publishedAt),
    index().on(t.companyId, t.type, t.status),
    index().on(t.tenderId),
  ],
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
      .references(() => tenders.id, { onDelete: 'cascade' }),
    seq: smallint().notNull().default(0),
    name: varchar({ length: 120 }).notNull(),
    spec: varchar({ length: 200 }).notNull().default(''),
    quantity: integer().notNull(),
    unit: varchar({ length: 10 }).notNull(),
    budget: money(16),
    status: smallint().notNull().default(0),
    winnerBidId: integer(),
    winAmount: money(16),
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
      .references(() => tenders.id, { onDelete: 'cascade' }),
    companyId: companyRef(),
    createdAt: atNow(),
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
      .references(() => tenders.id, { onDelete: 'cascade' }),
    companyId: companyRef(),
    question: varchar({ length: 500 }).notNull(),
    answer: varchar({ length: 1000 }),
    answeredAt: at(),
    createdAt: atNow(),
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
      .references(() => tenders.id, { onDelete: 'cascade' }),
    companyId: companyRef(),
    status: smallint().notNull().default(0),
    version: integer().notNull().default(0),
    submittedAt: at(),
    withdrawnAt: at(),
    createdAt: atNow(),
    updatedAt: atNow(),
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
    createdAt: atNow(),
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
      .references(() => tenders.id, { onDelete: 'cascade' }),
    lotId: integer()
      .notNull()
      .references(() => tenderLots.id, { onDelete: 'cascade' }),
    bidId: integer()
      .notNull()
      .references(() => tenderBids.id, { onDelete: 'cascade' }),
    priceScore: numeric({ precision: 5, scale: 2 }).notNull(),
    techScore: numeric({ precision: 5, scale: 2 }).notNull(),
    total: numeric({ precision: 5, scale: 2 }).notNull(),
    scoredAt: atNow(),
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
      .references(() => tenders.id, { onDelete: 'cascade' }),
    companyId: companyRef(),
    reason: varchar({ length: 1000 }).notNull(),
    reply: varchar({ length: 1000 }),
    repliedAt: at(),
    createdAt: atNow(),
  },
  (t) => [index().on(t.tenderId)],
);

/** @deprecated The old name of `tenders` (the table is still `bids`): kept so importers need no change (decision 0190). */
export const bids = tenders;
