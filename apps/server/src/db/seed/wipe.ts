import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/**
 * Tables the demo seed fills. `truncate … cascade` also empties every table that references them (orders,
 * sessions, offers … added by other modules), so a forced reseed starts from a clean marketplace. That includes
 * the workbench role presets (the roles table references companies): the CLI restores them afterwards, as
 * the server does on start.
 */
export const DEMO_TABLES = [
  'companies',
  'users',
  'sessions',
  'categories',
  'products',
  'files',
  'site_menus',
  'banners',
  'articles',
  'partners',
  'site_settings',
  'enquiries',
  'enquiry_items',
  'bids',
  'messages',
  // No foreign key to the companies, so the cascade does not reach them (document_history: every document's
  // history, review histories included, keyed by doc type and id only).
  'document_history',
  'audit_logs',
  // Timed rules of the demo orders (refId only, no foreign key).
  'jobs',
  'order_counts',
  // The report rollups (decision 0133) are filled by triggers that a truncate does not fire.
  'report_order_days',
  'report_shipped_days',
  'report_product_months',
  'report_category_months',
  // Checkout answers are keyed by user id only.
  'idempotency_keys',
] as const;

export async function wipeDemoTables(db: Db): Promise<void> {
  await db.execute(sql.raw(`truncate table ${DEMO_TABLES.map((t) => `"${t}"`).join(', ')} restart identity cascade`));
}
