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
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from './company.ts';
import type { InvoiceSnapshot } from './orders.ts';

/**
 * Money (issue 14): VAT invoices requested against completed orders, credit accounts between one purchaser
 * and one supplier on an append-only ledger, and statements of account. docs/product/invoices.md#lifecycle, docs/product/credit.md#credit-accounts.
 * Amounts are yuan with 2 decimals.
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
    buyerCompanyId: integer()
      .notNull()
      .references(() => companies.id),
    buyerCompanyName: varchar({ length: 100 }).notNull(),
    sellerCompanyId: integer()
      .notNull()
      .references(() => companies.id),
    sellerCompanyName: varchar({ length: 100 }).notNull(),
    /** The title copied from the purchaser's saved invoice title. */
    title: jsonb().$type<InvoiceSnapshot>().notNull(),
    /** Sum of `invoice_orders.amount` (negative for a reversal). */
    requestedAmount: numeric({ precision: 14, scale: 2 }).notNull(),
    remark: varchar({ length: 300 }).notNull().default(''),
    /** Filled by the supplier when issuing. */
    invoiceNo: varchar({ length: 40 }),
    invoiceDate: timestamp({ withTimezone: true }),
    amountExTax: numeric({ precision: 14, scale: 2 }),
    /** VAT rate in percent: 13, 9, 6, 3, 1 or 0. */
    taxRate: numeric({ precision: 5, scale: 2 }),
    taxAmount: numeric({ precision: 14, scale: 2 }),
    totalAmount: numeric({ precision: 14, scale: 2 }),
    files: jsonb().$type<{ name: string; path: string }[]>().notNull().default([]),
    reversalOfId: integer(),
    rejectReason: varchar({ length: 200 }),
    disputeReason: varchar({ length: 200 }),
    requestedBy: integer(),
    issuedBy: integer(),
    issuedAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
  },
  (t) => [index().on(t.orderId), uniqueIndex('invoice_orders_pair').on(t.invoiceId, t.orderId)],
);

/**
 * A credit account (账期账户) a supplier grants one purchaser. The limit and payment terms are settings; the
 * balance and the credit used are sums of `credit_ledger`, never stored here. CreditAccountStatus:
 * 0 待审核, 1 正常, 2 已冻结, 3 已拒绝.
 */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    id: serial().primaryKey(),
    buyerCompanyId: integer()
      .notNull()
      .references(() => companies.id),
    buyerCompanyName: varchar({ length: 100 }).notNull(),
    sellerCompanyId: integer()
      .notNull()
      .references(() => companies.id),
    sellerCompanyName: varchar({ length: 100 }).notNull(),
    status: smallint().notNull().default(0),
    creditLimit: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    /** 账期: days after an order paid on credit until it is due. */
    paymentDays: integer().notNull().default(0),
    requestRemark: varchar({ length: 300 }).notNull().default(''),
    rejectReason: varchar({ length: 200 }),
    freezeReason: varchar({ length: 200 }),
    requestedBy: integer(),
    approvedBy: integer(),
    approvedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_accounts_pair').on(t.buyerCompanyId, t.sellerCompanyId),
    index().on(t.sellerCompanyId, t.status),
    check('credit_accounts_limit', sql`${t.creditLimit} >= 0 and ${t.paymentDays} >= 0`),
  ],
);

/**
 * Every movement of a credit account, append-only (a trigger refuses UPDATE and DELETE). `balanceDelta` moves
 * the prepaid balance, `creditDelta` the credit used (positive = more owed). CreditMovement: 1 充值, 2 退款,
 * 3 订单支付, 4 售后退款, 5 调整, 6 还款 (a recharge that repays used credit). An order paid partly on credit is
 * due at `dueAt` (payment terms after payment); ageing reads these rows.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => creditAccounts.id),
    kind: smallint().notNull(),
    balanceDelta: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    creditDelta: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    orderId: integer(),
    rmaId: integer(),
    requestId: integer(),
    dueAt: timestamp({ withTimezone: true }),
    note: varchar({ length: 300 }).notNull().default(''),
    createdBy: integer(),
    createdByName: varchar({ length: 60 }).notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.accountId, t.createdAt),
    index().on(t.orderId),
    // The FIFO of the ageing (reports/ageing.ts) reads the charges in due order from this index, sort-free.
    index('credit_ledger_charges_fifo')
      .on(t.accountId, sql`coalesce(${t.dueAt}, ${t.createdAt})`, t.id, t.creditDelta, t.orderId, t.createdAt)
      .where(sql`${t.creditDelta} > 0`),
  ],
);

/**
 * A recharge (1) or refund (2) request on a credit account: the purchaser's transfer proof or refund wish,
 * confirmed by the supplier (which writes the ledger row) or rejected. CreditRequestStatus: 0 待确认, 1 已确认, 2 已驳回.
 */
export const creditRequests = pgTable(
  'credit_requests',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => creditAccounts.id),
    kind: smallint().notNull(),
    status: smallint().notNull().default(0),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
    proofFiles: jsonb().$type<{ name: string; path: string }[]>().notNull().default([]),
    remark: varchar({ length: 300 }).notNull().default(''),
    rejectReason: varchar({ length: 200 }),
    createdBy: integer(),
    decidedBy: integer(),
    decidedAt: timestamp({ withTimezone: true }),
    ledgerId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountId, t.status), check('credit_requests_amount', sql`${t.amount} > 0`)],
);

/**
 * A statement of account (对账单) for a period, frozen when issued: opening and closing figures computed from
 * the ledger. StatementStatus: 0 待确认, 1 已确认, 2 有异议.
 */
export const creditStatements = pgTable(
  'credit_statements',
  {
    id: serial().primaryKey(),
    accountId: integer()
      .notNull()
      .references(() => creditAccounts.id),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    openingBalance: numeric({ precision: 14, scale: 2 }).notNull(),
    openingCredit: numeric({ precision: 14, scale: 2 }).notNull(),
    closingBalance: numeric({ precision: 14, scale: 2 }).notNull(),
    closingCredit: numeric({ precision: 14, scale: 2 }).notNull(),
    status: smallint().notNull().default(0),
    disputeReason: varchar({ length: 300 }),
    createdBy: integer(),
    confirmedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accountId, t.periodEnd)],
);
