import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { at, atNow } from './columns.ts';
import { companies, companyRef, users } from './company.ts';

/** Document kinds a merchant application may carry (docs/product/merchants.md#shop-types-and-documents). Values are file paths under /f/. */
export type MerchantDocuments = Partial<
  Record<'license' | 'taxRegistration' | 'orgCode' | 'productionLicense' | 'brandAuthorization', string[]>
>;

/**
 * A company's merchant application (docs/product/merchants.md#merchant-entry): 未申请(none) → 待审核 → 已驳回 | 已通过. One row per company holds
 * the current form; every submission and decision is kept in `document_history` (doc type 'merchant').
 */
export const merchantApplications = pgTable(
  'merchant_applications',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .unique()
      .references(() => companies.id),
    /** MerchantStatus: 0 draft (未申请), 1 待审核, 2 已驳回, 3 已通过. */
    status: smallint().notNull().default(0),
    shopType: smallint(),
    shopName: varchar({ length: 100 }).notNull().default(''),
    companyName: varchar({ length: 100 }).notNull().default(''),
    creditCode: varchar({ length: 18 }).notNull().default(''),
    legalPerson: varchar({ length: 50 }).notNull().default(''),
    contactName: varchar({ length: 50 }).notNull().default(''),
    contactPhone: varchar({ length: 20 }).notNull().default(''),
    contactEmail: varchar({ length: 120 }).notNull().default(''),
    /** 所在地区: province, city[, district] codes and their names (carried to the company on approval). */
    area: jsonb().$type<number[]>().notNull().default([]),
    areaName: varchar({ length: 100 }).notNull().default(''),
    address: varchar({ length: 200 }).notNull().default(''),
    mainBusiness: varchar({ length: 300 }).notNull().default(''),
    /** The wizard step the applicant reached (0–3), saved with each step so a reload resumes there. */
    step: smallint().notNull().default(0),
    /** 三证合一: the licence replaces tax registration and organisation code certificates. */
    threeInOne: boolean().notNull().default(true),
    documents: jsonb().$type<MerchantDocuments>().notNull().default({}),
    agreementVersion: varchar({ length: 20 }),
    agreementSignedAt: at(),
    agreementIp: varchar({ length: 64 }),
    submittedAt: at(),
    decidedAt: at(),
    decidedBy: integer().references(() => users.id),
    rejectReason: varchar({ length: 300 }),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [index().on(t.status, t.submittedAt)],
);

/** Enterprise certification (docs/product/merchants.md#enterprise-certification): 未认证 → 审核中 → 已认证 | 未通过, then contract signing. */
export const certifications = pgTable(
  'certifications',
  {
    id: serial().primaryKey(),
    companyId: integer()
      .notNull()
      .unique()
      .references(() => companies.id),
    /** CertStatus: 0 未认证, 1 审核中, 2 已认证, 3 未通过. */
    status: smallint().notNull().default(0),
    companyName: varchar({ length: 100 }).notNull(),
    creditCode: varchar({ length: 18 }).notNull(),
    legalPerson: varchar({ length: 50 }).notNull(),
    licenseImage: varchar({ length: 300 }).notNull(),
    handlerName: varchar({ length: 50 }).notNull(),
    handlerIdNo: varchar({ length: 18 }).notNull(),
    handlerPhone: varchar({ length: 20 }).notNull().default(''),
    /** Partner real-name verification: provider reference and time. */
    verifyRef: varchar({ length: 80 }),
    verifiedAt: at(),
    /** Signed service agreement (storage key) and signing time. */
    contractKey: varchar({ length: 300 }),
    contractSignedAt: at(),
    submittedAt: at(),
    decidedAt: at(),
    decidedBy: integer().references(() => users.id),
    rejectReason: varchar({ length: 300 }),
    updatedAt: atNow(),
  },
  (t) => [index().on(t.status, t.submittedAt)],
);

/**
 * A membership order (buying, upgrading or renewing a level), paid by bank transfer to the platform's account
 * and confirmed in the console (decision 0188). 4 待付款 → 0 待确认 (proof uploaded) → 1 已确认 | 2 已拒绝; 3 已撤销.
 * Rows from before orders existed have no order number.
 */
