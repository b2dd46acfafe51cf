import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/**
 * Moving the build's seeded demo template to today (docs/decisions/0213): every `date` and `timestamptz` column
 * of the demo data is moved by the whole number of China days between the template's seed day and today, in one
 * transaction, so a template built on an earlier day shows the marketplace a seed run today would show (enquiry
 * deadlines ahead, orders of the last days). China has no daylight saving time, so a China day is 24 hours and
 * the time of day in China is kept.
 *
 * Every date/time column of the schema is either listed here or in `NOT_SHIFTED` with the reason: shift.test.ts
 * fails on a column in neither, so a new table or column cannot silently keep the template's day.
 */
export const SHIFTED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  addresses: ['created_at', 'updated_at'],
  agreement_draws: ['created_at'],
  agreements: ['valid_from', 'valid_to', 'confirmed_at', 'created_at', 'updated_at'],
  api_calls: ['at'],
  api_keys: ['created_at', 'rotated_at', 'revoked_at', 'last_used_at'],
  api_nonces: ['expires_at'],
  approval_rules: ['created_at', 'updated_at'],
  articles: ['published_at', 'created_at'],
  audit_logs: ['created_at'],
  bank_accounts: ['sent_at', 'verified_at', 'updated_at', 'day_started_at', 'disabled_at', 'created_at'],
  bids: [
    'deadline',
    'open_at',
    'published_at',
    'created_at',
    'amended_at',
    'closed_at',
    'opened_at',
    'publicity_ends_at',
    'publicity_ended_at',
    'taken_down_at',
  ],
  captchas: ['created_at', 'expires_at'],
  cart_lines: ['created_at', 'updated_at'],
  category_attributes: ['created_at'],
  certifications: ['verified_at', 'contract_signed_at', 'submitted_at', 'decided_at', 'updated_at'],
  companies: ['created_at', 'updated_at', 'member_expires_at'],
  company_invitations: ['created_at', 'expires_at', 'decided_at'],
  contract_price_uses: ['created_at'],
  contract_prices: ['valid_from', 'valid_to', 'created_at', 'updated_at'],
  credit_accounts: ['approved_at', 'created_at', 'updated_at'],
  credit_ledger: ['due_at', 'created_at'],
  credit_requests: ['decided_at', 'created_at'],
  credit_statements: ['period_start', 'period_end', 'confirmed_at', 'created_at'],
  budget_entries: ['created_at'],
  budget_settings: ['updated_at'],
  budgets: ['created_at'],
  contract_settings: ['updated_at'],
  customer_groups: ['created_at', 'updated_at'],
  domain_events: ['created_at', 'dispatched_at'],
  order_contracts: ['buyer_signed_at', 'seller_signed_at', 'created_at', 'updated_at'],
  pay_callbacks: ['received_at'],
  pay_ledger: ['created_at'],
  pay_orders: ['created_at', 'expires_at', 'paid_at', 'updated_at'],
  pay_refunds: ['created_at', 'done_at'],
  pay_sandbox_trades: ['updated_at'],
  pay_sub_merchants: ['submitted_at', 'verified_at'],
  recon_discrepancies: ['resolved_at'],
  recon_runs: ['created_at'],
  shopping_list_items: ['created_at', 'updated_at'],
  shopping_lists: ['created_at', 'updated_at'],
  departments: ['created_at', 'updated_at'],
  document_history: ['created_at'],
  enquiries: [
    'deadline',
    'published_at',
    'created_at',
    'updated_at',
    'delivery_date',
    'closed_at',
    'awarded_at',
    'taken_down_at',
  ],
  enquiry_invitations: ['created_at'],
  files: ['created_at'],
  idempotency_keys: ['created_at'],
  invoice_titles: ['created_at', 'updated_at'],
  invoices: ['invoice_date', 'issued_at', 'confirmed_at', 'created_at', 'updated_at'],
  jobs: ['run_at', 'created_at', 'done_at'],
  login_failures: ['created_at'],
  member_ledger: ['from_expires_at', 'to_expires_at', 'created_at'],
  member_upgrade_requests: [
    'decided_at',
    'created_at',
    'proof_at',
    'period_start',
    'period_end',
    'invoice_requested_at',
    'invoice_issued_at',
  ],
  merchant_applications: ['agreement_signed_at', 'submitted_at', 'decided_at', 'created_at', 'updated_at'],
  messages: ['read_at', 'created_at', 'deleted_at'],
  notice_outbox: ['send_after', 'claimed_at', 'sent_at', 'created_at'],
  notice_receivers: ['updated_at'],
  notice_settings: ['updated_at'],
  order_payments: ['submitted_at', 'decided_at'],
  orders: [
    'created_at',
    'updated_at',
    'confirmed_at',
    'paid_at',
    'first_shipped_at',
    'last_shipped_at',
    'completed_at',
    'cancelled_at',
  ],
  personal_data_requests: ['created_at', 'deadline_at', 'done_at', 'expires_at'],
  product_discussions: ['replied_at', 'created_at'],
  product_import_jobs: ['created_at', 'updated_at', 'finished_at'],
  product_revisions: ['submitted_at', 'decided_at'],
  product_search: ['created_at'],
  product_skus: ['created_at', 'updated_at'],
  products: ['created_at', 'updated_at'],
  purchase_requests: ['expires_at', 'decided_at', 'created_at', 'updated_at'],
  quotation_messages: ['read_at', 'created_at'],
  quotation_versions: ['valid_until', 'created_at'],
  quotations: ['valid_until', 'withdrawn_at', 'awarded_at', 'created_at', 'updated_at'],
  rma_disputes: ['decided_at', 'created_at'],
  rmas: ['created_at', 'updated_at', 'closed_at', 'refunded_at'],
  roles: ['created_at', 'updated_at'],
  sandbox_outbox: ['created_at'],
  search_synonyms: ['updated_at'],
  sessions: ['created_at', 'last_seen_at', 'expires_at', 'revoked_at'],
  shipments: ['created_at'],
  site_settings: ['updated_at'],
  stock_adjustments: ['confirmed_at', 'created_at', 'updated_at'],
  stock_ledger: ['created_at'],
  tender_bid_versions: ['created_at'],
  tender_bids: ['submitted_at', 'withdrawn_at', 'created_at', 'updated_at'],
  tender_invitations: ['created_at'],
  tender_objections: ['replied_at', 'created_at'],
  tender_questions: ['answered_at', 'created_at'],
  tender_scores: ['scored_at'],
  tracked_parcels: ['last_event_at', 'delivered_at', 'last_queried_at', 'created_at'],
  tracking_events: ['time', 'created_at'],
  tracking_pushes: ['received_at'],
  two_factor_challenges: ['created_at', 'expires_at', 'used_at'],
  two_factor_devices: ['created_at', 'expires_at', 'last_used_at'],
  two_factor_recovery_codes: ['used_at', 'created_at'],
  user_two_factor: ['enabled_at', 'created_at'],
  users: ['created_at', 'updated_at'],
  verification_codes: ['created_at', 'expires_at', 'used_at'],
  webhook_attempts: ['at'],
  webhook_deliveries: ['next_attempt_at', 'created_at', 'delivered_at'],
  webhook_endpoints: ['disabled_at', 'created_at', 'deleted_at'],
  wechat_tickets: ['created_at', 'expires_at'],
};

