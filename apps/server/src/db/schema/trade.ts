import {
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
    offerCount: integer().notNull().default(0),
    publishedAt: timestamp({ withTimezone: true }),
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
  },
  (t) => [index().on(t.enquiryId)],
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
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.type, t.publishedAt)],
);

/** Inbox messages: every state change that concerns a company notifies it (DESIGN §3). */
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