export const memberUpgradeRequests = pgTable(
  'member_upgrade_requests',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    fromLevel: smallint().notNull(),
    targetLevel: smallint().notNull(),
    /** 0 待确认, 1 已确认, 2 已拒绝, 3 已撤销. */
    status: smallint().notNull().default(0),
    transferRef: varchar({ length: 100 }).notNull().default(''),
    remark: varchar({ length: 300 }).notNull().default(''),
    /** The order number the transfer note carries (HY + date + sequence). */
    orderNo: varchar({ length: 32 }).unique(),
    /** 1 开通/升级, 2 续费. */
    kind: smallint().notNull().default(1),
    amountFen: integer().notNull().default(0),
    months: smallint().notNull().default(12),
    /** Transfer receipts (file paths under /f/, the company's own uploads) and when they were handed in. */
    proofFiles: jsonb().$type<string[]>().notNull().default([]),
    proofAt: at(),
    /** The term this order paid for, set on confirmation. */
    periodStart: at(),
    periodEnd: at(),
    /** Invoice: 0 未申请, 1 已申请, 2 已开具 (the platform issues it outside and records the number). */
    invoiceStatus: smallint().notNull().default(0),
    invoiceTitle: varchar({ length: 100 }),
    invoiceTaxNo: varchar({ length: 18 }),
    invoiceEmail: varchar({ length: 120 }),
    invoiceRequestedAt: at(),
    invoiceNo: varchar({ length: 40 }),
    invoiceIssuedAt: at(),
    decidedAt: at(),
    decidedBy: integer().references(() => users.id),
    rejectReason: varchar({ length: 300 }),
    createdAt: atNow(),
  },
  (t) => [index().on(t.companyId), index().on(t.status)],
);

/**
 * Every change of a company's member level or expiry, with the order that paid for it (null: a console
 * adjustment or the expiry): before and after, who and when. Written in the transaction of the change.
 */
export const memberLedger = pgTable(
  'member_ledger',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    orderId: integer().references(() => memberUpgradeRequests.id),
    /** confirm, expire. */
    reason: varchar({ length: 20 }).notNull(),
    fromLevel: smallint().notNull(),
    toLevel: smallint().notNull(),
    fromExpiresAt: at(),
    toExpiresAt: at(),
    amountFen: integer().notNull().default(0),
    actorUserId: integer(),
    createdAt: atNow(),
  },
  (t) => [index().on(t.companyId, t.id)],
);

/** The company's settlement bank account, verified by a small deposit (bank/auth). */
export const bankAccounts = pgTable('bank_accounts', {
  id: serial().primaryKey(),
  /** A company may keep several accounts (decision 0206); each is verified by its own small deposit. */
  companyId: integer()
    .notNull()
    .references(() => companies.id),
  accountName: varchar({ length: 100 }).notNull(),
  bankName: varchar({ length: 100 }).notNull(),
  branchName: varchar({ length: 100 }).notNull().default(''),
  accountNo: varchar({ length: 32 }).notNull(),
  /** 0 未验证, 1 待验证 (deposit sent), 2 已验证, 3 验证失败. */
  status: smallint().notNull().default(0),
  /** Deposited amount in fen (< 100), known only to the bank and the platform. */
  depositFen: smallint(),
  providerRef: varchar({ length: 80 }),
  attemptsLeft: smallint().notNull().default(3),
  /** Amount checks in the current 24-hour window (capped per company, across deposits) and when it began. */
  dayChecks: smallint().notNull().default(0),
  dayStartedAt: at(),
  sentAt: at(),
  verifiedAt: at(),
  note: text().notNull().default(''),
  /** The payee of new orders (one per company, a verified account only; decision 0206). */
  isDefault: boolean().notNull().default(false),
  /** Set when the company stopped using the account: no payee of new orders, kept for the orders that name it. */
  disabledAt: at(),
  createdAt: atNow(),
  updatedAt: atNow(),
}, (t) => [
  index().on(t.companyId),
  uniqueIndex('bank_accounts_one_default').on(t.companyId).where(sql`${t.isDefault}`),
]);
