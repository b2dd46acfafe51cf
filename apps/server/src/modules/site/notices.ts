import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { HomeNoticeQuery, NoticeSummary, Paged } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { articles } from '../../db/schema/index.ts';

/** Article categories that are pages rather than news; the home list leaves them out unless asked for. */
const NOT_NEWS = ['help', 'about'];

/** POST /api/openArticle/queryHomeNotice: published, visible articles; pinned first, newest first. */
export async function homeNotices(db: Db, q: HomeNoticeQuery): Promise<Paged<NoticeSummary>> {
  const where = and(
    eq(articles.hidden, false),
    sql`${articles.publishedAt} <= now()`,
    q.categoryCode ? eq(articles.categoryCode, q.categoryCode) : notInArray(articles.categoryCode, NOT_NEWS),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        sysNo: articles.id,
        title: articles.title,
        summary: articles.summary,
        cover: articles.cover,
        categoryName: articles.categoryName,
        publishedAt: articles.publishedAt,
      })
      .from(articles)
      .where(where)
      .orderBy(desc(articles.isTop), desc(articles.publishedAt), desc(articles.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(articles).where(where),
  ]);
  return { total: count?.n ?? 0, list: rows.map((r) => ({ ...r, publishedAt: new Date(r.publishedAt).toISOString() })) };
}
