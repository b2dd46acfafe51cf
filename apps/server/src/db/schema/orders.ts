import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  serial,
  smallint,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, atNow, money } from './columns.ts';
import { companyRef } from './company.ts';
import { documentNumberSql, ORDER_NO_SEQUENCE } from '../../lib/doc-numbers.ts';
import type { AddressSnapshot, InvoiceSnapshot } from './addresses.ts';

/**
 * Orders (modules/orders): orders seen from both sides with their lines, history, payments and shipments.
 * Documents copy the facts they are based on (addresses.ts has the snapshots). Status counts are in
 * order-counts.ts, after-sales requests in aftersales.ts.
 */

/** Order numbers: D + China day + a database sequence, so they never collide across instances (lib/doc-numbers.ts). */
export const orderNoSeq = pgSequence('order_no_seq');

/**
 * One order between one purchaser and one supplier. `kind` is the purchaser's order type (0 from the cart,
 * 4 from an enquiry award); the supplier sees it as 6 or 8 (docs/product/README.md#codes-used-everywhere). Amounts are in yuan with 2 decimals;
 * total = goods + freight. The address and invoice are copied at checkout.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    orderNo: varchar({ length: 32 })
      .notNull()
      .unique()
      .default(documentNumberSql('D', ORDER_NO_SEQUENCE, 8)),
    /** OrderKind: 0 purchase (cart), 4 enquiry award. */
    kind: smallint().notNull().default(0),
    /** OrderStatus. */
    status: smallint().notNull().default(0),
    buyerCompanyId: companyRef(),
    buyerCompanyName: varchar({ length: 100 }).notNull(),
    buyerUserId: integer(),
    buyerUserName: varchar({ length: 60 }).notNull().default(''),
    sellerCompanyId: companyRef(),
    sellerCompanyName: varchar({ length: 100 }).notNull(),
    shopName: varchar({ length: 100 }).notNull().default(''),
    goodsAmount: money().notNull(),
    freight: money().notNull().default('0'),
    totalAmount: money().notNull(),
    /** Set when the supplier changed prices or freight before confirming: the amounts as submitted. */
    originalGoodsAmount: money(),
    originalFreight: money(),
    /** Amount paid and confirmed by the supplier. */
    paidAmount: money().notNull().default('0'),
    /** PaymentMethod chosen (1 transfer, 2 credit account; null until the purchaser pays). */
    paymentMethod: smallint(),
    /**
     * The supplier's settlement account (bank_accounts) a transfer for this order goes to: its default account when
     * the order was placed (decision 0206), so a later change of default does not move the money; null when the
     * supplier had no verified account then (the payee of the first transfer is recorded).
     */
    payeeAccountId: integer(),
    address: jsonb().$type<AddressSnapshot>().notNull(),
    invoice: jsonb().$type<InvoiceSnapshot>().notNull(),
    buyerRemark: varchar({ length: 300 }).notNull().default(''),
    /** The purchaser's own references typed at checkout: 采购单号 and 成本中心 ('' when none; docs/product/orders.md#po-numbers). */
    poNumber: varchar({ length: 40 }).notNull().default(''),
    costCentre: varchar({ length: 40 }).notNull().default(''),
    sellerRemark: varchar({ length: 300 }).notNull().default(''),
    cancelReason: varchar({ length: 200 }),
    /** Side that cancelled (0 system by a timed rule, 1 purchaser, 2 supplier). */
    cancelledBy: smallint(),
    /** Orders submitted together from one cart checkout share it (related orders, type 10). */
    checkoutId: varchar({ length: 40 }),
    /** The order this one replaces goods of (an exchange's replacement order). */
    parentOrderId: integer(),
    /** The enquiry and quotation of an award (kind 4). */
    enquiryId: integer(),
    quotationId: integer(),
    createdAt: atNow(),
    updatedAt: atNow(),
    confirmedAt: at(),
    paidAt: at(),
    firstShippedAt: at(),
    lastShippedAt: at(),
    completedAt: at(),
    cancelledAt: at(),
  },
  (t) => [
    index('orders_buyer_list').on(t.buyerCompanyId, t.kind, t.createdAt),
    index('orders_seller_list').on(t.sellerCompanyId, t.kind, t.createdAt),
    index('orders_buyer_user').on(t.buyerUserId, t.kind, t.createdAt),
    index().on(t.checkoutId),
    index().on(t.parentOrderId),
    index().on(t.enquiryId),
    // Reports (decision 0132): paid orders of one side by payment time, with what the figures read, so a year
    // of 100,000 orders is an index-only scan; receivables/payables by first shipment.
    index('orders_seller_paid')
      .on(t.sellerCompanyId, t.paidAt, t.status, t.totalAmount, t.buyerCompanyId)
      .where(sql`${t.paidAt} is not null`),
    index('orders_buyer_paid')
      .on(t.buyerCompanyId, t.paidAt, t.status, t.totalAmount, t.sellerCompanyId)
      .where(sql`${t.paidAt} is not null`),
    // 应收/应付账款 read the shipped orders of a year from these alone (decision 0133).
    index('orders_seller_shipped')
      .on(t.sellerCompanyId, t.firstShippedAt, t.status, t.totalAmount, t.paidAmount, t.buyerCompanyId)
      .where(sql`${t.firstShippedAt} is not null`),
    index('orders_buyer_shipped')
      .on(t.buyerCompanyId, t.firstShippedAt, t.status, t.totalAmount, t.paidAmount, t.sellerCompanyId)
      .where(sql`${t.firstShippedAt} is not null`),
    check(
      'orders_amounts_not_negative',
      sql`${t.goodsAmount} >= 0 and ${t.freight} >= 0 and ${t.totalAmount} >= 0 and ${t.paidAmount} >= 0`,
    ),
  ],
);

