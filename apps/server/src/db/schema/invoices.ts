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
import type { InvoiceSnapshot } from './addresses.ts';

/**
 * VAT invoices (modules/invoices) requested against completed orders: issued by the supplier, confirmed (or
 * disputed) by the purchaser. Amounts are yuan with 2 decimals.
 */

/**
 * A VAT invoice: requested by the purchaser for completed orders of one supplier, issued by the supplier,
 * confirmed (or disputed) by the purchaser. A reversal (红冲) is a row of its own with negative amounts and
 * `reversalOfId` pointing at the original; it makes the amount invoiceable again. InvoiceStatus:
 * 0 待开票, 1 已开票 (awaiting the purchaser), 2 已收票, 3 有异议, 4 已红冲 (the original, once reversed),
 * 5 已撤销 (request withdrawn before issue), 6 已拒绝 (supplier refused the request with a reason).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial().primaryKey(),
    /** Request number FP + date + sequence. */
    code: varchar({ length: 32 }).notNull().unique(),
    /** InvoiceKind: 1 普通, 2 专用. */
    kind: smallint().notNull(),
    status: smallint().notNull().default(0),
    buyerCompanyId: companyRef(),
    buyerCompanyName: varchar({ length: 100 }).notNull(),
    sellerCompanyId: companyRef(),
    sellerCompanyName: varchar({ length: 100 }).notNull(),
    /** The title copied from the purchaser's saved invoice title. */
    title: jsonb().$type<InvoiceSnapshot>().notNull(),
    /** Sum of `invoice_orders.amount` (negative for a reversal). */
    requestedAmount: money().notNull(),
    remark: varchar({ length: 300 }).notNull().default(''),
    /** Filled by the supplier when issuing. */
    invoiceNo: varchar({ length: 40 }),
    invoiceDate: at(),
    amountExTax: money(),
    /** VAT rate in percent: 13, 9, 6, 3, 1 or 0. */
    taxRate: numeric({ precision: 5, scale: 2 }),
    taxAmount: money(),
    totalAmount: money(),
    files: jsonb().$type<{ name: string; path: string }[]>().notNull().default([]),
    reversalOfId: integer(),
    rejectReason: varchar({ length: 200 }),
    disputeReason: varchar({ length: 200 }),
    requestedBy: integer(),
    issuedBy: integer(),
    issuedAt: at(),
    confirmedAt: at(),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [
    index('invoices_buyer_list').on(t.buyerCompanyId, t.createdAt),
    index('invoices_seller_list').on(t.sellerCompanyId, t.createdAt),
    index().on(t.reversalOfId),
    check(
      'invoices_amounts_add_up',
      sql`${t.totalAmount} is null or ${t.amountExTax} + ${t.taxAmount} = ${t.totalAmount}`,
    ),
  ],
);

/** The part of each order an invoice covers (negative on a reversal); an order's uninvoiced amount is its total less the live sum. */
export const invoiceOrders = pgTable(
  'invoice_orders',
  {
    id: serial().primaryKey(),
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id),
    orderId: integer().notNull(),
    amount: money().notNull(),
  },
  (t) => [index().on(t.orderId), uniqueIndex('invoice_orders_pair').on(t.invoiceId, t.orderId)],
);
