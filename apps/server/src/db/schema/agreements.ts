import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, atNow, money } from './columns.ts';
import { companyRef } from './company.ts';

/**
 * Framework agreements (modules/agreements, docs/product/agreements.md): the agreement between one purchaser and
 * one supplier, its lines (agreed unit price and total quantity) and the draw-down ledger of its call-off
 * orders. What is used or remaining of a line is a sum of the ledger, never stored.
 */

/**
 * One agreement. AgreementStatus: 1 待确认, 2 生效中, 3 已到期, 4 已终止, 5 已拒绝. The period is two China days
 * (`validFrom`..`validTo` inclusive); it expires at the end of `validTo` (Asia/Shanghai).
 */
export const agreements = pgTable(
  'agreements',
  {
    id: serial().primaryKey(),
    code: varchar({ length: 32 }).notNull().unique(),
    status: smallint().notNull().default(1),
    buyerCompanyId: companyRef(),
    buyerCompanyName: varchar({ length: 100 }).notNull(),
    sellerCompanyId: companyRef(),
    sellerCompanyName: varchar({ length: 100 }).notNull(),
    title: varchar({ length: 60 }).notNull(),
    validFrom: date({ mode: 'string' }).notNull(),
    validTo: date({ mode: 'string' }).notNull(),
    remark: varchar({ length: 300 }).notNull().default(''),
    /** 金额协议: the total amount agreed (yuan); call-offs draw it down. Null: a quantity agreement (per line). */
    amountLimit: money(),
    rejectReason: varchar({ length: 200 }).notNull().default(''),
    terminateReason: varchar({ length: 200 }).notNull().default(''),
    createdBy: integer().notNull(),
    confirmedAt: at(),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [
    index().on(t.buyerCompanyId, t.status),
    index().on(t.sellerCompanyId, t.status),
    check('agreements_period', sql`${t.validTo} >= ${t.validFrom}`),
  ],
);

/** A line: a SKU of the supplier (`skuId`) or a free line; name, spec and unit copied when entered. */
export const agreementLines = pgTable(
  'agreement_lines',
  {
    id: serial().primaryKey(),
    agreementId: integer()
      .notNull()
      .references(() => agreements.id),
    sort: smallint().notNull().default(0),
    skuId: integer(),
    skuCode: varchar({ length: 40 }).notNull().default(''),
    productName: varchar({ length: 120 }).notNull(),
    spec: varchar({ length: 200 }).notNull().default(''),
    unit: varchar({ length: 10 }).notNull(),
    unitPrice: money().notNull(),
    /** The total quantity agreed; null on an amount agreement (金额协议), whose lines fix only the unit price. */
    quantity: integer(),
  },
  (t) => [
    index().on(t.agreementId),
    index().on(t.skuId),
    check('agreement_lines_positive', sql`(${t.quantity} is null or ${t.quantity} > 0) and ${t.unitPrice} > 0`),
  ],
);

/**
 * The draw-down ledger, append-only: a call-off writes one positive row per line with its order; cancelling
 * that order writes the negative row that releases it (at most one per order and line).
 */
export const agreementDraws = pgTable(
  'agreement_draws',
  {
    id: serial().primaryKey(),
    agreementId: integer()
      .notNull()
      .references(() => agreements.id),
    lineId: integer()
      .notNull()
      .references(() => agreementLines.id),
    orderId: integer().notNull(),
    quantity: integer().notNull(),
    /** The line's amount of the call-off (agreed unit price × quantity; negative on a release): 金额协议 sum it. */
    amount: money().notNull().default('0'),
    userId: integer(),
    userName: varchar({ length: 60 }).notNull().default(''),
    createdAt: atNow(),
  },
  (t) => [
    index().on(t.agreementId),
    index().on(t.orderId),
    uniqueIndex('agreement_draws_one_release').on(t.orderId, t.lineId).where(sql`${t.quantity} < 0`),
    check('agreement_draws_nonzero', sql`${t.quantity} <> 0`),
  ],
);
