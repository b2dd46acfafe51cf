import { asc, eq } from 'drizzle-orm';
import type { CategoryNode } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { categories } from '../../db/schema/index.ts';
import { cacheFor } from '../site/index.ts';

/**
 * The visible category tree (3 levels), ordered by sort. A hidden category hides its whole branch. iconPath is
 * the category's default image, or ''.
 */
export async function loadCategoryTree(db: Db): Promise<CategoryNode[]> {
  const rows = await db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name, code: categories.categoryCode, image: categories.defaultImage })
    .from(categories)
    .where(eq(categories.hidden, false))
    .orderBy(asc(categories.sort), asc(categories.id));
  const nodes = new Map<number, CategoryNode>();
  for (const r of rows) nodes.set(r.id, { sysNo: r.id, name: r.name, categoryCode: r.code, iconPath: r.image ?? '', children: [] });
  const roots: CategoryNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    if (r.parentId === null) roots.push(node);
    else nodes.get(r.parentId)?.children.push(node);
  }
  return roots;
}

/** GET /api/product/category, cached with the site data (invalidateSiteData() refreshes it). */
export const categoryTree = (db: Db) => cacheFor(db).get('category', () => loadCategoryTree(db));
