/**
 * Every table, one file per owning module (docs/decisions/0190-schema-by-owner.md); importers take names from
 * here, never from a file of this folder. Column helpers are in columns.ts.
 */
// Identity: companies and users, sign-in, second factor, permissions, audit, personal-data requests.
export * from './company.ts';
export * from './identity.ts';
export * from './two-factor.ts';
export * from './access.ts';
export * from './audit.ts';
export * from './privacy.ts';
export * from './rate-limit.ts';
// Companies' standing: merchant applications, certification, membership, bank account.
export * from './merchant.ts';
// Site content and stored files.
export * from './site.ts';
export * from './files.ts';
// Catalogue: products, stock, the public search copy.
export * from './catalogue.ts';
export * from './stock.ts';
export * from './search.ts';
// Buying and trade documents.
export * from './addresses.ts';
export * from './cart.ts';
export * from './shopping-lists.ts';
export * from './orders.ts';
export * from './order-counts.ts';
export * from './aftersales.ts';
export * from './invoices.ts';
export * from './credit.ts';
export * from './enquiries.ts';
export * from './quotations.ts';
export * from './tenders.ts';
export * from './approvals.ts';
export * from './budgets.ts';
export * from './agreements.ts';
// Cross-cutting: inbox messages, repeated submits, timed jobs, report rollups.
export * from './notifications.ts';
export * from './idempotency.ts';
export * from './jobs.ts';
export * from './report-rollups.ts';
// Every document's status history (docs/decisions/0194-state-machines.md).
export * from './history.ts';
// Contract prices and customer groups (modules/pricing).
export * from './pricing.ts';
// Parcel tracking (快递100).
export * from './tracking.ts';
// Open platform: API keys, signed-call nonces, webhooks (decision 0205).
export * from './openapi.ts';
// Online payment: payment orders, partner notifications, refunds, payment ledger, reconciliation (decision 0207).
export * from './payments.ts';
export * from './contracts.ts';
