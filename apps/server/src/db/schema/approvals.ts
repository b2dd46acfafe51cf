import {
  boolean,
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
import { at, atNow, money } from './columns.ts';
import { companyRef, users } from './company.ts';
import type { AddressSnapshot, InvoiceSnapshot } from './addresses.ts';

/**
 * Departments, approval rules and purchase requests of a purchaser company (docs/product/approvals.md,
 * docs/decisions/0201-approvals.md).
 */

/** A department (部门) of a company, with an optional head (负责人), a user of the same company. */
export const departments = pgTable(
  'departments',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    name: varchar({ length: 30 }).notNull(),
    headUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [uniqueIndex('departments_company_name_uq').on(t.companyId, t.name)],
);

/** A user's department: at most one per user (the primary key). */
export const departmentMembers = pgTable(
  'department_members',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: integer()
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
  },
  (t) => [index().on(t.departmentId)],
);

/** One step of a rule: who may approve it (any one of them). */
export type ApprovalStepSpec =
  | { kind: 'head' }
  | { kind: 'role'; roleId: number }
  | { kind: 'users'; userIds: number[] };

/**
 * An approval rule (审批规则): when a checkout of the company matches every condition set (amount ≥ minAmount,
 * and when given: a line of the category, a line of the supplier, the requester's department or role), its steps
 * must approve in sequence. The first active rule by priority (then id) that matches applies.
 */
export const approvalRules = pgTable(
  'approval_rules',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    name: varchar({ length: 40 }).notNull(),
    priority: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    minAmount: money().notNull(),
    categoryId: integer(),
    sellerCompanyId: integer(),
    departmentId: integer().references(() => departments.id, { onDelete: 'cascade' }),
    roleId: integer(),
    steps: jsonb().$type<ApprovalStepSpec[]>().notNull(),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [index().on(t.companyId, t.priority)],
);

/** A line of a purchase request as submitted: the SKU, its quantity and the unit price at submission. */
export interface RequestLineSnapshot {
  skuId: number;
  cartLineId: number | null;
  sellerCompanyId: number;
  shopName: string;
  productName: string;
  spec: string;
  unit: string;
  quantity: number;
  /** Yuan string. */
  unitPrice: string;
}

/**
 * An award or call-off kept by a purchase request: the endpoint's input, performed again on final approval (a
 * call-off's address and invoice are the request's own snapshots).
 */
export type AwardSnapshot = (
  | { kind: 'enquiry'; enquiryId: number; lines: { enquiryItemId: number; quotationId: number }[]; remark: string; asAgreement?: { validFrom: string; validTo: string } | null }
  | { kind: 'tender'; tenderId: number; lotId: number; bidId: number; createOrder?: boolean; [k: string]: unknown }
  | { kind: 'callOff'; agreementId: number; lines: { lineId: number; quantity: number }[]; remark: string }
) & {
  /** What the award is about, as the request pages say it (「询价单 XJ… 授标」). */
  subject?: string;
};

/** The resolved approvers of one step (any one of them decides it). */
export interface RequestStep {
  label: string;
  userIds: number[];
}

/**
 * A purchase request (采购申请): a checkout kept exactly as submitted (lines, prices, address, invoice, remarks)
 * until its steps approve; status PurchaseRequestStatus, history in document_history ('purchase_request').
 */
export const purchaseRequests = pgTable(
  'purchase_requests',
  {
    id: serial().primaryKey(),
    companyId: companyRef(),
    requestNo: varchar({ length: 32 }).notNull().unique(),
    requesterUserId: integer()
      .notNull()
      .references(() => users.id),
    requesterName: varchar({ length: 50 }).notNull(),
    departmentId: integer(),
    ruleId: integer(),
    ruleName: varchar({ length: 40 }).notNull(),
    status: smallint().notNull().default(0),
    totalAmount: money().notNull(),
    lines: jsonb().$type<RequestLineSnapshot[]>().notNull(),
    address: jsonb().$type<AddressSnapshot>().notNull(),
    invoice: jsonb().$type<InvoiceSnapshot>().notNull(),
    /** Per supplier: remark, PO number and cost centre (poNumber/costCentre absent on requests made before them). */
    remarks: jsonb().$type<{ sellerCompanyId: number; remark: string; poNumber?: string; costCentre?: string }[]>().notNull().default([]),
    steps: jsonb().$type<RequestStep[]>().notNull(),
    /** The step waiting for a decision (0-based); equals steps.length once every step approved. */
    currentStep: smallint().notNull().default(0),
    /** Why it was rejected or returned. */
    reason: varchar({ length: 300 }).notNull().default(''),
    orderIds: jsonb().$type<number[]>().notNull().default([]),
    /** PurchaseRequestKind: 0 a checkout, 1 an RFQ award, 2 a tender award (decision 0210), 3 a call-off (decision 0223). */
    kind: smallint().notNull().default(0),
    /** What an award or call-off request performs on final approval, exactly as submitted (kind 1, 2 and 3). */
    award: jsonb().$type<AwardSnapshot>(),
    /** The submission went beyond a budget: the approval allows it (docs/product/budgets.md#over-budget). */
    overBudget: boolean().notNull().default(false),
    expiresAt: at().notNull(),
    decidedAt: at(),
    createdAt: atNow(),
    updatedAt: atNow(),
  },
  (t) => [index().on(t.companyId, t.status), index().on(t.requesterUserId)],
);

/** Who may decide which step of a request: the 待我审批 list reads it. */
export const purchaseRequestApprovers = pgTable(
  'purchase_request_approvers',
  {
    requestId: integer()
      .notNull()
      .references(() => purchaseRequests.id, { onDelete: 'cascade' }),
    step: smallint().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.step, t.userId] }), index().on(t.userId)],
);
