import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { GoodsDetail, GoodsItem } from '@aquamall/shared';
import type { Db } from '../../../db/client.ts';
import { categories, companies, products, productSkus } from '../../../db/schema/index.ts';
import { fail } from '../messages.ts';
import { goodsColumns, toGoodsItem } from '../../search/index.ts';
import { publicProduct } from '../../search/index.ts';
import { shownDescription } from '../../products/index.ts';
import { shopCards } from '../shops/card.ts';

const RELATED = 8;

/**
 * Other public products of the same category (best sellers first), topped up from the same shop: one query,
 * the same category ranked first.
 */
async function relatedGoods(db: Db, id: number, categoryCode: string, companyId: number): Promise<GoodsItem[]> {
  const sameCategory = eq(products.categoryCode, categoryCode);
  const rows = await db
    .select(goodsColumns)
    .from(products)
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(and(publicProduct, ne(products.id, id), or(sameCategory, eq(products.companyId, companyId))))
    .orderBy(sql`(${sameCategory}) desc`, desc(products.salesCount), desc(products.id))
    .limit(RELATED);
  return rows.map(toGoodsItem);
}

/** GET /api/product/{id}: only on-sale products of open shops are public. Read through detail-cache.ts. */
export async function loadGoodsDetail(db: Db, id: number): Promise<GoodsDetail> {
  const [row] = await db
    .select({
      ...goodsColumns,
      images: products.images,
      priceTiers: products.priceTiers,
      attributes: products.attributes,
      description: products.description,
      descriptionRules: products.descriptionRules,
      leadTimeDays: products.leadTimeDays,
    })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(and(publicProduct, eq(products.id, id)));
  if (!row) throw fail('MALL_GOODS_NOT_FOUND');
  const [cards, categoryPath, related, skus] = await Promise.all([
    shopCards(db, [row.companyId]),
    db
      .select({ name: categories.name, categoryCode: categories.categoryCode })
      .from(categories)
      .where(sql`${row.categoryCode} like ${categories.categoryCode} || '%'`)
      .orderBy(categories.level),
    relatedGoods(db, row.id, row.categoryCode, row.companyId),
    db.select().from(productSkus).where(eq(productSkus.productId, row.id)).orderBy(asc(productSkus.sort), asc(productSkus.id)),
  ]);
  const shop = cards.get(row.companyId);
  if (!shop) throw fail('MALL_GOODS_NOT_FOUND');
  const item = toGoodsItem(row);
  const images = row.images.length ? row.images : item.defaultImage ? [item.defaultImage] : [];
  return {
    ...item,
    skus: skus.map((s) => ({
      sysNo: s.id,
      code: s.code,
      spec: s.specValues.map((v) => v.value).join(' / '),
      price: Number(s.price),
      priceTiers: [...s.priceTiers].sort((a, b) => a.minQty - b.minQty),
      available: Math.max(0, s.onHand - s.reserved),
    })),
    leadTimeDays: row.leadTimeDays,
    images,
    priceTiers: [...row.priceTiers].sort((a, b) => a.minQty - b.minQty),
    attributes: row.attributes,
    // Sanitised when written (products/description.ts); only rows from before that are sanitised here.
    description: shownDescription(row),
    categoryPath,
    shop,
    related,
  };
}
