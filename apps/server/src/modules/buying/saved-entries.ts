import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Caller } from '../auth/index.ts';

/** A table of entries a company saves for reuse, one of them the default (addresses, invoice titles). */
type SavedTable = PgTable & {
  id: PgColumn;
  companyId: PgColumn;
  isDefault: PgColumn;
  updatedAt: PgColumn;
};

/**
 * The rules addresses and invoice titles share: entries are the caller's company's only (another company's id
 * is 不存在), at most `max`, exactly one default while any exist (the first saved, the one marked, or after the
 * default is deleted the oldest remaining). `values` are the columns each module derives from its input. With
 * `group` (addresses: their kind), there is one default per value of that column.
 */
export function savedEntries<T extends SavedTable, Row extends { id: number; isDefault: boolean }>(
  table: T,
  words: { missing: string; full: string; max: number },
  group?: { column: PgColumn; key: string },
) {
  // Drizzle cannot type writes to a table parameter; the columns named here exist on every SavedTable.
  const columns = (v: Record<string, unknown>) => v as never;
  const mine = (companyId: number, ...more: SQL[]) => and(eq(table.companyId, companyId), ...more);
  /** The entries sharing a default with an entry whose values (or row) are `v`. */
  const sameGroup = (v: Record<string, unknown>): SQL[] => (group ? [eq(group.column, v[group.key])] : []);

  async function list(db: Db, caller: Pick<Caller, 'companyId'>): Promise<Row[]> {
    const rows = await db
      .select()
      .from(table as PgTable)
      .where(mine(caller.companyId))
      .orderBy(desc(table.isDefault), asc(table.id));
    return rows as unknown as Row[];
  }

  /** One entry of the caller's company (404 for another company's). */
  async function own(db: Db, caller: Pick<Caller, 'companyId'>, id: number): Promise<Row> {
    const [row] = await db
      .select()
      .from(table as PgTable)
      .where(mine(caller.companyId, eq(table.id, id)));
    if (!row) throw notFound(words.missing);
    return row as unknown as Row;
  }

  /** Makes `id` the only default (a partial unique index may allow one): clear the others first. */
  async function makeDefault(tx: Db, companyId: number, id: number, v: Record<string, unknown>) {
    await tx
      .update(table)
      .set(columns({ isDefault: false }))
      .where(mine(companyId, eq(table.isDefault, true), ne(table.id, id), ...sameGroup(v)));
    await tx
      .update(table)
      .set(columns({ isDefault: true, updatedAt: new Date() }))
      .where(eq(table.id, id));
  }

  async function create(
    db: Db,
    caller: Caller,
    values: Record<string, unknown>,
    isDefault: boolean | undefined,
  ): Promise<{ sysNo: number }> {
    return db.transaction(async (tx) => {
      // Locking the company row serialises its adds, so the cap holds under concurrent adds.
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, caller.companyId)).for('update');
      const [{ n }] = (await tx
        .select({ n: count() })
        .from(table as PgTable)
        .where(mine(caller.companyId))) as [{ n: number }];
      if (n >= words.max) throw conflict(words.full);
      const [{ g }] = (await tx
        .select({ g: count() })
        .from(table as PgTable)
        .where(mine(caller.companyId, ...sameGroup(values)))) as [{ g: number }];
      const [row] = (await tx
        .insert(table)
        .values(columns({ ...values, companyId: caller.companyId, isDefault: false }))
        .returning({ id: table.id })) as { id: number }[];
      // The first entry (of its group) is the default one.
      if (isDefault || g === 0) await makeDefault(tx, caller.companyId, row!.id, values);
      return { sysNo: row!.id };
    });
  }

  async function update(
    db: Db,
    caller: Caller,
    id: number,
    values: Record<string, unknown>,
    isDefault: boolean | undefined,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await own(tx, caller, id);
      await tx
        .update(table)
        .set(columns({ ...values, updatedAt: new Date() }))
        .where(eq(table.id, row.id));
      // The group column is never in `values` of an update: an entry stays in the group it was saved in.
      if (isDefault && !row.isDefault) await makeDefault(tx, caller.companyId, row.id, row as Record<string, unknown>);
    });
  }

  async function setDefault(db: Db, caller: Caller, id: number): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await own(tx, caller, id);
      await makeDefault(tx, caller.companyId, row.id, row as Record<string, unknown>);
    });
  }

  /** The oldest entry of a group (that of `v`) becomes its default, if any remains. */
  async function promoteOldest(tx: Db, companyId: number, v: Record<string, unknown>) {
    const [next] = (await tx
      .select({ id: table.id })
      .from(table as PgTable)
      .where(mine(companyId, ...sameGroup(v)))
      .orderBy(asc(table.id))
      .limit(1)) as { id: number }[];
    if (next) await makeDefault(tx, companyId, next.id, v);
  }

  async function remove(db: Db, caller: Caller, id: number): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await own(tx, caller, id);
      await tx.delete(table).where(eq(table.id, row.id));
      if (!row.isDefault) return;
      // The oldest remaining entry (of its group) becomes the default.
      await promoteOldest(tx, caller.companyId, row as Record<string, unknown>);
    });
  }

  return { list, own, create, update, setDefault, remove };
}
