import { and, eq, inArray } from 'drizzle-orm';
import { attributeProblem, type AttributeDef, type ProductInputParsed } from '@aquamall/shared';
import type { Db } from '../../db/client.ts';
import { files, products, type ProductContent } from '../../db/schema/index.ts';
import { invalid } from '../../lib/errors.ts';
import { fail } from './messages.ts';
import { areaTree } from '../enums/index.ts';
import { safeHtml } from '../../lib/sanitize.ts';
import { storedDescription } from './description.ts';
import {
  assertLeafCategory,
  attributesFor,
  categoryPath,
  type CategoryPathItem,
} from './category-attributes.ts';

type ProductRowDb = typeof products.$inferSelect;

/** The content fields of a product row (what a revision holds). */
export const contentOf = (p: ProductRowDb): ProductContent => ({
  categoryId: p.categoryId,
  categoryCode: p.categoryCode,
  name: p.name,
  brand: p.brand,
  model: p.model,
  unit: p.unit,
  minOrder: p.minOrder,
  attributes: p.attributes,
  images: p.images,
  description: p.description,
  leadTimeDays: p.leadTimeDays,
  originProvinceCode: p.originProvinceCode,
  originCityCode: p.originCityCode,
  originName: p.originName,
  isPovertyRelief: p.isPovertyRelief,
});

/**
 * The product columns a content sets (default image = first image). The description is stored sanitised under
 * today's rules and stamped with them (description.ts): a revision approved after the rules changed is
 * sanitised again here, and the goods detail shows it as stored.
 */
export const contentColumns = (c: ProductContent) => ({
  ...c,
  ...storedDescription(c.description),
  defaultImage: c.images[0] ?? '',
});

const KEYS: (keyof ProductContent)[] = [
  'categoryId',
  'name',
  'brand',
  'model',
  'unit',
  'minOrder',
  'attributes',
  'images',
  'description',
  'leadTimeDays',
  'originProvinceCode',
  'originCityCode',
  'isPovertyRelief',
];
export const sameContent = (a: ProductContent, b: ProductContent) =>
  KEYS.every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));

/** "江苏省 南京市" from area codes; refuses codes that are not a province and one of its cities. */
function originName(province: number | null, city: number | null): string {
  if (province === null) {
    if (city !== null) throw fail('ORIGIN_PROVINCE_REQUIRED');
    return '';
  }
  const p = areaTree().find((n) => n.sysNo === province);
  if (!p) throw fail('ORIGIN_INVALID');
  if (city === null) return p.name;
  const c = p.children?.find((n) => n.sysNo === city);
  if (!c) throw fail('ORIGIN_INVALID');
  return c.name === p.name || c.name === '县' ? p.name : `${p.name} ${c.name}`;
}

/**
 * Checks and normalises a product's content for the caller's company: a visible level-3 category, the
 * category's attribute rules (required, number, option), images that are the company's own uploads (or
 * already on this product), a sanitised description and a real origin.
 */
/** A category's checked leaf and its attribute rules, per category id (an import checks thousands of rows). */
export type CategoryRulesCache = Map<number, Promise<{ leaf: CategoryPathItem; defs: AttributeDef[] }>>;

async function categoryRules(db: Db, categoryId: number) {
  const leaf = assertLeafCategory(await categoryPath(db, categoryId));
  return { leaf, defs: await attributesFor(db, leaf.sysNo) };
}

export async function prepareContent(
  db: Db,
  companyId: number,
  input: ProductInputParsed,
  keptImages: readonly string[] = [],
  cache?: CategoryRulesCache,
): Promise<ProductContent> {
  let rules = cache?.get(input.categoryId);
  if (!rules) {
    rules = categoryRules(db, input.categoryId);
    cache?.set(input.categoryId, rules);
  }
  const { leaf, defs } = await rules;
  const attributes = input.attributes.filter((a) => a.value.trim() !== '');
  const problem = attributeProblem(defs, attributes);
  if (problem) throw invalid(problem);

  const images = [...new Set(input.images)];
  const unknown = images.filter((i) => !keptImages.includes(i));
  if (unknown.length) {
    const own = await db
      .select({ path: files.path })
      .from(files)
      .where(and(inArray(files.path, unknown), eq(files.companyId, companyId)));
    if (own.length !== unknown.length) throw fail('PRODUCT_IMAGE_NOT_OWN');
  }
  return {
    categoryId: leaf.sysNo,
    categoryCode: leaf.categoryCode,
    name: input.name,
    brand: input.brand,
    model: input.model,
    unit: input.unit,
    minOrder: input.minOrder,
    attributes,
    images,
    description: safeHtml(input.description),
    leadTimeDays: input.leadTimeDays,
    originProvinceCode: input.originProvinceCode,
    originCityCode: input.originCityCode,
    originName: originName(input.originProvinceCode, input.originCityCode),
    isPovertyRelief: input.isPovertyRelief,
  };
}

/** Re-checks a stored content against today's attribute rules (before it goes to review). */
export async function assertContentComplete(db: Db, c: ProductContent): Promise<void> {
  const path = await categoryPath(db, c.categoryId);
  assertLeafCategory(path);
  const problem = attributeProblem(await attributesFor(db, c.categoryId), c.attributes);
  if (problem) throw invalid(problem);
  if (!c.images.length) throw fail('PRODUCT_IMAGE_REQUIRED');
}
