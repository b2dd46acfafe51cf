import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

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
    certStatus: smallint().notNull().default(0),
    merchantStatus: smallint().notNull().default(0),
    shopName: varchar({ length: 100 }),
    shopType: smallint(),
    shopBanner: varchar({ length: 300 }).notNull().default(''),
    shopOpen: boolean().notNull().default(false),
    /** Shop home floors: [{title, productIds[]}]. */
    shopFloors: jsonb().$type<{ title: string; productIds: number[] }[]>().notNull().default([]),
    disabled: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.type), index().on(t.shopOpen)],
);

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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.companyId)],
);
