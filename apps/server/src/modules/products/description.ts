import crypto from 'node:crypto';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { safeHtml } from '../../lib/sanitize.ts';

/**
 * Product descriptions are sanitised once, when written, and shown as stored (docs/decisions/0179): the goods
 * detail no longer runs the sanitiser on every view. Each row records which rules its stored HTML passed
 * (`products.description_rules`), as a fingerprint of the sanitiser's output for a probe that exercises every
 * rule (tags, attributes, classes, styles, link rel/target, URL schemes). When the rules in lib/sanitize.ts
 * change, the fingerprint changes by itself, and every stored description counts as unsanitised again: it is
 * sanitised on read until the start-up pass (`resanitiseDescriptions`) has rewritten it under the new rules.
 */
const PROBE = [
  '<h1 class="a" style="color:#f00;position:fixed;font-size:14px">t</h1>',
  '<p class="ql-align-center" style="text-align:center;background-color:rgb(1,2,3);font-weight:bold" onclick="x()">',
  '<a href="https://e.com/a" target="_self" rel="nofollow" class="l">a</a><a href="javascript:alert(1)">j</a>',
  '<a href="//e.com">p</a><a href="mailto:a@e.com" title="m">m</a><a name="n">n</a>',
  '<img src="data:image/png;base64,AA" alt="i" width="1" height="2" onerror="x()"><img src="javascript:x">',
  '<span class="s" data-x="1" id="i">s</span><font color="red" face="f">f</font><u>u</u><s>s</s><sub>1</sub><sup>2</sup>',
  '<table class="t"><colgroup><col width="1"></colgroup><tr><th colspan="2">h</th><td rowspan="2" style="color:red" class="c">d</td></tr></table>',
  '<iframe src="https://e.com"></iframe><script>x()</script><style>p{}</style><form><input></form><svg><a href="x"></a></svg></p>',
].join('');

/** The current rules' fingerprint (never 0, which marks rows written before descriptions were stamped). */
export const DESCRIPTION_RULES = crypto.createHash('sha256').update(safeHtml(PROBE)).digest().readInt32BE(0) || 1;

/** The columns a write stores for a description: the sanitised HTML and the rules it passed. */
export function storedDescription(html: string | null | undefined): { description: string; descriptionRules: number } {
  return { description: safeHtml(html), descriptionRules: DESCRIPTION_RULES };
}

/** The description to show: as stored when sanitised under today's rules, else sanitised now. */
export function shownDescription(row: { description: string; descriptionRules: number }): string {
  return row.descriptionRules === DESCRIPTION_RULES ? row.description : safeHtml(row.description);
}

const BATCH = 200;

/**
 * Re-sanitises every stored description not stamped with today's rules, in batches of BATCH rows, each in its
 * own transaction with the rows locked (`skip locked`: several instances starting at once share the work).
 * Empty descriptions need nothing (shown as '' without the sanitiser) and are left as they are.
 * `updated_at` is left alone: the supplier changed nothing. Returns the number of rows rewritten.
 */
export async function resanitiseDescriptions(db: Db, stopped: () => boolean = () => false): Promise<number> {
  let after = 0;
  let rewritten = 0;
  while (!stopped()) {
    const batch = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: products.id, description: products.description })
        .from(products)
        .where(and(gt(products.id, after), ne(products.descriptionRules, DESCRIPTION_RULES), ne(products.description, '')))
        .orderBy(asc(products.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const r of rows) {
        await tx
          .update(products)
          .set(storedDescription(r.description))
          .where(and(eq(products.id, r.id), ne(products.descriptionRules, DESCRIPTION_RULES)));
      }
      return rows;
    });
    if (!batch.length) break;
    rewritten += batch.length;
    after = batch.at(-1)!.id;
  }
  return rewritten;
}

/**
 * Which rules the last complete pass applied, kept in the database itself as the comment of the
 * `products.description_rules` column (`sanitised-under:<fingerprint>`): one catalogue read at start instead of a
 * scan of every product (docs/decisions/0193). The comment travels with the data (dumps, backups, the embedded
 * cluster's files), so a database restored from an older version, or written under older rules, runs the pass again.
 */
const MARK_PREFIX = 'sanitised-under:';

/** The products table's quoted, schema-qualified name. */
function productsTable(): string {
  const { name, schema } = getTableConfig(products);
  return schema ? `"${schema}"."${name}"` : `"${name}"`;
}

/** The fingerprint of the rules the last complete pass applied, or null (never run, or unreadable). */
export async function sanitisedUnder(db: Db): Promise<number | null> {
  const res = await db.execute(
    sql`select col_description(a.attrelid, a.attnum) as note from pg_attribute a
        where a.attrelid = ${sql.raw(`'${productsTable().replaceAll("'", "''")}'::regclass`)} and a.attname = 'description_rules'`,
  );
  const note = (res as unknown as { rows: { note: string | null }[] }).rows[0]?.note ?? '';
  return note.startsWith(MARK_PREFIX) ? Number(note.slice(MARK_PREFIX.length)) : null;
}

async function markSanitised(db: Db): Promise<void> {
  // A utility statement takes no bind parameters; the fingerprint is an integer computed here.
  await db.execute(sql.raw(`comment on column ${productsTable()}."description_rules" is '${MARK_PREFIX}${DESCRIPTION_RULES}'`));
}

/**
 * The start-up pass, run once per rule set: skipped when the database says a complete pass already applied
 * today's rules; otherwise `resanitiseDescriptions`, and the mark once it finished (not when stopped). Rows
 * written later under other rules (an older instance during a rolling deploy) keep their stamp and are
 * sanitised on read (`shownDescription`), so what is shown is always sanitised under today's rules. Resolves
 * null when the pass was skipped, else the number of rows rewritten.
 */
export async function resanitiseOnce(db: Db, stopped: () => boolean = () => false): Promise<number | null> {
  if ((await sanitisedUnder(db).catch(() => null)) === DESCRIPTION_RULES) return null;
  const n = await resanitiseDescriptions(db, stopped);
  if (!stopped()) await markSanitised(db);
  return n;
}

/** Rows still waiting for the pass (tests, and the log line after it). */
export async function unsanitisedDescriptions(db: Db): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(and(ne(products.descriptionRules, DESCRIPTION_RULES), ne(products.description, '')));
  return r?.n ?? 0;
}
