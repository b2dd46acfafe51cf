import { and, count, desc, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { MessageListQuery } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import { pagedRows, preparedFor, totalOf } from '../../lib/paged.ts';

/** The page query of the inbox, all messages or unread only, prepared once per database. */
const messagePage = (unreadOnly: boolean) =>
  preparedFor((db: Db) => {
    const where = and(eq(messages.companyId, sql.placeholder('companyId')), unreadOnly ? isNull(messages.readAt) : undefined);
    return db
      .select({ ...getTableColumns(messages), total: totalOf(messages, where) })
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(unreadOnly ? 'message_page_unread' : 'message_page');
  });
const allPage = messagePage(false);
const unreadPage = messagePage(true);

/** A company's messages, newest first, paged (unread only with `unread: '1'`); one round trip. */
export async function listMessages(db: Db, companyId: number, q: MessageListQuery) {
  const unread = q.unread === '1';
  const page = (unread ? unreadPage : allPage)(db);
  return pagedRows((limit, offset) => page.execute({ companyId, limit, offset }), q, () =>
    db.$count(messages, and(eq(messages.companyId, companyId), unread ? isNull(messages.readAt) : undefined)),
  );
}

/** How many of a company's messages are unread. */
export async function unreadCount(db: Db, companyId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), isNull(messages.readAt)));
  return { count: row?.n ?? 0 };
}

/** Marks some (or all) of a company's unread messages as read. */
export async function markRead(db: Db, companyId: number, { ids, all }: { ids?: number[]; all?: boolean }) {
  if (!all && !ids?.length) return { updated: 0 };
  const conds: SQL[] = [eq(messages.companyId, companyId), isNull(messages.readAt)];
  if (!all && ids) conds.push(inArray(messages.id, ids));
  const rows = await db.update(messages).set({ readAt: new Date() }).where(and(...conds)).returning({ id: messages.id });
  return { updated: rows.length };
}
