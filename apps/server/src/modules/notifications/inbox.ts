import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { MessageListQuery } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';

/** A company's messages, newest first, paged (unread only with `unread: '1'`). */
export async function listMessages(db: Db, companyId: number, q: MessageListQuery) {
  const conds: SQL[] = [eq(messages.companyId, companyId)];
  if (q.unread === '1') conds.push(isNull(messages.readAt));
  const where = and(...conds);
  const [list, [total]] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: count() }).from(messages).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
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
