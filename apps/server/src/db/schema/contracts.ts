import { sql } from 'drizzle-orm';
import type { ContractText } from '@aquamall/shared';
import { boolean, index, integer, jsonb, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, atNow, money } from './columns.ts';
import { companyRef } from './company.ts';
import { orders } from './orders.ts';

/**
 * Order contracts (modules/contracts, docs/decisions/0208-order-contracts.md, docs/product/contracts.md).
 * ContractStatus: 1 待签署, 2 甲方已签, 3 乙方已签, 4 已签署, 5 已作废. At most one live (not voided) contract per
 * order. `fileKey` is the private storage key of the current PDF: the generated text, then the PDF as sealed by the
 * first signer, then by both; each side's signature (signer, masked phone, time, partner reference) is kept here.
 */
export const orderContracts = pgTable(
  'order_contracts',
  {
    id: serial().primaryKey(),
    contractNo: varchar({ length: 32 }).notNull().unique(),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    buyerCompanyId: companyRef(),
    sellerCompanyId: companyRef(),
    status: smallint().notNull().default(1),
    amount: money().notNull(),
    /** 订单 or 询价单 <code> (an RFQ award). */
    source: varchar({ length: 60 }).notNull().default(''),
    fileKey: varchar({ length: 200 }).notNull(),
    /** The e-signature partner's flow for this contract (both signers sign in it). */
    flowRef: varchar({ length: 64 }).notNull(),
    /** The text as rendered (facts, lines, sums, 大写, clauses): shown in the signing dialog (ContractText). */
    content: jsonb().$type<ContractText>().notNull(),
    /** Where each side's seal goes on the PDF: [purchaser, supplier] (page, x, y, width, height in points). */
    sealFields: jsonb().$type<{ page: number; x: number; y: number; width: number; height: number }[]>().notNull(),
    buyerSignerId: integer(),
    buyerSignerName: varchar({ length: 60 }).notNull().default(''),
    buyerSignerPhone: varchar({ length: 20 }).notNull().default(''),
    buyerSignedAt: at(),
    buyerSealRef: varchar({ length: 64 }).notNull().default(''),
    sellerSignerId: integer(),
    sellerSignerName: varchar({ length: 60 }).notNull().default(''),
    sellerSignerPhone: varchar({ length: 20 }).notNull().default(''),
    sellerSignedAt: at(),
    sellerSealRef: varchar({ length: 64 }).notNull().default(''),
    voidReason: varchar({ length: 200 }).notNull().default(''),
    createdBy: integer().notNull(),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [
    uniqueIndex('order_contracts_live_idx').on(t.orderId).where(sql`${t.status} <> 5`),
    index().on(t.orderId, t.id),
  ],
);

/** A supplier's rule of when its orders need a signed contract before shipping (no row: optional). */
export const contractSettings = pgTable('contract_settings', {
  companyId: companyRef().primaryKey(),
  /** Every order needs one. */
  required: boolean().notNull().default(false),
  /** Orders of this total or more need one (null: no threshold). */
  threshold: money(),
  updatedAt: atNow(),
});

export type OrderContractRow = typeof orderContracts.$inferSelect;
