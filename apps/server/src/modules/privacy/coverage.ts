import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** What a deleted person's name becomes wherever the company must keep the record (decision 0151). */
export const ANON_NAME = '已注销用户';

/** The person being anonymised: their id and every identifier records may hold of them. */
export interface Person {
  id: number;
  phone: string;
  email: string | null;
  /** realName, nickName, adminName, phone: the ways names were copied into records (actorName falls back to phone). */
  names: string[];
}

/**
 * Every column whose name says it may hold a person's name, phone, e-mail, picture or WeChat id
 * (PERSONAL_COLUMN below), by `table.column`. `cover` anonymises it for one person; `notPersonal` says why the
 * column is left alone. coverage.test.ts fails when the schema has such a column that is in neither list, so a
 * new column cannot slip past account deletion.
 */
export const PERSONAL_COLUMN = /(^|_)(name|phone|email|mobile|avatar|open_id|receiver|legal_person|contact|handler|payer|target|account|address)(_|$)/;

type Rule = (db: Db, p: Person) => Promise<unknown>;
const run = (q: (p: Person) => SQL): Rule => (db, p) => db.execute(q(p));
const names = (p: Person) => sql`ARRAY[${sql.join(p.names.map((n) => sql`${n}`), sql`, `)}]::text[]`;
const emails = (p: Person) => (p.email ? sql`, ${p.email}` : sql``);

