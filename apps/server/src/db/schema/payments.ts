import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, atNow, money } from './columns.ts';
import { companyRef } from './company.ts';
import { orders } from './orders.ts';

/**
 * Online payment (decision 0207): payment orders (支付单) with the partners, the raw notifications they sent,
 * refunds back through the same channel, the payment ledger, and the daily reconciliation.
 */

/** A payment order with WeChat Pay or Alipay for one order; its amount is the order's payable amount when opened. */
export const payOrders = pgTable(
  'pay_orders',
  {
    id: serial().primaryKey(),
    /** Our out_trade_no (商户订单号): ZF + China day + serial. */
    payNo: varchar({ length: 32 }).notNull().unique(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    buyerCompanyId: companyRef(),
    sellerCompanyId: companyRef(),
    /** PayChannel. */
    channel: smallint().notNull(),
    amount: money().notNull(),
    refundedAmount: money().notNull().default('0'),
    /** PayOrderStatus. */
    status: smallint().notNull().default(0),
    codeUrl: varchar({ length: 500 }),
    payUrl: text(),
    /**
     * The supplier's sub-merchant the money goes to (decision 0216): WeChat sub_mchid or the Alipay seller id (PID)
     * whose app_auth_token opened the trade; notifications must name it.
     */
    subMchId: varchar({ length: 32 }),
    /** The partner's transaction id (transaction_id / trade_no) once paid. */
    partnerTradeNo: varchar({ length: 64 }),
    /** The partner's payer id (openid / buyer_id). */
    payerRef: varchar({ length: 128 }),
    expiresAt: at().notNull(),
    paidAt: at(),
    createdBy: integer(),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [
    index().on(t.orderId),
    // One open payment order per order and channel (idempotent creation), one paid per order.
    uniqueIndex('pay_orders_one_open').on(t.orderId, t.channel).where(sql`${t.status} = 0`),
    index('pay_orders_paid_at').on(t.channel, t.paidAt),
    check('pay_orders_amount_positive', sql`${t.amount} > 0`),
    check('pay_orders_refund_cap', sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`),
  ],
);

/** Every notification a partner sent (and every active query's answer), recorded raw with its verdict. */
export const payCallbacks = pgTable(
  'pay_callbacks',
  {
    id: serial().primaryKey(),
    channel: smallint().notNull(),
    /** 'pay' | 'refund' | 'query' | 'unknown'. */
    kind: varchar({ length: 16 }).notNull(),
    headers: jsonb().$type<Record<string, string>>().notNull().default({}),
    body: text().notNull(),
    verified: boolean().notNull(),
    /** accepted, duplicate, bad_sign, bad_amount, bad_merchant, bad_app, unknown_order, not_paid, late_order … */
    outcome: varchar({ length: 40 }).notNull(),
    payOrderId: integer().references(() => payOrders.id),
    receivedAt: atNow(),
  },
  (t) => [index().on(t.payOrderId)],
);

/** A refund back through the payment order's channel (a cancellation or an after-sales refund). */
export const payRefunds = pgTable(
  'pay_refunds',
  {
    id: serial().primaryKey(),
    /** Our out_refund_no / out_request_no. */
    refundNo: varchar({ length: 32 }).notNull().unique(),
    payOrderId: integer()
      .notNull()
      .references(() => payOrders.id),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    channel: smallint().notNull(),
    amount: money().notNull(),
    reason: varchar({ length: 200 }).notNull().default(''),
    /** 'cancel' | 'rma' | 'late'. */
    source: varchar({ length: 16 }).notNull(),
    sourceId: integer(),
    /** PayRefundStatus. */
    status: smallint().notNull().default(0),
    partnerRefundNo: varchar({ length: 64 }),
    failReason: varchar({ length: 200 }),
    createdAt: atNow(),
    doneAt: at(),
  },
  (t) => [index().on(t.payOrderId), index('pay_refunds_done_at').on(t.channel, t.doneAt), check('pay_refunds_amount_positive', sql`${t.amount} > 0`)],
);

/**
 * The payment ledger: money received (+) and refunded (−) through a partner, one row per move, written in the
 * transaction that moves the payment order. An order's online balance is the sum of its rows.
 */
export const payLedger = pgTable(
  'pay_ledger',
  {
    id: serial().primaryKey(),
    payOrderId: integer()
      .notNull()
      .references(() => payOrders.id),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    buyerCompanyId: companyRef(),
    sellerCompanyId: companyRef(),
    channel: smallint().notNull(),
    /** Signed amount: + received, − refunded. */
    amount: money().notNull(),
    /** 'pay' | 'refund'. */
    kind: varchar({ length: 16 }).notNull(),
    refundId: integer().references(() => payRefunds.id),
    createdAt: atNow(),
  },
  (t) => [
    index().on(t.orderId),
    uniqueIndex('pay_ledger_one_pay').on(t.payOrderId).where(sql`${t.kind} = 'pay'`),
    uniqueIndex('pay_ledger_one_refund').on(t.refundId),
  ],
);

/** One reconciliation of a channel's statement for a China day. */
export const reconRuns = pgTable(
  'recon_runs',
  {
    id: serial().primaryKey(),
    channel: smallint().notNull(),
    /** The China day 'YYYY-MM-DD'. */
    day: varchar({ length: 10 }).notNull(),
    /** 'done' | 'failed'. */
    status: varchar({ length: 16 }).notNull(),
    partnerCount: integer().notNull().default(0),
    matchedCount: integer().notNull().default(0),
    discrepancyCount: integer().notNull().default(0),
    error: varchar({ length: 300 }),
    createdAt: atNow(),
  },
  (t) => [index().on(t.day)],
);

/** A line the statement and our records disagree on: long (长款), short (短款) or amount (金额不符). */
export const reconDiscrepancies = pgTable(
  'recon_discrepancies',
  {
    id: serial().primaryKey(),
    runId: integer()
      .notNull()
      .references(() => reconRuns.id),
    kind: varchar({ length: 16 }).notNull(),
    payNo: varchar({ length: 32 }),
    refundNo: varchar({ length: 32 }),
    partnerTradeNo: varchar({ length: 64 }),
    partnerAmount: money(),
    ourAmount: money(),
    note: varchar({ length: 300 }).notNull().default(''),
    resolution: varchar({ length: 300 }),
    resolvedBy: integer(),
    resolvedAt: at(),
  },
  (t) => [index().on(t.runId)],
);

/**
 * A supplier's payee with a partner (decision 0216, 收款设置): the WeChat Pay sub-merchant (特约商户号, sub_mchid) or
 * the Alipay merchant that authorised the platform's application (第三方应用授权: its PID and app_auth_token). Entered
 * by the supplier, usable for online payment only once the platform verified it (console, audited). One per company
 * and channel.
 */
export const paySubMerchants = pgTable(
  'pay_sub_merchants',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    /** PayChannel: 1 WeChat Pay (sub_mchid), 2 Alipay (authorising PID). */
    channel: smallint().notNull(),
    /** WeChat sub_mchid, or the Alipay user_id (2088…) that authorised. */
    subMchId: varchar({ length: 32 }).notNull(),
    /** Alipay: the app_auth_token (never shown) and its refresh token. */
    authToken: varchar({ length: 128 }),
    refreshToken: varchar({ length: 128 }),
    /** Alipay: the authorising merchant's app id (auth_app_id). */
    authAppId: varchar({ length: 32 }),
    /** SubMerchantStatus: 0 待平台核验, 1 已核验, 2 未通过. */
    status: smallint().notNull().default(0),
    /** The platform's note (why refused, or what was checked). */
    note: varchar({ length: 200 }).notNull().default(''),
    submittedBy: integer(),
    submittedAt: atNow(),
    verifiedBy: integer(),
    verifiedAt: at(),
  },
  (t) => [uniqueIndex('pay_sub_merchants_company_channel').on(t.companyId, t.channel), index().on(t.status)],
);

/**
 * The demo payment sandbox's own trades (demo mode only, decision 0237): what the stand-in partner remembers, kept
 * here so that a restart of a demo server still answers the active query, refunds and the day's statement. A real
 * deployment never writes this table.
 */
export const paySandboxTrades = pgTable('pay_sandbox_trades', {
  payNo: varchar({ length: 32 }).primaryKey(),
  /** The sandbox's trade with its refunds, as the sandbox keeps it (dates as ISO text). */
  trade: jsonb().notNull(),
  updatedAt: atNow(),
});
