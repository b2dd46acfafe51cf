import { and, count, desc, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { MessageListQuery, MessageUnreadCounts } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import { pagedRows, preparedFor, totalOf } from '../../lib/paged.ts';

/** Whose inbox is read: the company's messages, as one of its members sees them. */
export interface InboxReader {
  companyId: number;
  userId: number;
}

/**
 * The messages a member's inbox shows (docs/product/workbench.md#inbox): the company's, not deleted, except those
 * addressed to another member (a notice addressed to one user reaches that user only: 待您审批 is the approver's).
 */
const inbox = (companyId: number | SQL, userId: number | SQL) =>
  and(eq(messages.companyId, companyId), isNull(messages.deletedAt), or(isNull(messages.userId), eq(messages.userId, userId)));

/** The page query of the inbox (all or unread only, all categories or one), prepared once per database. */
const messagePage = (unreadOnly: boolean, byCategory: boolean) =>
  preparedFor((db: Db) => {
    const where = and(
      inbox(sql.placeholder('companyId') as unknown as SQL, sql.placeholder('userId') as unknown as SQL),
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

/** A member's inbox, newest first, paged (unread only with `unread: '1'`, one category); one round trip. */
export async function listMessages(db: Db, reader: InboxReader, q: MessageListQuery) {
  const { companyId, userId } = reader;
  const unread = q.unread === '1';
  const category = q.category;
  const page = pages[unread ? 1 : 0][category ? 1 : 0](db);
  return pagedRows(
    (limit, offset) => page.execute({ companyId, userId, category, limit, offset }),
    q,
    () =>
      db.$count(
        messages,
        and(
          inbox(companyId, userId),
          unread ? isNull(messages.readAt) : undefined,
          category ? eq(messages.category, category) : undefined,
        ),
      ),
  );
}

/** How many of a member's inbox messages are unread, in all and per category ("1".."5"). */
export async function unreadCounts(db: Db, reader: InboxReader): Promise<MessageUnreadCounts> {
  const rows = await db
    .select({ category: messages.category, n: count() })
    .from(messages)
    .where(and(inbox(reader.companyId, reader.userId), isNull(messages.readAt)))
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
export async function unreadTotal(db: Db, reader: InboxReader): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(inbox(reader.companyId, reader.userId), isNull(messages.readAt)));
  return row?.n ?? 0;
}

/**
 * For the live socket: the unread total and whether message `id` is visible yet (its transaction may commit
 * a moment after the event was published, or roll back). One query.
 */
export async function unreadWith(
  db: Db,
  reader: InboxReader,
  id: number,
): Promise<{ unread: number; visible: boolean }> {
  const [row] = await db
    .select({
      unread: sql<number>`count(*) filter (where ${messages.readAt} is null)`.mapWith(Number),
      visible: sql<boolean>`coalesce(bool_or(${messages.id} = ${id}), false)`,
    })
    .from(messages)
    .where(and(inbox(reader.companyId, reader.userId), sql`(${messages.readAt} is null or ${messages.id} = ${id})`));
  return { unread: row?.unread ?? 0, visible: !!row?.visible };
}

/** Marks some, all, or all of one category of a member's unread inbox messages as read. */
export async function markRead(
  db: Db,
  reader: InboxReader,
  { ids, all, category }: { ids?: number[]; all?: boolean; category?: number },
) {
  if (!all && !ids?.length) return { updated: 0 };
  const conds: (SQL | undefined)[] = [inbox(reader.companyId, reader.userId), isNull(messages.readAt)];
  if (!all && ids) conds.push(inArray(messages.id, ids));
  if (all && category) conds.push(eq(messages.category, category));
  const rows = await db
    .update(messages)
    .set({ readAt: new Date() })
    .where(and(...conds))
    .returning({ id: messages.id });
  return { updated: rows.length };
}

/** Deletes messages from a member's inbox (soft); another company's (or member's) ids change nothing. */
export async function deleteMessages(db: Db, reader: InboxReader, ids: number[]) {
  const rows = await db
    .update(messages)
    .set({ deletedAt: new Date() })
    .where(and(inbox(reader.companyId, reader.userId), inArray(messages.id, ids)))
    .returning({ id: messages.id });
  return { deleted: rows.length };
}
