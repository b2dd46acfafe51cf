import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { atNow } from './columns.ts';
import { companyRef } from './company.ts';

/**
 * A company's saved addresses and invoice titles (modules/buying/addresses.ts, invoice-titles.ts), and the
 * snapshots of them that documents copy (orders, after-sales, invoices keep the facts they were based on).
 */

/**
 * A company's addresses (at most 20): purchasers' delivery addresses, suppliers' shipping-from and return
 * addresses (`kind`, AddressKind); one default per kind.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    receiver: varchar({ length: 30 }).notNull(),
    phone: varchar({ length: 20 }).notNull(),
    provinceCode: integer().notNull(),
    cityCode: integer().notNull(),
    districtCode: integer(),
    /** 省 市 区 names, joined by spaces, as the area tree names them when saved. */
    areaName: varchar({ length: 100 }).notNull(),
    detail: varchar({ length: 200 }).notNull(),
    isDefault: boolean().notNull().default(false),
    /** AddressKind: 1 收货 (delivery), 2 发货 (shipping-from), 3 退货 (return). */
    kind: smallint().notNull().default(1),
    /** The user who saved the address (personal-data export lists a person's addresses; null before 0151). */
    createdBy: integer(),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [
    index().on(t.companyId),
    uniqueIndex('addresses_one_default')
      .on(t.companyId, t.kind)
      .where(sql`is_default`),
  ],
);

/** A company's saved invoice titles (发票抬头); 专用 needs the registered address, phone, bank and account. */
export const invoiceTitles = pgTable(
  'invoice_titles',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    /** InvoiceKind: 1 普通, 2 专用. */
    kind: smallint().notNull(),
    title: varchar({ length: 100 }).notNull(),
    /** Unified social credit code (taxpayer number). */
    taxNo: varchar({ length: 20 }).notNull(),
    regAddress: varchar({ length: 200 }).notNull().default(''),
    regPhone: varchar({ length: 30 }).notNull().default(''),
    bankName: varchar({ length: 100 }).notNull().default(''),
    bankAccount: varchar({ length: 40 }).notNull().default(''),
    isDefault: boolean().notNull().default(false),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [index().on(t.companyId)],
);

export interface AddressSnapshot {
  receiver: string;
  phone: string;
  provinceCode: number | null;
  cityCode: number | null;
  districtCode: number | null;
  areaName: string;
  detail: string;
}

export interface InvoiceSnapshot {
  /** InvoiceKind: 0 none, 1 普通, 2 专用. */
  kind: number;
  title: string;
  taxNo: string;
  regAddress: string;
  regPhone: string;
  bankName: string;
  bankAccount: string;
}
