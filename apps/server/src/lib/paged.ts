import { sql } from 'drizzle-orm';
import type { PageQuery } from '@aquamall/shared';

/**
 * The total of a paged list, computed with the page in the same query: add `total: windowTotal()` to the
 * select and hand the query (ordered, not yet limited) to `pagedRows`. Each row then carries the count of
 * every row the filter matches.
 */
export const windowTotal = () => sql<number>`count(*) over ()`.mapWith(Number);

/** A select not yet limited, or a function running a prepared one with this limit and offset. */
type PageSource<R> =
  | { limit(n: number): { offset(n: number): PromiseLike<R[]> } }
  | ((limit: number, offset: number) => PromiseLike<R[]>);

/**
 * One page of rows and the total in one round trip (`count(*) over ()`, see windowTotal). Only a page past
 * the end (no rows, pageIndex > 1) asks `countAll` for its total. Rows are answered without their `total`.
 *
 *   pagedRows(db.select({ ...getTableColumns(t), total: windowTotal() }).from(t).where(w).orderBy(o), q,
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
