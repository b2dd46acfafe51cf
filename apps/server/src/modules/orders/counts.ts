import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderCounts } from '../../db/schema/index.ts';
import { registerRecurringJob } from '../jobs/index.ts';
import { preparedFor } from '../../lib/paged.ts';

/** How often the delta rows of `order_counts` are folded (decision 0113). */
export const ORDER_COUNTS_COMPACT_MS = 60_000;
export const ORDER_COUNTS_COMPACT_JOB = 'order_counts.compact';

/** Read on every order list and workbench home: prepared once per database handle (planned once per connection). */
const countsStatement = preparedFor((db: Db) =>
  db
    .select({ status: orderCounts.status, n: sql<number>`sum(${orderCounts.n})::int` })
    .from(orderCounts)
    .where(
      and(
        eq(orderCounts.scope, sql.placeholder('scope')),
        eq(orderCounts.ownerId, sql.placeholder('ownerId')),
        eq(orderCounts.kind, sql.placeholder('kind')),
      ),
    )
    .groupBy(orderCounts.status)
    .prepare('order_counts_of_scope'),
);

/**
 * The orders of one list scope per status: the sum of the key's delta rows (the trigger appends +1/−1 rows,
 * decision 0113). Statuses with no order are left out.
 */
export async function readOrderCounts(
  db: Db,
  scope: number,
  ownerId: number,
  kind: number,
): Promise<Record<string, number>> {
  const rows = await countsStatement(db).execute({ scope, ownerId, kind });
  const counts: Record<string, number> = {};
  for (const r of rows) if (r.n > 0) counts[String(r.status)] = r.n;
  return counts;
}

/**
 * Folds the delta rows of every key that has more than one into a single row (dropped when it sums to 0), in
 * one statement: the rows it deletes are those its snapshot sees, and the same statement inserts their sum, so a
 * reader sees either the old rows or the folded one. Rows appended meanwhile by concurrent orders are not in
 * the snapshot and stay; a concurrent compaction waits on the rows this one deletes and then skips them.
 * Returns the number of delta rows folded.
 */
export async function compactOrderCounts(db: Db): Promise<number> {
  const rows = await db.execute<{ folded: number }>(sql`
    with keys as (
      select scope, owner_id, kind, status from order_counts
      group by scope, owner_id, kind, status having count(*) > 1
    ),
    gone as (
      delete from order_counts c using keys k
      where c.scope = k.scope and c.owner_id = k.owner_id and c.kind = k.kind and c.status = k.status
      returning c.scope, c.owner_id, c.kind, c.status, c.n
    ),
    folded as (
      insert into order_counts (scope, owner_id, kind, status, n)
      select scope, owner_id, kind, status, sum(n)::int from gone
      group by scope, owner_id, kind, status having sum(n) <> 0
    )
    select count(*)::int as folded from gone`);
  return Number((rows as unknown as { rows: { folded: number }[] }).rows[0]?.folded ?? 0);
}

/** Registers the compaction with the job runner (idempotent). */
export function registerOrderCountJobs(): void {
  registerRecurringJob(ORDER_COUNTS_COMPACT_JOB, ORDER_COUNTS_COMPACT_MS, async (tx) => {
    await compactOrderCounts(tx);
  });
}
