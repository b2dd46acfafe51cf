import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Uploaded files of a deleted account (decision 0151, 2026-11-24). A file the person uploaded is personal —
 * and goes with the account — unless a record of the company still points at it: the company's certification,
 * products, shop, orders, invoices, tenders, enquiries and every other business table keep the documents they
 * use. "Points at" is read from the rows themselves (the file's storage key inside any column), so a new
 * table that stores file paths is covered without a list to maintain.
 *
 * Not counted as a reference: the person's own user row (their avatar is personal), the audit log (history
 * of what a record once held), the files table itself and the personal-data requests and sign-in records.
 */
const NOT_REFERENCES = ['files', 'users', 'audit_logs', 'personal_data_requests', 'sessions', 'sandbox_outbox', 'verification_codes'];

/** Removes the person's personal uploads from the files table; answers their storage keys (bytes deleted after commit). */
export async function removePersonalFiles(tx: Db, userId: number): Promise<string[]> {
  const own = (await tx.execute(sql`SELECT path FROM files WHERE user_id = ${userId}`)) as unknown as { rows: { path: string }[] };
  const paths = own.rows.map((r) => r.path);
  if (!paths.length) return [];
  const tables = (await tx.execute(
    sql`SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
        AND table_name NOT IN (${sql.join(NOT_REFERENCES.map((n) => sql`${n}`), sql`, `)}) AND table_name NOT LIKE '\\_\\_%'
      ORDER BY table_name`,
  )) as unknown as { rows: { name: string }[] };
  const wanted = sql`ARRAY[${sql.join(paths.map((p) => sql`${p}`), sql`, `)}]::text[]`;
  // One pass over each table: which of the person's keys its rows hold (the row as text, every column).
  const referenced = new Set<string>();
  for (const { name } of tables.rows) {
    const t = sql.identifier(name);
    const hit = (await tx.execute(
      sql`SELECT DISTINCT p.path FROM ${t} AS r, unnest(${wanted}) AS p(path) WHERE strpos(r::text, p.path) > 0`,
    )) as unknown as { rows: { path: string }[] };
    for (const r of hit.rows) referenced.add(r.path);
  }
  const personal = paths.filter((p) => !referenced.has(p));
  if (!personal.length) return [];
  await tx.execute(sql`DELETE FROM files WHERE user_id = ${userId} AND path = ANY(ARRAY[${sql.join(personal.map((p) => sql`${p}`), sql`, `)}]::text[])`);
  return personal;
}
