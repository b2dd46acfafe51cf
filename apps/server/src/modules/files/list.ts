import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { FileRow, Paged, PageQuery } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import type { AuthContext } from '../auth/index.ts';

/** The caller's company's uploads, newest first; a user without a company sees their own. */
export async function listFiles(db: Db, auth: AuthContext, { pageIndex, pageSize }: PageQuery): Promise<Paged<FileRow>> {
  const scope = auth.companyId ? eq(files.companyId, auth.companyId) : and(isNull(files.companyId), eq(files.userId, auth.userId));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(files)
      .where(scope)
      .orderBy(desc(files.id))
      .limit(pageSize)
      .offset((pageIndex - 1) * pageSize),
    db.select({ n: count() }).from(files).where(scope),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      fileRelativePath: r.path,
      fileName: r.originalName,
      size: r.size,
      mime: r.mime,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}
