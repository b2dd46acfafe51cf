import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { AdminNewsInput, AdminNewsListQuery } from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { articles } from '../../../db/schema/index.ts';
import { fail } from '../messages.ts';
import { escapeLike } from '../../../lib/sql.ts';
import type { AuditActor } from '../../audit/index.ts';
import { audited, siteContentChanged } from '../audited.ts';
import { sanitizeArticle } from '../sanitize.ts';

/** News articles, newest first, paged; by title keyword and column. */
export async function listNews(db: Db, q: AdminNewsListQuery) {
  const conds: SQL[] = [];
  if (q.keyword) conds.push(ilike(articles.title, `%${escapeLike(q.keyword)}%`));
  if (q.categoryCode) conds.push(eq(articles.categoryCode, q.categoryCode));
  const where = conds.length ? and(...conds) : undefined;
  const [list, [total]] = await Promise.all([
    db
      .select({
        id: articles.id,
        title: articles.title,
        categoryCode: articles.categoryCode,
        categoryName: articles.categoryName,
        isTop: articles.isTop,
        hidden: articles.hidden,
        views: articles.views,
        publishedAt: articles.publishedAt,
      })
      .from(articles)
      .where(where)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}

/** One article for editing. */
export async function newsArticle(db: Db, id: number) {
  const [row] = await db.select().from(articles).where(eq(articles.id, id));
  if (!row) throw fail('ADMIN_ARTICLE_NOT_FOUND');
  return row;
}

/** Creates or changes an article (rich text sanitised); audited, and the site cache is rebuilt. */
export async function saveNews(db: Db, actor: AuditActor, { id, ...v }: Required<Omit<AdminNewsInput, 'id'>> & { id?: number }) {
  const values = { ...v, content: sanitizeArticle(v.content) };
  const row = await db.transaction(async (tx) => {
    const [before] = id ? await tx.select().from(articles).where(eq(articles.id, id)) : [null];
    if (id && !before) throw fail('ADMIN_ARTICLE_NOT_FOUND');
    const [after] = id ? await tx.update(articles).set(values).where(eq(articles.id, id)).returning() : await tx.insert(articles).values(values).returning();
    await audited(
      tx,
      actor,
      id ? 'article.update' : 'article.create',
      'article',
      after!.id,
      before ? { title: before.title, hidden: before.hidden, content: before.content } : null,
      { title: after!.title, hidden: after!.hidden, content: after!.content },
    );
    return after!;
  });
  siteContentChanged();
  return row;
}

/** Deletes an article; audited, and the site cache is rebuilt. */
export async function deleteNews(db: Db, actor: AuditActor, id: number) {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(articles).where(eq(articles.id, id)).returning();
    if (!before) throw fail('ADMIN_ARTICLE_NOT_FOUND');
    await audited(tx, actor, 'article.delete', 'article', before.id, before, null);
  });
  siteContentChanged();
}
