import { and, count, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { MessageListQuery, MessageUnreadCounts } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import { pagedRows, preparedFor, totalOf } from '../../lib/paged.ts';

/** The messages a company's inbox shows: its own, not deleted. */
const inbox = (companyId: number | SQL) => and(eq(messages.companyId, companyId), isNull(messages.deletedAt));

/** The page query of the inbox (all or unread only, all categories or one), prepared once per database. */
const messagePage = (unreadOnly: boolean, byCategory: boolean) =>
  preparedFor((db: Db) => {
    const where = and(
      inbox(sql.placeholder('companyId') as unknown as SQL),
      unreadOnly ? isNull(messages.readAt) : undefined,
      byCategory ? eq(messages.category, sql.placeholder('category') as unknown as number) : undefined,
    );
    const { deletedAt: _, ...columns } = getTableColumns(messages);
    return db
      .select({ ...columns, total: totalOf(messages, where) })
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`message_page${unreadOnly ? '_unread' : ''}${byCategory ? '_cat' : ''}`);
  });
const pages = [
  [messagePage(false, false), messagePage(false, true)],
  [messagePage(true, false), messagePage(true, true)],
] as const;

/** A company's messages, newest first, paged (unread only with `unread: '1'`, one category); one round trip. */
export async function listMessages(db: Db, companyId: number, q: MessageListQuery) {
  const unread = q.unread === '1';
  const category = q.category;
  const page = pages[unread ? 1 : 0][category ? 1 : 0](db);
  return pagedRows(
    (limit, offset) => page.execute({ companyId, category, limit, offset }),
    q,
    () =>
      db.$count(
        messages,
        and(
          inbox(companyId),
          unread ? isNull(messages.readAt) : undefined,
          category ? eq(messages.category, category) : undefined,
        ),
      ),
  );
}

/** How many of a company's messages are unread, in all and per category ("1".."5"). */
export async function unreadCounts(db: Db, companyId: number): Promise<MessageUnreadCounts> {
  const rows = await db
    .select({ category: messages.category, n: count() })
    .from(messages)
    .where(and(inbox(companyId), isNull(messages.readAt)))
    .groupBy(messages.category);
  const byCategory: Record<string, number> = {};
  let total = 0;
  for (const r of rows) {
    byCategory[String(r.category)] = r.n;
    total += r.n;
  }
  return { count: total, byCategory };
}

/** The unread total alone (the header badge, the live socket). */
export async function unreadTotal(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(inbox(companyId), isNull(messages.readAt)));
  return row?.n ?? 0;
}

/**
 * For the live socket: the unread total and whether message `id` is visible yet (its transaction may commit
 * a moment after the event was published, or roll back). One query.
 */
export async function unreadWith(
  db: Db,
  companyId: number,
  id: number,
): Promise<{ unread: number; visible: boolean }> {
  const [row] = await db
    .select({
      unread: sql<number>`count(*) filter (where ${messages.readAt} is null)`.mapWith(Number),
      visible: sql<boolean>`coalesce(bool_or(${messages.id} = ${id}), false)`,
    })
    .from(messages)
    .where(and(inbox(companyId), sql`(${messages.readAt} is null or ${messages.id} = ${id})`));
  return { unread: row?.unread ?? 0, visible: !!row?.visible };
}

/** Marks some, all, or all of one category of a company's unread messages as read. */
export async function markRead(
  db: Db,
  companyId: number,
  { ids, all, category }: { ids?: number[]; all?: boolean; category?: number },
) {
  if (!all && !ids?.length) return { updated: 0 };
  const conds: (SQL | undefined)[] = [inbox(companyId), isNull(messages.readAt)];
  if (!all && ids) conds.push(inArray(messages.id, ids));
  if (all && category) conds.push(eq(messages.category, category));
  const rows = await db
    .update(messages)
    .set({ readAt: new Date() })
    .where(and(...conds))
    .returning({ id: messages.id });
  return { updated: rows.length };
}

/** Deletes messages from a company's inbox (soft); another company's ids change nothing. */
export async function deleteMessages(db: Db, companyId: number, ids: number[]) {
  const rows = await db
    .update(messages)
    .set({ deletedAt: new Date() })
    .where(and(inbox(companyId), inArray(messages.id, ids)))
    .returning({ id: messages.id });
  return { deleted: rows.length };
}