/** The rules, one per group of columns; each names the columns it covers. Run in order inside ONE transaction. */
export const COVER: { columns: string[]; rule: Rule }[] = [
  {
    // The account itself keeps its id (records point at it) and loses everything that identifies the person;
    // the phone column is unique and required, so it becomes a marker that is no valid mobile number.
    columns: ['users.phone', 'users.email', 'users.real_name', 'users.nick_name', 'users.avatar', 'users.admin_name', 'users.wechat_open_id'],
    rule: run(
      (p) => sql`UPDATE users SET phone = ${`deleted-${p.id}`}, email = NULL, real_name = ${ANON_NAME}, nick_name = '',
        avatar = '', admin_name = NULL, wechat_open_id = NULL, gender = NULL, password_hash = '', disabled = true,
        is_company_admin = false, updated_at = now() WHERE id = ${p.id}`,
    ),
  },
  {
    columns: ['company_invitations.phone', 'company_invitations.real_name'],
    rule: run((p) => sql`UPDATE company_invitations SET phone = '', real_name = ${ANON_NAME} WHERE phone = ${p.phone} OR accepted_user_id = ${p.id}`),
  },
  {
    // Codes, failed-login counters and sandbox messages are kept for minutes or days only: removed outright.
    columns: ['verification_codes.target', 'login_failures.account', 'sandbox_outbox.target'],
    rule: async (db, p) => {
      await db.execute(sql`DELETE FROM verification_codes WHERE target IN (${p.phone}${emails(p)})`);
      await db.execute(sql`DELETE FROM login_failures WHERE account IN (${p.phone}${emails(p)})`);
      await db.execute(sql`DELETE FROM sandbox_outbox WHERE target IN (${p.phone}${emails(p)})`);
    },
  },
  {
    columns: ['wechat_tickets.open_id'],
    rule: run((p) => sql`UPDATE wechat_tickets SET open_id = NULL, status = 'expired' WHERE user_id = ${p.id}`),
  },
  {
    columns: ['companies.contact_name', 'companies.contact_phone'],
    rule: run((p) => sql`UPDATE companies SET contact_name = ${ANON_NAME}, contact_phone = '' WHERE contact_phone = ${p.phone}`),
  },
  {
    columns: ['merchant_applications.contact_name', 'merchant_applications.contact_phone', 'merchant_applications.contact_email'],
    rule: run(
      (p) => sql`UPDATE merchant_applications SET contact_name = ${ANON_NAME}, contact_phone = '', contact_email = ''
        WHERE contact_phone = ${p.phone}${p.email ? sql` OR lower(contact_email) = ${p.email.toLowerCase()}` : sql``}`,
    ),
  },
  {
    columns: ['certifications.handler_name', 'certifications.handler_phone', 'certifications.handler_id_no'],
    rule: run((p) => sql`UPDATE certifications SET handler_name = ${ANON_NAME}, handler_phone = '', handler_id_no = '' WHERE handler_phone = ${p.phone}`),
  },
  {
    columns: ['enquiries.contact_name', 'enquiries.contact_phone'],
    rule: run((p) => sql`UPDATE enquiries SET contact_name = ${ANON_NAME}, contact_phone = '' WHERE created_by = ${p.id} OR contact_phone = ${p.phone}`),
  },
  {
    columns: ['quotations.contact_name', 'quotations.contact_phone'],
    rule: run((p) => sql`UPDATE quotations SET contact_name = ${ANON_NAME}, contact_phone = '' WHERE created_by = ${p.id} OR contact_phone = ${p.phone}`),
  },
  {
    columns: ['bids.contact_name', 'bids.contact_phone'],
    rule: run((p) => sql`UPDATE bids SET contact_name = ${ANON_NAME}, contact_phone = '' WHERE contact_phone = ${p.phone}`),
  },
  {
    columns: ['quotation_messages.user_name'],
    rule: run((p) => sql`UPDATE quotation_messages SET user_name = ${ANON_NAME} WHERE user_id = ${p.id}`),
  },
  {
    columns: ['stock_adjustments.created_by_name', 'stock_adjustments.confirmed_by_name'],
    rule: async (db, p) => {
      await db.execute(sql`UPDATE stock_adjustments SET created_by_name = ${ANON_NAME} WHERE created_by = ${p.id}`);
      await db.execute(sql`UPDATE stock_adjustments SET confirmed_by_name = ${ANON_NAME} WHERE confirmed_by = ${p.id}`);
    },
  },
  {
    columns: ['addresses.receiver', 'addresses.phone'],
    rule: run((p) => sql`UPDATE addresses SET receiver = ${ANON_NAME}, phone = '', updated_at = now() WHERE phone = ${p.phone}`),
  },
  {
    // The order keeps its buyer company and amounts; the person who placed it and a delivery address in their
    // name lose the name and number.
    columns: ['orders.buyer_user_name', 'orders.address'],
    rule: async (db, p) => {
      await db.execute(sql`UPDATE orders SET buyer_user_name = ${ANON_NAME} WHERE buyer_user_id = ${p.id}`);
      await db.execute(
        sql`UPDATE orders SET address = address || jsonb_build_object('receiver', ${ANON_NAME}::text, 'phone', '')
          WHERE address->>'phone' = ${p.phone}`,
      );
    },
  },
  {
    // A return address a supplier gave on an after-sales request (decision 0184): the contact loses name and number.
    columns: ['rmas.return_address'],
    rule: run(
      (p) => sql`UPDATE rmas SET return_address = return_address || jsonb_build_object('receiver', ${ANON_NAME}::text, 'phone', '')
        WHERE return_address->>'phone' = ${p.phone}`,
    ),
  },
  {
    // The e-mail a membership invoice was to be sent to (decision 0188).
    columns: ['member_upgrade_requests.invoice_email'],
    rule: run((p) => (p.email ? sql`UPDATE member_upgrade_requests SET invoice_email = NULL WHERE lower(invoice_email) = ${p.email.toLowerCase()}` : sql`SELECT 1`)),
  },
  {
    columns: ['order_payments.payer_name'],
    rule: run((p) => sql`UPDATE order_payments SET payer_name = ${ANON_NAME} WHERE submitted_by = ${p.id} AND payer_name = ANY(${names(p)})`),
  },
  {
    columns: ['shipments.shipped_by_name'],
    rule: run((p) => sql`UPDATE shipments SET shipped_by_name = ${ANON_NAME} WHERE shipped_by = ${p.id}`),
  },
  {
    // A purchase request (decision 0201): the requester's name, and a delivery address in their name.
    columns: ['purchase_requests.requester_name', 'purchase_requests.address'],
    rule: async (db, p) => {
      await db.execute(sql`UPDATE purchase_requests SET requester_name = ${ANON_NAME} WHERE requester_user_id = ${p.id}`);
      await db.execute(
        sql`UPDATE purchase_requests SET address = address || jsonb_build_object('receiver', ${ANON_NAME}::text, 'phone', '')
          WHERE address->>'phone' = ${p.phone}`,
      );
    },
  },
  {
    // Who placed a call-off against a framework agreement (decision 0200).
    columns: ['agreement_draws.user_name'],
    rule: run((p) => sql`UPDATE agreement_draws SET user_name = ${ANON_NAME} WHERE user_id = ${p.id}`),
  },
  {
    // Who allocated, adjusted, consumed or released a budget (decision 0210).
    columns: ['budget_entries.created_by_name'],
    rule: run((p) => sql`UPDATE budget_entries SET created_by_name = ${ANON_NAME} WHERE created_by = ${p.id}`),
  },
  {
    // The signer's name and (masked) phone kept beside an order contract's signature (decision 0208). The sealed PDF
    // is the parties' signed contract and stays as it is (a record the law requires to be kept).
    columns: ['order_contracts.buyer_signer_name', 'order_contracts.buyer_signer_phone', 'order_contracts.seller_signer_name', 'order_contracts.seller_signer_phone'],
    rule: async (db, p) => {
      await db.execute(sql`UPDATE order_contracts SET buyer_signer_name = ${ANON_NAME}, buyer_signer_phone = '' WHERE buyer_signer_id = ${p.id}`);
      await db.execute(sql`UPDATE order_contracts SET seller_signer_name = ${ANON_NAME}, seller_signer_phone = '' WHERE seller_signer_id = ${p.id}`);
    },
  },
  {
    // The payment partner's payer id (WeChat openid / Alipay buyer id) of a payment the person opened (decision 0207).
    columns: ['pay_orders.payer_ref'],
    rule: run((p) => sql`UPDATE pay_orders SET payer_ref = NULL WHERE created_by = ${p.id}`),
  },
  {
    // The phone, e-mail or WeChat id an outbound notice went to (decision 0203).
    columns: ['notice_outbox.target'],
    rule: run((p) => sql`UPDATE notice_outbox SET target = '' WHERE user_id = ${p.id}`),
  },
  {
    // Append-only records: the migration's trigger lets this transaction change the name column only
    // (aquamall.anonymise, set by anonymisePerson).
    columns: ['audit_logs.actor_name', 'document_history.user_name', 'credit_ledger.created_by_name', 'stock_ledger.user_name'],
    rule: async (db, p) => {
      await db.execute(sql`UPDATE stock_ledger SET user_name = ${ANON_NAME} WHERE user_id = ${p.id}`);
      await db.execute(sql`UPDATE audit_logs SET actor_name = ${ANON_NAME} WHERE actor_user_id = ${p.id}`);
      await redactAuditValues(db, p);
      await db.execute(sql`UPDATE document_history SET user_name = ${ANON_NAME} WHERE user_id = ${p.id}`);
      await db.execute(sql`UPDATE credit_ledger SET created_by_name = ${ANON_NAME} WHERE created_by = ${p.id}`);
    },
  },
];

