import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ArticleCategory, ArticleDetail, ArticleListItem, Paged } from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { articles } from '../../../db/schema/index.ts';
import { fail } from '../messages.ts';
import { nameFilter } from '../../../lib/name-filter.ts';
import { safeHtml } from '../../../lib/sanitize.ts';

export const visible = and(eq(articles.hidden, false), sql`${articles.publishedAt} <= now()`) as SQL;

const listColumns = {
  id: articles.id,
  title: articles.title,
  summary: articles.summary,
  cover: articles.cover,
  categoryCode: articles.categoryCode,
  categoryName: articles.categoryName,
  source: articles.source,
  views: articles.views,
  isTop: articles.isTop,
  publishedAt: articles.publishedAt,
};

const toItem = (r: Omit<ArticleListItem, 'publishedAt'> & { publishedAt: Date }): ArticleListItem => ({
  ...r,
  publishedAt: r.publishedAt.toISOString(),
});

/** notice: published, visible articles by title and category; pinned first, newest first. */
export async function queryArticles(
  db: Db,
  q: { title?: string; categoryCode?: string; pageIndex: number; pageSize: number },
): Promise<Paged<ArticleListItem>> {
  const where = and(
    visible,
    nameFilter(q.title, sql`${articles.title}`),
    q.categoryCode ? eq(articles.categoryCode, q.categoryCode) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(listColumns)
      .from(articles)
      .where(where)
      .orderBy(desc(articles.isTop), desc(articles.publishedAt), desc(articles.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(articles)
      .where(where),
  ]);
  return { total: count?.n ?? 0, list: rows.map(toItem) };
}

export async function articleCategories(db: Db): Promise<ArticleCategory[]> {
  return db
    .select({
      categoryCode: articles.categoryCode,
      categoryName: sql<string>`max(${articles.categoryName})`,
      count: sql<number>`count(*)::int`,
    })
    .from(articles)
    .where(visible)
    .groupBy(articles.categoryCode)
    .orderBy(articles.categoryCode);
}

/** articledetail: counts the view, sanitises the content again on display, links the neighbours. */
export async function articleDetail(db: Db, id: number): Promise<ArticleDetail> {
  const [row] = await db
    .update(articles)
    .set({ views: sql`${articles.views} + 1` })
    .where(and(visible, eq(articles.id, id)))
    .returning({ ...listColumns, author: articles.author, content: articles.content });
  if (!row) throw fail('ARTICLE_NOT_FOUND');
  const sameCategory = and(visible, eq(articles.categoryCode, row.categoryCode));
  const neighbour = (newer: boolean) =>
    db
      .select({ id: articles.id, title: articles.title })
      .from(articles)
      .where(
        and(
          sameCategory,
          newer
            ? or(
                gt(articles.publishedAt, row.publishedAt),
                and(eq(articles.publishedAt, row.publishedAt), gt(articles.id, id)),
              )
            : or(
                lt(articles.publishedAt, row.publishedAt),
                and(eq(articles.publishedAt, row.publishedAt), lt(articles.id, id)),
              ),
        ),
      )
      .orderBy(
        ...(newer
          ? [asc(articles.publishedAt), asc(articles.id)]
          : [desc(articles.publishedAt), desc(articles.id)]),
      )
      .limit(1);
  const [[prev], [next]] = await Promise.all([neighbour(true), neighbour(false)]);
  return {
    ...toItem(row),
    author: row.author,
    content: safeHtml(row.content),
    prev: prev ?? null,
    next: next ?? null,
  };
}