/** Date columns left as they are, and why. */
export const NOT_SHIFTED: Readonly<Record<string, string>> = {
  // The report rollups are kept by the triggers on `orders` (migrations 0028, 0033): the shift updates
  // orders.paid_at and first_shipped_at with those triggers on, so each order's figures leave the template's
  // day or month and land on the shifted one — across a month boundary too, which moving the rows cannot do.
  'report_order_days.day': 'kept by the orders triggers',
  'report_shipped_days.day': 'kept by the orders triggers',
  'report_product_months.month': 'kept by the orders triggers',
  'report_category_months.month': 'kept by the orders triggers',
};

/**
 * Tables whose triggers stay on while their dates move: the report rollups' triggers on `orders`. Every other
 * table's own triggers (append-only ledgers and audit log, frozen confirmed documents, search vectors) are
 * switched off for the transaction: moving a date is not an edit they guard against.
 */
const TRIGGERS_KEPT = new Set(['orders']);

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every `date` and `timestamptz` column of the application's tables (views excluded). */
export function dateColumns(db: Db): Promise<{ table_name: string; column_name: string; data_type: string }[]> {
  return rowsOf(
    db,
    sql`select c.table_name, c.column_name, c.data_type
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and c.data_type in ('date', 'timestamp with time zone', 'timestamp without time zone')
        order by 1, 2`,
  );
}

/** The whole China days from the China day `from` to the China day `to` (`YYYY-MM-DD`). */
export function chinaDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Moves every declared date column by `days` China days (timestamps by `days` × 24 hours, dates by `days`), in
 * one transaction with one UPDATE per table. Tables absent from the database are skipped (none should be).
 */
export async function shiftDemoDates(db: Db, days: number): Promise<void> {
  if (!Number.isInteger(days)) throw new Error(`shiftDemoDates: ${days} is not a whole number of days`);
  if (days === 0) return;
  // AQUAMALL_SEED_TIMINGS=1 prints the time of each table's update (as the seed's steps).
  const timings = process.env.AQUAMALL_SEED_TIMINGS === '1' ? ([] as string[]) : null;
  await db.transaction(async (t) => {
    const typeOf = new Map(
      (await dateColumns(t)).map((r) => [`${r.table_name}.${r.column_name}`, r.data_type] as const),
    );
    const triggered = await rowsOf<{ name: string }>(
      t,
      sql`select distinct c.relname as name from pg_trigger g join pg_class c on c.oid = g.tgrelid
          where not g.tgisinternal and c.relnamespace = 'public'::regnamespace`,
    );
    const withTriggers = new Set(triggered.map((r) => r.name));
    const off: string[] = [];
    for (const [table, columns] of Object.entries(SHIFTED_COLUMNS)) {
      const present = columns.filter((c) => typeOf.has(`${table}.${c}`));
      if (!present.length) continue;
      if (withTriggers.has(table) && !TRIGGERS_KEPT.has(table)) {
        await t.execute(sql.raw(`alter table "${table}" disable trigger user`));
        off.push(table);
      }
      const sets = present.map((c) =>
        typeOf.get(`${table}.${c}`) === 'date'
          ? `"${c}" = "${c}" + ${days}`
          : `"${c}" = "${c}" + ${days} * interval '24 hours'`,
      );
      // Rows whose dates are all null are left alone (no dead tuples for nothing).
      const any = present.map((c) => `"${c}" is not null`).join(' or ');
      const t0 = performance.now();
      await t.execute(sql.raw(`update "${table}" set ${sets.join(', ')} where ${any}`));
      timings?.push(`${table} ${Math.round(performance.now() - t0)}`);
    }
    for (const table of off) await t.execute(sql.raw(`alter table "${table}" enable trigger user`));
  });
  if (timings) console.error(`[shift] ms per table: ${timings.filter((x) => !x.endsWith(' 0')).join(', ')}`);
}