/** A jsonb column's text with each of `values` (as a whole JSON string) replaced by the anonymous name. */
function redacted(column: SQL, values: string[]): SQL {
  let expr = sql`${column}::text`;
  for (const v of values) expr = sql`replace(${expr}, ${JSON.stringify(v)}, ${JSON.stringify(ANON_NAME)})`;
  return sql`(${expr})::jsonb`;
}

/**
 * Old audit entries' before/after values (decision 0151, 2026-11-24): the phone and e-mail — unique to the
 * person — are replaced wherever they appear as a value; names (not unique: another person may share one)
 * only in entries the person wrote or that are about their user record. Whole JSON string values only, so
 * no other text is cut. The audit trigger lets this transaction change before/after (migration 0031).
 */
async function redactAuditValues(db: Db, p: Person) {
  const unique = [p.phone, ...(p.email ? [p.email] : [])];
  const all = [...new Set([...unique, ...p.names.filter((n) => n.length > 0)])];
  const like = (vals: string[]) => sql`ARRAY[${sql.join(vals.map((v) => sql`${`%${JSON.stringify(v)}%`}`), sql`, `)}]::text[]`;
  const mine = sql`(actor_user_id = ${p.id} OR (target_type = 'user' AND target_id = ${String(p.id)}))`;
  const holds = (vals: string[]) => sql`(before::text LIKE ANY(${like(vals)}) OR after::text LIKE ANY(${like(vals)}))`;
  await db.execute(sql`UPDATE audit_logs SET before = ${redacted(sql`before`, all)}, after = ${redacted(sql`after`, all)}
    WHERE ${mine} AND ${holds(all)}`);
  await db.execute(sql`UPDATE audit_logs SET before = ${redacted(sql`before`, unique)}, after = ${redacted(sql`after`, unique)}
    WHERE NOT ${mine} AND ${holds(unique)}`);
}

