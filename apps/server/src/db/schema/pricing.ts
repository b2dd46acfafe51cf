import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { atNow, money } from './columns.ts';
import { companies, companyRef } from './company.ts';
import { orderLines, orders } from './orders.ts';
import { productSkus } from './catalogue.ts';

/**
 * Contract prices (modules/pricing, docs/product/prices.md): a supplier's own prices for a purchaser company
 * or for a customer group (a named set of purchaser companies the supplier keeps), per SKU.
 */

/** A supplier's named set of purchaser companies (客户分组). */
export const customerGroups = pgTable(
  'customer_groups',
  {
    id: serial().primaryKey(),
    supplierCompanyId: companyRef(),
    name: varchar({ length: 40 }).notNull(),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [uniqueIndex('customer_groups_name').on(t.supplierCompanyId, t.name)],
);

/** The purchaser companies of a customer group. */
export const customerGroupMembers = pgTable(
  'customer_group_members',
  {
    groupId: integer()
      .notNull()
      .references(() => customerGroups.id, { onDelete: 'cascade' }),
    purchaserCompanyId: integer()
      .notNull()
      .references(() => companies.id),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.purchaserCompanyId] }), index().on(t.purchaserCompanyId)],
);

/** A tier of a contract price: from `minQty` on, `value` (a unit price in yuan, or a discount percent). */
export interface ContractTier {
  minQty: number;
  value: string;
}

/**
 * A contract price rule (协议价): supplier → purchaser company or customer group → SKU. Kind 1 fixed unit
 * price (`value` yuan), kind 2 a discount percent off the SKU's list price (`value` 0.01–99.99). Valid on the
 * China days `validFrom`..`validTo` (both included; no end: open). `capQty`: the total quantity that may be
 * bought at this price; consumption is the sum of `contract_price_uses`.
 */
export const contractPrices = pgTable(
  'contract_prices',
  {
    id: serial().primaryKey(),
    supplierCompanyId: companyRef(),
    purchaserCompanyId: integer().references(() => companies.id),
    groupId: integer().references(() => customerGroups.id),
    skuId: integer()
      .notNull()
      .references(() => productSkus.id, { onDelete: 'cascade' }),
    /** ContractPriceKind: 1 fixed price, 2 discount percent off list. */
    kind: smallint().notNull(),
    /** Fixed: the unit price (yuan); discount: the percent off (e.g. 8.50). */
    value: money().notNull(),
    /** Quantity tiers, `minQty` increasing; the last one reached replaces `value`. */
    tiers: jsonb().$type<ContractTier[]>().notNull().default([]),
    validFrom: date({ mode: 'string' }).notNull(),
    validTo: date({ mode: 'string' }),
    capQty: integer(),
    enabled: boolean().notNull().default(true),
    remark: varchar({ length: 200 }).notNull().default(''),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [
    index('contract_prices_supplier').on(t.supplierCompanyId, t.id),
    index('contract_prices_buyer_sku').on(t.purchaserCompanyId, t.skuId).where(sql`${t.enabled}`),
    index('contract_prices_group_sku').on(t.groupId, t.skuId).where(sql`${t.enabled}`),
    check(
      'contract_prices_one_target',
      sql`(${t.purchaserCompanyId} is null) <> (${t.groupId} is null)`,
    ),
    check('contract_prices_kind', sql`${t.kind} in (1, 2)`),
    check('contract_prices_value', sql`${t.value} > 0 and (${t.kind} = 1 or ${t.value} < 100)`),
    check('contract_prices_cap', sql`${t.capQty} is null or ${t.capQty} > 0`),
    check('contract_prices_validity', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
  ],
);

/** The quantity of an order line bought at a contract price (append-only; remaining = cap − sum). */
export const contractPriceUses = pgTable(
  'contract_price_uses',
  {
    id: serial().primaryKey(),
    ruleId: integer()
      .notNull()
      .references(() => contractPrices.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id),
    orderLineId: integer()
      .notNull()
      .references(() => orderLines.id),
    quantity: integer().notNull(),
    createdAt: atNow(),
  },
  (t) => [index().on(t.ruleId), index().on(t.orderId), check('contract_price_uses_qty', sql`${t.quantity} <> 0`)],
);
