import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, atNow, money } from './columns.ts';
import { companyRef } from './company.ts';

/**
 * Credit accounts (modules/credit) between one purchaser and one supplier on an append-only ledger, their
 * recharge/refund requests and statements of account. Amounts are yuan with 2 decimals.
 */

/**
 * A credit account (账期账户) a supplier grants one purchaser. The limit and payment terms are settings; the
 * balance and the credit used are sums of `credit_ledger`, never stored here. CreditAccountStatus:
 * 0 待审核, 1 正常, 2 已冻结, 3 已拒绝.
 */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    id: serial().primaryKey(),
    buyerCompanyId: companyRef(),
    buyerCompanyName: varchar({ length: 100 }).notNull(),
    sellerCompanyId: companyRef(),
    sellerCompanyName: varchar({ length: 100 }).notNull(),
    status: smallint().notNull().default(0),
    creditLimit: money().notNull().default('0'),
    /** 账期: days after an order paid on credit until it is due. */
    paymentDays: integer().notNull().default(0),
    requestRemark: varchar({ length: 300 }).notNull().default(''),
    rejectReason: varchar({ length: 200 }),
    freezeReason: varchar({ length: 200 }),
    requestedBy: integer(),
    approvedBy: integer(),
    approvedAt: at(),
    createdAt: atNow(),
    updatedAt: atNow(),
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
    balanceDelta: money().notNull().default('0'),
    creditDelta: money().notNull().default('0'),
    orderId: integer(),
    rmaId: integer(),
    requestId: integer(),
    dueAt: at(),
    note: varchar({ length: 300 }).notNull().default(''),
    createdBy: integer(),
    createdByName: varchar({ length: 60 }).notNull().default(''),
    createdAt: atNow(),
  },
  (t) => [
    index().on(t.accountId, t.createdAt),
    index().on(t.orderId),
    // The FIFO of the ageing (credit/ageing.ts) reads the charges in due order from this index, sort-free.
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
    amount: money().notNull(),
    proofFiles: jsonb().$type<{ name: string; path: string }[]>().notNull().default([]),
    remark: varchar({ length: 300 }).notNull().default(''),
    rejectReason: varchar({ length: 200 }),
    createdBy: integer(),
    decidedBy: integer(),
    decidedAt: at(),
    ledgerId: integer(),
    createdAt: atNow(),
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
    periodStart: at().notNull(),
    periodEnd: at().notNull(),
    openingBalance: money().notNull(),
    openingCredit: money().notNull(),
    closingBalance: money().notNull(),
    closingCredit: money().notNull(),
    status: smallint().notNull().default(0),
    disputeReason: varchar({ length: 300 }),
    createdBy: integer(),
    confirmedAt: at(),
    createdAt: atNow(),
  },
  (t) => [index().on(t.accountId, t.periodEnd)],
);
