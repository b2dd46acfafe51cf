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
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from './company.ts';
import { documentNumberSql, ORDER_NO_SEQUENCE } from '../../lib/doc-numbers.ts';

/**
 * Buying (issue 12): addresses, invoice titles, the cart, orders seen from both sides with their lines,
 * history, payments and shipments, after-sales (RMA), idempotency keys and the database-backed job queue
 * that runs the timed rules. docs/product/orders.md#timed-rules, docs/product/aftersales.md#lifecycle. Documents copy the facts they are based on.
 */

/**
 * A company's addresses (at most 20): purchasers' delivery addresses, suppliers' shipping-from and return
 * addresses (`kind`, AddressKind); one default per kind.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.companyId),
    uniqueIndex('addresses_one_default').on(t.companyId, t.kind).where(sql`is_default`),
  ],
);

/** A company's saved invoice titles (发票抬头); 专用 needs the registered address, phone, bank and account. */
export const invoiceTitles = pgTable(
  'invoice_titles',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.companyId)],
);

/** A purchaser user's cart: one line per SKU, with the unit price seen when added (to flag changes). */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    userId: integer().notNull(),
    sellerCompanyId: integer().notNull(),
    productId: integer().notNull(),
    skuId: integer().notNull(),
    quantity: integer().notNull(),
    /** The unit price (tier applied) when the line was added or its quantity last changed. */
    priceAtAdd: numeric({ precision: 14, scale: 2 }).notNull(),
    selected: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_lines_user_sku').on(t.userId, t.skuId),
    index().on(t.companyId),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Order numbers: D + China day + a database sequence, so they never collide across instances (lib/doc-numbers.ts). */
export const orderNoSeq = pgSequence('order_no_seq');

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
    buyerCompanyId: integer()
      .notNull()
      .references(() => companies.id),
    buyerCompanyName: varchar({ length: 100 }).notNull(),
    buyerUserId: integer(),
    buyerUserName: varchar({ length: 60 }).notNull().default(''),
    sellerCompanyId: integer()
      .notNull()
      .references(() => companies.id),
    sellerCompanyName: varchar({ length: 100 }).notNull(),
    shopName: varchar({ length: 100 }).notNull().default(''),
    goodsAmount: numeric({ precision: 14, scale: 2 }).notNull(),
    freight: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    totalAmount: numeric({ precision: 14, scale: 2 }).notNull(),
    /** Set when the supplier changed prices or freight before confirming: the amounts as submitted. */
    originalGoodsAmount: numeric({ precision: 14, scale: 2 }),
    originalFreight: numeric({ precision: 14, scale: 2 }),
    /** Amount paid and confirmed by the supplier. */
    paidAmount: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    /** PaymentMethod chosen (1 transfer, 2 credit account; null until the purchaser pays). */
    paymentMethod: smallint(),
    address: jsonb().$type<AddressSnapshot>().notNull(),
    invoice: jsonb().$type<InvoiceSnapshot>().notNull(),
    buyerRemark: varchar({ length: 300 }).notNull().default(''),
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    firstShippedAt: timestamp({ withTimezone: true }),
    lastShippedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
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
    check('orders_amounts_not_negative', sql`${t.goodsAmount} >= 0 and ${t.freight} >= 0 and ${t.totalAmount} >= 0 and ${t.paidAmount} >= 0`),
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
    unitPrice: numeric({ precision: 14, scale: 2 }).notNull(),
    /** The unit price as submitted, when the supplier changed it before confirming. */
    originalUnitPrice: numeric({ precision: 14, scale: 2 }),
    /** VAT rate in percent when the price came from a quotation (tax included). */
    taxRate: numeric({ precision: 5, scale: 2 }),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
    shippedQty: integer().notNull().default(0),
    /** Quantity claimed by after-sales requests that are not rejected or withdrawn. */
    claimedQty: integer().notNull().default(0),
    enquiryItemId: integer(),
    sort: integer().notNull().default(0),
  },
  (t) => [
    index().on(t.orderId),
    index().on(t.productId),
    check('order_lines_quantities', sql`${t.quantity} > 0 and ${t.shippedQty} >= 0 and ${t.shippedQty} <= ${t.quantity} and ${t.claimedQty} >= 0 and ${t.claimedQty} <= ${t.shippedQty}`),
  ],
);

