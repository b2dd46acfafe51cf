import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, atNow } from './columns.ts';

/**
 * A company: a purchaser (type 4) or a supplier (type 2). Suppliers with an approved merchant application
 * have an open shop (`shop*` fields). Membership (`memberLevel`, `isMemberVail`) is set by the platform.
 */
export const companies = pgTable(
  'companies',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 100 }).notNull(),
    type: smallint().notNull(),
    creditCode: varchar({ length: 18 }),
    legalPerson: varchar({ length: 50 }),
    contactName: varchar({ length: 50 }),
    contactPhone: varchar({ length: 20 }),
    provinceCode: integer(),
    cityCode: integer(),
    districtCode: integer(),
    areaName: varchar({ length: 100 }),
    address: varchar({ length: 200 }),
    logo: varchar({ length: 300 }).notNull().default(''),
    introduction: text().notNull().default(''),
    mainBusiness: varchar({ length: 300 }).notNull().default(''),
    memberLevel: smallint().notNull().default(0),
    isMemberVail: smallint().notNull().default(0),
    /** End of the paid member term (null: no paid term, e.g. demo or console-set levels). */
    memberExpiresAt: at(),
    certStatus: smallint().notNull().default(0),
    merchantStatus: smallint().notNull().default(0),
    shopName: varchar({ length: 100 }),
    shopType: smallint(),
    shopBanner: varchar({ length: 300 }).notNull().default(''),
    shopOpen: boolean().notNull().default(false),
    /** Shop home floors: [{title, productIds[]}]. */
    shopFloors: jsonb().$type<{ title: string; productIds: number[] }[]>().notNull().default([]),
    disabled: boolean().notNull().default(false),
    /** Every user of the company must sign in with two factors (TOTP, decision 0150). */
    enforceTwoFactor: boolean().notNull().default(false),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [index().on(t.type), index().on(t.shopOpen)],
);

/** The company a row belongs to: required, references `companies` (a column helper, see columns.ts). */
export const companyRef = () =>
  integer()
    .notNull()
    .references(() => companies.id);

/** A user belongs to one company (or none, for platform administrators). Accounts are phone numbers. */
export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    companyId: integer().references(() => companies.id),
    phone: varchar({ length: 20 }).notNull().unique(),
    email: varchar({ length: 120 }),
    passwordHash: text().notNull(),
    realName: varchar({ length: 50 }).notNull().default(''),
    nickName: varchar({ length: 50 }).notNull().default(''),
    gender: smallint(),
    avatar: varchar({ length: 300 }).notNull().default(''),
    isCompanyAdmin: boolean().notNull().default(false),
    isPlatformAdmin: boolean().notNull().default(false),
    /** Platform administrators log in by this name (e.g. `admin`); others use the phone. */
    adminName: varchar({ length: 40 }).unique(),
    disabled: boolean().notNull().default(false),
    wechatOpenId: varchar({ length: 64 }).unique(),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [
    index().on(t.companyId),
    // One account per e-mail address, compared case-insensitively (e-mails are stored lower-cased).
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
  ],
);

/**
 * A company's invitation of a mobile number (user/list). Nothing is created for the number until its owner
 * proves it with an SMS code on /sso/invite and sets its own password. status: pending → accepted, or
 * revoked; a pending invitation is void after `expiresAt` (7 days).
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    phone: varchar({ length: 20 }).notNull(),
    realName: varchar({ length: 50 }).notNull().default(''),
    roleIds: jsonb().$type<number[]>().notNull().default([]),
    invitedBy: integer()
      .notNull()
      .references(() => users.id),
    status: varchar({ length: 12 }).notNull().default('pending'),
    acceptedUserId: integer().references(() => users.id),
    createdAt: atNow(),
    expiresAt: at().notNull(),
    decidedAt: at(),
  },
  (t) => [index().on(t.phone, t.status), index().on(t.companyId, t.status)],
);