/** A line of an order: the product facts and price copied at checkout. SKU-less lines come from enquiries. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer(),
    skuId: integer(),
    productName: varchar({ length: 120 }).notNull(),
    skuCode: varchar({ length: 40 }).notNull().default(''),
    /** Spec values joined (含量 30% / 包装 25kg袋) or the enquiry line's spec. */
    spec: varchar({ length: 200 }).notNull().default(''),
    brand: varchar({ length: 60 }).notNull().default(''),
    model: varchar({ length: 60 }).notNull().default(''),
    unit: varchar({ length: 10 }).notNull().default(''),
    image: varchar({ length: 300 }).notNull().default(''),
    quantity: integer().notNull(),
    unitPrice: money().notNull(),
    /** The unit price as submitted, when the supplier changed it before confirming. */
    originalUnitPrice: money(),
    /** VAT rate in percent when the price came from a quotation (tax included). */
    taxRate: numeric({ precision: 5, scale: 2 }),
    amount: money().notNull(),
    shippedQty: integer().notNull().default(0),
    /** Quantity claimed by after-sales requests that are not rejected or withdrawn. */
    claimedQty: integer().notNull().default(0),
    enquiryItemId: integer(),
    sort: integer().notNull().default(0),
    /** Where the unit price came from at checkout (PriceSource: agreement, contract, tier, list); null: given by a document. */
    priceSource: varchar({ length: 12 }),
    /** The contract price rule (or agreement) the unit price came from. */
    contractRuleId: integer(),
  },
  (t) => [
    index().on(t.orderId),
    index().on(t.productId),
    check(
      'order_lines_quantities',
      sql`${t.quantity} > 0 and ${t.shippedQty} >= 0 and ${t.shippedQty} <= ${t.quantity} and ${t.claimedQty} >= 0 and ${t.claimedQty} <= ${t.shippedQty}`,
    ),
  ],
);

/**
 * A payment of an order: a bank transfer with its proof (files), confirmed or rejected by the supplier. The order's
 * ledger of money (decision 0215): `orders.paid_amount` = Σ `amount` of its confirmed rows. A confirmed transfer
 * carries the amount actually received; an excess over what was due is a second confirmed row with the negative
 * excess (`excess_of` the transfer row), refunded (退还, `refund_ref`) or kept as the purchaser's balance (转为余额).
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    /** PaymentMethod. */
    method: smallint().notNull(),
    amount: money().notNull(),
    /** Uploaded proof files (paths of the file host). */
    proofFiles: jsonb().$type<string[]>().notNull().default([]),
    payerName: varchar({ length: 100 }).notNull().default(''),
    remark: varchar({ length: 300 }).notNull().default(''),
    /** PaymentStatus. */
    status: smallint().notNull().default(0),
    rejectReason: varchar({ length: 200 }),
    submittedBy: integer(),
    submittedAt: atNow(),
    decidedBy: integer(),
    decidedAt: at(),
    /** The note (附言) the supplier saw on the incoming transfer, and whether it carries the order number. */
    receivedNote: varchar({ length: 140 }).notNull().default(''),
    noteMatched: boolean(),
    /** An excess row: the transfer row it comes from, ExcessHandling (1 退还, 2 转为余额), the refund's bank reference. */
    excessOf: integer(),
    excessHandling: smallint(),
    refundRef: varchar({ length: 60 }).notNull().default(''),
  },
  (t) => [
    index().on(t.orderId),
    check('order_payments_excess', sql`(${t.excessOf} is null) = (${t.excessHandling} is null) and (${t.amount} >= 0 or ${t.excessOf} is not null)`),
  ],
);

/** A shipment (partial or full) with carrier and tracking number. */
export const shipments = pgTable(
  'shipments',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    carrier: varchar({ length: 50 }).notNull(),
    trackingNo: varchar({ length: 50 }).notNull(),
    remark: varchar({ length: 300 }).notNull().default(''),
    shippedBy: integer(),
    shippedByName: varchar({ length: 60 }).notNull().default(''),
    createdAt: atNow(),
  },
  (t) => [index().on(t.orderId)],
);

export const shipmentLines = pgTable(
  'shipment_lines',
  {
    id: serial().primaryKey(),
    shipmentId: integer()
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderLineId: integer()
      .notNull()
      .references(() => orderLines.id),
    quantity: integer().notNull(),
  },
  (t) => [index().on(t.shipmentId), check('shipment_lines_quantity_positive', sql`${t.quantity} > 0`)],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