/** Every transition of an order: who, when, from, to, note (append-only: a trigger refuses UPDATE/DELETE). */
export const orderHistory = pgTable(
  'order_history',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    /** What happened: create, reprice, confirm, pay, pay_confirm, pay_reject, ship, receive, cancel, … */
    action: varchar({ length: 30 }).notNull(),
    fromStatus: smallint(),
    toStatus: smallint().notNull(),
    /** Side: 0 system (timed rule), 1 purchaser, 2 supplier, 3 platform. */
    side: smallint().notNull(),
    userId: integer(),
    userName: varchar({ length: 60 }).notNull().default(''),
    note: varchar({ length: 300 }).notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.orderId, t.id)],
);

/** A payment of an order: a bank transfer with its proof (files), confirmed or rejected by the supplier. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: serial().primaryKey(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    /** PaymentMethod. */
    method: smallint().notNull(),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
    /** Uploaded proof files (paths of the file host). */
    proofFiles: jsonb().$type<string[]>().notNull().default([]),
    payerName: varchar({ length: 100 }).notNull().default(''),
    remark: varchar({ length: 300 }).notNull().default(''),
    /** PaymentStatus. */
    status: smallint().notNull().default(0),
    rejectReason: varchar({ length: 200 }),
    submittedBy: integer(),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.orderId)],
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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
    refundAmount: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    rejectReason: varchar({ length: 200 }),
    /** The supplier's return address, copied on approval of a return or exchange. */
    returnAddress: jsonb().$type<AddressSnapshot>(),
    returnCarrier: varchar({ length: 50 }),
    returnTrackingNo: varchar({ length: 50 }),
    /** How the refund was made: 1 offline transfer, 2 credit account (money issue). */
    refundMethod: smallint(),
    /** The refund made (recorded by the supplier; at most refundAmount), its note and time. */
    refundedAmount: numeric({ precision: 14, scale: 2 }),
    refundNote: varchar({ length: 200 }),
    refundedAt: timestamp({ withTimezone: true }),
    replacementOrderId: integer(),
    /**
     * Set by a refund on an invoiced order: the invoice amount to reverse (红冲), the issued invoice to reverse
     * it on, and — once issued — the red-letter invoice (null while 待红冲).
     */
    invoiceReverseAmount: numeric({ precision: 14, scale: 2 }),
    reverseInvoiceId: integer(),
    reversalInvoiceId: integer(),
    createdBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.buyerCompanyId, t.createdAt),
    index().on(t.sellerCompanyId, t.createdAt),
    index().on(t.orderId),
    index('rmas_pending_reversal').on(t.reverseInvoiceId).where(sql`reversal_invoice_id is null`),
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
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
    /** ReturnDisposition chosen on receipt: 1 良品入库, 2 不良品, 3 报废. */
    disposition: smallint(),
  },
  (t) => [index().on(t.rmaId), check('rma_lines_quantity_positive', sql`${t.quantity} > 0`)],
);

/** Every transition of an after-sales request (append-only). */
export const rmaHistory = pgTable(
  'rma_history',
  {
    id: serial().primaryKey(),
    rmaId: integer()
      .notNull()
      .references(() => rmas.id),
    action: varchar({ length: 30 }).notNull(),
    fromStatus: smallint(),
    toStatus: smallint().notNull(),
    side: smallint().notNull(),
    userId: integer(),
    userName: varchar({ length: 60 }).notNull().default(''),
    note: varchar({ length: 300 }).notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.rmaId, t.id)],
);

/**
 * Repeated submits: the first request with a key stores its answer in the same transaction as its effect;
 * a repeat with the same key (same user, same scope) gets that answer. A concurrent repeat waits on the
 * unique index until the first commits (then replays) or rolls back (then runs itself).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial().primaryKey(),
    userId: integer().notNull(),
    scope: varchar({ length: 30 }).notNull(),
    key: varchar({ length: 100 }).notNull(),
    /** Hash of the request body: the same key with another body is refused. */
    requestHash: varchar({ length: 64 }).notNull(),
    response: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_scope_key').on(t.userId, t.scope, t.key), index().on(t.createdAt)],
);

/**
 * Timed rules (auto-cancel, auto-receipt, deadlines): one row per rule and document, due at `runAt`. Workers
 * claim due rows with `FOR UPDATE SKIP LOCKED` and run them in the claiming transaction, so each fires once
 * with any number of instances and survives restarts. Status: 0 pending, 1 done, 2 cancelled, 3 failed.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial().primaryKey(),
    kind: varchar({ length: 40 }).notNull(),
    refId: integer().notNull(),
    runAt: timestamp({ withTimezone: true }).notNull(),
    status: smallint().notNull().default(0),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('jobs_due').on(t.runAt).where(sql`status = 0`),
    uniqueIndex('jobs_one_pending').on(t.kind, t.refId).where(sql`status = 0`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