/** Columns matching PERSONAL_COLUMN that hold no person's data, with the reason. */
export const NOT_PERSONAL: Record<string, string> = {
  'shopping_lists.name': 'the name of a shopping list (常用药剂), chosen for goods, not a person',
  'companies.name': 'company name',
  'report_product_months.name': 'product name of an order line (report rollup)',
  'report_product_months.free_name': 'free-text line name of an enquiry order line (report rollup)',
  'companies.shop_name': 'shop name',
  'companies.area_name': 'region name',
  'companies.legal_person': "the legal representative as registered on the business licence (the company's public record)",
  'certifications.company_name': 'company name',
  'certifications.legal_person': 'legal representative of the business licence (public company record)',
  'merchant_applications.shop_name': 'shop name',
  'merchant_applications.company_name': 'company name',
  'merchant_applications.legal_person': 'legal representative of the business licence (public company record)',
  'bank_accounts.account_name': "the company's bank account name",
  'bank_accounts.bank_name': 'bank name',
  'bank_accounts.branch_name': 'bank branch name',
  'categories.name': 'catalogue',
  'category_attributes.name': 'catalogue',
  'products.name': 'catalogue',
  'products.origin_name': 'place of origin',
  'files.original_name': "an uploaded file's name (listed in the export, not a person's identifier)",
  'articles.category_name': 'content',
  'roles.name': 'role name',
  'web_menus.name': 'menu name',
  'tender_lots.name': 'tender lot name',
  'bids.purchaser_name': 'purchasing company name',
  'bids.winner_name': 'winning company name',
  'bids.area_name': 'region name',
  'enquiries.delivery_area_name': 'region name',
  'enquiry_items.product_name': 'product name',
  'quotations.supplier_company_name': 'company name',
  'stock_adjustment_lines.product_name': 'product name',
  'product_import_jobs.file_name': 'uploaded file name',
  'addresses.area_name': 'region name',
  'invoice_titles.reg_phone': "the company's registered phone on its tax registration",
  'invoice_titles.bank_name': 'bank name',
  'invoice_titles.reg_address': "the company's registered address",
  'invoice_titles.bank_account': "the company's bank account",
  'bank_accounts.account_no': "the company's bank account",
  'companies.address': "the company's address",
  'merchant_applications.address': "the company's address",
  'merchant_applications.area_name': 'region name',
  'enquiries.delivery_address': 'a delivery site of the company (no person named; the contact columns are covered)',
  'banners.target': 'link target',
  'site_menus.target': 'link target',
  'audit_logs.target_type': 'record type',
  'audit_logs.target_id': 'record id',
  'order_lines.product_name': 'product name',
  'orders.buyer_company_name': 'company name',
  'orders.seller_company_name': 'company name',
  'orders.shop_name': 'shop name',
  'credit_accounts.buyer_company_name': 'company name',
  'credit_accounts.seller_company_name': 'company name',
  'invoices.buyer_company_name': 'company name',
  'invoices.seller_company_name': 'company name',
  'departments.name': 'department name',
  'approval_rules.name': 'approval rule name',
  'purchase_requests.rule_name': 'approval rule name',
  'agreements.buyer_company_name': 'company name',
  'agreements.seller_company_name': 'company name',
  'agreement_lines.product_name': 'product name',
  'customer_groups.name': "a supplier's name for a group of customer companies",
  'tracking_events.area_name': 'region of a parcel scan',
  'api_keys.name': "a company's name for its API key",
};

export const COVERED_COLUMNS = COVER.flatMap((c) => c.columns);

/**
 * Anonymises one person everywhere (decision 0151). Call inside the transaction that marks the deletion
 * request done: the local setting opens the append-only triggers for name columns of this transaction only.
 */
export async function anonymisePerson(tx: Db, p: Person): Promise<void> {
  await tx.execute(sql`SELECT set_config('aquamall.anonymise', 'on', true)`);
  for (const c of COVER) await c.rule(tx, p);
  await tx.execute(sql`SELECT set_config('aquamall.anonymise', 'off', true)`);
}
