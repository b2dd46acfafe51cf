import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { AttributeDef, AttributeInput } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { categories, categoryAttributes } from '../../db/schema/index.ts';
import { fail } from './messages.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';

export interface CategoryPathItem {
  sysNo: number;
  name: string;
  categoryCode: string;
  level: number;
  hidden: boolean;
}

/** A category and its ancestors, root first (categoryCode encodes the path: 01, 0101, 010101). */
export async function categoryPath(db: Db, categoryId: number): Promise<CategoryPathItem[]> {
  const [leaf] = await db.select().from(categories).where(eq(categories.id, categoryId));
  if (!leaf) return [];
  const code = leaf.categoryCode;
  const prefixes: string[] = [];
  for (let i = 2; i <= code.length; i += 2) prefixes.push(code.slice(0, i));
  const rows = await db.select().from(categories).where(inArray(categories.categoryCode, prefixes));
  return rows
    .sort((a, b) => a.categoryCode.length - b.categoryCode.length)
    .map((c) => ({ sysNo: c.id, name: c.name, categoryCode: c.categoryCode, level: c.level, hidden: c.hidden }));
}

/** The attribute definitions that apply to a category: its own and its ancestors', root first. */
export async function attributesFor(db: Db, categoryId: number): Promise<AttributeDef[]> {
  const path = await categoryPath(db, categoryId);
  if (!path.length) throw fail('CATEGORY_NOT_FOUND');
  const rows = await db
    .select()
    .from(categoryAttributes)
    .where(inArray(categoryAttributes.categoryId, path.map((p) => p.sysNo)))
    .orderBy(asc(categoryAttributes.sort), asc(categoryAttributes.id));
  const depth = new Map(path.map((p, i) => [p.sysNo, i]));
  return rows
    .sort((a, b) => depth.get(a.categoryId)! - depth.get(b.categoryId)! || a.sort - b.sort || a.id - b.id)
    .map((r) => ({
      sysNo: r.id,
      categoryId: r.categoryId,
      categoryName: path.find((p) => p.sysNo === r.categoryId)?.name ?? '',
      name: r.name,
      type: r.type,
      options: r.options,
      unit: r.unit,
      required: r.required,
      sort: r.sort,
    }));
}

/** Console: creates or changes a definition (audited). */
export async function saveAttribute(db: Db, actor: AuditActor, input: AttributeInput & { type: number }) {
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId));
  if (!category) throw fail('CATEGORY_NOT_FOUND');
  const values = {
    categoryId: input.categoryId,
    name: input.name,
    type: input.type,
    options: input.type === 3 ? (input.options ?? []) : [],
    unit: input.unit ?? '',
    required: input.required ?? false,
    sort: input.sort ?? 0,
  };
  try {
    return await db.transaction(async (t) => {
      const [dup] = await t
        .select({ id: categoryAttributes.id })
        .from(categoryAttributes)
        .where(and(eq(categoryAttributes.categoryId, values.categoryId), eq(categoryAttributes.name, values.name), input.sysNo ? ne(categoryAttributes.id, input.sysNo) : undefined));
      if (dup) throw fail('ATTRIBUTE_NAME_TAKEN');
      if (input.sysNo) {
        const [before] = await t.select().from(categoryAttributes).where(eq(categoryAttributes.id, input.sysNo));
        if (!before) throw fail('ATTRIBUTE_NOT_FOUND');
        await t.update(categoryAttributes).set(values).where(eq(categoryAttributes.id, input.sysNo));
        await recordAudit(t, actor, { action: 'attribute.update', targetType: 'category_attribute', targetId: input.sysNo, before, after: values });
        return { sysNo: input.sysNo };
      }
      const [row] = await t.insert(categoryAttributes).values(values).returning({ id: categoryAttributes.id });
      await recordAudit(t, actor, { action: 'attribute.create', targetType: 'category_attribute', targetId: row!.id, after: values });
      return { sysNo: row!.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw fail('ATTRIBUTE_NAME_TAKEN');
    throw err;
  }
}

/** Console: deletes a definition (audited); products keep the values they have. */
export async function deleteAttribute(db: Db, actor: AuditActor, id: number) {
  await db.transaction(async (t) => {
    const [before] = await t.delete(categoryAttributes).where(eq(categoryAttributes.id, id)).returning();
    if (!before) throw fail('ATTRIBUTE_NOT_FOUND');
    await recordAudit(t, actor, { action: 'attribute.delete', targetType: 'category_attribute', targetId: id, before });
  });
}

export const assertLeafCategory = (path: CategoryPathItem[]) => {
  const leaf = path[path.length - 1];
  if (!leaf) throw fail('CATEGORY_UNKNOWN');
  if (leaf.level !== 3 || path.some((p) => p.hidden)) throw fail('CATEGORY_LEAF_REQUIRED');
  return leaf;
};
