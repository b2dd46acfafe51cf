import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { PageQuery } from '@aquamall/shared';

/**
 * The total of a paged list, in the page's own query: add `total: totalOf(table, where)` to the select (same
 * table, same filter) and hand the query (ordered, not yet limited) to `pagedRows`. PostgreSQL counts once (an
 * InitPlan, by index-only scan where it can) and still reads only the page's rows; `count(*) over ()` would
 * read every matching row (EXPLAIN ANALYZE, 5,100 messages of one company: 0.6 ms against 2.8 ms).
 */
export const totalOf = (table: PgTable, where: SQL | undefined) =>
  sql<number>`(select count(*) from ${table} where ${where ?? sql`true`})`.mapWith(Number);

/**
 * totalOf counting at most `cap + 1` rows: a company with 70,000 products answers "10,000+" after reading
 * 10,001 index entries instead of all of them (decision 0086, 2026-11-24). `cappedTotal` turns the count into
 * the answer's `total` and `totalCapped`.
 */
export const cappedTotalOf = (table: PgTable, where: SQL | undefined, cap: number) =>
  sql<number>`(select count(*) from (select 1 from ${table} where ${where ?? sql`true`} limit ${cap + 1}) capped)`.mapWith(Number);

export const cappedTotal = (n: number, cap: number) => ({ total: Math.min(n, cap), totalCapped: n > cap });

/** A select not yet limited, or a function running a prepared one with this limit and offset. */
type PageSource<R> =
  | { limit(n: number): { offset(n: number): PromiseLike<R[]> } }
  | ((limit: number, offset: number) => PromiseLike<R[]>);

/**
 * One page of rows and the total in one round trip (see totalOf). Only a page past the end (no rows,
 * pageIndex > 1) asks `countAll` for its total. Rows are answered without their `total`.
 *
 *   pagedRows(db.select({ ...getTableColumns(t), total: totalOf(t, w) }).from(t).where(w).orderBy(o), q,
 *     () => db.$count(t, w))
 */
export async function pagedRows<R extends { total: number }>(
  source: PageSource<R>,
  page: Pick<PageQuery, 'pageIndex' | 'pageSize'>,
  countAll: () => PromiseLike<number>,
): Promise<{ list: Omit<R, 'total'>[]; total: number }> {
  const offset = (page.pageIndex - 1) * page.pageSize;
  const rows = await (typeof source === 'function' ? source(page.pageSize, offset) : source.limit(page.pageSize).offset(offset));
  const total = rows.length ? rows[0]!.total : page.pageIndex > 1 ? Number(await countAll()) : 0;
  return { list: rows.map(({ total: _, ...row }) => row), total };
}

/**
 * A drizzle prepared statement (`.prepare(name)`), built once per database handle: the SQL text is made once
 * and PostgreSQL keeps the parsed statement per connection. For the hot reads of every page view.
 */
export function preparedFor<D extends object, Q>(build: (db: D) => Q): (db: D) => Q {
  const byDb = new WeakMap<D, Q>();
  return (db) => {
    let q = byDb.get(db);
    if (!q) byDb.set(db, (q = build(db)));
    return q;
  };
}
