import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { at, atNow, money } from './columns.ts';
import { documentNumberSql, ORDER_NO_SEQUENCE } from '../../lib/doc-numbers.ts';
import type { AddressSnapshot } from './addresses.ts';
import { orderLines, orders } from './orders.ts';

/** After-sales requests on orders (modules/aftersales): the request, its lines, history and platform disputes. */

/** After-sales request on one order (docs/product/aftersales.md#lifecycle). */
export const rmas = pgTable(
  'rmas',
  {
    id: serial().primaryKey(),
    rmaNo: varchar({ length: 32 })
      .notNull()
      .unique()
      .default(documentNumberSql('R', ORDER_NO_SEQUENCE, 8)),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    buyerCompanyId: integer().notNull(),
    sellerCompanyId: integer().notNull(),
    /** RmaType: 1 退货退款, 2 仅退款, 3 换货. */
    type: smallint().notNull(),
    /** RmaStatus. */
    status: smallint().notNull().default(0),
    reason: varchar({ length: 100 }).notNull(),
    description: varchar({ length: 500 }).notNull().default(''),
    photos: jsonb().$type<string[]>().notNull().default([]),
    /** Refund asked for (sum of the lines at their unit prices unless stated lower). */
    refundAmount: money().notNull().default('0'),
    rejectReason: varchar({ length: 200 }),
    /** The supplier's return address, copied on approval of a return or exchange. */
    returnAddress: jsonb().$type<AddressSnapshot>(),
    returnCarrier: varchar({ length: 50 }),
    returnTrackingNo: varchar({ length: 50 }),
    /** How the refund was made: 1 offline transfer, 2 credit account (money issue). */
    refundMethod: smallint(),
    /** The refund made (recorded by the supplier; at most refundAmount), its note and time. */
    refundedAmount: money(),
    refundNote: varchar({ length: 200 }),
    refundedAt: at(),
    replacementOrderId: integer(),
    /**
     * Set by a refund on an invoiced order: the invoice amount to reverse (红冲), the issued invoice to reverse
     * it on, and — once issued — the red-letter invoice (null while 待红冲).
     */
    invoiceReverseAmount: money(),
    reverseInvoiceId: integer(),
    reversalInvoiceId: integer(),
    createdBy: integer(),
    createdAt: atNow(),
    updatedAt: atNow(),
    closedAt: at(),
  },
  (t) => [
    index().on(t.buyerCompanyId, t.createdAt),
    index().on(t.sellerCompanyId, t.createdAt),
    index().on(t.orderId),
    index('rmas_pending_reversal')
      .on(t.reverseInvoiceId)
      .where(sql`reversal_invoice_id is null`),
  ],
);

export const rmaLines = pgTable(
  'rma_lines',
  {
    id: serial().primaryKey(),
    rmaId: integer()
      .notNull()
      .references(() => rmas.id, { onDelete: 'cascade' }),
    orderLineId: integer()
      .notNull()
      .references(() => orderLines.id),
    quantity: integer().notNull(),
    amount: money().notNull(),
    /** ReturnDisposition chosen on receipt: 1 良品入库, 2 不良品, 3 报废. */
    disposition: smallint(),
  },
  (t) => [index().on(t.rmaId), check('rma_lines_quantity_positive', sql`${t.quantity} > 0`)],
);

/**
 * A refused after-sales request one of its parties took to the platform (申请平台介入, decision 0187): at most
 * one per request (the unique rma_id), decided once by a platform administrator.
 */
export const rmaDisputes = pgTable(
  'rma_disputes',
  {
    id: serial().primaryKey(),
    rmaId: integer()
      .notNull()
      .unique()
      .references(() => rmas.id),
    /** Side (1 purchaser, 2 supplier) of the party who escalated. */
    raisedBySide: smallint().notNull(),
    raisedByCompanyId: integer().notNull(),
    raisedByUserId: integer(),
    reason: varchar({ length: 300 }).notNull(),
    /** RmaDisputeStatus: 0 awaiting the platform, 1 purchaser supported, 2 supplier supported. */
    status: smallint().notNull().default(0),
    decisionReason: varchar({ length: 300 }),
    decidedBy: integer(),
    decidedAt: at(),
    createdAt: atNow(),
  },
  (t) => [index().on(t.status, t.createdAt)],
);
